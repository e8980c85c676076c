//! Tic-tac-toe's engines for the workspace: the generic searcher on [`TicTacToe`] behind
//! the [`Engine`] interface every engine shares, node for node the page's function.
//!
//! They are users of the generic API like any other game: a [`Config`] from the page's
//! parameters, [`Searcher::search`], and the generic [`Report`] and [`Event`]s translated
//! into the workspace's tic-tac-toe report and trace (cells, X and O).

use std::cell::RefCell;

use nullmove_core::{
    self as core, Board, Engine, MoveValue, Position, RootReport, SearchParams, Stats, Value,
};

use super::{Mark, TicTacToe};
use crate::{Config, Event, EventSink, Guards, Report, SearchError, Searcher};

impl From<&SearchParams> for Config {
    /// The page's parameters: its depth limit, and null move at its R in null mode (no
    /// guard), none in plain mode.
    fn from(p: &SearchParams) -> Self {
        GuardedEngine::new(Guards::unguarded(p.reduction())).config(p)
    }
}

impl From<SearchParams> for Config {
    fn from(p: SearchParams) -> Self {
        Self::from(&p)
    }
}

thread_local! {
    /// Each thread's searcher, so that an [`Engine`] call (which takes `&self` and may run
    /// on any thread) reuses the working memory of the thread's last search.
    static SEARCHER: RefCell<Searcher<Mark>> = RefCell::new(Searcher::new());
}

/// Runs `f` with this thread's searcher, or with a fresh one if it is busy (a sink that
/// searches from inside a traced search).
// PERF: without the reuse, every `Engine::search` allocates the principal variation's rows
// and the report's lists anew (about a dozen allocations per search at depth 9).
fn with_searcher<T>(f: impl FnOnce(&mut Searcher<Mark>) -> T) -> T {
    SEARCHER.with(|s| match s.try_borrow_mut() {
        Ok(mut searcher) => f(&mut searcher),
        Err(_) => f(&mut Searcher::new()),
    })
}

/// The workspace's report of a tic-tac-toe search: cells for moves.
fn root_report(r: &Report<Mark>) -> RootReport {
    RootReport {
        best_move: r.best_move.map(Mark::cell),
        value: r.value,
        nodes: r.stats.nodes,
        moves: r
            .moves
            .iter()
            .map(|m| MoveValue {
                cell: m.mv.cell(),
                value: m.value,
            })
            .collect(),
        stats: r.stats,
    }
}

/// Hands the generic searcher's events to the workspace's tic-tac-toe trace, each move as
/// its cell.
struct CellTrace<'a, S: EventSink + ?Sized>(&'a mut S);

impl<S: EventSink + ?Sized> EventSink<Mark> for CellTrace<'_, S> {
    fn enabled(&self) -> bool {
        self.0.enabled()
    }

    fn event(&mut self, event: Event<Mark>) {
        self.0.event(event.map_move(Mark::cell));
    }
}

/// The optimized engine: the page's search (no guard) on [`TicTacToe`].
///
/// A whole search makes exactly one heap allocation, the report's move list, once the
/// thread's searcher has searched before; the search itself makes none.
///
/// # Example
/// ```
/// use nullmove_optimized::games::tictactoe::{Engine, Mode, OptimizedEngine, Position, SearchParams};
/// let pitfall: Position = "...O.X...".parse().unwrap();
/// let plain = OptimizedEngine.search(&pitfall, &SearchParams::new(3, 1, Mode::Plain).unwrap());
/// let null = OptimizedEngine.search(&pitfall, &SearchParams::new(3, 1, Mode::Null).unwrap());
/// assert_eq!((plain.best_move, plain.value), (Some(4), 12)); // "Pitfalls"
/// assert_eq!((null.best_move, null.value), (Some(0), 9));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct OptimizedEngine;

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
        GuardedEngine::new(Guards::unguarded(0)).search_traced(position, params, sink)
    }

    fn search(&self, position: &Position, params: &SearchParams) -> RootReport {
        GuardedEngine::new(Guards::unguarded(0)).search(position, params)
    }
}

