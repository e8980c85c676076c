//! The transposition table, one for every search: a key's home entry, allocated once and
//! kept between searches, owned by one thread or shared by a parallel search's threads
//! (Lazy SMP) alike. Each entry carries the search (generation) that stored or last found
//! it, so an entry a later search displaces from its home takes the place of a stale
//! neighbour rather than being lost.
//!
//! An entry is two atomic words, the data and the key (mixed, so that keys a few bits
//! apart, as a game's keys may be, differ in every bit) exclusive-ored with it (Hyatt and
//! Mann 2002, "A lock-less transposition table implementation for parallel search chess
//! engines"): an entry half overwritten by another thread fails its key check and is a
//! miss. Safe Rust, no locks: a lost or torn store costs a search work, never a wrong
//! answer, for a found entry is always one whole store.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use nullmove_core::Value;

use super::game_hooks::MATE_BOUND;

/// Entries per bucket (one cache line): a key lives in its home entry, or in another of its
/// bucket when a newer result displaced it there over a stale entry.
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
pub struct Entry {
    /// The whole key, to tell the position apart from others sharing the bucket.
    pub key: u64,
    /// The best move's [`crate::DeepGame::move_code`] (the move to try first next time),
    /// if any move raised alpha: read back among the node's moves once they are generated.
    pub mv: Option<u16>,
    /// The value, mate scores counted from this node ([`to_table`]).
    pub value: Value,
    /// The plies searched below the node.
    pub depth: i32,
    /// What the value means.
    pub bound: Bound,
}

/// No move stored (a code no game gives: [`crate::DeepGame::move_code`] is below it).
const NO_MOVE: u16 = u16::MAX;

/// A bit every stored entry's data has, so an empty entry (both words 0) is no key's.
const STORED: u64 = 1 << 63;

/// Where an entry's data keeps the generation (8 bits) and the epoch (7 bits).
const GENERATION_AT: u32 = 48;
const EPOCH_AT: u32 = 56;

/// The clearings an entry's epoch tells apart; after as many, the table is written empty.
const EPOCHS: u8 = 1 << 7;

/// An entry's data in one word: move code, value, depth, bound, generation, epoch.
fn pack(e: &Entry, generation: u8, epoch: u8) -> u64 {
    debug_assert!(i16::try_from(e.value).is_ok() && i8::try_from(e.depth).is_ok());
    let mv = u64::from(e.mv.unwrap_or(NO_MOVE));
    let value = u64::from(e.value as i16 as u16);
    let depth = u64::from(e.depth.clamp(-128, 127) as i8 as u8);
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv | value << 16
        | depth << 32
        | bound << 40
        | u64::from(generation) << GENERATION_AT
        | u64::from(epoch) << EPOCH_AT
        | STORED
}

/// The entry of `key` whose data is `d`.
fn unpack(key: u64, d: u64) -> Entry {
    let mv = (d & 0xffff) as u16;
    let bound = match (d >> 40) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        key,
        mv: (mv != NO_MOVE).then_some(mv),
        value: Value::from((d >> 16) as u16 as i16),
        depth: depth_of(d),
        bound,
    }
}

/// The depth in the data `d`.
const fn depth_of(d: u64) -> i32 {
    (d >> 32) as u8 as i8 as i32
}

/// The generation in the data `d`.
const fn generation_of(d: u64) -> u8 {
    (d >> GENERATION_AT) as u8
}

/// The data `d` with the generation `g`.
const fn with_generation(d: u64, g: u8) -> u64 {
    d & !(0xff << GENERATION_AT) | (g as u64) << GENERATION_AT
}

/// One entry: the mixed key exclusive-ored with the data, and the data.
#[derive(Debug, Default)]
struct Pair {
    check: AtomicU64,
    data: AtomicU64,
}

/// A bucket's entries in one cache line: a probe reads one line.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([Pair; BUCKET]);

/// The transposition table: `2^bits` entries in buckets of [`BUCKET`] (at least one
/// bucket), or none at all (every probe misses). Every method takes `&self`, so threads
/// share it behind an `Arc`; clearing it and starting a search are for one thread
/// (the main one), between searches.
#[derive(Debug)]
pub struct Table {
    buckets: Vec<Bucket>,
    /// 64 less the entries' bits: a key's home entry is the top bits of its mix ([`home`]).
    shift: u32,
    /// The current search's generation; entries of others are stale.
    generation: AtomicU8,
    /// How many times the table was cleared (modulo [`EPOCHS`]): only entries stored since
    /// the last clearing are there.
    // PERF: clearing by writing every entry was a fifth of `nullmove chess suite`'s CPU
    // (a 32 MiB table, written before each position's search; perf, 100 WAC positions at
    // depths 3..=5); a new epoch clears in one write, and the table reads exactly as the
    // written one did.
    epoch: AtomicU8,
}

impl Table {
    /// A table of `2^bits` entries (at least [`BUCKET`]), `None` for no table. The only
    /// allocation it ever makes.
    #[must_use]
    pub fn new(bits: Option<u32>) -> Self {
        let len = bits.map_or(0, |b| (1_usize << b).max(BUCKET));
        Self {
            buckets: (0..len / BUCKET).map(|_| Bucket::default()).collect(),
            shift: u64::BITS - len.trailing_zeros(),
            generation: AtomicU8::new(0),
            epoch: AtomicU8::new(0),
        }
    }

    /// The largest table of at most `mib` MiB (UCI's `Hash` option): `2^bits` entries,
    /// the most that fit; no table for 0, or when not even [`BUCKET`] entries fit.
    #[must_use]
    pub fn with_mib(mib: usize) -> Self {
        let fit = mib.saturating_mul(1 << 20) / size_of::<Pair>();
        Self::new((fit >= BUCKET).then(|| fit.ilog2()))
    }

