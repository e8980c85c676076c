//! One call of the recursive search honours its window the fail-soft way, against plain
//! minimax, with the transposition table warm from earlier searches: a value at or below
//! alpha bounds the true value from above, one at or above beta from below, one in between
//! is exact. Root searches use the full window only, so this is where a stored bound, or a
//! mate score moved to the wrong ply, would show.
//!
//! The table answers from any entry searched at least as deep as asked, which is not the
//! depth-limited minimax value when the entry is deeper. So the checks ask only where no
//! deeper entry can differ: in the finite games at full depth (every entry that can answer
//! was itself searched to the end, at whatever ply: its mate scores must be moved to the
//! asking ply), in the random trees at the depth and ply of the search that warmed them.

use crate::deep_support;

use deep_support::{Piles, RandomTree, Ttt, for_max, last, minimax, mix};
use nullmove_core::{Position, Value};
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Guards, MATE};

/// Above every score the deep search computes.
const INFINITY: Value = MATE + 1;

/// Windows around `exact`: touching it from either side, a point wide, wide, open.
fn windows(exact: Value, r: u64) -> Vec<(Value, Value)> {
    let near = (r % 7) as Value - 3;
    let mut w = vec![
        (exact - 1, exact),
        (exact, exact + 1),
        (exact + near, exact + near + 1),
        (exact + near - 5, exact + near + 5),
        (exact - 1, exact + 1),
        (exact - 2, exact + 1),
        (exact - 1, exact + 2),
        (exact + near - 1, exact + near + 2),
        (-INFINITY, INFINITY),
        (exact + near, INFINITY),
        (-INFINITY, exact + near),
    ];
    w.retain(|&(a, b)| -INFINITY <= a && a < b && b <= INFINITY);
    w
}

/// Plain search to `depth`, no null move.
fn plain(depth: u32) -> Config {
    Config::new(depth).with_guards(Guards::NO_NULL_MOVE)
}

/// Checks every window at `depth` and `ply` for the searcher's current position, values
/// and windows from the maximizer's point of view.
fn check<G: DeepGame + std::fmt::Debug>(
    searcher: &mut DeepSearcher<G>,
    depth: u32,
    ply: usize,
    r: u64,
) -> usize {
    let g = searcher.game().clone();
    let exact = for_max(&g, minimax(&g, depth as i32, ply));
    let mut checked = 0;
    for (alpha, beta) in windows(exact, r) {
        let v = searcher
            .search_window(&plain(depth), ply, alpha, beta)
            .expect("valid call");
        let game = searcher.game();
        if v <= alpha {
            assert!(
                exact <= v,
                "{game:?} d{depth} p{ply} ({alpha},{beta}): {v} vs exact {exact}"
            );
        } else if v >= beta {
            assert!(
                exact >= v,
                "{game:?} d{depth} p{ply} ({alpha},{beta}): {v} vs exact {exact}"
            );
        } else {
            assert_eq!(v, exact, "{game:?} d{depth} p{ply} ({alpha},{beta})");
        }
        checked += 1;
    }
    checked
}

/// A searcher with a small table.
fn searcher<G: DeepGame>(game: G) -> DeepSearcher<G> {
    DeepSearcher::with_table(game, Some(10))
}

