//! When a deep search ends besides its depth limit: a node count, a time (a budget or a
//! deadline), a stop from another thread; and the clock that checks them inside the search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Nodes between two looks at the clock and the stop flag. A look costs one `Instant::now`
/// (tens of nanoseconds); a thousand nodes of chess take about a seventh of a millisecond.
// PERF: the overshoot example (`cargo run --release -p nullmove-chess --example
// overshoot`) measures what this interval gives; see docs/src/chess.md, "Time limits and
// stop".
const POLL_EVERY: u64 = 1024;

/// What ends a deep search before its depth limit, any combination of them; the first one
/// reached ends it. The depth limit itself is the [`crate::Config`]'s.
///
/// The node limit is checked at every node and is deterministic: the same search on the
/// same searcher state with the same node limit visits the same nodes and chooses the same
/// move, on any machine (a match at a fixed node count replays game for game). Time and a
/// stop are looked at every thousand nodes or so.
///
/// # Example
/// ```
/// use std::time::Duration;
/// use nullmove_optimized::{Limits, StopHandle};
/// let stop = StopHandle::new();
/// let limits = Limits::new()
///     .with_nodes(100_000)
///     .with_time(Duration::from_millis(20))
///     .with_stop(&stop);
/// assert_eq!(limits.nodes(), Some(100_000));
/// // Another thread may now call `stop.stop()` to end the search at once.
/// ```
#[derive(Debug, Clone, Default)]
pub struct Limits {
    nodes: Option<u64>,
    time: Option<Time>,
    stop: Option<StopHandle>,
    /// The nodes of every thread searching the same root: each adds its own at each look,
    /// and the node limit is theirs together.
    counter: Option<Arc<AtomicU64>>,
}

/// A time limit: a budget counted from the search's start, or an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Time {
    Budget(Duration),
    Deadline(Instant),
}

impl Limits {
    /// No limit but the depth limit.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Ends the search once it has visited `nodes` nodes (every call of the search and of
    /// quiescence, as [`crate::DeepStats`] counts them), counted from this search's start.
    #[must_use]
    pub fn with_nodes(self, nodes: u64) -> Self {
        Self {
            nodes: Some(nodes),
            ..self
        }
    }

    /// Ends the search `budget` after it starts.
    #[must_use]
    pub fn with_time(self, budget: Duration) -> Self {
        Self {
            time: Some(Time::Budget(budget)),
            ..self
        }
    }

    /// Ends the search at `deadline` (a UCI engine's clock: its share of the time left,
    /// counted from when `go` arrived).
    #[must_use]
    pub fn with_deadline(self, deadline: Instant) -> Self {
        Self {
            time: Some(Time::Deadline(deadline)),
            ..self
        }
    }

    /// Ends the search when `handle` is stopped, from any thread.
    #[must_use]
    pub fn with_stop(self, handle: &StopHandle) -> Self {
        Self {
            stop: Some(handle.clone()),
            ..self
        }
    }

    /// The same limits counting the nodes of every thread that shares `counter`, which the
    /// node limit then bounds together once the first iteration is complete (each thread
    /// adds its own every [`POLL_EVERY`] nodes, so the threads may pass it by that much
    /// each).
    #[must_use]
    pub(super) fn with_counter(self, counter: &Arc<AtomicU64>) -> Self {
        Self {
            counter: Some(Arc::clone(counter)),
            ..self
        }
    }

    /// The node limit, if any.
    #[must_use]
    pub const fn nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The deadline of a search starting at `start`, if there is a time limit.
    #[must_use]
    pub(super) fn deadline(&self, start: Instant) -> Option<Instant> {
        self.time.map(|t| match t {
            // A budget too large for the clock is no limit at all.
            Time::Budget(budget) => start.checked_add(budget).unwrap_or(start + ONE_YEAR),
            Time::Deadline(at) => at,
        })
    }
}

/// Far enough to be no limit, near enough for every platform's clock.
const ONE_YEAR: Duration = Duration::from_secs(365 * 24 * 3600);

/// A flag another thread sets to end a search promptly (a UCI engine's `stop`): cloneable,
/// shared, one atomic boolean. Hand a clone to the search with [`Limits::with_stop`]; the
/// search never clears it, so a stop sent before the search looks at it still counts:
/// [`StopHandle::reset`] it (or make a new one) before the next search.
///
/// # Example
/// ```
/// use nullmove_optimized::StopHandle;
/// let stop = StopHandle::new();
/// let remote = stop.clone();
/// std::thread::spawn(move || remote.stop()).join().unwrap();
/// assert!(stop.is_stopped());
/// stop.reset();
/// assert!(!stop.is_stopped());
/// ```
#[derive(Debug, Clone, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A handle not stopped.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this handle to end.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Clears the flag for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// Why a search ended before its depth limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The node limit was reached.
    Nodes,
    /// The time ran out.
    Time,
    /// The [`StopHandle`] was stopped.
    Handle,
    /// The iteration callback asked to stop.
    Callback,
}

