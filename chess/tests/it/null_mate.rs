//! Why the `stockfish` preset once missed WAC.001's mate in two (1. Qg6, threatening the
//! quiet 2. Qh7#), as `examples/null_mate.rs` shows it depth by depth: the first depth from
//! which each preset, and the `stockfish` preset without probe checks with one part of its
//! reduction changed, plays Qg6 as mate in two at every depth through 8 (plain search
//! through 6, which is cheaper). The engine chapter's table is this test's.

use cozy_chess::Board;
use nullmove_chess::{ChessGame, Guards, Solution, parse_fen, solve_depths};
use nullmove_optimized::{DeepSearcher, ReductionRule};

/// The first depth from which every search through `deepest` plays Qg6 as mate in two, or
/// `None` where the deepest does not.
fn first_depth_of_the_mate(
    searcher: &mut DeepSearcher<ChessGame>,
    guards: Guards,
    deepest: u32,
) -> Option<u32> {
    let board =
        parse_fen("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1").expect("WAC.001");
    let all = solve_depths(searcher, &board, deepest, guards).expect("a search");
    assert_eq!(all.len(), deepest as usize);
    let sees = |s: &Solution| s.best_move_san.as_deref() == Some("Qg6") && s.mate == Some(2);
    match all.iter().rposition(|s| !sees(s)) {
        None => Some(1),
        Some(i) if i + 1 < all.len() => Some(i as u32 + 2),
        Some(_) => None,
    }
}

#[test]
fn wac_001_the_first_depth_that_sees_the_mate_in_two() {
    let without_probe_checks = Guards {
        probe_checks: false,
        ..Guards::STOCKFISH
    };
    let variants = [
        ("stockfish without probe checks", without_probe_checks),
        (
            "no evaluation term",
            Guards {
                eval_r: 0,
                ..without_probe_checks
            },
        ),
        (
            "R 3 fixed",
            Guards {
                rule: ReductionRule::Fixed,
                ..without_probe_checks
            },
        ),
        (
            "neither term",
            Guards {
                rule: ReductionRule::Fixed,
                eval_r: 0,
                ..without_probe_checks
            },
        ),
    ];
    // One searcher, cleared by each search: a new table each time was most of the cost.
    let mut searcher = DeepSearcher::new(ChessGame::new(Board::default()));
    let found: Vec<(&str, Option<u32>)> = Guards::presets()
        .chain(variants)
        .map(|(name, guards)| {
            let deepest = if guards.null_move { 8 } else { 6 };
            (
                name,
                first_depth_of_the_mate(&mut searcher, guards, deepest),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("none", Some(3)),
            ("r2", Some(5)),
            ("r3", Some(6)),
            ("adaptive", Some(5)),
            ("verified", Some(4)),
            ("stockfish", Some(3)),
            ("npm", Some(6)),
            ("stockfish without probe checks", None),
            ("no evaluation term", Some(8)),
            ("R 3 fixed", Some(8)),
            ("neither term", Some(6)),
        ]
    );
}
