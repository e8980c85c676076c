//! The transposition table: a key's home entry, allocated once, kept between searches; each
//! entry carries the search (generation) that stored or last found it, so an entry a later
//! search displaces from its home takes the place of a stale neighbour rather than being lost.

use std::sync::Arc;

use nullmove_core::Value;

use super::game::MATE_BOUND;
use super::shared_tt::SharedTable;

/// Entries per bucket: a key lives in its home entry, or in another of its bucket when a
/// newer result displaced it there over a stale entry.
// PERF: a search from a cleared table replaces exactly as one entry per key always
// replaced does (node for node: the audited chess figures stand); kept between moves,
// see docs/src/chess.md, "The deep search between moves", for what the neighbours save.
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

/// An entry as the table keeps it: with the generation of the search that stored it, and
/// the clearing it was stored after (an entry of an earlier one is an empty slot).
#[derive(Debug, Clone, Copy)]
struct Slot<M> {
    entry: Entry<M>,
    generation: u8,
    epoch: u16,
}

/// The transposition table: `2^bits` entries in buckets of [`BUCKET`] (at least one
/// bucket), or none at all (every probe misses).
#[derive(Debug, Clone)]
pub struct Table<M> {
    slots: Vec<Option<Slot<M>>>,
    /// 64 less the entries' bits: a key's home entry is the top bits of its mix ([`home`]).
    shift: u32,
    /// The current search's generation; entries of others are stale.
    generation: u8,
    /// How many times the table was cleared (modulo 2^16): only entries stored since the
    /// last clearing are there.
    // PERF: clearing by writing every slot was a fifth of `nullmove chess suite`'s CPU
    // (the default table, 32 MiB, written before each position's search; perf, 100 WAC
    // positions at depths 3..=5); a new epoch clears in one write, and the table reads
    // exactly as the written one did (the slots keep their 32 bytes).
    epoch: u16,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries (at least [`BUCKET`]), `None` for no table. The only
    /// allocation it ever makes.
    #[must_use]
    pub fn new(bits: Option<u32>) -> Self {
        let len = bits.map_or(0, |b| (1_usize << b).max(BUCKET));
        Self {
            slots: vec![None; len],
            shift: u64::BITS - len.trailing_zeros(),
            generation: 0,
            epoch: 0,
        }
    }

    /// The largest table of at most `mib` MiB (UCI's `Hash` option): `2^bits` entries,
    /// the most that fit; no table for 0, or when not even [`BUCKET`] entries fit.
    #[must_use]
    pub fn with_mib(mib: usize) -> Self {
        let fit = mib.saturating_mul(1 << 20) / size_of::<Option<Slot<M>>>();
        Self::new((fit >= BUCKET).then(|| fit.ilog2()))
    }

