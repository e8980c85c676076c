//! Null-move search for anyone's game: a generic, allocation-free, deterministic alpha-beta
//! searcher with null-move pruning and the guards real engines put around it.
//!
//! Implement [`Game`] for your game (moves, play, pass, a terminal score, a static
//! evaluation), choose a [`Config`] (a depth limit and the [`Guards`]: whether and how the
//! null move is tried), and call [`search`]. The [`Report`] names the best move (ties go
//! to the earlier move in your move order), every root move's value and whether it is
//! exact or a bound, the principal variation, and the node counts. [`Searcher`] searches
//! many positions without allocating; [`search_traced`] shows every step as [`Event`]s.
//!
//! The search is, step for step, the null-move search of the algorithms page this
//! workspace reproduces ("the page", its "Reference implementation"): fail-soft alpha-beta
//! in your move order, where a node may first pass and search the opponent's reply R plies
//! shallower, and is cut if even that reaches its bound. The guards around it are named
//! after the engines and papers they come from, and on the page's own game, tic-tac-toe
//! ([`games::tictactoe`]), it visits exactly the page's nodes, which the workspace checks on
//! every reachable position.
//!
//! **Values** are your game's: the page's searcher ([`search`], [`Searcher`]) returns the
//! scores your [`Game::terminal_score`] and [`Game::evaluate`] give, unchanged (the pile
//! game, [`games::Pile`], scores a win `100 - depth`: won at ply 3, it reads 97). The
//! deep searcher ([`DeepSearcher`]) scores a finished game itself, by distance: a win `n`
//! plies from its root is [`MATE`]` - n` (the same pile: 29,997).
//! The two scales differ only in how a finished game is scored. Both reports read alike:
//! `best_move()`, `value()`, `pv()`, `moves()`, `nodes()` and `counters()` on a [`Report`] and
//! on a [`DeepReport`], which adds the depth reached and the time. [`games::connect_four`] is
//! a real game with zugzwang, for both searchers, the benchmarks and your own experiments.
//!
//! **Where things are.** The two searchers are two modules of the same shape: `page/` (the
//! page's searcher) and `deep/`, each with `searcher.rs` (the entry points and the memory
//! kept between searches), `root.rs`, `node.rs` (one call of the recursion) and
//! `null_move.rs` (its null-move block); `deep/` adds what only a real engine needs
//! (`quiescence.rs`, `ordering.rs`, `tt.rs`, `limits.rs`, ...). Both read `game_interface.rs`
//! ([`Game`]), `config.rs` ([`Config`]), `guards.rs` ([`Guards`]) and `report.rs`
//! ([`Report`]). [`games`] holds the games the library ships: tic-tac-toe, Connect Four and
//! the pile game every example and unit test uses.
//!
//! # Example
//! Connect-the-dots in one row: players alternately claim the leftmost or rightmost free
//! dot of five; the maximizer scores +1 per dot it holds, the minimizer -1.
//! ```
//! use nullmove_optimized::{search, Config, Game, Guards, Value};
//!
//! #[derive(Clone, Copy)]
//! struct Dots { left: u8, right: u8, score: Value, max_to_move: bool }
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Side { Left, Right }
//!
//! impl Game for Dots {
//!     type Move = Side;
//!     type Moves = std::array::IntoIter<Side, 2>;
//!     fn maximizing(&self) -> bool { self.max_to_move }
//!     fn moves(&self) -> Self::Moves { [Side::Left, Side::Right].into_iter() }
//!     fn play(&mut self, side: Side) {
//!         match side { Side::Left => self.left += 1, Side::Right => self.right -= 1 }
//!         self.score += if self.max_to_move { 1 } else { -1 };
//!         self.max_to_move = !self.max_to_move;
//!     }
//!     fn pass(&mut self) { self.max_to_move = !self.max_to_move; }
//!     fn terminal_score(&self, _depth: u32) -> Option<Value> {
//!         (self.left > self.right).then_some(self.score)
//!     }
//!     fn evaluate(&self) -> Value { self.score }
//! }
//!
//! let start = Dots { left: 0, right: 4, score: 0, max_to_move: true };
//! let report = search(start, &Config::new(5).with_guards(Guards::R2));
//! assert_eq!(report.value, 1); // three dots against two
//! assert_eq!(report.best_move, Some(Side::Left)); // both are as good: the first wins ties
//! assert_eq!(report.pv.len(), 5);
//! assert!(report.nodes() > 0);
//! ```

mod config;
mod deep;
mod game_interface;
pub mod games;
mod guards;
mod page;
mod report;

pub use config::Config;
pub use deep::{
    DEFAULT_ASPIRATION, DeepOptions, FUTILITY_DEPTH, FUTILITY_MARGIN, IterationControl, LMP_DEPTH,
    LMR_FULL_MOVES, LMR_MIN_DEPTH, Limits, PvLine, RFP_DEPTH, RFP_MARGIN, SEE_NOISY_MARGIN,
    SEE_PRUNING_DEPTH, SEE_QUIET_MARGIN, Score, Stop, StopHandle,
};
pub use deep::{
    DEFAULT_TT_BITS, DeepError, DeepGame, DeepReport, DeepSearcher, DeepStats, MATE, MATE_BOUND,
    MAX_DEPTH, MAX_PLY, MAX_THREADS,
};
pub use game_interface::Game;
pub use guards::{
    GuardError, Guards, HEINZ_DEPTH, PresetError, ReductionRule, STOCKFISH_EVAL_R,
    STOCKFISH_VERIFY_FROM, Verification,
};
pub use nullmove_core::{Event, EventSink, INF, LeafKind, NoSink, Player, Stats, Value};
pub use page::{SearchError, Searcher, search, search_traced};
pub use report::{Bound, Counters, Report, RootMove};
