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

/// WAC's first twenty positions searched to `depth` with late-move reductions on, under
/// `guards`: the nodes and null-move probes of all twenty.
fn wac20(guards: Guards, depth: u32) -> (u64, u64) {
    let entries = Suite::Wac.entries().expect("WAC");
    let mut s = searcher(DeepOptions::default().with_late_move_reductions(true));
    entries.iter().take(20).fold((0, 0), |(nodes, probes), e| {
        let board = e.board().expect("legal");
        let all = solve_depths(&mut s, &board, depth, guards).expect("a search");
        let last = all.last().expect("the deepest");
        (nodes + last.nodes, probes + last.stats.shared.null_probes)
    })
}

/// Why null move lost games beside late-move reductions: at one ply left its probe (a pass,
/// then quiescence) costs more than the one-ply search it spares, and a cut stores nothing
/// for the re-searches that come back to the node. With the minimum depth at 2
/// (Ethereal's), no probe is made there: none at all at depth 2, where every node below
/// the root has one ply left, and to depth 4 the same positions cost far fewer nodes.
#[test]
fn at_one_ply_left_a_probe_costs_more_than_it_spares() {
    let field = Guards {
        min_depth: 2,
        ..Guards::R3
    };
    assert_eq!(field.to_string(), "r=3+min-depth=2+threat-guard");
    assert!(wac20(Guards::R3, 2).1 > 0);
    assert_eq!(wac20(field, 2).1, 0);
    let (every, at_two) = (wac20(Guards::R3, 4), wac20(field, 4));
    assert!(
        at_two.0 * 10 < every.0 * 9,
        "nodes to depth 4: {} with a probe at one ply left, {} without",
        every.0,
        at_two.0
    );
}

/// WAC's first twenty positions searched to `depth` with `options` under `guards`: the
/// nodes of all twenty and the positions solved.
fn wac20_with(options: DeepOptions, guards: Guards, depth: u32) -> (u64, usize) {
    let entries = Suite::Wac.entries().expect("WAC");
    let mut s = searcher(options);
    entries.iter().take(20).fold((0, 0), |(nodes, solved), e| {
        let board = e.board().expect("legal");
        let all = solve_depths(&mut s, &board, depth, guards).expect("a search");
        let last = all.last().expect("the deepest");
        let best: Vec<String> = e
            .best()
            .expect("best moves")
            .into_iter()
            .map(|m| nullmove_chess::uci(&board, m))
            .collect();
        let hit = last.best_move.as_ref().is_some_and(|m| best.contains(m));
        (nodes + last.nodes, solved + usize::from(hit))
    })
}

/// The forward pruning beside null move: each step searches fewer nodes to the same depth
/// over WAC's first twenty positions (late-move reductions on, as engines run them), every
/// step on fewer still while solving nearly as many, and with every step on WAC.001's mate
/// in two is still found by depth 8 under r3 with null move's minimum depth at 2.
#[test]
fn each_pruning_step_saves_nodes_and_the_full_engine_keeps_the_mate() {
    let base = DeepOptions::default().with_late_move_reductions(true);
    let (plain, solved) = wac20_with(base, Guards::R3, 6);
    for (name, options) in [
        ("reverse futility", base.with_reverse_futility(true)),
        ("futility", base.with_futility(true)),
        ("late-move pruning", base.with_late_move_pruning(true)),
        ("SEE pruning", base.with_see_pruning(true)),
        ("quiescence SEE", base.with_quiescence_see(true)),
    ] {
        let (nodes, _) = wac20_with(options, Guards::R3, 6);
        assert!(nodes < plain, "{name}: {nodes} against {plain}");
    }
    let field = Guards {
        min_depth: 2,
        ..Guards::R3
    };
    let (full, full_solved) = wac20_with(DeepOptions::full(), field, 6);
    assert!(full < plain / 2, "{full} against {plain}");
    assert!(full_solved + 2 >= solved, "{full_solved} against {solved}");
    let board =
        parse_fen("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1").expect("WAC.001");
    let all = solve_depths(&mut searcher(DeepOptions::full()), &board, 8, field).expect("a search");
    let last = all.last().expect("depth 8");
    assert_eq!(
        (last.best_move_san.as_deref(), last.mate),
        (Some("Qg6"), Some(2))
    );
}