/// The limits of the search in progress, as the recursion checks them: one comparison per
/// node, and a look at the clock and the flag every [`POLL_EVERY`] nodes.
#[derive(Debug, Clone)]
pub(super) struct Clock {
    /// When the search began.
    pub(super) start: Option<Instant>,
    /// The node count at which to stop, counted from zero at the search's start.
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    /// The nodes of every thread of the search ([`Limits::with_counter`]), and how many of
    /// this thread's it holds.
    counter: Option<Arc<AtomicU64>>,
    published: u64,
    /// Whether the first iteration is complete. Before it the deadline does not count and
    /// a node limit counts this thread's nodes alone, so a search always has a move it
    /// searched (Stockfish always completes depth 1).
    first_done: bool,
    stop: Option<StopHandle>,
    /// The node count at which to look next: `u64::MAX` when nothing is to be looked at.
    pub(super) next_look: u64,
    /// Why the search stopped, once it has.
    pub(super) stopped: Option<Stop>,
}

impl Clock {
    /// The clock of no search: nothing to look at.
    pub(super) const fn idle() -> Self {
        Self {
            start: None,
            node_limit: None,
            deadline: None,
            counter: None,
            published: 0,
            first_done: false,
            stop: None,
            next_look: u64::MAX,
            stopped: None,
        }
    }

    /// The clock of a search starting now under `limits`, at node count `nodes`.
    pub(super) fn start(limits: &Limits, nodes: u64) -> Self {
        let start = Instant::now();
        let mut clock = Self {
            start: Some(start),
            node_limit: limits.nodes.map(|n| nodes.saturating_add(n)),
            deadline: limits.deadline(start),
            counter: limits.counter.clone(),
            published: nodes,
            first_done: false,
            stop: limits.stop.clone(),
            next_look: u64::MAX,
            stopped: None,
        };
        clock.schedule(nodes);
        if clock.next_look != u64::MAX {
            // A stop already asked, a deadline already past: before the first node.
            clock.next_look = nodes;
        }
        clock
    }

    /// Time since the search began.
    pub(super) fn elapsed(&self) -> Duration {
        self.start.map_or(Duration::ZERO, |s| s.elapsed())
    }

    /// Looks at every limit at node count `nodes` (called when `nodes` reaches
    /// `next_look`); returns whether the search must stop.
    #[cold]
    pub(super) fn look(&mut self, nodes: u64) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        let all = self.publish(nodes);
        let counted = if self.first_done { all } else { nodes };
        self.stopped = if self.node_limit.is_some_and(|n| counted >= n) {
            Some(Stop::Nodes)
        } else if self.stop.as_ref().is_some_and(StopHandle::is_stopped) {
            Some(Stop::Handle)
        } else if self.first_done && self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Time)
        } else {
            None
        };
        self.schedule(nodes);
        self.stopped.is_some()
    }

    /// Adds this thread's nodes since the last look to the threads' count, if they share
    /// one; returns every thread's nodes (this one's alone without a count).
    pub(super) fn publish(&mut self, nodes: u64) -> u64 {
        let Some(counter) = &self.counter else {
            return nodes;
        };
        let fresh = nodes.saturating_sub(self.published);
        self.published = nodes;
        counter.fetch_add(fresh, Ordering::Relaxed) + fresh
    }

    /// Sets the next node count to look at: the node limit, or sooner when there is a
    /// clock, a flag or other threads' nodes to look at; never, when there is nothing.
    fn schedule(&mut self, nodes: u64) {
        let polled = (self.deadline.is_some() || self.stop.is_some() || self.counter.is_some())
            .then(|| nodes.saturating_add(POLL_EVERY));
        self.next_look = match (self.node_limit, polled) {
            (Some(n), Some(p)) => n.min(p),
            (Some(n), None) => n,
            (None, Some(p)) => p,
            (None, None) => u64::MAX,
        };
        if self.stopped.is_some() {
            self.next_look = nodes;
        }
    }

    /// The first iteration is complete: from now on the deadline stops the search, and a
    /// node limit counts every thread's nodes, looked at from the next node on.
    pub(super) fn first_iteration_done(&mut self, nodes: u64) {
        if !self.first_done {
            self.first_done = true;
            if self.deadline.is_some() || self.counter.is_some() {
                self.next_look = self.next_look.min(nodes);
            }
        }
    }

    /// Records a stop asked from outside the recursion (the iteration callback, or a
    /// limit already reached before the search began).
    pub(super) fn stop(&mut self, why: Stop) {
        self.stopped.get_or_insert(why);
    }
}

#[cfg(test)]
mod tests {
    use super::{Duration, Instant, Limits};

    /// A budget past the clock's range is no limit at all: its deadline lies a year on,
    /// beyond any search, not within hours.
    #[test]
    fn a_budget_too_large_for_the_clock_is_a_year_away() {
        let start = Instant::now();
        let deadline = Limits::new()
            .with_time(Duration::MAX)
            .deadline(start)
            .expect("a time limit");
        assert!(deadline - start >= Duration::from_secs(364 * 24 * 3600));
    }
}
