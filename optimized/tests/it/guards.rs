//! The guards, one by one: hand-checked cases on the page's pitfall, and exact equivalences
//! that must hold on every reachable position (`guard_traces.rs` replays every guarded
//! search event by event).

use nullmove_core::{Engine, Mode, Position, RootReport, SearchParams, heuristic};
use nullmove_optimized::games::tictactoe::{GuardedEngine, OptimizedEngine, TicTacToe};
use nullmove_optimized::{Game, Guards, HEINZ_DEPTH, ReductionRule, Verification};
use rayon::prelude::*;

/// No guard: the page's rule (the engine takes R from the search's parameters).
const PAGE: Guards = Guards::unguarded(0);

fn params(depth: u32, r: u32, mode: Mode) -> SearchParams {
    SearchParams::new(depth, r, mode).expect("in range")
}

fn pitfall() -> Position {
    "...O.X...".parse().expect("the page's position")
}

fn search(guards: Guards, p: &Position, depth: u32, r: u32, mode: Mode) -> RootReport {
    GuardedEngine::new(guards).search(p, &params(depth, r, mode))
}

/// Runs `check` on every non-terminal position, depth limit 1..=9 and R 0..=6 in parallel;
/// returns the number of searches and the first failures.
fn over_grid<F>(check: F) -> (usize, Vec<String>)
where
    F: Fn(&Position, u32, u32) -> Option<String> + Sync,
{
    let positions = Position::all_nonterminal();
    let results: Vec<(usize, Vec<String>)> = positions
        .par_iter()
        .map(|p| {
            let mut failures = Vec::new();
            let mut n = 0;
            for depth in 1..=9 {
                for r in 0..=6 {
                    n += 1;
                    if let Some(f) = check(p, depth, r)
                        && failures.len() < 3
                    {
                        failures.push(format!("{p} depth {depth} R {r}: {f}"));
                    }
                }
            }
            (n, failures)
        })
        .collect();
    let n = results.iter().map(|r| r.0).sum();
    (n, results.into_iter().flat_map(|r| r.1).collect())
}