/// The optimized engine with guards, behind the [`Engine`] interface: plain mode is plain
/// alpha-beta (no guard reads it); null mode is the search with `guards` at the page's R
/// (the parameters' R replaces the guards' own). With [`Guards::unguarded`] it is
/// [`OptimizedEngine`]; with [`Guards::NO_NULL_MOVE`] it never passes.
///
/// # Example
/// The page's pitfall ("Pitfalls"): at depth limit 3 with R = 1 the probe after X's centre
/// move lands on the horizon and null-move search settles for cell 0. A minimum probe depth
/// of one ply refuses that probe, and the search finds the centre again.
/// ```
/// use nullmove_optimized::Guards;
/// use nullmove_optimized::games::tictactoe::{Engine, GuardedEngine, Mode, Position, SearchParams};
/// let pitfall: Position = "...O.X...".parse().unwrap();
/// let params = SearchParams::new(3, 1, Mode::Null).unwrap();
/// let page = GuardedEngine::new(Guards::unguarded(1)).search(&pitfall, &params);
/// assert_eq!((page.best_move, page.value), (Some(0), 9));
/// let k1 = Guards { min_probe_depth: 1, ..Guards::unguarded(1) };
/// let guarded = GuardedEngine::new(k1).search(&pitfall, &params);
/// assert_eq!((guarded.best_move, guarded.value), (Some(4), 12));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GuardedEngine {
    /// The guards applied in null mode.
    pub guards: Guards,
}

impl GuardedEngine {
    /// The engine with `guards`.
    #[must_use]
    pub const fn new(guards: Guards) -> Self {
        Self { guards }
    }

    /// The configuration of one search with `params`.
    #[must_use]
    pub fn config(&self, params: &SearchParams) -> Config {
        let guards = if params.mode() == core::Mode::Null {
            self.guards.with_reduction(params.reduction())
        } else {
            Guards::NO_NULL_MOVE
        };
        // The workspace's report has no principal variation.
        Config::new(params.depth_limit())
            .with_guards(guards)
            .with_pv(false)
    }
}

impl Engine for GuardedEngine {
    fn name(&self) -> &'static str {
        "optimized"
    }

    fn search_traced(
        &self,
        position: &Position,
        params: &SearchParams,
        sink: &mut dyn EventSink,
    ) -> RootReport {
        let config = self.config(params);
        with_searcher(|s| {
            root_report(s.search_traced(TicTacToe::from(position), &config, &mut CellTrace(sink)))
        })
    }

    fn search(&self, position: &Position, params: &SearchParams) -> RootReport {
        let config = self.config(params);
        with_searcher(|s| root_report(s.search(TicTacToe::from(position), &config)))
    }
}

/// One call of the page's function on a raw board, `depth` plies below the root, with the
/// window `(alpha, beta)` and null move allowed: the same contract as
/// `nullmove_naive::search_window`, for comparing the engines below the root. Allocates
/// nothing once the thread has searched before.
///
/// # Example
/// ```
/// use nullmove_optimized::games::tictactoe::{Mode, Position, SearchParams, search_window};
/// // The pitfall after X takes the centre: O to move at depth 1 with alpha already 9.
/// let after: Position = "...OXX...".parse().unwrap();
/// let params = SearchParams::new(3, 1, Mode::Null).unwrap();
/// let (value, stats) = search_window(after.board(), 1, false, 9, 1_000_000, &params).unwrap();
/// assert_eq!((value, stats.null_cutoffs), (9, 1)); // pruned on the horizon probe's word
/// ```
pub fn search_window(
    board: &Board,
    depth: u32,
    maximizing: bool,
    alpha: Value,
    beta: Value,
    params: &SearchParams,
) -> Result<(Value, Stats), SearchError> {
    let config = Config::from(params);
    with_searcher(|s| {
        s.search_window(
            TicTacToe::new(board, maximizing),
            &config,
            depth,
            alpha,
            beta,
        )
    })
}
