//! The transposition table: one slot per key's low bits, allocated once, always replaced.

use nullmove_core::Value;

use super::game::MATE_BOUND;

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
    /// The whole key, to tell the position apart from others sharing the slot.
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

/// The transposition table: `2^bits` slots, or none at all (every probe misses).
#[derive(Debug, Clone)]
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots, `None` for no table. The only allocation it ever makes.
    #[must_use]
    pub fn new(bits: Option<u32>) -> Self {
        let len = bits.map_or(0, |b| 1_usize << b);
        Self {
            slots: vec![None; len],
            mask: len.wrapping_sub(1),
        }
    }

    /// Forgets every entry (a new position to search).
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    /// How full the table is, in per mille: the share of its first thousand slots (all,
    /// when it has fewer) holding an entry, as engines sample it for UCI's `hashfull`.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = &self.slots[..self.slots.len().min(1000)];
        if sample.is_empty() {
            return 0;
        }
        let used = sample.iter().filter(|s| s.is_some()).count();
        (used * 1000 / sample.len()) as u32
    }

    /// The entry stored for `key`, if its slot still holds it.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores a result, replacing whatever the slot held; the old move is kept when the
    /// new result has none and the key is the same.
    pub fn store(&mut self, mut entry: Entry<M>) {
        if self.slots.is_empty() {
            return;
        }
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if entry.mv.is_none() {
            if let Some(old) = slot.filter(|old| old.key == entry.key) {
                entry.mv = old.mv;
            }
        }
        *slot = Some(entry);
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

    #[test]
    fn a_slot_keeps_its_move_when_a_moveless_result_replaces_it() {
        let mut t: Table<u8> = Table::new(Some(4));
        let e = |key, mv| Entry {
            key,
            mv,
            value: 0,
            depth: 1,
            bound: Bound::Exact,
        };
        t.store(e(3, Some(7)));
        t.store(e(3, None));
        assert_eq!(t.probe(3).and_then(|e| e.mv), Some(7));
        t.store(e(19, None)); // same slot, another key
        assert_eq!(t.probe(3), None);
        assert_eq!(t.probe(19).map(|e| e.mv), Some(None));
        let off: Table<u8> = Table::new(None);
        assert_eq!(off.probe(3), None);
    }

    /// `hashfull` is a per mille of the first thousand slots (all of a smaller table), as
    /// UCI prints it: 0 empty, 1000 full, a quarter as 250.
    #[test]
    fn hashfull_counts_the_sampled_slots_in_per_mille() {
        let e = |key| Entry {
            key,
            mv: None::<u8>,
            value: 0,
            depth: 1,
            bound: Bound::Exact,
        };
        let mut small: Table<u8> = Table::new(Some(4));
        assert_eq!(small.hashfull(), 0);
        for key in 0..4 {
            small.store(e(key));
        }
        assert_eq!(small.hashfull(), 250);
        for key in 4..16 {
            small.store(e(key));
        }
        assert_eq!(small.hashfull(), 1000);
        small.clear();
        assert_eq!(small.hashfull(), 0);
        // 2^12 slots: only the first thousand are sampled.
        let mut large: Table<u8> = Table::new(Some(12));
        for key in (0..500).chain(2000..3000) {
            large.store(e(key));
        }
        assert_eq!(large.hashfull(), 500);
        assert_eq!(Table::<u8>::new(None).hashfull(), 0);
    }
}
