//! Parallel search, Lazy SMP (as Stockfish, Ethereal and Viridithas search): helper threads
//! search the same root to the same depth at once, each with its own killers, history and
//! move stacks, all sharing the one transposition table ([`super::tt`]); what one thread
//! stores, the others find, so the main thread reaches its depth sooner. The main thread
//! alone reports, stops the helpers when it ends and keeps its limits. One thread is the
//! searcher alone with its table, node for node.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use super::game_hooks::DeepGame;
use super::limits::{Limits, StopHandle};
use super::report::{DeepError, DeepReport};
use super::root::IterationControl;
use super::searcher::DeepSearcher;
use crate::Config;

/// The most threads a searcher takes.
pub const MAX_THREADS: usize = 256;

impl<G: DeepGame> DeepSearcher<G> {
    /// The threads searching: the main one and its helpers.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Searches with `threads` threads (1 to [`MAX_THREADS`], clamped) from now on, through
    /// [`DeepSearcher::search_threads`]. From one to more, the threads share the table,
    /// emptied, and each helper's buffers are allocated now; back to one, the table is the
    /// searcher's alone, emptied, exactly as before (the same nodes).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        if threads == self.threads() {
            return;
        }
        if self.helpers.is_empty() || threads == 1 {
            self.tt.clear();
        }
        self.helpers.clear();
        for _ in 1..threads {
            let mut helper = Self::with_table(self.game.clone(), None).with_options(self.options);
            helper.tt = Arc::clone(&self.tt);
            helper.helper = true;
            self.helpers.push(helper);
        }
    }
}

impl<G> DeepSearcher<G>
where
    G: DeepGame + Send,
    G::Move: Send,
{
    /// [`DeepSearcher::search_with_limits`] with the helper threads
    /// ([`DeepSearcher::set_threads`]) searching the same root beside it, each to the same
    /// depth, until this thread's search ends; the report and its statistics are this
    /// thread's, but for [`DeepReport::threads_nodes`], every thread's, which the node limit
    /// bounds once the first iteration is complete. With one thread it is [`DeepSearcher::search_with_limits`] itself.
    pub fn search_threads<R: IterationControl>(
        &mut self,
        config: &Config,
        limits: &Limits,
        on_iteration: impl FnMut(&DeepReport<G::Move>) -> R,
    ) -> Result<&DeepReport<G::Move>, DeepError> {
        if self.helpers.is_empty() {
            return self.search_with_limits(config, limits, on_iteration);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        for h in &mut helpers {
            h.set_position(self.game.clone());
            h.set_history(self.history());
            h.set_options(self.options);
        }
        let stop = StopHandle::new();
        let counter = Arc::new(AtomicU64::new(0));
        let mut helper_limits = Limits::new().with_stop(&stop).with_counter(&counter);
        if let Some(n) = limits.nodes() {
            // A helper the main thread waits on (descheduled, say) stops itself there too.
            helper_limits = helper_limits.with_nodes(n);
        }
        let limits = &limits.clone().with_counter(&counter);
        let searched = std::thread::scope(|s| {
            for h in &mut helpers {
                let limits = &helper_limits;
                s.spawn(move || {
                    // A helper's result is the table's: its report is not read.
                    let _ = h.search_with_limits(config, limits, |_| {});
                });
            }
            let searched = self
                .search_with_limits(config, limits, on_iteration)
                .map(|_| ());
            stop.stop();
            searched
        });
        self.helpers = helpers;
        searched.map(|()| &self.report)
    }
}
