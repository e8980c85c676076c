//! The selectivity beside null move, as options of the deep search: the check extension
//! sees a mate through checks past the horizon, late-move reductions search fewer nodes,
//! and neither is on unless asked.

use nullmove_chess::{ChessGame, Guards, Suite, parse_fen, solve_depths};
use nullmove_optimized::{DeepOptions, DeepSearcher};

fn searcher(options: DeepOptions) -> DeepSearcher<ChessGame> {
    DeepSearcher::new(ChessGame::new(cozy_chess::Board::default())).with_options(options)
}

/// WAC.064: 1. g4+ mates in three, every White move a check. Three plies without the
/// extension end before the mate (quiescence tries no quiet check); with it each check
/// costs no depth and the mate is seen, at the distance five plies of plain search find.
#[test]
fn the_check_extension_sees_a_mate_through_checks_past_the_horizon() {
    let board = parse_fen("8/6pp/3q1p2/3n1k2/1P6/3NQ2P/5PP1/6K1 w - - 0 1").expect("WAC.064");
    let at = |options: DeepOptions, depth| {
        solve_depths(&mut searcher(options), &board, depth, Guards::NO_NULL_MOVE)
            .expect("a search")
            .pop()
            .expect("the deepest")
    };
    let plain = DeepOptions::default();
    assert!(!plain.check_extension());
    assert_eq!(at(plain, 3).mate, None);
    let extended = at(plain.with_check_extension(true), 3);
    assert_eq!(
        (extended.best_move_san.as_deref(), extended.mate),
        (Some("g4+"), Some(3))
    );
    assert_eq!(at(plain, 5).mate, Some(3));
}

/// Late-move reductions search fewer nodes to the same depth over WAC's first twenty
/// positions, under plain alpha-beta and under R 3, and WAC.001's mate in two is still
/// found by depth 8 under every preset with both options on.
#[test]
fn late_move_reductions_search_fewer_nodes_and_keep_the_mate() {
    let entries = Suite::Wac.entries().expect("WAC");
    for guards in [Guards::NO_NULL_MOVE, Guards::R3] {
        let nodes = |options| {
            let mut s = searcher(options);
            entries
                .iter()
                .take(20)
                .map(|e| {
                    let board = e.board().expect("legal");
                    let all = solve_depths(&mut s, &board, 6, guards).expect("a search");
                    all.last().expect("depth 6").nodes
                })
                .sum::<u64>()
        };
        let (full, reduced) = (
            nodes(DeepOptions::default()),
            nodes(DeepOptions::default().with_late_move_reductions(true)),
        );
        assert!(reduced < full * 3 / 4, "{guards}: {reduced} against {full}");
    }
    let board =
        parse_fen("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1").expect("WAC.001");
    let both = DeepOptions::default()
        .with_check_extension(true)
        .with_late_move_reductions(true);
    let mut s = searcher(both);
    for (name, guards) in Guards::presets() {
        let all = solve_depths(&mut s, &board, 8, guards).expect("a search");
        let last = all.last().expect("depth 8");
        assert_eq!(
            (last.best_move_san.as_deref(), last.mate),
            (Some("Qg6"), Some(2)),
            "{name}"
        );
    }
}
