//! The transposition table's tests: what a search relies on (mate scores between plies,
//! replacement, clearing, sizes, `hashfull`) and what threads sharing it do (torn entries
//! are misses).

use super::*;
use crate::deep::game_hooks::MATE;

#[test]
fn mate_scores_are_stored_relative_to_the_node() {
    // Mate in 5 plies from the root, found at ply 2: 3 plies from the node.
    let stored = to_table(MATE - 5, 2);
    assert_eq!(stored, MATE - 3);
    assert_eq!(from_table(stored, 4), MATE - 7);
    assert_eq!(from_table(to_table(-(MATE - 5), 2), 2), -(MATE - 5));
    assert_eq!(to_table(123, 9), 123);
}

fn entry(key: u64, mv: Option<u16>, depth: i32) -> Entry {
    Entry {
        key,
        mv,
        value: 0,
        depth,
        bound: Bound::Exact,
    }
}

/// The first `n` keys whose home in `t` is entry `home`.
fn at_home(t: &Table, home: usize, n: usize) -> Vec<u64> {
    (0..).filter(|&k| t.home(k).0 == home).take(n).collect()
}

/// A cleared table is empty to every read, however many times it was cleared: an
/// entry never comes back when the count of clearings wraps around.
#[test]
fn a_cleared_table_holds_nothing_and_nothing_comes_back() {
    let t: Table = Table::new(Some(4)); // sixteen entries, buckets of four
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
    let t: Table = Table::new(Some(4)); // sixteen entries
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
    let off: Table = Table::new(None);
    off.store(entry(a, Some(7), 1));
    assert_eq!(off.probe(a), None);
    assert_eq!(off.hashfull(), 0);
}

#[test]
fn keys_differing_in_any_bits_spread_over_the_table() {
    // Low bits alike (a bitboard's high squares), high bits alike, one bit apart: the
    // homes of 1,024 such keys fill most of a table of 1,024 entries.
    let t: Table = Table::new(Some(10));
    let families: [fn(u64) -> u64; 3] = [|i| i << 40, |i| i, |i| (i << 20) | (1 << 63)];
    for family in families {
        let homes: std::collections::HashSet<usize> =
            (0..1024).map(|i| t.home(family(i)).0).collect();
        assert!(homes.len() > 600, "{} homes", homes.len());
    }
}

#[test]
fn a_table_in_mib_is_the_largest_power_of_two_that_fits() {
    let size = size_of::<Pair>();
    for mib in [1, 3, 16] {
        let t: Table = Table::with_mib(mib);
        assert!(t.len().is_power_of_two(), "{mib} MiB");
        assert_eq!(t.bytes(), t.len() * size);
        assert!(
            t.bytes() <= mib << 20 && 2 * t.bytes() > mib << 20,
            "{mib} MiB"
        );
    }
    assert_eq!(Table::with_mib(0).len(), 0);
}

#[test]
fn a_displaced_entry_takes_a_stale_neighbours_place_never_an_empty_one() {
    let t: Table = Table::new(Some(2)); // one bucket of four
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
        mv: None,
        value: 0,
        depth: 1,
        bound: Bound::Exact,
    };
    let small: Table = Table::new(Some(4));
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
    let large: Table = Table::new(Some(12));
    for home in (0..500).chain(2000..3000) {
        large.store(e(at_home(&large, home, 1)[0]));
    }
    assert_eq!(large.hashfull(), 500);
    assert_eq!(Table::new(None).hashfull(), 0);
}

/// Every field comes back as stored, a move's code included; an entry whose data
/// another thread overwrote under this key's check word is a miss.
#[test]
fn an_entry_comes_back_whole_and_a_torn_one_is_a_miss() {
    let t = Table::new(Some(4));
    for e in [
        Entry {
            key: 0x1234_5678_9abc_def0,
            mv: Some(4095),
            value: -29_990,
            depth: 7,
            bound: Bound::Lower,
        },
        Entry {
            key: 7,
            mv: None,
            value: 30_100,
            depth: -1,
            bound: Bound::Upper,
        },
        Entry {
            key: u64::MAX,
            mv: Some(0),
            value: 0,
            depth: 64,
            bound: Bound::Exact,
        },
    ] {
        t.store(e);
        assert_eq!(t.probe(e.key), Some(e));
    }
    assert_eq!(t.probe(0), None, "an empty entry is no key's");
    let key = 0x1234_5678_9abc_def0;
    let i = t.find(key, 0).expect("stored").0;
    t.pair(i).data.fetch_xor(1 << 20, Relaxed);
    assert_eq!(t.probe(key), None);
}

/// A torn entry displaced from its home moves as it is, and stays a miss.
#[test]
fn a_torn_entry_moved_from_its_home_stays_a_miss() {
    let t = Table::new(Some(2)); // one bucket of four
    let [a, b, c] = at_home(&t, 0, 3)[..] else {
        unreachable!()
    };
    let old = at_home(&t, 1, 1)[0];
    t.store(entry(old, Some(1), 1));
    t.new_search(); // `old` is stale
    t.store(entry(a, Some(2), 3));
    t.pair(0).data.fetch_xor(1 << 20, Relaxed); // `a` torn at home
    t.store(entry(b, Some(3), 3)); // moves what `a` left over `old`
    assert_eq!((t.probe(a), t.probe(old)), (None, None));
    assert_eq!(t.probe(b).and_then(|e| e.mv), Some(3));
    t.store(entry(c, Some(4), 3)); // nothing stale left: replaces `b` at home
    assert_eq!((t.probe(b), t.probe(c).and_then(|e| e.mv)), (None, Some(4)));
}

/// Threads storing, finding and displacing entries at once, one of them starting new
/// searches so that entries keep moving: every entry found is one whole store.
#[test]
fn threads_storing_at_once_never_read_a_torn_entry() {
    let t = Table::new(Some(6));
    std::thread::scope(|s| {
        for thread in 0..4_u64 {
            let t = &t;
            s.spawn(move || {
                for n in 0..200_000_u64 {
                    if thread == 0 && n % 1000 == 0 {
                        t.new_search();
                    }
                    let key = n % 97 + 1;
                    // The value and depth are functions of the key: any other is torn.
                    let e = Entry {
                        key,
                        mv: Some(thread as u16),
                        value: (key * 31 % 1000) as Value,
                        depth: (key % 50) as i32,
                        bound: Bound::Exact,
                    };
                    t.store(e);
                    if let Some(e) = t.probe((n * 7) % 97 + 1) {
                        assert_eq!(e.value, (e.key * 31 % 1000) as Value);
                        assert_eq!(e.depth, (e.key % 50) as i32);
                    }
                }
            });
        }
    });
}
