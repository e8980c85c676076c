//! A computation's stop signal: set when every client waiting for it has gone, read inside
//! its loops (a sweep reads it between searches) and awaited by a request still queued.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::Notify;

/// Set once, never cleared.
#[derive(Debug, Default)]
pub struct Cancel {
    flag: AtomicBool,
    notify: Notify,
}

impl Cancel {
    /// A signal not yet given.
    #[must_use]
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// Gives the signal: the computation stops at its next check.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::SeqCst);
        self.notify.notify_waiters();
    }

    /// Whether the signal was given.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }

    /// The flag itself, for computations that take an `AtomicBool` to read.
    #[must_use]
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
    }

    /// Resolves once the signal is given.
    pub async fn cancelled(&self) {
        loop {
            let notified = self.notify.notified();
            let mut notified = std::pin::pin!(notified);
            // Registered before the flag is read, so a signal between the two is not lost.
            notified.as_mut().enable();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }

    /// A guard that gives the signal when dropped: held by a request's handler, whose
    /// future the server drops when its client goes away.
    #[must_use]
    pub fn on_drop(self: &Arc<Self>) -> CancelOnDrop {
        CancelOnDrop(Arc::clone(self))
    }
}

/// Gives its signal when dropped.
#[derive(Debug)]
pub struct CancelOnDrop(Arc<Cancel>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute::test_runtime;

    #[test]
    fn a_waiter_wakes_on_the_signal_given_before_or_after_it_waits() {
        test_runtime().block_on(async {
            let early = Cancel::new();
            early.cancel();
            early.cancelled().await;
            let late = Cancel::new();
            let waiter = {
                let late = Arc::clone(&late);
                tokio::spawn(async move { late.cancelled().await })
            };
            tokio::task::yield_now().await;
            drop(late.on_drop());
            waiter.await.expect("the waiter wakes");
            assert!(late.is_cancelled());
        });
    }
}
