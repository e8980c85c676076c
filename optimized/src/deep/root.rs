//! The two ways to search: iterative deepening from the root under limits, reporting each
//! iteration, and one call of the recursion with a window.

use std::ops::ControlFlow;

use nullmove_core::{INF, Value};

use super::game_hooks::{DeepGame, MATE_BOUND, MAX_PLY};
use super::limits::{Clock, Limits, Stop};
use super::report::{DeepError, DeepReport, MAX_DEPTH};
use super::searcher::{DeepSearcher, Found, INFINITY};
use crate::Config;

/// What an iteration callback returns: nothing (the search goes on), or a
/// [`ControlFlow`], whose `Break` ends the search after this iteration (a UCI engine
/// that sees too little time left for the next one).
pub trait IterationControl {
    /// Whether the search goes on.
    fn proceed(self) -> bool;
}

impl IterationControl for () {
    fn proceed(self) -> bool {
        true
    }
}

impl IterationControl for ControlFlow<()> {
    fn proceed(self) -> bool {
        self.is_continue()
    }
}

impl<G: DeepGame> DeepSearcher<G> {
    /// Iterative deepening from depth 1 to `config`'s depth limit under its guards, calling
    /// `on_iteration` with each iteration's report; returns the last. The table carries
    /// over from one iteration to the next (and from an earlier search, until
    /// [`DeepSearcher::clear`]); the counters start at zero.
    pub fn search<R: IterationControl>(
        &mut self,
        config: &Config,
        on_iteration: impl FnMut(&DeepReport<G::Move>) -> R,
    ) -> Result<&DeepReport<G::Move>, DeepError> {
        self.search_with_limits(config, &Limits::new(), on_iteration)
    }