    /// The table's entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// The memory the entries take, in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.slots.len() * size_of::<Option<Slot<M>>>()
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        if self.epoch == u16::MAX {
            self.slots.fill(None);
            self.epoch = 0;
        } else {
            self.epoch += 1;
        }
        self.generation = 0;
    }

    /// Slot `i`, if it holds an entry stored since the last clearing.
    fn live(&self, i: usize) -> Option<Slot<M>> {
        self.slots[i].filter(|s| s.epoch == self.epoch)
    }

    /// Starts a new search: what earlier searches stored stays usable, but is replaced
    /// before anything this search stores.
    pub const fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// How full the table is, in per mille: the share of its first thousand entries (all,
    /// when it has fewer) stored or found by the current search, as engines sample UCI's
    /// `hashfull`.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = &self.slots[..self.slots.len().min(1000)];
        if sample.is_empty() {
            return 0;
        }
        let current = sample
            .iter()
            .flatten()
            .filter(|s| s.epoch == self.epoch && s.generation == self.generation)
            .count();
        (current * 1000 / sample.len()) as u32
    }

    /// The index of `key`'s home entry and of its bucket's first.
    const fn home(&self, key: u64) -> (usize, usize) {
        let home = home(key, self.shift);
        (home, home & !(BUCKET - 1))
    }

    /// Where `key` is stored: its home first, then its bucket's other entries.
    fn find(&self, key: u64) -> Option<usize> {
        let (home, start) = self.home(key);
        let holds = |i: usize| self.live(i).is_some_and(|s| s.entry.key == key);
        if holds(home) {
            return Some(home);
        }
        (start..start + BUCKET).find(|&i| i != home && holds(i))
    }

    /// The entry stored for `key`, if its bucket still holds it; the entry counts as the
    /// current search's from now on.
    pub fn probe(&mut self, key: u64) -> Option<Entry<M>> {
        if self.slots.is_empty() {
            return None;
        }
        let i = self.find(key)?;
        let slot = self.slots[i].as_mut()?;
        slot.generation = self.generation;
        Some(slot.entry)
    }

    /// Stores a result: over the same key's entry (whose move is kept when the new result
    /// has none), else in the key's home. A current entry of another key found there moves
    /// over its bucket's shallowest stale entry, if it has one; never into an empty one, so
    /// a search from a cleared table (where nothing is stale) keeps every key at home.
    pub fn store(&mut self, mut entry: Entry<M>) {
        if self.slots.is_empty() {
            return;
        }
        let (generation, epoch) = (self.generation, self.epoch);
        if let Some(i) = self.find(entry.key) {
            if entry.mv.is_none() {
                entry.mv = self.live(i).and_then(|s| s.entry.mv);
            }
            self.slots[i] = Some(Slot {
                entry,
                generation,
                epoch,
            });
            return;
        }
        let (home, start) = self.home(entry.key);
        if let Some(resident) = self.live(home).filter(|s| s.generation == generation) {
            let stale = (start..start + BUCKET)
                .filter_map(|i| self.live(i).map(|s| (s, i)))
                .filter(|(s, _)| s.generation != generation)
                .min_by_key(|(s, _)| s.entry.depth);
            if let Some((_, i)) = stale {
                self.slots[i] = Some(resident);
            }
        }
        self.slots[home] = Some(Slot {
            entry,
            generation,
            epoch,
        });
    }
}

/// The table a searcher uses: its own, or, searching with helper threads, the one they
/// share ([`SharedTable`]), which stores a move by its [`crate::DeepGame::move_code`].
#[derive(Debug)]
pub struct Tt<M> {
    pub(super) local: Table<M>,
    pub(super) shared: Option<Arc<SharedTable>>,
    /// A helper thread's: the main thread alone clears the shared table and starts its
    /// searches (generations).
    helper: bool,
}

/// The move a table entry names: the move itself, or its code in the shared table (read
/// once the node's moves are generated: [`crate::DeepGame::move_of_code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint<M> {
    /// The move.
    Move(M),
    /// Its code.
    Code(u16),
}

impl<M: Copy> Tt<M> {
    /// The searcher's own table.
    pub const fn local(local: Table<M>) -> Self {
        Self {
            local,
            shared: None,
            helper: false,
        }
    }

    /// The shared table, the main thread's or a `helper`'s.
    pub fn shared(shared: Arc<SharedTable>, helper: bool) -> Self {
        Self {
            local: Table::new(None),
            shared: Some(shared),
            helper,
        }
    }

    /// The entries.
    pub fn len(&self) -> usize {
        self.shared
            .as_ref()
            .map_or_else(|| self.local.len(), |s| s.len())
    }

    /// The bytes the entries take.
    pub fn bytes(&self) -> usize {
        self.shared
            .as_ref()
            .map_or_else(|| self.local.bytes(), |s| s.bytes())
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        match &self.shared {
            Some(_) if self.helper => {}
            Some(s) => s.clear(),
            None => self.local.clear(),
        }
    }

    /// A new search.
    pub fn new_search(&mut self) {
        match &self.shared {
            Some(_) if self.helper => {}
            Some(s) => s.new_search(),
            None => self.local.new_search(),
        }
    }

    /// How full, per mille.
    pub fn hashfull(&self) -> u32 {
        self.shared
            .as_ref()
            .map_or_else(|| self.local.hashfull(), |s| s.hashfull())
    }

