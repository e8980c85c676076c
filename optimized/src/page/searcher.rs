//! The page's searcher's entry points: one call, [`search`], and [`Searcher`], which keeps
//! its memory between searches; both build a [`Report`] from the recursive search
//! (`node.rs`).

use nullmove_core::{EventSink, INF, NoSink, Stats, Value};

use super::lines::Lines;
use super::node::Run;
use super::root::{NoHook, RootMoves};
use crate::{Config, Game, Report};

/// Searches `game` under `config` and reports on its root: the one call.
///
/// Allocates the report's two lists (and the principal variation's working rows); to search
/// many positions without allocating, keep a [`Searcher`].
///
/// # Example
/// The library's pile game ([`Pile`](crate::games::Pile): take 1 or 2, whoever empties the
/// pile wins). From 4, the maximizer takes 1 and leaves a multiple of 3.
/// ```
/// use nullmove_optimized::games::Pile;
/// use nullmove_optimized::{search, Bound, Config, Guards};
///
/// let report = search(Pile::new(4), &Config::new(10).with_guards(Guards::NO_NULL_MOVE));
/// assert_eq!(report.best_move, Some(1));
/// assert_eq!(report.value, 97); // the maximizer empties the pile at ply 3
/// assert_eq!(report.pv, [1, 1, 2]); // the loser's best try (1) first, by move order
/// assert_eq!(report.moves[0].bound, Bound::Exact);
/// assert_eq!(report.moves[1].bound, Bound::Upper); // taking 2 only proved no better
/// ```
#[must_use]
pub fn search<G: Game>(game: G, config: &Config) -> Report<G::Move> {
    search_traced(game, config, &mut NoSink)
}

/// [`search`], emitting every step into `sink`.
pub fn search_traced<G: Game, S: EventSink<G::Move> + ?Sized>(
    game: G,
    config: &Config,
    sink: &mut S,
) -> Report<G::Move> {
    let mut searcher = Searcher::new();
    searcher.search_traced(game, config, sink);
    searcher.report
}

/// A searcher that keeps its working memory (the report's lists, the principal variation's
/// rows) from one search to the next, so that once they have grown to a game's size, a
/// search allocates nothing at all.
///
/// # Example
/// ```
/// use nullmove_optimized::games::tictactoe::{Position, TicTacToe};
/// use nullmove_optimized::{Config, Guards, Searcher};
/// let mut searcher = Searcher::new();
/// let config = Config::new(5).with_guards(Guards::unguarded(3));
/// let report = searcher.search(TicTacToe::from(Position::empty()), &config);
/// assert_eq!(report.nodes(), 803); // the page's "Why it works" figure
/// assert_eq!(report.moves.len(), 9);
/// ```
#[derive(Debug, Clone)]
pub struct Searcher<M> {
    lines: Lines<M>,
    report: Report<M>,
}

impl<M> Default for Searcher<M> {
    fn default() -> Self {
        Self {
            lines: Lines::default(),
            report: Report::default(),
        }
    }
}

impl<M: Copy + Eq + std::fmt::Debug> Searcher<M> {
    /// A searcher with no memory yet.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Searches `game` under `config` (see [`search`]); the report stays in the searcher
    /// until the next search.
    pub fn search<G: Game<Move = M>>(&mut self, game: G, config: &Config) -> &Report<M> {
        self.search_traced(game, config, &mut NoSink)
    }

    /// Searches `game` under `config`, emitting every step into `sink`.
    pub fn search_traced<G: Game<Move = M>, S: EventSink<M> + ?Sized>(
        &mut self,
        game: G,
        config: &Config,
        sink: &mut S,
    ) -> &Report<M> {
        let report = &mut self.report;
        report.moves.clear();
        report.pv.clear();
        if config.pv() {
            self.lines.clear(0);
        }
        let mut run = Run::new(config, sink, &mut self.lines);
        let mut hook = RootMoves {
            moves: &mut report.moves,
            best: None,
        };
        report.value = run.enter(game, 0, -INF, INF, &mut hook);
        report.best_move = hook.best;
        report.stats = run.stats;
        if config.pv() {
            report.pv.extend(self.lines.line(0));
            debug_assert_eq!(report.pv.first(), report.best_move.as_ref());
        }
        report
    }

