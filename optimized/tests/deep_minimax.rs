//! The deep search without null move returns the exact minimax value, with and without its
//! transposition table, on every position where that can be checked exhaustively:
//! - every non-terminal tic-tac-toe position at every depth 1..=9, against plain minimax
//!   (same leaves, quiescence included), and the move it picks is worth that value;
//! - at full depth, the solved game: the oracle's exact result and its distance to the end;
//! - random game trees with captures, checks and draws by rule, against plain minimax;
//! - two-pile take-away, where positions recur at other plies: the table's mate scores,
//!   stored from the node, give the solved game's distances.

mod deep_support;

use deep_support::{Piles, RandomTree, Ttt, minimax, root_values};
use nullmove_core::Position;
use nullmove_optimized::{DeepConfig, DeepGame, DeepSearcher, MATE, MATE_BOUND};

/// The two table settings every exhaustive check runs under.
const TABLES: [Option<u32>; 2] = [None, Some(12)];

fn plain(tt_bits: Option<u32>) -> DeepConfig {
    DeepConfig {
        null: None,
        tt_bits,
    }
}

/// The deep search's value and move against plain minimax, every iteration of one search.
fn check_against_minimax<G: DeepGame + Clone + std::fmt::Debug>(
    game: &G,
    depth: u32,
    tt: Option<u32>,
) {
    let mut searcher = DeepSearcher::new(game.clone(), plain(tt));
    let mut iterations = Vec::new();
    searcher
        .search(depth, |it| {
            iterations.push((it.depth, it.value, it.best_move, it.pv.to_vec()));
        })
        .expect("depth in range");
    for (d, value, best, pv) in iterations {
        let mut g = game.clone();
        let roots = root_values(&mut g, d as i32);
        let exact = roots
            .iter()
            .map(|&(_, v)| v)
            .max()
            .or(Some(g.outcome_without_moves().value(0)).filter(|_| best.is_none()));
        assert_eq!(Some(value), exact, "{game:?} depth {d} table {tt:?}");
        if !roots.is_empty() {
            let chosen = roots
                .iter()
                .find(|&&(m, _)| Some(m) == best)
                .map(|&(_, v)| v);
            assert_eq!(
                chosen, exact,
                "{game:?} depth {d}: the chosen move is worth the value"
            );
        }
        assert_eq!(
            pv.first().copied(),
            best,
            "the PV starts with the best move"
        );
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
        let exact = nullmove_oracle::solve(&p);
        // The oracle scores for X; ours for the side to move.
        let for_mover = if p.side_to_move().is_maximizing() {
            exact
        } else {
            -exact
        };
        let expected = match for_mover {
            0 => 0,
            v if v > 0 => MATE - (10 - v),
            v => -(MATE - (10 + v)),
        };
        for tt in TABLES {
            let mut searcher = DeepSearcher::new(Ttt::new(&p), plain(tt));
            let report = searcher.search(9, |_| {}).expect("depth 9");
            assert_eq!(report.value, expected, "{p} table {tt:?}");
            if report.value.abs() >= MATE_BOUND {
                // The principal variation plays the game out to the announced end.
                assert_eq!(searcher.pv().len() as i32, MATE - report.value.abs(), "{p}");
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
            // One ply more than the stones: the last take's child is searched, not stood on.
            let depth = u32::from(a + b) + 1;
            let exact = minimax(&mut game.clone(), depth as i32, 0);
            // Taking the last stone wins, so the game is a win or a loss, never a draw.
            assert!(exact.abs() >= MATE_BOUND, "{game:?}");
            for tt in TABLES {
                let mut searcher = DeepSearcher::new(game, plain(tt));
                let report = searcher.search(depth, |_| {}).expect("depth");
                assert_eq!(report.value, exact, "{game:?} table {tt:?}");
            }
            check_against_minimax(&game, depth, Some(12));
        }
    }
}

/// Iterative deepening is deterministic: an iteration of a deeper search is the search to
/// that depth, node for node, and searching again after `set_game` repeats it.
#[test]
fn iterations_are_the_searches_to_their_depth() {
    for seed in 0..50 {
        let game = RandomTree::new(seed, 9);
        let mut deep = DeepSearcher::new(game.clone(), plain(Some(10)));
        let mut seen = Vec::new();
        deep.search(6, |it| {
            seen.push((it.depth, it.value, it.best_move, it.stats));
        })
        .expect("depth");
        for &(d, value, best, stats) in &seen {
            let mut shallow = DeepSearcher::new(game.clone(), plain(Some(10)));
            let r = shallow.search(d, |_| {}).expect("depth");
            assert_eq!(
                (r.value, r.best_move, r.stats),
                (value, best, stats),
                "seed {seed} depth {d}"
            );
        }
        deep.set_game(game.clone());
        let again = deep.search(6, |_| {}).expect("depth");
        assert_eq!(again.stats, seen.last().expect("six iterations").3);
    }
}

#[test]
fn a_depth_out_of_range_is_refused() {
    let mut searcher = DeepSearcher::new(RandomTree::new(1, 3), plain(None));
    assert!(searcher.search(0, |_| {}).is_err());
    assert_eq!(
        searcher.search(65, |_| {}).unwrap_err().to_string(),
        "depth 65 is out of range: expected 1..=64"
    );
}

/// A draw by rule scores 0 below the root and is never asked at the root: a game that
/// claims one everywhere still gets a move chosen, worth a draw.
#[test]
fn draws_by_rule_count_below_the_root_only() {
    #[derive(Debug, Clone)]
    struct AlwaysDrawn(Piles);
    impl DeepGame for AlwaysDrawn {
        type Move = deep_support::Take;
        const MAX_MOVES: usize = 4;
        fn key(&self) -> u64 {
            self.0.key()
        }
        fn legal_moves(&self, out: &mut Vec<Self::Move>) {
            self.0.legal_moves(out);
        }
        fn noisy_moves(&self, out: &mut Vec<Self::Move>) {
            self.0.noisy_moves(out);
        }
        fn capture_order(&self, mv: Self::Move) -> Option<i32> {
            self.0.capture_order(mv)
        }
        fn make(&mut self, mv: Self::Move) {
            self.0.make(mv);
        }
        fn unmake(&mut self, mv: Self::Move) {
            self.0.unmake(mv);
        }
        fn make_null(&mut self) {}
        fn unmake_null(&mut self) {}
        fn in_check(&self) -> bool {
            false
        }
        fn evaluate(&self) -> nullmove_core::Value {
            self.0.evaluate()
        }
        fn outcome_without_moves(&self) -> nullmove_optimized::Outcome {
            self.0.outcome_without_moves()
        }
        fn rule_draw(&self, ply: usize) -> bool {
            assert!(ply > 0, "asked at the root");
            true
        }
        fn material(&self) -> nullmove_core::Value {
            1
        }
    }
    // Taking both stones of [2, 0] wins at once, but every child is drawn by rule first;
    // both moves tie, and the first iteration's choice (its horizon sees the empty piles
    // as better) stays first.
    let game = AlwaysDrawn(Piles {
        piles: [2, 0],
        first: true,
    });
    for tt in TABLES {
        let mut s = DeepSearcher::new(game.clone(), plain(tt));
        let r = s.search(3, |_| {}).expect("depth");
        assert_eq!((r.best_move, r.value), (Some((0, 2)), 0));
    }
    // Without the rule the same root wins in one ply.
    let mut s = DeepSearcher::new(game.0, plain(None));
    assert_eq!(s.search(3, |_| {}).expect("depth").value, MATE - 1);
}
