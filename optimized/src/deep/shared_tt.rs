//! The transposition table the threads of a parallel search share (Lazy SMP): the same
//! buckets and homes as the one-thread table, each entry two atomic words, the key (mixed,
//! so that keys a few bits apart, as a game's keys may be, differ in every bit) stored
//! exclusive-ored with the data (Hyatt and Mann 2002, "A lock-less transposition table
//! implementation for parallel search chess engines"), so an entry half overwritten by
//! another thread fails its key check and is a miss. Safe Rust, no locks: a lost or torn store costs a
//! search work, never a wrong answer, for a found entry is always one whole store.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use nullmove_core::Value;

use super::tt::{BUCKET, Bound, Entry, home, mix};

/// No move stored (a code no game gives: [`crate::DeepGame::move_code`] is below it).
const NO_MOVE: u16 = u16::MAX;

/// The table's entries as atomic pairs.
#[derive(Debug)]
pub struct SharedTable {
    /// Each entry's mixed key XOR its data.
    keys: Vec<AtomicU64>,
    /// Each entry's data: [`pack`]ed.
    data: Vec<AtomicU64>,
    shift: u32,
    generation: AtomicU8,
}

/// An entry's data in one word: move code, value, depth, bound, generation.
fn pack(e: &Entry<u16>, generation: u8) -> u64 {
    let mv = u64::from(e.mv.unwrap_or(NO_MOVE));
    let value = u64::from(e.value as i16 as u16);
    let depth = u64::from(e.depth.clamp(-128, 127) as i8 as u8);
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv | value << 16 | depth << 32 | bound << 40 | u64::from(generation) << 48 | STORED
}

/// A bit every stored entry's data has, so an empty entry (both words 0) is no key's.
const STORED: u64 = 1 << 63;

/// The entry of `key` whose data is `d`, and its generation.
fn unpack(key: u64, d: u64) -> (Entry<u16>, u8) {
    let mv = (d & 0xffff) as u16;
    let bound = match (d >> 40) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    let entry = Entry {
        key,
        mv: (mv != NO_MOVE).then_some(mv),
        value: Value::from((d >> 16) as u16 as i16),
        depth: i32::from((d >> 32) as u8 as i8),
        bound,
    };
    (entry, (d >> 48) as u8)
}

impl SharedTable {
    /// `len` entries (a power of two, at least [`BUCKET`]), all empty.
    #[must_use]
    pub fn new(len: usize) -> Self {
        let len = len.next_power_of_two().max(BUCKET);
        Self {
            keys: (0..len).map(|_| AtomicU64::new(0)).collect(),
            data: (0..len).map(|_| AtomicU64::new(0)).collect(),
            shift: u64::BITS - len.trailing_zeros(),
            generation: AtomicU8::new(0),
        }
    }

