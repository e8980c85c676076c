//! The oracle against the well-known facts of tic-tac-toe, and against itself.

use nullmove_core::{Mode, Position, SearchParams, heuristic};
use nullmove_oracle::{TreeStats, exact_root, minimax, solve, tree_stats};

#[test]
fn full_game_tree_has_the_known_shape() {
    assert_eq!(
        tree_stats(),
        TreeStats {
            nodes: 549_946,
            games: 255_168,
            x_wins: 131_184,
            o_wins: 77_904,
            draws: 46_080,
            positions: 5_478,
            nonterminal_positions: 4_520,
            value: 0,
        }
    );
}

/// With no pruning and a limit the game never reaches, minimax visits the whole tree.
#[test]
fn unpruned_minimax_at_depth_nine_visits_the_whole_tree() {
    let r = exact_root(&Position::empty(), 9);
    assert_eq!(r.nodes, 549_946);
    assert_eq!(r.value, 0);
    assert_eq!(r.moves.len(), 9);
    assert!(
        r.moves.iter().all(|m| m.value == 0),
        "every first move draws"
    );
}

#[test]
fn root_value_is_the_best_move_value_for_the_mover() {
    for p in Position::all_nonterminal().iter().step_by(3) {
        for depth in 1..=9 {
            let r = exact_root(p, depth);
            let values = r.moves.iter().map(|m| m.value);
            let best = if p.side_to_move().is_maximizing() {
                values.max()
            } else {
                values.min()
            };
            assert_eq!(Some(r.value), best);
            let chosen = r.best_move.unwrap();
            assert_eq!(
                r.moves.iter().find(|m| m.cell == chosen).unwrap().value,
                r.value
            );
            // The root value is the child's value one ply down, recomputed independently.
            let child = p.play(chosen as usize).unwrap();
            let mut board = *child.board();
            let mut nodes = 0;
            assert_eq!(
                minimax(&mut board, 1, child.side_to_move(), depth, &mut nodes),
                r.value
            );
        }
    }
}

#[test]
fn depth_limit_zero_is_the_heuristic_and_terminal_roots_score() {
    for p in Position::all_reachable() {
        let r = exact_root(&p, 0);
        assert!(r.moves.is_empty());
        assert_eq!(r.best_move, None);
        if !p.is_terminal() {
            assert_eq!(r.value, heuristic(p.board()));
        }
        if p.is_terminal() {
            assert_eq!(r.value, nullmove_core::score(p.winner(), 0));
            assert_eq!(solve(&p), r.value);
        }
    }
}

/// The oracle's engine adapter ignores mode and reduction.
#[test]
fn oracle_engine_ignores_mode_and_reduction() {
    use nullmove_core::Engine;
    let p: Position = "...O.X...".parse().unwrap();
    let a = nullmove_oracle::OracleEngine.search(&p, &SearchParams::new(3, 1, Mode::Null).unwrap());
    let b =
        nullmove_oracle::OracleEngine.search(&p, &SearchParams::new(3, 7, Mode::Plain).unwrap());
    assert_eq!(a, b);
    assert_eq!((a.best_move, a.value), (Some(4), 12));
}
