//! The optimized engine: the page's null-move search, node for node, generic and fast.
//!
//! [`Searcher`] runs the page's `nullMoveSearch` ("Reference implementation") over any
//! [`Game`](nullmove_core::Game) and any [`EventSink`]; [`TicTacToe`] is the game on
//! bitboards. Together they visit exactly the naive mirror's nodes, keep the same [`Stats`]
//! and emit the same events in the same order (the differential tests in `tests/` check all
//! 4,520 non-terminal positions, depth limits 1..=9, R 0..=6, both modes), without a heap
//! allocation in the search (`tests/alloc.rs`).
//!
//! # Example
//! ```
//! use nullmove_core::{Engine, Mode, Position, SearchParams};
//! use nullmove_optimized::OptimizedEngine;
//! let pitfall: Position = "...O.X...".parse().unwrap();
//! let plain = OptimizedEngine.search(&pitfall, &SearchParams::new(3, 1, Mode::Plain).unwrap());
//! let null = OptimizedEngine.search(&pitfall, &SearchParams::new(3, 1, Mode::Null).unwrap());
//! assert_eq!((plain.best_move, plain.value), (Some(4), 12)); // "Pitfalls"
//! assert_eq!((null.best_move, null.value), (Some(0), 9));
//! ```

mod counting;
mod deep;
mod guards;
mod search;
mod tictactoe;

pub use counting::CountingAllocator;
pub use deep::{
    DEFAULT_TT_BITS, DeepConfig, DeepError, DeepGame, DeepReport, DeepSearcher, DeepStats,
    HEINZ_ABOVE, INFINITY, Iteration, MATE, MATE_BOUND, MAX_DEPTH, MAX_PLY, NullMove, Outcome,
    Preset, PresetError, Reduction, STOCKFISH_VERIFY_FROM, VerifyRule,
};
pub use guards::{
    Confirm, GuardError, GuardedEngine, Guards, HEINZ_DEPTH, Verification, Verifying,
};
pub use search::{Config, NoHook, Recorder, RootHook, Searcher};
pub use tictactoe::{FULL, KEYS, Mark, Marks, TicTacToe, ToPositionError, key_of};

use nullmove_core::{
    Board, Cell, Engine, EventSink, NoSink, Position, RootReport, RootTracker, SearchParams, Stats,
    Value,
};

/// The optimized engine behind the [`Engine`] interface: [`Searcher`] on [`TicTacToe`].
///
/// A whole search makes exactly one heap allocation, the root report's move list
/// ([`RootTracker::new`]), before it starts searching; the search itself makes none.
#[derive(Debug, Clone, Copy, Default)]
pub struct OptimizedEngine;

impl OptimizedEngine {
    /// Searches `position` under `config` (the page's parameters, and the safeguards for
    /// [`GuardedEngine`]).
    fn run<S: EventSink + ?Sized>(position: &Position, config: Config, sink: &mut S) -> RootReport {
        let mover = position.side_to_move();
        let mut root = RootTracker::new();
        let mut searcher = Searcher::new(TicTacToe::from(position), config, sink);
        let value = searcher.search_root(|mark, v| root.record(mark.cell(), v));
        debug_assert_eq!(
            searcher.game(),
            &TicTacToe::from(position),
            "state restored"
        );
        root.finish(mover, value, searcher.stats())
    }
}

impl Engine for OptimizedEngine {
    fn name(&self) -> &'static str {
        "optimized"
    }

    fn search_traced(
        &self,
        position: &Position,
        params: &SearchParams,
        sink: &mut dyn EventSink,
    ) -> RootReport {
        Self::run(position, params.into(), sink)
    }

    fn search(&self, position: &Position, params: &SearchParams) -> RootReport {
        Self::run(position, params.into(), &mut NoSink)
    }
}

/// A whole root search with the root moves' values kept in a fixed array instead of the
/// report's `Vec`: what `nullmove bench` times and `tests/alloc.rs` proves allocation-free,
/// so the benchmark measures exactly the path the test covers. Returns the root value, the
/// root moves (`len` of them, in cell order) and the statistics.
///
/// # Example
/// ```
/// use nullmove_core::{Mode, Position, SearchParams};
/// let pitfall: Position = "...O.X...".parse().unwrap();
/// let params = SearchParams::new(3, 1, Mode::Null).unwrap();
/// let (value, root, len, stats) = nullmove_optimized::search_fixed(&pitfall, &params);
/// assert_eq!((value, len, root[0], stats.nodes), (9, 7, (0, 9), 79));
/// ```
// PERF: inlined into the caller, as the loop it replaced was: `valgrind --tool=callgrind
// nullmove bench --engine optimized` counts 2,146 M instructions inlined, 2,179 M out of line.
#[inline]
#[must_use]
pub fn search_fixed(
    position: &Position,
    params: &SearchParams,
) -> (Value, [(Cell, Value); 9], usize, Stats) {
    let mut sink = NoSink;
    let mut searcher = Searcher::new(TicTacToe::from(position), params.into(), &mut sink);
    let mut root = [(0, 0); 9];
    let mut len = 0;
    let value = searcher.search_root(|mark, v| {
        root[len] = (mark.cell(), v);
        len += 1;
    });
    (value, root, len, searcher.stats())
}

/// One call of the page's function on a raw board, `depth` plies below the root, with the
/// window `(alpha, beta)` and `allowNull = true`: the same contract as
/// `nullmove_naive::search_window`, for comparing the engines below the root. Allocates
/// nothing.
///
/// # Example
/// ```
/// use nullmove_core::{Mode, Position, SearchParams};
/// use nullmove_optimized::search_window;
/// // The pitfall after X takes the centre: O to move at depth 1 with alpha already 9.
/// let after: Position = "...OXX...".parse().unwrap();
/// let params = SearchParams::new(3, 1, Mode::Null).unwrap();
/// let (value, stats) = search_window(after.board(), 1, false, 9, 1_000_000, &params);
/// assert_eq!((value, stats.null_cutoffs), (9, 1)); // pruned on the horizon probe's word
/// ```
#[must_use]
pub fn search_window(
    board: &Board,
    depth: u32,
    maximizing: bool,
    alpha: Value,
    beta: Value,
    params: &SearchParams,
) -> (Value, Stats) {
    let mut sink = NoSink;
    let mut searcher = Searcher::new(TicTacToe::new(board, maximizing), params.into(), &mut sink);
    let value = searcher.search_window(depth, alpha, beta);
    (value, searcher.stats())
}