    /// The table's entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.buckets.len() * BUCKET
    }

    /// The memory the entries take, in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.len() * size_of::<Pair>()
    }

    /// Forgets every entry (a new game); only between searches.
    pub fn clear(&self) {
        let epoch = self.epoch.load(Relaxed) + 1;
        if epoch == EPOCHS {
            for pair in self.buckets.iter().flat_map(|b| &b.0) {
                pair.check.store(0, Relaxed);
                pair.data.store(0, Relaxed);
            }
        }
        self.epoch.store(epoch % EPOCHS, Relaxed);
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: what earlier searches stored stays usable, but is replaced
    /// before anything this search stores.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// How full the table is, in per mille: the share of its first thousand entries (all,
    /// when it has fewer) stored or found by the current search, as engines sample UCI's
    /// `hashfull`.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.len().min(1000);
        if sample == 0 {
            return 0;
        }
        let (generation, epoch) = self.now();
        let current = (0..sample)
            .filter_map(|i| self.live(i, epoch))
            .filter(|&d| generation_of(d) == generation)
            .count();
        (current * 1000 / sample) as u32
    }

    /// The current generation and epoch.
    fn now(&self) -> (u8, u8) {
        (self.generation.load(Relaxed), self.epoch.load(Relaxed))
    }

    /// Entry `i`.
    fn pair(&self, i: usize) -> &Pair {
        &self.buckets[i / BUCKET].0[i % BUCKET]
    }

    /// The data of entry `i`, whatever its key, if it was stored since the last clearing
    /// (whole or not: only its generation and depth are read, to choose what a store
    /// replaces).
    fn live(&self, i: usize, epoch: u8) -> Option<u64> {
        let d = self.pair(i).data.load(Relaxed);
        (d & STORED != 0 && (d >> EPOCH_AT) as u8 & (EPOCHS - 1) == epoch).then_some(d)
    }

    /// The data of entry `i` if it is live, whole and `key`'s.
    fn read(&self, i: usize, key: u64, epoch: u8) -> Option<u64> {
        let d = self.live(i, epoch)?;
        (self.pair(i).check.load(Relaxed) ^ d == mix(key)).then_some(d)
    }

    fn write(&self, i: usize, key: u64, d: u64) {
        let pair = self.pair(i);
        pair.data.store(d, Relaxed);
        pair.check.store(mix(key) ^ d, Relaxed);
    }

    /// The index of `key`'s home entry and of its bucket's first.
    const fn home(&self, key: u64) -> (usize, usize) {
        let home = home(key, self.shift);
        (home, home & !(BUCKET - 1))
    }

    /// Where `key` is stored, its home first, then its bucket's other entries, and its data.
    fn find(&self, key: u64, epoch: u8) -> Option<(usize, u64)> {
        let (home, start) = self.home(key);
        std::iter::once(home)
            .chain((start..start + BUCKET).filter(|&i| i != home))
            .find_map(|i| self.read(i, key, epoch).map(|d| (i, d)))
    }

    /// The entry stored for `key`, if its bucket holds it whole; the entry counts as the
    /// current search's from now on.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.buckets.is_empty() {
            return None;
        }
        let (generation, epoch) = self.now();
        let (i, d) = self.find(key, epoch)?;
        if generation_of(d) != generation {
            self.write(i, key, with_generation(d, generation));
        }
        Some(unpack(key, d))
    }

    /// Stores a result: over the same key's entry (whose move is kept when the new result
    /// has none), else in the key's home. A current entry of another key found there moves
    /// over its bucket's shallowest stale entry, if it has one; never into an empty one, so
    /// a search from a cleared table (where nothing is stale) keeps every key at home. The
    /// entry moves as its two words, the check with the data: torn, it stays a miss.
    pub fn store(&self, mut entry: Entry) {
        if self.buckets.is_empty() {
            return;
        }
        let (generation, epoch) = self.now();
        if let Some((i, old)) = self.find(entry.key, epoch) {
            entry.mv = entry.mv.or(unpack(entry.key, old).mv);
            self.write(i, entry.key, pack(&entry, generation, epoch));
            return;
        }
        let (home, start) = self.home(entry.key);
        if let Some(resident) = self
            .live(home, epoch)
            .filter(|&d| generation_of(d) == generation)
        {
            let stale = (start..start + BUCKET)
                .filter_map(|i| self.live(i, epoch).map(|d| (d, i)))
                .filter(|&(d, _)| generation_of(d) != generation)
                .min_by_key(|&(d, _)| depth_of(d));
            if let Some((_, i)) = stale {
                let check = self.pair(home).check.load(Relaxed);
                self.pair(i).data.store(resident, Relaxed);
                self.pair(i).check.store(check, Relaxed);
            }
        }
        self.write(home, entry.key, pack(&entry, generation, epoch));
    }
}

/// The home of `key` among `2^(64 - shift)` entries: the top bits of the key mixed by
/// the 64-bit finalizer of `MurmurHash3`, so every bit of the key moves the home. A game's key then
/// need only be unique, not well spread: Connect Four's two bitboards taken as they are,
/// homed by their low bits, ran 2.8x the nodes of the same key mixed.
// PERF: three multiplies and shifts more per probe and store; CHANGELOG.md (2026-12-01)
// gives the nodes it saves and costs.
#[inline]
const fn home(key: u64, shift: u32) -> usize {
    (mix(key) >> shift) as usize
}

/// `key` mixed by the 64-bit finalizer of `MurmurHash3`: a bijection that moves every bit.
#[inline]
const fn mix(key: u64) -> u64 {
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
mod tests;
