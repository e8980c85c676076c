//! The deep search without null move returns the exact minimax value, with and without its
//! transposition table, on every position where that can be checked exhaustively:
//! - every non-terminal tic-tac-toe position at every depth 1..=9, against plain minimax
//!   (same leaves, quiescence included), and the move it picks is worth that value;
//! - at full depth, the solved game: the oracle's exact result and its distance to the end;
//! - random game trees with captures, checks and draws by rule, against plain minimax;
//! - two-pile take-away, where positions recur at other plies: the table's mate scores,
//!   stored from the node, give the solved game's distances.
//!
//! Each check runs with aspiration windows and the history heuristic off and on (the
//! narrowest window, re-searched wherever the value moves): they change nodes, never values.

use crate::deep_support;

use deep_support::{
    Iteration, Piles, RandomTree, Ttt, iterations, last, minimax, root_values, settings,
};
use nullmove_core::{Position, Value};
use nullmove_optimized::{DeepGame, DeepOptions, DeepSearcher, Game, Guards, MATE, MATE_BOUND};

/// The two table settings every exhaustive check runs under.
const TABLES: [Option<u32>; 2] = [None, Some(12)];

/// One search to `depth` without null move, with a table of `2^tt` slots or none.
fn plain<G: DeepGame>(
    game: &G,
    depth: u32,
    tt: Option<u32>,
    options: DeepOptions,
) -> Iteration<G::Move> {
    last(
        &mut DeepSearcher::with_table(game.clone(), tt).with_options(options),
        depth,
        Guards::NO_NULL_MOVE,
    )
}

/// The deep search's value and move against plain minimax, every iteration of one search,
/// under every setting of [`settings`].
fn check_against_minimax<G: DeepGame + std::fmt::Debug>(game: &G, depth: u32, tt: Option<u32>) {
    for options in settings() {
        check_under(game, depth, tt, options);
    }
}

fn check_under<G: DeepGame + std::fmt::Debug>(
    game: &G,
    depth: u32,
    tt: Option<u32>,
    options: DeepOptions,
) {
    let mut searcher = DeepSearcher::with_table(game.clone(), tt).with_options(options);
    for it in iterations(&mut searcher, depth, Guards::NO_NULL_MOVE) {
        let d = it.depth;
        let roots = root_values(game, d as i32);
        // A root without moves is a finished game, as minimax scores it.
        let exact = roots
            .iter()
            .map(|&(_, v)| v)
            .max()
            .unwrap_or_else(|| minimax(game, d as i32, 0));
        assert_eq!(
            it.value, exact,
            "{game:?} depth {d} table {tt:?} {options:?}"
        );
        if !roots.is_empty() {
            let chosen = roots
                .iter()
                .find(|&&(m, _)| Some(m) == it.best_move)
                .map(|&(_, v)| v);
            assert_eq!(
                chosen,
                Some(exact),
                "{game:?} depth {d}: the chosen move is worth the value"
            );
        }
        assert_eq!(
            it.pv.first().copied(),
            it.best_move,
            "the PV starts with the best move"
        );
        // Every root move is reported with its value and bound, in the maximizer's view.
        assert_eq!(searcher.report().root.moves.len(), roots.len());
    }
}

#[test]
fn tic_tac_toe_every_position_every_depth_equals_minimax() {
    let positions = Position::all_nonterminal();
    assert_eq!(positions.len(), 4_520);
    for tt in TABLES {
        for p in &positions {
            check_against_minimax(&Ttt::new(p), 9, tt);
        }
    }
}

/// Full depth: the solved game. A win `n` plies ahead scores `MATE - n`; the oracle's
/// `10 - n` counts the same plies (`nullmove_core::score`).
#[test]
fn tic_tac_toe_full_depth_is_the_solved_game_with_its_distances() {
    for p in Position::all_nonterminal() {
        // The oracle scores for X, as the report does.
        let exact: Value = nullmove_oracle::solve(&p);
        let expected = match exact {
            0 => 0,
            v if v > 0 => MATE - (10 - v),
            v => -(MATE - (10 + v)),
        };
        for (tt, options) in TABLES.into_iter().zip(settings()) {
            let mut searcher = DeepSearcher::with_table(Ttt::new(&p), tt).with_options(options);
            let it = last(&mut searcher, 9, Guards::NO_NULL_MOVE);
            let value = searcher.report().root.value;
            assert_eq!(value, expected, "{p} table {tt:?} {options:?}");
            if value.abs() >= MATE_BOUND {
                // The principal variation plays the game out to the announced end.
                assert_eq!(it.pv.len() as i32, MATE - value.abs(), "{p}");
            }
        }
    }
}

#[test]
fn random_trees_equal_minimax_with_quiescence_checks_and_rule_draws() {
    let mut checked = 0;
    for seed in 0..400 {
        let spread = if seed % 2 == 0 { 200 } else { 2 };
        let game = RandomTree::with_spread(seed, 7, spread);
        for tt in TABLES {
            check_against_minimax(&game, 5, tt);
            checked += 1;
        }
    }
    assert_eq!(checked, 800);
}