    /// The entry of `key`, its move as a [`Hint`].
    pub fn probe(&mut self, key: u64) -> Option<Entry<Hint<M>>> {
        let Some(shared) = &self.shared else {
            return self
                .local
                .probe(key)
                .map(|e| e.with_move(e.mv.map(Hint::Move)));
        };
        shared.probe(key).map(|e| e.with_move(e.mv.map(Hint::Code)))
    }

    /// Stores `entry`, its move coded by `code` in the shared table.
    pub fn store(&mut self, entry: Entry<M>, code: impl FnOnce(M) -> u16) {
        match &self.shared {
            Some(s) => s.store(entry.with_move(entry.mv.map(code))),
            None => self.local.store(entry),
        }
    }
}

impl<M> Entry<M> {
    /// The same entry naming `mv`.
    pub fn with_move<N>(&self, mv: Option<N>) -> Entry<N> {
        Entry {
            key: self.key,
            mv,
            value: self.value,
            depth: self.depth,
            bound: self.bound,
        }
    }
}

/// The home of `key` among `2^(64 - shift)` entries: the top bits of the key mixed by
/// the 64-bit finalizer of `MurmurHash3`, so every bit of the key moves the home. A game's key then
/// need only be unique, not well spread: Connect Four's two bitboards taken as they are,
/// homed by their low bits, ran 2.8x the nodes of the same key mixed.
// PERF: three multiplies and shifts more per probe and store; CHANGELOG.md (2026-12-01)
// gives the nodes it saves and costs.
#[inline]
pub(super) const fn home(key: u64, shift: u32) -> usize {
    (mix(key) >> shift) as usize
}

