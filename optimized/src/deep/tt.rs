//! The transposition table: buckets of a few entries, allocated once, kept between
//! searches; each entry carries the search (generation) that stored it, so entries a later
//! search has not refreshed are replaced first.

use nullmove_core::Value;

use super::game::MATE_BOUND;

/// Entries per bucket: a key may sit in any entry of its bucket.
// PERF: against one entry per key always replaced, 0.87x the nodes kept between moves
// with 2^12 entries, the same with 2^20 (README, "Between moves: the table kept").
pub const BUCKET: usize = 4;

/// What a stored value says about the node's true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The value is exact (it fell inside the window).
    Exact,
    /// The true value is at least this (the node failed high).
    Lower,
    /// The true value is at most this (the node failed low).
    Upper,
}

impl Bound {
    /// Whether a stored `value` with this bound settles a node searched with `(alpha, beta)`.
    #[must_use]
    pub const fn settles(self, value: Value, alpha: Value, beta: Value) -> bool {
        match self {
            Self::Exact => true,
            Self::Lower => value >= beta,
            Self::Upper => value <= alpha,
        }
    }
}

/// One stored search result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<M> {
    /// The whole key, to tell the position apart from others sharing the bucket.
    pub key: u64,
    /// The best move found (the one to try first next time), if any move raised alpha.
    pub mv: Option<M>,
    /// The value, mate scores counted from this node ([`to_table`]).
    pub value: Value,
    /// The plies searched below the node.
    pub depth: i32,
    /// What the value means.
    pub bound: Bound,
}

/// An entry as the table keeps it: with the generation of the search that stored it.
#[derive(Debug, Clone, Copy)]
struct Slot<M> {
    entry: Entry<M>,
    generation: u8,
}

/// The transposition table: buckets of [`BUCKET`] entries (`2^bits` entries in all), or
/// none at all (every probe misses).
#[derive(Debug, Clone)]
pub struct Table<M> {
    slots: Vec<Option<Slot<M>>>,
    /// Buckets minus one: a key's bucket is its low bits.
    mask: usize,
    /// The current search's generation; entries of others are stale.
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries (at least one bucket), `None` for no table. The only
    /// allocation it ever makes.
    #[must_use]
    pub fn new(bits: Option<u32>) -> Self {
        let buckets = bits.map_or(0, |b| (1_usize << b).div_ceil(BUCKET));
        Self {
            slots: vec![None; buckets * BUCKET],
            mask: buckets.wrapping_sub(1),
            generation: 0,
        }
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.slots.fill(None);
        self.generation = 0;
    }

    /// Starts a new search: what earlier searches stored stays usable, but is replaced
    /// before anything this search stores.
    pub const fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// How full the table is, in per mille: the share of its first thousand entries (all,
    /// when it has fewer) stored by the current search, as engines sample UCI's `hashfull`.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = &self.slots[..self.slots.len().min(1000)];
        if sample.is_empty() {
            return 0;
        }
        let current = sample
            .iter()
            .flatten()
            .filter(|s| s.generation == self.generation)
            .count();
        (current * 1000 / sample.len()) as u32
    }

    /// The bucket of `key`.
    fn bucket(&mut self, key: u64) -> &mut [Option<Slot<M>>] {
        let start = (key as usize & self.mask) * BUCKET;
        &mut self.slots[start..start + BUCKET]
    }

    /// The entry stored for `key`, if its bucket still holds it; the entry counts as the
    /// current search's from now on.
    pub fn probe(&mut self, key: u64) -> Option<Entry<M>> {
        if self.slots.is_empty() {
            return None;
        }
        let generation = self.generation;
        let slot = self
            .bucket(key)
            .iter_mut()
            .flatten()
            .find(|s| s.entry.key == key)?;
        slot.generation = generation;
        Some(slot.entry)
    }

    /// Stores a result: over the same key's entry (whose move is kept when the new result
    /// has none), else in an empty entry, else over the stale entry searched least deep,
    /// else over the current one searched least deep.
    pub fn store(&mut self, mut entry: Entry<M>) {
        if self.slots.is_empty() {
            return;
        }
        let generation = self.generation;
        let bucket = self.bucket(entry.key);
        let mut victim = 0;
        let mut worth = (true, i32::MAX);
        for (i, slot) in bucket.iter().enumerate() {
            let Some(s) = slot else {
                victim = i;
                break;
            };
            if s.entry.key == entry.key {
                if entry.mv.is_none() {
                    entry.mv = s.entry.mv;
                }
                victim = i;
                break;
            }
            let w = (s.generation == generation, s.entry.depth);
            if w < worth {
                worth = w;
                victim = i;
            }
        }
        bucket[victim] = Some(Slot { entry, generation });
    }
}