#[test]
fn tic_tac_toe_windows_with_a_warm_table() {
    let mut checked = 0;
    for (i, p) in Position::all_nonterminal().iter().enumerate() {
        let r = mix(i as u64);
        let mut searcher = searcher(Ttt::new(p));
        // A shallow search first: its heuristic entries must never answer a full-depth ask.
        last(&mut searcher, 1 + (r % 9) as u32, Guards::NO_NULL_MOVE);
        let full = 10 - p.marks() as u32;
        for k in 0..4 {
            let ply = ((r >> (8 * k)) % 6) as usize;
            checked += check(&mut searcher, full + (k % 2) as u32, ply, r >> k);
        }
    }
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn piles_windows_around_mate_scores_at_other_plies() {
    let mut checked = 0;
    for a in 0..=6_u8 {
        for b in 0..=6_u8 {
            if a + b == 0 {
                continue;
            }
            let r = mix(u64::from(a) * 16 + u64::from(b));
            let mut searcher = searcher(Piles {
                piles: [a, b],
                first: true,
            });
            let full = u32::from(a + b) + 1;
            last(&mut searcher, full.div_ceil(2), Guards::NO_NULL_MOVE);
            for ply in [0, 1, 2, 5, 9] {
                checked += check(&mut searcher, full, ply, r >> ply);
                checked += check(&mut searcher, full + 2, ply, r >> (ply + 3));
            }
        }
    }
    assert!(checked > 1_500, "{checked}");
    // The scores compared are mates: a win n plies below the node, found at ply p, is MATE - p - n.
    let mut s = searcher(Piles {
        piles: [1, 0],
        first: true,
    });
    assert_eq!(
        s.search_window(&plain(2), 4, -INFINITY, INFINITY),
        Ok(MATE - 5)
    );
}

#[test]
fn random_tree_windows() {
    let mut checked = 0;
    for seed in 0..600 {
        let r = mix(seed ^ 0x4d);
        let spread = if seed % 2 == 0 { 200 } else { 2 };
        for (k, depth) in [5, 2, 4].into_iter().enumerate() {
            let ply = (r >> k) as usize % 3;
            let game = RandomTree::with_spread(seed, 7, spread);
            let mut searcher = searcher(game);
            searcher
                .search_window(&plain(depth), ply, -INFINITY, INFINITY)
                .expect("valid");
            checked += check(&mut searcher, depth, ply, r >> (k + 5));
            checked += check(&mut searcher, depth, ply, r >> (k + 9));
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// Neither the root nor a principal-variation node is settled by the table: asked again
/// in a null window, with the table holding the root's exact value from as deep, the root
/// still searches its moves.
#[test]
fn the_root_is_searched_though_the_table_could_settle_it() {
    let mut s = searcher(Ttt::new(&Position::empty()));
    let v = s
        .search_window(&plain(4), 0, -INFINITY, INFINITY)
        .expect("valid");
    for (alpha, beta) in [(v - 1, v), (v, v + 1)] {
        let w = s.search_window(&plain(4), 0, alpha, beta).expect("valid");
        assert_eq!(w, v, "({alpha},{beta})");
        let stats = s.stats();
        assert!(stats.shared.nodes > 1, "({alpha},{beta}): {stats:?}");
    }
}

/// Windows reaching past every score the search gives (up to `nullmove_core::INF`) are
/// searched as the edge of the open one: a window above every score fails low, one below
/// fails high, each with a bound of the exact value, for either side to move.
#[test]
fn windows_past_every_score_are_searched_at_its_edge() {
    use nullmove_core::INF;
    for p in ["X........", "XO......."] {
        let position: Position = p.parse().expect("a position");
        let mut s = searcher(Ttt::new(&position));
        let exact = s.search_window(&plain(9), 0, -INF, INF).expect("valid");
        let above = s.search_window(&plain(9), 0, INF - 1, INF).expect("valid");
        assert!(exact <= above && above < INF, "{p}: {above} vs {exact}");
        let below = s
            .search_window(&plain(9), 0, -INF, -INF + 1)
            .expect("valid");
        assert!(-INF < below && below <= exact, "{p}: {below} vs {exact}");
    }
}

#[test]
fn bad_calls_are_refused() {
    let mut s = searcher(Piles {
        piles: [1, 1],
        first: true,
    });
    assert!(s.search_window(&plain(0), 0, -1, 1).is_err());
    assert!(s.search_window(&plain(1), 0, 1, 1).is_err());
    assert!(
        s.search_window(&plain(1), 0, -nullmove_core::INF - 1, 1)
            .is_err()
    );
    assert_eq!(
        s.search_window(&plain(1), 64, -1, 1)
            .unwrap_err()
            .to_string(),
        "ply 64 is out of range: expected 0..64"
    );
}
