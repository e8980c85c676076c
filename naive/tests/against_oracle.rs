//! naive's plain mode is alpha-beta: it must agree with exhaustive minimax everywhere.

// The JS numbers are integer-valued doubles: exact comparison is the point.
#![allow(clippy::float_cmp)]

use nullmove_core::{
    Board, CELLS, Engine, Mode, Player, Position, SearchParams, heuristic, score, winner,
};
use nullmove_naive::{NaiveEngine, search_window};
use nullmove_oracle::exact_root;
use proptest::prelude::*;

/// Every raw board, reachable or not: 3^9 of them.
fn all_boards() -> impl Iterator<Item = Board> {
    (0..3_u32.pow(9)).map(|n| {
        let mut b = [None; CELLS];
        for (i, cell) in b.iter_mut().enumerate() {
            *cell =
                [None, Some(Player::X), Some(Player::O)][(n / 3_u32.pow(i as u32) % 3) as usize];
        }
        b
    })
}

/// The mirrored JS helpers equal core's specification on every board.
#[test]
fn js_helpers_match_the_specified_evaluation() {
    for b in all_boards() {
        assert_eq!(nullmove_naive::winner(&b).is_some(), winner(&b).is_some());
        if nullmove_core::board::has_line(&b, Player::X)
            != nullmove_core::board::has_line(&b, Player::O)
        {
            assert_eq!(nullmove_naive::winner(&b), winner(&b));
        }
        assert_eq!(nullmove_naive::heuristic(&b), f64::from(heuristic(&b)));
        for depth in 0..=9 {
            let w = winner(&b);
            assert_eq!(nullmove_naive::score(w, depth), f64::from(score(w, depth)));
        }
        let empties: Vec<usize> = (0..CELLS).filter(|&c| b[c].is_none()).collect();
        assert_eq!(nullmove_naive::empty_cells(&b), empties);
    }
}

/// For every non-terminal reachable position and every depth limit 1..=9, plain alpha-beta
/// returns the exact minimax value and picks a move worth exactly that value.
#[test]
fn plain_mode_equals_minimax_on_every_position_and_depth() {
    let positions = Position::all_nonterminal();
    assert_eq!(positions.len(), 4_520);
    let mut checked = 0;
    for p in &positions {
        for depth in 1..=9 {
            let params = SearchParams::new(depth, 0, Mode::Plain).unwrap();
            let exact = exact_root(p, depth);
            let report = NaiveEngine.search(p, &params);
            assert_eq!(report.value, exact.value, "{p} depth {depth}");
            let chosen = report.best_move.expect("a non-terminal root has a move");
            let chosen_exact = exact.moves.iter().find(|m| m.cell == chosen).unwrap().value;
            assert_eq!(
                chosen_exact, exact.value,
                "{p} depth {depth}: move {chosen}"
            );
            // Every root move was searched (the open window never cuts at the root).
            assert_eq!(report.moves.len(), exact.moves.len());
            checked += 1;
        }
    }
    assert_eq!(checked, 4_520 * 9);
}

/// Plain mode never probes, whatever R says; null mode at depth limit 0 or 1 cannot probe.
#[test]
fn plain_mode_ignores_the_reduction() {
    for p in Position::all_nonterminal().iter().step_by(7) {
        for depth in 1..=9 {
            let base = NaiveEngine.search(p, &SearchParams::new(depth, 0, Mode::Plain).unwrap());
            assert_eq!(base.stats.null_probes, 0);
            for r in 1..=9 {
                let other =
                    NaiveEngine.search(p, &SearchParams::new(depth, r, Mode::Plain).unwrap());
                assert_eq!(other, base, "{p} depth {depth} R {r}");
            }
            for r in 0..=9 {
                if depth <= 1 {
                    let null =
                        NaiveEngine.search(p, &SearchParams::new(depth, r, Mode::Null).unwrap());
                    assert_eq!(null.stats.null_probes, 0);
                    assert_eq!(null.value, base.value);
                }
            }
        }
    }
}

fn reachable() -> impl Strategy<Value = Position> {
    let all = Position::all_nonterminal();
    (0..all.len()).prop_map(move |i| all[i])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Fail-hard/soft window semantics of plain alpha-beta against the exact value v:
    /// v inside the window comes back exactly; a fail low returns r with v <= r <= alpha;
    /// a fail high returns r with beta <= r <= v.
    #[test]
    fn plain_alpha_beta_honours_its_window(
        p in reachable(),
        depth in 1_u32..=9,
        a in -40_i32..=40,
        width in 1_i32..=40,
    ) {
        let (alpha, beta) = (a, a + width);
        let v = exact_root(&p, depth).value;
        let params = SearchParams::new(depth, 0, Mode::Plain).unwrap();
        let maximizing = p.side_to_move().is_maximizing();
        let (r, _) = search_window(p.board(), 0, maximizing, alpha, beta, &params);
        if alpha < v && v < beta {
            prop_assert_eq!(r, v);
        } else if v <= alpha {
            prop_assert!(v <= r && r <= alpha, "v {} r {} alpha {}", v, r, alpha);
        } else {
            prop_assert!(beta <= r && r <= v, "v {} r {} beta {}", v, r, beta);
        }
    }
}