/// A value as stored: a mate score counted from the node rather than the root, so it
/// stays right when the same position is reached at another ply.
#[must_use]
pub const fn to_table(value: Value, ply: usize) -> Value {
    if value >= MATE_BOUND {
        value + ply as Value
    } else if value <= -MATE_BOUND {
        value - ply as Value
    } else {
        value
    }
}

/// The inverse of [`to_table`] at `ply`.
#[must_use]
pub const fn from_table(value: Value, ply: usize) -> Value {
    if value >= MATE_BOUND {
        value - ply as Value
    } else if value <= -MATE_BOUND {
        value + ply as Value
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deep::game::MATE;

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        // Mate in 5 plies from the root, found at ply 2: 3 plies from the node.
        let stored = to_table(MATE - 5, 2);
        assert_eq!(stored, MATE - 3);
        assert_eq!(from_table(stored, 4), MATE - 7);
        assert_eq!(from_table(to_table(-(MATE - 5), 2), 2), -(MATE - 5));
        assert_eq!(to_table(123, 9), 123);
    }

    fn entry(key: u64, mv: Option<u8>, depth: i32) -> Entry<u8> {
        Entry {
            key,
            mv,
            value: 0,
            depth,
            bound: Bound::Exact,
        }
    }

    #[test]
    fn an_entry_keeps_its_move_when_a_moveless_result_replaces_it() {
        let mut t: Table<u8> = Table::new(Some(4)); // four buckets of four
        t.store(entry(3, Some(7), 1));
        t.store(entry(3, None, 2));
        assert_eq!(t.probe(3).and_then(|e| e.mv), Some(7));
        assert_eq!(t.probe(3).map(|e| e.depth), Some(2));
        t.store(entry(19, None, 1)); // same bucket, another key: both kept
        assert_eq!(t.probe(3).and_then(|e| e.mv), Some(7));
        assert_eq!(t.probe(19).map(|e| e.mv), Some(None));
        let mut off: Table<u8> = Table::new(None);
        off.store(entry(3, Some(7), 1));
        assert_eq!(off.probe(3), None);
        assert_eq!(off.hashfull(), 0);
    }

    #[test]
    fn a_full_bucket_gives_up_its_stale_entries_first_then_its_shallowest() {
        let mut t: Table<u8> = Table::new(Some(2)); // one bucket of four
        for key in 0..4 {
            t.store(entry(key, None, 10 + key as i32));
        }
        t.new_search();
        t.probe(0); // found again: current
        t.store(entry(4, None, 1)); // over the shallowest stale entry, key 1
        assert!(t.probe(1).is_none());
        t.store(entry(5, None, 1)); // then key 2, though deeper than every current one
        assert!(t.probe(2).is_none());
        t.store(entry(6, None, 1)); // then key 3
        assert!(t.probe(3).is_none());
        // Every entry current: the shallowest goes (4, depth 1, stored first among equals).
        t.store(entry(7, None, 5));
        assert!(t.probe(4).is_none());
        assert!([0, 5, 6, 7].iter().all(|&k| t.probe(k).is_some()));
        assert_eq!(t.hashfull(), 1000);
        t.new_search();
        assert_eq!(t.hashfull(), 0);
        t.clear();
        assert!(t.probe(0).is_none());
    }
}