fn assert_none(what: &str, (n, failures): (usize, Vec<String>)) {
    assert_eq!(n, 4_520 * 9 * 7, "every position, depth and R");
    assert!(
        failures.is_empty(),
        "{what}: {} failures, first:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// Asserts that null-move search under `g` is, report and counters alike, the page's null
/// move with R `page_r(depth limit, R)` wherever that is given, on every position.
fn assert_is_the_page(what: &str, g: Guards, page_r: impl Fn(u32, u32) -> Option<u32> + Sync) {
    assert_none(
        what,
        over_grid(|p, d, r| {
            let page = OptimizedEngine.search(p, &params(d, page_r(d, r)?, Mode::Null));
            let got = search(g, p, d, r, Mode::Null);
            (got != page).then(|| format!("{got:?} vs page {page:?}"))
        }),
    );
}

// ---------------------------------------------------------------------------------------
// The game's hooks.

#[test]
fn tic_tac_toe_threat_and_material_hooks() {
    let state = |s: &str| TicTacToe::from(s.parse::<Position>().expect("valid"));
    // O to move; X has 0 and 1 with 2 empty: passing hands X the row.
    assert!(state("XX.O.....").pass_is_dangerous());
    // The same row blocked by O: no threat.
    assert!(!state("XXOO.X...").pass_is_dangerous());
    // X to move; O has 3 and 4 with 5 empty.
    assert!(state("X..OO.X..").pass_is_dangerous());
    // X to move with its own open two (0-1) and none for O: the pass threatens nothing.
    assert!(state("XX.O....O").maximizing());
    assert!(!state("XX.O....O").pass_is_dangerous());
    // The pitfall's pruned node: X on 4 and 5, O on 3, O to move. X's only two in a line,
    // 3-4-5, holds O's mark: the threat guard does not fire there.
    assert!(!state("...OXX...").pass_is_dangerous());
    assert_eq!(state(".........").material(), 9);
    assert_eq!(state("...OXX...").material(), 6);
}

// ---------------------------------------------------------------------------------------
// The pitfall, guard by guard ("Pitfalls": depth limit 3, R 1).

#[test]
fn pitfall_under_each_guard() {
    let p = pitfall();
    let plain = search(PAGE, &p, 3, 1, Mode::Plain);
    assert_eq!((plain.best_move, plain.value), (Some(4), 12));
    let choice = |g: Guards| {
        let r = search(g, &p, 3, 1, Mode::Null);
        (r.best_move, r.value)
    };
    // The page: cell 0, worth 9.
    assert_eq!(choice(PAGE), (Some(0), 9));
    // k = 1: the probe after X's centre would sit at depth 1 + 1 + 1 = 3 = the limit, with
    // no real ply left; refused, the node is searched and the centre is worth 12 again.
    assert_eq!(
        choice(Guards {
            min_probe_depth: 1,
            ..PAGE
        }),
        (Some(4), 12)
    );
    // Threat guard: silent at the pruned node (no open two for X), so no fix.
    assert_eq!(
        choice(Guards {
            threat: true,
            ..PAGE
        }),
        (Some(0), 9)
    );
    // Endgame guard: the pruned node has 6 empty cells; m = 7 refuses the pass there, m = 6
    // does not.
    assert_eq!(
        choice(Guards {
            min_material: 7,
            ..PAGE
        }),
        (Some(4), 12)
    );
    assert_eq!(
        choice(Guards {
            min_material: 6,
            ..PAGE
        }),
        (Some(0), 9)
    );
    // Adaptive R: 2 plies remain at the pruned node (<= 6), so R drops to 0: the probe sits
    // at depth 2 and searches X's real replies, which do not fail low; the centre is found.
    assert_eq!(
        choice(Guards {
            rule: ReductionRule::Adaptive,
            ..PAGE
        }),
        (Some(4), 12)
    );
}

/// Both verifications at the pitfall confirm the bad cutoff: their search of O's replies,
/// one ply deep, ends on the heuristic after O's best reply, which is below alpha = 9.
#[test]
fn pitfall_verification_confirms_the_bad_cutoff() {
    let p = pitfall();
    let after: Position = "...OXX...".parse().unwrap();
    // O's best one-ply reply by the heuristic, computed from core's evaluation.
    let one_ply = (0..9)
        .filter_map(|c| after.play(c).ok())
        .map(|q| heuristic(q.board()))
        .min()
        .expect("O has replies");
    assert!(one_ply <= 9, "the verification agrees with the probe");
    let sf = search(
        Guards {
            verification: Verification::Stockfish { min_remaining: 1 },
            ..PAGE
        },
        &p,
        3,
        1,
        Mode::Null,
    );
    // Stockfish-style: the cutoff stands, the node returns the bound alpha = 9.
    assert_eq!((sf.best_move, sf.value), (Some(0), 9));
    assert_eq!(sf.moves.iter().find(|m| m.cell == 4).unwrap().value, 9);
    let tn = search(
        Guards {
            verification: Verification::TabibiNetanyahu,
            ..PAGE
        },
        &p,
        3,
        1,
        Mode::Null,
    );
    // Tabibi–Netanyahu: the shallower search's own value is the node's.
    assert_eq!((tn.best_move, tn.value), (Some(0), 9));
    assert_eq!(
        tn.moves.iter().find(|m| m.cell == 4).unwrap().value,
        one_ply
    );
    // V above the 2 plies left at the pruned node: no verification there, the page's search.
    let high = search(
        Guards {
            verification: Verification::Stockfish { min_remaining: 3 },
            ..PAGE
        },
        &p,
        3,
        1,
        Mode::Null,
    );
    assert_eq!(high, search(PAGE, &p, 3, 1, Mode::Null));
}

/// The page's own verification ("Pitfalls": re-verify a cutoff "with an ordinary search"):
/// the pruned node searched again at full depth with no pass refutes the horizon probe, and
/// the search finds the centre, worth 12, as plain search does.
#[test]
fn pitfall_ordinary_verification_refutes_the_bad_cutoff() {
    let p = pitfall();
    let ordinary = Guards {
        verification: Verification::Ordinary,
        ..PAGE
    };
    let r = search(ordinary, &p, 3, 1, Mode::Null);
    assert_eq!((r.best_move, r.value), (Some(4), 12));
    assert!(r.stats.verification_failures >= 1, "{:?}", r.stats);
    let plain = search(PAGE, &p, 3, 1, Mode::Plain);
    assert_eq!((plain.best_move, plain.value), (r.best_move, r.value));
}

// ---------------------------------------------------------------------------------------
// Exact equivalences, on every position, depth limit 1..=9 and R 0..=6.

/// No guard reads plain mode: plain alpha-beta is the same under every guard.
#[test]
fn guards_never_touch_plain_search() {
    let all = [
        Guards {
            min_probe_depth: 2,
            threat: true,
            min_material: 4,
            rule: ReductionRule::Adaptive,
            verification: Verification::Stockfish { min_remaining: 1 },
            ..PAGE
        },
        Guards {
            eval_gate: true,
            zero_window: true,
            rule: ReductionRule::DepthScaled,
            ..PAGE
        },
        Guards {
            verification: Verification::TabibiNetanyahu,
            ..PAGE
        },
    ];
    assert_none(
        "plain",
        over_grid(|p, d, r| {
            let page = OptimizedEngine.search(p, &params(d, r, Mode::Plain));
            all.iter()
                .find(|&&g| search(g, p, d, r, Mode::Plain) != page)
                .map(|g| format!("{g} changes plain search"))
        }),
    );
}

/// A minimum probe depth of 9 plies leaves no probe anywhere (depth limits are at most 9):
/// null mode is plain alpha-beta, report and counters alike. Likewise an endgame guard
/// asking for more empty cells than the board has.
#[test]
fn guards_that_refuse_every_pass_give_plain_search() {
    let never = [
        Guards {
            min_probe_depth: 9,
            ..PAGE
        },
        Guards {
            min_material: 10,
            ..PAGE
        },
    ];
    assert_none(
        "no pass",
        over_grid(|p, d, r| {
            let plain = OptimizedEngine.search(p, &params(d, r, Mode::Plain));
            never.iter().find_map(|&g| {
                let null = search(g, p, d, r, Mode::Null);
                (null != plain).then(|| format!("{g}: {null:?} vs plain {plain:?}"))
            })
        }),
    );
}

/// A verification threshold above every remaining depth at a probing node (probes start at
/// depth >= 1, so at most 8 plies remain) verifies nothing: the page's search exactly.
#[test]
fn verification_threshold_out_of_reach_is_the_page() {
    let g = Guards {
        verification: Verification::Stockfish { min_remaining: 9 },
        ..PAGE
    };
    assert_is_the_page("stockfish:9", g, |_, r| Some(r));
}

/// Adaptive R at depth limits up to 7: a probing node (depth >= 1) has at most 6 plies
/// left, so Heinz's rule always takes the smaller R, and the search is the page's with
/// R - 1 (with R = 0 it stays 0).
#[test]
fn adaptive_r_below_heinz_depth_is_the_page_with_one_ply_less() {
    assert_eq!(HEINZ_DEPTH, 6);
    let g = Guards {
        rule: ReductionRule::Adaptive,
        ..PAGE
    };
    assert_is_the_page("adaptive R", g, |d, r| {
        (d <= HEINZ_DEPTH + 1).then_some(r.saturating_sub(1))
    });
}

/// An endgame guard with m = 1 never fires (a non-terminal position has an empty cell), but
/// it switches the searcher to its guarded instantiation: that path, with nothing to refuse,
/// is the page's search exactly.
#[test]
fn vacuous_guards_are_the_page() {
    let vacuous = Guards {
        min_material: 1, // every non-terminal position has an empty cell
        ..PAGE
    };
    assert_is_the_page("vacuous", vacuous, |_, r| Some(r));
}

/// A growing R adds a third of the remaining depth: with depth limits up to 3 a probing node
/// (depth >= 1) has at most 2 plies left, so R stays R and the search is the page's.
#[test]
fn depth_scaled_r_near_the_root_of_small_searches_is_the_page() {
    let g = Guards {
        rule: ReductionRule::DepthScaled,
        ..PAGE
    };
    assert_is_the_page("depth-r", g, |d, r| (d <= 3).then_some(r));
}

/// Where no probe can fire inside another probe's subtree (depth limit <= 3 + 2R: the
/// probe's grandchildren sit at depth >= 3 + R), the subtree is plain alpha-beta, which
/// tells a value at least beta from one below it in any window with that beta: the
/// zero-window probe decides every probe as the page's does, so the report is the page's
/// but for the nodes the narrower probes save.
#[test]
fn zero_window_probe_decides_as_the_full_window() {
    let g = Guards {
        zero_window: true,
        ..PAGE
    };
    let (mut saved, mut searches) = (0_u64, 0_u64);
    for d in 1..=9 {
        for r in 0..=6_u32 {
            if d > 3 + 2 * r {
                continue;
            }
            for p in Position::all_nonterminal().iter().step_by(7) {
                let page = OptimizedEngine.search(p, &params(d, r, Mode::Null));
                let got = search(g, p, d, r, Mode::Null);
                let same = (got.best_move, got.value, &got.moves, got.stats.null_cutoffs)
                    == (
                        page.best_move,
                        page.value,
                        &page.moves,
                        page.stats.null_cutoffs,
                    );
                assert!(same, "{p} d{d} R{r}: {got:?} vs page {page:?}");
                assert!(got.nodes <= page.nodes, "{p} d{d} R{r}");
                saved += page.nodes - got.nodes;
                searches += 1;
            }
        }
    }
    assert!(
        searches > 10_000 && saved > 0,
        "{searches} searches, {saved} nodes saved"
    );
}