    /// The entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The memory the entries take, in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.len() * 2 * size_of::<AtomicU64>()
    }

    /// Forgets every entry (a new game); only between searches.
    pub fn clear(&self) {
        for (k, d) in self.keys.iter().zip(&self.data) {
            k.store(0, Ordering::Relaxed);
            d.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// A new search: what earlier ones stored is replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// The entry at `i` if it is whole and `key`'s, with its generation.
    fn read(&self, i: usize, key: u64) -> Option<(Entry<u16>, u8)> {
        let d = self.data[i].load(Ordering::Relaxed);
        let check = self.keys[i].load(Ordering::Relaxed) ^ d;
        (d & STORED != 0 && check == mix(key)).then(|| unpack(key, d))
    }

    /// The data at `i` whatever its key, if anything is stored there (whole or not: only
    /// its generation and depth are read, to choose what a store replaces).
    fn read_any(&self, i: usize) -> Option<u64> {
        let d = self.data[i].load(Ordering::Relaxed);
        (d & STORED != 0).then_some(d)
    }

    fn write(&self, i: usize, key: u64, d: u64) {
        self.data[i].store(d, Ordering::Relaxed);
        self.keys[i].store(mix(key) ^ d, Ordering::Relaxed);
    }

    /// Where `key` is stored, its home first, and its entry.
    fn find(&self, key: u64) -> Option<(usize, Entry<u16>)> {
        let h = home(key, self.shift);
        let start = h & !(BUCKET - 1);
        std::iter::once(h)
            .chain((start..start + BUCKET).filter(|&i| i != h))
            .find_map(|i| self.read(i, key).map(|(e, _)| (i, e)))
    }

    /// The entry stored for `key`, if its bucket holds it whole.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Entry<u16>> {
        self.find(key).map(|(_, e)| e)
    }

    /// Stores a result: over the same key's entry (its move kept when the new one has
    /// none), else at home, unless home holds the current search's entry of another key
    /// and the bucket a stale one: then over the shallowest stale entry. Nothing already
    /// stored is moved (the one-thread table moves the resident instead): a pair read
    /// half-written cannot be checked without its key, and copied it would pass the check.
    pub fn store(&self, mut entry: Entry<u16>) {
        let generation = self.generation.load(Ordering::Relaxed);
        if let Some((i, old)) = self.find(entry.key) {
            entry.mv = entry.mv.or(old.mv);
            self.write(i, entry.key, pack(&entry, generation));
            return;
        }
        let h = home(entry.key, self.shift);
        let start = h & !(BUCKET - 1);
        let current = |d: u64| (d >> 48) as u8 == generation;
        let target = match self.read_any(h) {
            Some(d) if current(d) => (start..start + BUCKET)
                .filter_map(|i| self.read_any(i).map(|d| (i, d)))
                .filter(|&(_, d)| !current(d))
                .min_by_key(|&(_, d)| unpack(0, d).0.depth)
                .map_or(h, |(i, _)| i),
            _ => h,
        };
        self.write(target, entry.key, pack(&entry, generation));
    }

    /// How full the table is in per mille: the share of its first thousand entries stored
    /// by the current search.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.len().min(1000);
        let generation = self.generation.load(Ordering::Relaxed);
        let current = (0..sample)
            .filter_map(|i| self.read_any(i))
            .filter(|&d| (d >> 48) as u8 == generation)
            .count();
        (current * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, mv: Option<u16>, value: Value, depth: i32, bound: Bound) -> Entry<u16> {
        Entry {
            key,
            mv,
            value,
            depth,
            bound,
        }
    }

    #[test]
    fn an_entry_comes_back_whole_and_a_torn_one_is_a_miss() {
        let t = SharedTable::new(16);
        for e in [
            entry(0x1234_5678_9abc_def0, Some(4095), -29_990, 7, Bound::Lower),
            entry(7, None, 30_100, -1, Bound::Upper),
            entry(u64::MAX, Some(0), 0, 64, Bound::Exact),
        ] {
            t.store(e);
            assert_eq!(t.probe(e.key), Some(e));
        }
        assert_eq!(t.probe(0), None, "an empty entry is no key's");
        // Another thread's data under this key's check word: no match.
        let key = 0x1234_5678_9abc_def0;
        let i = t.find(key).expect("stored").0;
        t.data[i].fetch_xor(1 << 20, Ordering::Relaxed);
        assert_eq!(t.probe(key), None);
        // A moveless result keeps the stored move.
        t.store(entry(7, Some(9), 1, 2, Bound::Exact));
        t.store(entry(7, None, 3, 4, Bound::Exact));
        assert_eq!(t.probe(7).and_then(|e| e.mv), Some(9));
        t.clear();
        assert_eq!((t.probe(7), t.hashfull()), (None, 0));
    }

    #[test]
    fn threads_storing_at_once_never_read_a_torn_entry() {
        let t = SharedTable::new(64);
        std::thread::scope(|s| {
            for thread in 0..4_u64 {
                let t = &t;
                s.spawn(move || {
                    for n in 0..200_000_u64 {
                        let key = n % 97 + 1;
                        // The value is a function of the key: any other is a torn read.
                        let value = (key * 31 % 1000) as Value;
                        t.store(entry(key, Some(thread as u16), value, 3, Bound::Exact));
                        if let Some(e) = t.probe((n * 7) % 97 + 1) {
                            assert_eq!(e.value, (e.key * 31 % 1000) as Value);
                        }
                    }
                });
            }
        });
    }
}