    /// [`DeepSearcher::search`], ended also by `limits` (nodes, time, a stop handle) or by
    /// `on_iteration` returning `ControlFlow::Break(())`, whichever comes first; time
    /// counts only once the first iteration is complete, so a search on a clock always
    /// plays a move it searched (a stop counts at once, and so does a node limit, of this
    /// thread's nodes until then). Returns the
    /// report of the last iteration completed, or of the one stopped in when it had
    /// already proven a root move ([`DeepReport`] says how), with `stopped` saying why; it
    /// names a move once any root move of depth 1 was searched. `on_iteration` sees
    /// completed iterations only.
    ///
    /// # Example
    /// The library's pile game ([`Pile`](crate::games::Pile)) at 10,000 stones: far too deep
    /// to finish, so a budget of nodes ends it, the same way every time.
    /// ```
    /// use std::ops::ControlFlow;
    /// use nullmove_optimized::games::Pile;
    /// use nullmove_optimized::{Config, DeepSearcher, Guards, Limits, Stop};
    /// let mut searcher = DeepSearcher::new(Pile::new(10_000));
    /// let config = Config::new(64).with_guards(Guards::NO_NULL_MOVE);
    /// let limits = Limits::new().with_nodes(5_000);
    /// let mut lines = Vec::new();
    /// let report = searcher.search_with_limits(&config, &limits, |it| {
    ///     // Everything a UCI `info` line prints.
    ///     lines.push(format!(
    ///         "info depth {} seldepth {} score {} nodes {} time {} hashfull {} pv {:?}",
    ///         it.depth, it.seldepth, it.score(), it.nodes(), it.elapsed.as_millis(),
    ///         it.hashfull, it.root.pv,
    ///     ));
    ///     ControlFlow::Continue(())
    /// }).expect("depth 64 is within the deep search's limit");
    /// assert_eq!(report.stopped, Some(Stop::Nodes));
    /// assert_eq!(report.nodes(), 5_000);
    /// let chosen = report.root.best_move;
    /// assert!(chosen.is_some() && !lines.is_empty());
    /// // From the same state (a new game: the table forgotten), the same nodes, the same move.
    /// searcher.set_game(Pile::new(10_000));
    /// let again = searcher.search_with_limits(&config, &limits, |_| {}).expect("the same depth");
    /// assert_eq!((again.nodes(), again.root.best_move), (5_000, chosen));
    /// ```
    pub fn search_with_limits<R: IterationControl>(
        &mut self,
        config: &Config,
        limits: &Limits,
        mut on_iteration: impl FnMut(&DeepReport<G::Move>) -> R,
    ) -> Result<&DeepReport<G::Move>, DeepError> {
        let depth = config.depth_limit();
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(DeepError::Depth(depth));
        }
        self.configure(config, 0);
        if !self.helper {
            self.tt.new_search();
        }
        self.clock = Clock::start(limits, 0);
        self.report.reset();
        self.reporting = true;
        let root = self.game.clone();
        self.report.maximizing = root.maximizing();
        self.age_history();
        let mut previous = None;
        for d in 1..=depth {
            self.seldepth = 0;
            if self.several_lines() {
                if !self.iterate_lines(&root, d) {
                    break;
                }
                self.root_best = self.report.root.best_move;
                self.clock.first_iteration_done(self.stats.shared.nodes);
                if !on_iteration(&self.report).proceed() {
                    self.clock.stop(Stop::Callback);
                    break;
                }
                continue;
            }
            let value = self.iterate(&root, d as i32, previous);
            previous = Some(value);
            if self.clock.stopped.is_some() {
                if let Some(f) = self.found {
                    self.publish(d, f.value, Some(f.mv), f.line, false);
                }
                break;
            }
            // A root without moves (a finished game) proves no move: it is its value.
            let (best, line) = self.found.map_or((None, true), |f| (Some(f.mv), f.line));
            self.publish(d, value, best, line, true);
            self.root_best = self.report.root.best_move;
            self.clock.first_iteration_done(self.stats.shared.nodes);
            if !on_iteration(&self.report).proceed() {
                self.clock.stop(Stop::Callback);
                break;
            }
        }
        self.reporting = false;
        let report = &mut self.report;
        report.stopped = self.clock.stopped;
        report.root.stats = self.stats;
        report.threads_nodes = self.clock.publish(self.stats.shared.nodes);
        report.elapsed = self.clock.elapsed();
        report.hashfull = self.tt.hashfull();
        Ok(&self.report)
    }

    /// One iteration's search of the root, `depth` plies deep: in the open window, or, with
    /// aspiration windows on and the previous iteration's `previous` value no mate score,
    /// in a window around it, searched again with the side that failed twice as far out
    /// (the open window's bound once past it) until the value falls inside: the value is
    /// then the open window's.
    pub(super) fn iterate(&mut self, root: &G, depth: i32, previous: Option<Value>) -> Value {
        let (mut alpha, mut beta, mut width) = match (self.options.aspiration(), previous) {
            // PERF: off by default: on WAC's first 50 (R 3, depth 8) every half-width tried,
            // 25 to 100, cost 2.6% to 4.3% more nodes (CHANGELOG.md, 2026-12-01).
            (Some(w), Some(v)) if v.abs() < MATE_BOUND => (v - w, v + w, w),
            _ => (-INFINITY, INFINITY, 0),
        };
        self.found = None;
        self.root_depth = depth;
        loop {
            let earlier = self.found;
            self.root_moves.clear();
            self.found = None;
            let value = self.node(root, depth, 0, alpha, beta, false);
            if self.stopped() {
                // A move that failed high before stays proven better than the others.
                if self.found.is_none() {
                    self.found = earlier.map(|f| Found { line: false, ..f });
                }
                return value;
            }
            width = width.saturating_mul(2);
            if value <= alpha {
                alpha = value.saturating_sub(width).max(-INFINITY);
            } else if value >= beta {
                beta = value.saturating_add(width).min(INFINITY);
                // The move that failed high is searched first again.
                self.root_best = self.found.map(|f| f.mv).or(self.root_best);
            } else {
                return value;
            }
            self.stats.aspiration_researches += 1;
        }
    }

    /// Makes iteration `depth`'s root the report: `value` the root's, for the side to move,
    /// `best` its best move, `line` whether the principal-variation table holds its line.
    pub(super) fn publish(
        &mut self,
        depth: u32,
        value: Value,
        best: Option<G::Move>,
        line: bool,
        complete: bool,
    ) {
        let report = &mut self.report;
        report.depth = depth;
        report.seldepth = self.seldepth as u32;
        report.complete = complete;
        report.root.value = if report.maximizing { value } else { -value };
        report.root.best_move = best;
        report.root.moves.clear();
        report.root.moves.extend_from_slice(&self.root_moves);
        report.root.pv.clear();
        if self.keep_pv {
            if line {
                let line = &self.pv[..self.pv_len[0]];
                report
                    .root
                    .pv
                    .extend(line.iter().map(|m| m.expect("a PV entry")));
            } else {
                report.root.pv.extend(best);
            }
        }
        report.root.stats = self.stats;
        report.threads_nodes = self.clock.publish(self.stats.shared.nodes);
        report.elapsed = self.clock.elapsed();
        report.hashfull = self.tt.hashfull();
    }

    /// One call of the recursive search on the game as if it stood `ply` plies below a root
    /// (so draws by rule apply and mates count from that root; at ply 0 it is the root; the
    /// last `ply` positions of [`DeepSearcher::set_history`] lie inside the search, where a
    /// repetition draws at once), with `config`'s depth limit as the plies left and the
    /// window `(alpha, beta)`, from the maximizer's point of view like the value returned.
    /// Fail-soft: a value at or below alpha is an upper bound of the true value, one at or
    /// above beta a lower bound, one between them exact. The table and killers are used and
    /// kept; [`DeepSearcher::stats`] counts this search; the report is left as it was (it
    /// is iterative deepening's).
    pub fn search_window(
        &mut self,
        config: &Config,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Value, DeepError> {
        let depth = config.depth_limit();
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(DeepError::Depth(depth));
        }
        if !(-INF <= alpha && alpha < beta && beta <= INF) {
            return Err(DeepError::Window(alpha, beta));
        }
        if ply >= MAX_PLY - MAX_DEPTH as usize {
            return Err(DeepError::Ply(ply));
        }
        self.configure(config, ply);
        self.clock = Clock::idle();
        let root = self.game.clone();
        let maximizing = root.maximizing();
        let (a, b) = if maximizing {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        // Every score lies strictly inside (-INFINITY, INFINITY): a wider window is searched
        // as the open one, which bounds the value the same way.
        let a = a.clamp(-INFINITY, INFINITY - 1);
        let b = b.clamp(a + 1, INFINITY);
        self.root_depth = depth as i32;
        let value = self.node(&root, depth as i32, ply, a, b, false);
        Ok(if maximizing { value } else { -value })
    }
}
