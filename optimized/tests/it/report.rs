//! The generic report, checked on tic-tac-toe against the oracle and the rules: a root
//! move's bound is true of its exact minimax value, the best move follows the tie rule, and
//! the principal variation is a line of legal moves that ends on a leaf worth the root's
//! value; keeping the line changes nothing else.

use nullmove_core::{MoveValue, Position, best_move};
use nullmove_optimized::games::Pile;
use nullmove_optimized::games::tictactoe::{Mark, TicTacToe};
use nullmove_optimized::{Bound, Config, Game, Guards, Report, search};
use rayon::prelude::*;

/// Runs `check` on every non-terminal position in parallel and collects the first failures.
fn over_positions<F>(check: F) -> Vec<String>
where
    F: Fn(&Position) -> Option<String> + Sync,
{
    let failures: Vec<String> = Position::all_nonterminal()
        .par_iter()
        .filter_map(|p| check(p).map(|f| format!("{p}: {f}")))
        .collect();
    failures.into_iter().take(10).collect()
}

/// Plain alpha-beta, every position and depth limit: an exact root move is worth exactly the
/// oracle's depth-limited value, an upper bound at least it, a lower bound at most it; the
/// root value is the oracle's; the best move is the first to strictly improve.
#[test]
fn root_bounds_are_true_of_the_exact_values() {
    let failures = over_positions(|p| {
        for depth in 1..=9 {
            let report = search(TicTacToe::from(p), &Config::new(depth).without_null_move());
            let exact = nullmove_oracle::exact_root(p, depth);
            if report.value != exact.value {
                return Some(format!(
                    "depth {depth}: value {} vs {}",
                    report.value, exact.value
                ));
            }
            for m in &report.moves {
                let truth = exact
                    .moves
                    .iter()
                    .find(|e| e.cell == m.mv.cell())
                    .map(|e| e.value)?;
                let true_of_it = match m.bound {
                    Bound::Exact => truth == m.value,
                    Bound::Upper => truth <= m.value,
                    Bound::Lower => truth >= m.value,
                };
                if !true_of_it {
                    return Some(format!(
                        "depth {depth}: {m:?} but the move is worth {truth}"
                    ));
                }
            }
            let cells: Vec<MoveValue> = report
                .moves
                .iter()
                .map(|m| MoveValue {
                    cell: m.mv.cell(),
                    value: m.value,
                })
                .collect();
            if report.best_move.map(Mark::cell) != best_move(&cells, p.side_to_move()) {
                return Some(format!("depth {depth}: best move {:?}", report.best_move));
            }
        }
        None
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Plays `report`'s line from `game`: every move legal, no finished game before its end, and
/// its end, a finished game or the depth limit, worth the root's value.
fn line_is_sound(game: TicTacToe, depth_limit: u32, report: &Report<Mark>) -> Result<(), String> {
    let mut g = game;
    for (ply, &mv) in report.pv.iter().enumerate() {
        if g.terminal_score(ply as u32).is_some() || !g.moves().any(|m| m == mv) {
            return Err(format!("{mv:?} at ply {ply} is not a move"));
        }
        g.play(mv);
    }
    let n = report.pv.len() as u32;
    let leaf = match g.terminal_score(n) {
        Some(score) => score,
        None if n == depth_limit => g.evaluate(),
        None => return Err(format!("the line stops at ply {n}, in play")),
    };
    if leaf != report.value || report.pv.first() != report.best_move.as_ref() {
        return Err(format!(
            "line {:?} worth {leaf}, report {report:?}",
            report.pv
        ));
    }
    Ok(())
}

thread_local! {
    /// Calls of `play`, `terminal_score` and `evaluate` on this thread, by [`Counted`].
    static CALLS: std::cell::Cell<[u64; 3]> = const { std::cell::Cell::new([0; 3]) };
}

/// A game that counts the calls the search makes of it.
#[derive(Clone, Copy)]
struct Counted<G>(G);

fn count(i: usize) {
    CALLS.with(|c| {
        let mut n = c.get();
        n[i] += 1;
        c.set(n);
    });
}

impl<G: Game> Game for Counted<G> {
    type Move = G::Move;
    type Moves = G::Moves;
    fn maximizing(&self) -> bool {
        self.0.maximizing()
    }
    fn moves(&self) -> Self::Moves {
        self.0.moves()
    }
    fn play(&mut self, mv: Self::Move) {
        count(0);
        self.0.play(mv);
    }
    fn pass(&mut self) {
        self.0.pass();
    }
    fn terminal_score(&self, depth: u32) -> Option<nullmove_core::Value> {
        count(1);
        self.0.terminal_score(depth)
    }
    fn evaluate(&self) -> nullmove_core::Value {
        count(2);
        self.0.evaluate()
    }
    fn null_allowed(&self) -> bool {
        self.0.null_allowed()
    }
    fn pass_is_dangerous(&self) -> bool {
        self.0.pass_is_dangerous()
    }
    fn material(&self) -> u32 {
        self.0.material()
    }
}

/// The calls of `play`, `terminal_score` and `evaluate` one search of `game` makes, and its
/// report.
fn calls<G: Game>(game: G, config: &Config) -> ([u64; 3], Report<G::Move>) {
    CALLS.with(|c| c.set([0; 3]));
    let report = search(Counted(game), config);
    (CALLS.with(std::cell::Cell::get), report)
}

/// The principal variation costs no call of the game: with it and without, a search plays,
/// asks for terminal scores and evaluates exactly as often (Connect Four from the empty
/// board, 7 x 6 at depth 8 and 6 x 5 at depth 10, plain and under two presets; tic-tac-toe
/// in [`the_line_ends_on_a_leaf_worth_the_root_value`]).
#[test]
fn the_line_costs_the_game_nothing() {
    use nullmove_optimized::games::connect_four::{ConnectFour, Standard};
    fn check<G: Game + Copy>(game: G, depth: u32) {
        for g in [Guards::NO_NULL_MOVE, Guards::R2, Guards::STOCKFISH] {
            let config = Config::new(depth).with_guards(g);
            let (with, report) = calls(game, &config);
            let (without, _) = calls(game, &config.with_pv(false));
            assert_eq!(
                with, without,
                "{g} at depth {depth}: play, terminal, evaluate"
            );
            assert!(!report.pv.is_empty() && with[2] > 0);
        }
    }
    check(Standard::new(), 8);
    check(ConnectFour::<6, 5>::new(), 10);
}

/// Plain alpha-beta, the page's null move at R 0..=6 and three presets (whose probes never
/// cut an exact node), every other position, depth limits 1..=9; keeping the line changes
/// nothing else, not even how often the search calls the game.
#[test]
fn the_line_ends_on_a_leaf_worth_the_root_value() {
    let guards: Vec<Guards> = (0..=6)
        .map(Guards::unguarded)
        .chain([
            Guards::NO_NULL_MOVE,
            Guards::ADAPTIVE,
            Guards::VERIFIED,
            Guards::STOCKFISH,
        ])
        .collect();
    let failures = over_positions(|p| {
        if p.to_string().bytes().filter(|&b| b == b'.').count() % 2 == 0 {
            return None; // every other position, by its empty cells
        }
        for depth in 1..=9 {
            for &g in &guards {
                let config = Config::new(depth).with_guards(g);
                let game = TicTacToe::from(p);
                let (calls_with, report) = calls(game, &config);
                if let Err(e) = line_is_sound(game, depth, &report) {
                    return Some(format!("{g} depth {depth}: {e}"));
                }
                let (calls_without, without) = calls(game, &config.with_pv(false));
                if calls_with != calls_without {
                    return Some(format!(
                        "{g} depth {depth}: the line calls the game {calls_with:?} against {calls_without:?}"
                    ));
                }
                let expected = Report {
                    pv: Vec::new(),
                    ..report
                };
                if without != expected {
                    return Some(format!("{g} depth {depth}: the line changes the report"));
                }
            }
        }
        None
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A window that is none is refused by both searchers alike: the same error text, and
/// nothing searched.
#[test]
fn both_searchers_refuse_a_bad_window_alike() {
    use nullmove_optimized::{DeepError, DeepSearcher, INF, SearchError, Searcher};
    let game = TicTacToe::from(Position::empty());
    let config = Config::new(3);
    let mut simple = Searcher::new();
    let mut deep = DeepSearcher::new(game);
    for (alpha, beta) in [(0, 0), (5, -5), (-INF - 1, 0), (0, INF + 1), (INF, INF)] {
        let refused = simple.search_window(game, &config, 0, alpha, beta);
        assert_eq!(refused, Err(SearchError::Window(alpha, beta)));
        let deep_refused = deep.search_window(&config, 0, alpha, beta);
        assert_eq!(deep_refused, Err(DeepError::Window(alpha, beta)));
        assert_eq!(
            refused.unwrap_err().to_string(),
            deep_refused.unwrap_err().to_string()
        );
    }
    assert!(simple.search_window(game, &config, 0, -INF, INF).is_ok());
}

/// Depth limits far past the game's nine plies, which the page's rules allow: a probe's
/// child then starts up to a million plies down (`depth + 1 + R`), yet the line is still a
/// real one, sound and the same with or without it, and one searcher keeps serving (its
/// line rows follow the plies played, not the depth: see `Searcher::reserve`).
#[test]
fn the_line_past_the_game_is_sound() {
    use nullmove_optimized::Searcher;
    let mut searcher = Searcher::new();
    for board in [".........", "...O.X...", "X...O...."] {
        let p: Position = board.parse().expect("a position");
        let game = TicTacToe::from(&p);
        for (depth, r) in [
            (100, 3),
            (100, 98),
            (999_999, 6),
            (999_999, 999_990),
            (999_999, 999_997),
        ] {
            let config = Config::new(depth).with_guards(Guards::unguarded(r));
            let report = searcher.search(game, &config).clone();
            line_is_sound(game, depth, &report)
                .unwrap_or_else(|e| panic!("{board} depth {depth} R {r}: {e}"));
            assert!(
                report.pv.len() <= 9,
                "{board} depth {depth} R {r}: {:?}",
                report.pv
            );
            let without = search(game, &config.with_pv(false));
            assert_eq!(
                without,
                Report {
                    pv: Vec::new(),
                    ..report
                }
            );
        }
    }
}

/// Who wins a finished line (`true`: the maximizer) and after how many plies, read from a
/// value on either searcher's scale (`top`: the game's 100, or `MATE`).
fn outcome(value: nullmove_core::Value, top: nullmove_core::Value) -> (bool, i32) {
    (value > 0, top - value.abs())
}

/// Where the line `pv` from `game` ends: the winner, after how many plies.
fn played_out(mut game: Pile, pv: &[u16]) -> Option<(bool, i32)> {
    for &take in pv {
        game.play(take);
    }
    game.terminal_score(0).map(|v| (v > 0, pv.len() as i32))
}

/// Both searchers' reports, read through the same accessors on every pile up to 12 with
/// either side to move, searched to the end: the same winner at the same distance (each on
/// its own scale: the game's `100 - plies`, the deep search's `MATE - plies`), the same
/// move where only one wins, principal variations that play the game out to that end; and
/// the accessors say what the fields say.
#[test]
fn both_reports_read_the_same_facts_alike() {
    use nullmove_optimized::{DeepSearcher, MATE};
    for left in 1..=12_u16 {
        for max_to_move in [true, false] {
            let game = Pile { left, max_to_move };
            let config = Config::new(u32::from(left)).with_guards(Guards::NO_NULL_MOVE);
            let simple = search(game, &config);
            let mut searcher = DeepSearcher::new(game);
            let deep = searcher.search(&config, |_| {}).expect("a search").clone();
            let at = format!("pile {left}, maximizer to move: {max_to_move}");

            let (wins, plies) = outcome(simple.value(), 100);
            assert_eq!(outcome(deep.value(), MATE), (wins, plies), "{at}");
            assert_eq!(deep.plies_to_end(), Some(plies as u32), "{at}");
            // The side to move wins exactly off a multiple of three.
            assert_eq!(wins == max_to_move, left % 3 != 0, "{at}");
            if left % 3 != 0 {
                assert_eq!(simple.best_move(), Some(left % 3), "{at}");
                assert_eq!(deep.best_move(), Some(left % 3), "{at}");
            }
            assert_eq!(played_out(game, simple.pv()), Some((wins, plies)), "{at}");
            assert_eq!(played_out(game, deep.pv()), Some((wins, plies)), "{at}");

            assert_eq!(simple.best_move(), simple.best_move, "{at}");
            assert_eq!(deep.best_move(), deep.root.best_move, "{at}");
            assert_eq!(
                (simple.value(), deep.value()),
                (simple.value, deep.root.value)
            );
            assert_eq!(
                (simple.pv(), deep.pv()),
                (&simple.pv[..], &deep.root.pv[..])
            );
            assert_eq!(simple.moves(), &simple.moves[..], "{at}");
            assert_eq!(deep.moves(), &deep.root.moves[..], "{at}");
            assert_eq!(simple.nodes(), simple.stats.nodes, "{at}");
            assert_eq!(deep.nodes(), deep.root.stats.shared.nodes, "{at}");
            assert_eq!(deep.root.nodes(), deep.nodes(), "{at}");
            assert_eq!(simple.counters(), &simple.stats, "{at}");
            assert_eq!(deep.counters(), &deep.root.stats.shared, "{at}");
            assert_eq!(deep.root.counters(), deep.counters(), "{at}");
        }
    }
}

/// Nodes mean the same in both: every call of the search, the root's and each move's. They
/// are equal where both searches make the same calls, one iteration of depth 1 on a pile
/// that no move ends (the root and one leaf a move: the deep search's iteration is a single
/// one, its leaves are quiescence calls with nothing to search, and its null-window second
/// move fails low as alpha-beta's does); anywhere deeper, iterative deepening, the table and
/// principal-variation search's re-searches make them differ.
#[test]
fn both_searchers_count_the_same_calls_as_nodes() {
    use nullmove_optimized::DeepSearcher;
    let config = Config::new(1).with_guards(Guards::NO_NULL_MOVE);
    for left in 3..=12_u16 {
        let game = Pile {
            left,
            max_to_move: left % 2 == 0,
        };
        let simple = search(game, &config);
        let mut searcher = DeepSearcher::new(game);
        let deep = searcher.search(&config, |_| {}).expect("a search");
        assert_eq!((simple.nodes(), deep.nodes()), (3, 3), "pile {left}");
        assert_eq!(simple.moves().len(), deep.moves().len(), "pile {left}");
    }
}

/// Connect Four where the first player wins at once (`334455`: columns 2 and 6 both win):
/// both searchers see the win in one ply, each on its own scale, and each plays a winning
/// move.
#[test]
fn both_reports_see_the_same_win_in_connect_four() {
    use nullmove_optimized::games::connect_four::{ConnectFour, WIN};
    use nullmove_optimized::{DeepSearcher, MATE};
    let game: ConnectFour = "334455".parse().expect("a game");
    let config = Config::new(3).with_guards(Guards::NO_NULL_MOVE);
    let simple = search(game, &config);
    let mut searcher = DeepSearcher::new(game);
    let deep = searcher.search(&config, |_| {}).expect("a search");
    assert_eq!((simple.value(), deep.value()), (WIN - 1, MATE - 1));
    for best in [simple.best_move(), deep.best_move()] {
        let mut after = game;
        after.play(best.expect("a move"));
        assert!(after.terminal_score(1).is_some_and(|v| v > 0), "{best:?}");
    }
}

/// Nodes per second are the nodes over the time the search took, to the whole node (0
/// before a microsecond has passed).
#[test]
fn nodes_per_second_are_nodes_over_the_time_taken() {
    use nullmove_optimized::games::connect_four::ConnectFour;
    use nullmove_optimized::{DeepReport, DeepSearcher};
    assert_eq!(DeepReport::<u8>::default().nodes_per_second(), 0);
    let game: ConnectFour = "4433".parse().expect("a game");
    let mut searcher = DeepSearcher::new(game);
    let config = Config::new(8).with_guards(Guards::R3);
    let r = searcher.search(&config, |_| {}).expect("a search");
    let micros = r.elapsed.as_micros();
    assert!(
        micros > 0 && r.nodes() > 1_000,
        "{micros} µs, {} nodes",
        r.nodes()
    );
    let per_second = r.nodes() as f64 / (micros as f64 / 1e6);
    assert!(
        (r.nodes_per_second() as f64 - per_second).abs() <= 1.0,
        "{} vs {per_second}",
        r.nodes_per_second()
    );
}