    /// One call of the recursive search on `game` at `depth` with the window
    /// `(alpha, beta)`, null move allowed, as a parent's move loop calls it: a search from
    /// a node below some root. Returns the value (fail-soft: at or below alpha an upper
    /// bound, at or above beta a lower bound, between them exact) and the counters; the
    /// report is left as the last [`Searcher::search`] made it.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::games::connect_four::{ConnectFour, WIN};
    /// use nullmove_optimized::{Config, SearchError, Searcher, INF};
    /// let mut searcher = Searcher::new();
    /// let game: ConnectFour = "334455".parse().unwrap(); // the first player wins at once
    /// let (value, _) = searcher.search_window(game, &Config::new(3), 0, -INF, INF).unwrap();
    /// assert_eq!(value, WIN - 1);
    /// let refused = searcher.search_window(game, &Config::new(3), 0, 5, 5);
    /// assert_eq!(refused, Err(SearchError::Window(5, 5)));
    /// ```
    pub fn search_window<G: Game<Move = M>>(
        &mut self,
        game: G,
        config: &Config,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Result<(Value, Stats), SearchError> {
        if !(-INF <= alpha && alpha < beta && beta <= INF) {
            return Err(SearchError::Window(alpha, beta));
        }
        let mut sink = NoSink;
        let mut run = Run::new(config, &mut sink, &mut self.lines);
        let value = run.enter(game, depth, alpha, beta, &mut NoHook);
        Ok((value, run.stats))
    }

    /// Grows the searcher's memory for lines of up to `plies` real moves with up to
    /// `root_moves` root moves, so that no search allocates: the principal variation's rows
    /// (a square of side `plies + 1`, rounded up to a power of two) and the report's lists.
    /// `plies` is the depth limit or the game's longest game, whichever is smaller
    /// (tic-tac-toe: 9 at any depth limit): the rows follow the real moves from the root,
    /// never the plies a probe jumps. Without it the memory grows during the first
    /// searches, to what they needed.
    pub fn reserve(&mut self, plies: u32, root_moves: usize) {
        self.lines.reserve(plies as usize);
        self.report.moves.reserve(root_moves);
        self.report.pv.reserve(plies as usize);
    }

    /// The last search's report.
    #[must_use]
    pub const fn report(&self) -> &Report<M> {
        &self.report
    }

    /// The last search's report, taken out of the searcher.
    #[must_use]
    pub fn into_report(self) -> Report<M> {
        self.report
    }
}

/// Why a search was refused, in the same words as the deep searcher's
/// [`crate::DeepError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SearchError {
    /// The window is empty or outside the scores.
    Window(Value, Value),
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Window(alpha, beta) => write!(
                f,
                "window ({alpha}, {beta}) is not a window: expected -INF <= alpha < beta <= INF"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Guards;
    use crate::games::tictactoe::{Position, TicTacToe};

    /// A probe's child may start a million plies down (depth limit 999,999, R 999,990), but
    /// the line's rows follow the plies a line can have (tic-tac-toe's nine), not the depth:
    /// sixteen rows of sixteen, not a million of a million.
    #[test]
    fn the_line_rows_follow_the_plies_not_the_depth() {
        let mut searcher = Searcher::new();
        for r in [6, 999_990, 999_997] {
            let config = Config::new(999_999).with_guards(Guards::unguarded(r));
            let report = searcher.search(TicTacToe::from(Position::empty()), &config);
            assert!(!report.pv.is_empty());
            assert_eq!(searcher.lines.rows(), 16, "R {r}");
        }
        searcher.reserve(9, 9);
        assert_eq!(searcher.lines.rows(), 16);
    }
}