#[test]
fn piles_full_depth_give_the_solved_distances_with_and_without_the_table() {
    for a in 0..=5_u8 {
        for b in 0..=5_u8 {
            if a + b == 0 {
                continue;
            }
            let game = Piles {
                piles: [a, b],
                first: true,
            };
            // As many plies as stones: the longest game, whose last take is a win found at
            // the horizon (scored as one, not evaluated).
            let depth = u32::from(a + b);
            let exact = minimax(&game, depth as i32, 0);
            // Taking the last stone wins, so the game is a win or a loss, never a draw.
            assert!(exact.abs() >= MATE_BOUND, "{game:?}");
            for tt in TABLES {
                for options in settings() {
                    assert_eq!(
                        plain(&game, depth, tt, options).value,
                        exact,
                        "{game:?} table {tt:?} {options:?}"
                    );
                }
            }
            // Every iteration against minimax without the table only: with it, a position
            // met again nearer the root is settled by a result searched deeper than the
            // depth-limited tree asks (right for the game, not for that tree).
            check_against_minimax(&game, depth, None);
        }
    }
}

/// Iterative deepening is deterministic: an iteration of a deeper search is the search to
/// that depth, node for node, and searching again after `set_game` repeats it.
#[test]
fn iterations_are_the_searches_to_their_depth() {
    for seed in 0..50 {
        let game = RandomTree::new(seed, 9);
        let options = settings()[seed as usize % 2];
        let mut deep = DeepSearcher::with_table(game, Some(10)).with_options(options);
        let seen = iterations(&mut deep, 6, Guards::NO_NULL_MOVE);
        for it in &seen {
            let alone = plain(&game, it.depth, Some(10), options);
            assert_eq!(&alone, it, "seed {seed} depth {}", it.depth);
        }
        deep.set_game(game);
        let again = last(&mut deep, 6, Guards::NO_NULL_MOVE);
        assert_eq!(again.stats, seen.last().expect("six iterations").stats);
    }
}

#[test]
fn a_depth_out_of_range_is_refused() {
    let mut searcher = DeepSearcher::with_table(RandomTree::new(1, 3), None);
    let config = |d| nullmove_optimized::Config::new(d).with_guards(Guards::NO_NULL_MOVE);
    assert!(searcher.search(&config(0), |_| {}).is_err());
    assert_eq!(
        searcher
            .search(&config(65), |_| {})
            .unwrap_err()
            .to_string(),
        "depth 65 is out of range: expected 1..=64"
    );
}

/// A draw by rule scores 0 below the root and is never asked at the root: a game that
/// claims one everywhere still gets a move chosen, worth a draw.
#[test]
fn draws_by_rule_count_below_the_root_only() {
    #[derive(Debug, Clone, Copy)]
    struct AlwaysDrawn(Piles);
    impl Game for AlwaysDrawn {
        type Move = deep_support::Take;
        type Moves = deep_support::Takes;
        fn maximizing(&self) -> bool {
            self.0.maximizing()
        }
        fn moves(&self) -> Self::Moves {
            self.0.moves()
        }
        fn play(&mut self, mv: Self::Move) {
            self.0.play(mv);
        }
        fn pass(&mut self) {
            self.0.pass();
        }
        fn terminal_score(&self, depth: u32) -> Option<Value> {
            self.0.terminal_score(depth)
        }
        fn evaluate(&self) -> Value {
            self.0.evaluate()
        }
    }
    impl DeepGame for AlwaysDrawn {
        const MAX_MOVES: usize = 4;
        const ENDS_ONLY_WITHOUT_MOVES: bool = true;
        fn key(&self) -> u64 {
            self.0.key()
        }
        fn draw_by_rule(&self) -> bool {
            true
        }
    }
    // Taking both stones of [2, 0] wins at once, but every child is drawn by rule first;
    // both moves tie, and the first iteration's choice (its horizon sees the empty piles
    // as better) stays first.
    let game = AlwaysDrawn(Piles {
        piles: [2, 0],
        first: true,
    });
    for (tt, options) in TABLES.into_iter().zip(settings()) {
        let r = plain(&game, 3, tt, options);
        assert_eq!((r.best_move, r.value), (Some((0, 2)), 0));
    }
    // Without the rule the same root wins in one ply.
    assert_eq!(plain(&game.0, 3, None, settings()[0]).value, MATE - 1);
}

/// The switches are not idle: the narrowest window is searched again, history reorders
/// (other nodes), and neither changes a value; a width below 1 is the open window.
#[test]
fn aspiration_searches_again_and_history_reorders_values_unchanged() {
    let off = settings()[0];
    let (mut again, mut reordered) = (0, 0);
    for seed in 0..50 {
        let game = RandomTree::new(seed, 9);
        let plain_off = plain(&game, 6, Some(10), off);
        assert_eq!(plain_off.stats.aspiration_researches, 0);
        for width in [0, -1] {
            let open = off.with_aspiration(Some(width));
            assert_eq!(open.aspiration(), None, "width {width}");
            let open = plain(&game, 6, Some(10), open);
            assert_eq!(open.stats.aspiration_researches, 0, "width {width}");
        }
        let narrow = plain(&game, 6, Some(10), off.with_aspiration(Some(1)));
        // Options set on a searcher already built are those its next search runs with.
        let mut set = DeepSearcher::with_table(game, Some(10));
        set.set_options(off.with_aspiration(Some(1)));
        assert_eq!(set.options(), off.with_aspiration(Some(1)));
        assert_eq!(last(&mut set, 6, Guards::NO_NULL_MOVE).stats, narrow.stats);
        let history = plain(&game, 6, Some(10), off.with_quiet_history(true));
        assert_eq!(
            (narrow.value, history.value),
            (plain_off.value, plain_off.value)
        );
        again += narrow.stats.aspiration_researches;
        reordered += u32::from(history.stats.shared.nodes != plain_off.stats.shared.nodes);
    }
    assert!(again > 0, "no re-search");
    assert!(reordered > 0, "history changed no search");
}