/// `key` mixed by the 64-bit finalizer of `MurmurHash3`: a bijection that moves every bit.
#[inline]
pub(super) const fn mix(key: u64) -> u64 {
    let mut k = key;
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^= k >> 33;
    k
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

    /// The first `n` keys whose home in `t` is entry `home`.
    fn at_home(t: &Table<u8>, home: usize, n: usize) -> Vec<u64> {
        (0..).filter(|&k| t.home(k).0 == home).take(n).collect()
    }

    /// A cleared table is empty to every read, however many times it was cleared: an
    /// entry never comes back when the count of clearings wraps around.
    #[test]
    fn a_cleared_table_holds_nothing_and_nothing_comes_back() {
        let mut t: Table<u8> = Table::new(Some(4)); // sixteen entries, buckets of four
        let [a, b] = at_home(&t, 5, 2)[..] else {
            unreachable!()
        };
        let [z] = at_home(&t, 6, 1)[..] else {
            unreachable!()
        };
        t.new_search();
        t.store(entry(z, Some(1), 3)); // stale once a later search starts
        t.clear();
        assert_eq!((t.probe(z), t.hashfull()), (None, 0));
        // After a clearing nothing is stale: a current key displaced from its home goes
        // nowhere, as in a table written empty, rather than over the entry cleared beside
        // it.
        t.store(entry(a, Some(2), 1));
        t.store(entry(b, Some(3), 1));
        assert_eq!((t.probe(a), t.probe(z)), (None, None));
        assert_eq!(t.probe(b).map(|e| e.mv), Some(Some(3)));
        for _ in 0..=u16::MAX {
            t.clear();
        }
        assert_eq!((t.probe(b), t.probe(z)), (None, None));
        t.store(entry(b, None, 1));
        assert_eq!(
            t.probe(b).map(|e| e.mv),
            Some(None),
            "no move of an earlier epoch kept"
        );
    }

    #[test]
    fn an_entry_keeps_its_move_when_a_moveless_result_replaces_it() {
        let mut t: Table<u8> = Table::new(Some(4)); // sixteen entries
        let [a, b] = at_home(&t, 3, 2)[..] else {
            unreachable!()
        };
        t.store(entry(a, Some(7), 1));
        t.store(entry(a, None, 2));
        assert_eq!(t.probe(a).and_then(|e| e.mv), Some(7));
        assert_eq!(t.probe(a).map(|e| e.depth), Some(2));
        t.store(entry(b, None, 1)); // the same home, another key: replaced
        assert_eq!(t.probe(a), None);
        assert_eq!(t.probe(b).map(|e| e.mv), Some(None));
        let mut off: Table<u8> = Table::new(None);
        off.store(entry(a, Some(7), 1));
        assert_eq!(off.probe(a), None);
        assert_eq!(off.hashfull(), 0);
    }

    #[test]
    fn keys_differing_in_any_bits_spread_over_the_table() {
        // Low bits alike (a bitboard's high squares), high bits alike, one bit apart: the
        // homes of 1,024 such keys fill most of a table of 1,024 entries.
        let t: Table<u8> = Table::new(Some(10));
        let families: [fn(u64) -> u64; 3] = [|i| i << 40, |i| i, |i| (i << 20) | (1 << 63)];
        for family in families {
            let homes: std::collections::HashSet<usize> =
                (0..1024).map(|i| t.home(family(i)).0).collect();
            assert!(homes.len() > 600, "{} homes", homes.len());
        }
    }

    #[test]
    fn a_table_in_mib_is_the_largest_power_of_two_that_fits() {
        let size = size_of::<Option<Slot<u8>>>();
        for mib in [1, 3, 16] {
            let t: Table<u8> = Table::with_mib(mib);
            assert!(t.len().is_power_of_two(), "{mib} MiB");
            assert_eq!(t.bytes(), t.len() * size);
            assert!(
                t.bytes() <= mib << 20 && 2 * t.bytes() > mib << 20,
                "{mib} MiB"
            );
        }
        assert_eq!(Table::<u8>::with_mib(0).len(), 0);
    }

    #[test]
    fn a_displaced_entry_takes_a_stale_neighbours_place_never_an_empty_one() {
        let mut t: Table<u8> = Table::new(Some(2)); // one bucket of four
        let [k0, k4, k8, k12, k16] = at_home(&t, 0, 5)[..] else {
            unreachable!()
        };
        let (k1, k2) = (at_home(&t, 1, 1)[0], at_home(&t, 2, 1)[0]);
        // A cleared table: every key at home, a newcomer always replacing (k4 and k0 share
        // the home entry 0), as one entry per key would.
        t.store(entry(k0, None, 9));
        t.store(entry(k4, None, 1));
        assert!(t.probe(k0).is_none());
        t.store(entry(k1, None, 7));
        t.store(entry(k2, None, 5));
        t.new_search();
        t.probe(k1); // found again: current
        // k4 is stale: k8 simply replaces it at their home, 0.
        t.store(entry(k8, None, 3));
        assert!(t.probe(k4).is_none());
        // k12 displaces the current k8 from home 0 over the bucket's stale entry (k2): k8
        // stays.
        t.store(entry(k12, None, 3));
        assert_eq!(t.probe(k8).map(|e| e.depth), Some(3));
        assert!(t.probe(k2).is_none());
        // Nothing stale left: k16 simply replaces the current k12 at home 0.
        t.store(entry(k16, Some(1), 3));
        assert!(t.probe(k12).is_none());
        // k8, living away from home, is updated where it lives, its move kept.
        t.store(entry(k8, Some(6), 4));
        t.store(entry(k8, None, 5));
        assert_eq!(t.probe(k8).map(|e| (e.mv, e.depth)), Some((Some(6), 5)));
        assert_eq!(t.hashfull(), 750); // k16, k1 and k8 current; entry 3 was never used
        t.new_search();
        assert_eq!(t.hashfull(), 0);
        t.clear();
        assert!(t.probe(k16).is_none());
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
        // One key for each home, so each fills a slot of its own.
        let keys: Vec<u64> = (0..16).map(|home| at_home(&small, home, 1)[0]).collect();
        for &key in &keys[..4] {
            small.store(e(key));
        }
        assert_eq!(small.hashfull(), 250);
        for &key in &keys[4..] {
            small.store(e(key));
        }
        assert_eq!(small.hashfull(), 1000);
        small.clear();
        assert_eq!(small.hashfull(), 0);
        // 2^12 slots: only the first thousand are sampled.
        let mut large: Table<u8> = Table::new(Some(12));
        for home in (0..500).chain(2000..3000) {
            large.store(e(at_home(&large, home, 1)[0]));
        }
        assert_eq!(large.hashfull(), 500);
        assert_eq!(Table::<u8>::new(None).hashfull(), 0);
    }
}
