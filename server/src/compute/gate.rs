//! A fixed number of computations at once: the rest wait, within a bound on how many wait
//! and for how long, or are turned away as busy; a computation whose clients have all gone
//! leaves the queue, or stops at its next check.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde::Serialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::cancel::Cancel;
use crate::error::ApiError;

/// Admits at most `workers` computations at once, each on tokio's blocking pool.
#[derive(Debug)]
pub struct Gate {
    name: &'static str,
    permits: Arc<Semaphore>,
    workers: usize,
    waiting: AtomicUsize,
    max_waiting: usize,
    max_wait: Duration,
    /// What a busy answer asks the client to wait before trying again.
    retry_after: Duration,
    counts: Arc<Counts>,
}

/// What a gate has done so far.
#[derive(Debug, Default)]
struct Counts {
    finished: AtomicUsize,
    cancelled: AtomicUsize,
}

/// A gate's state at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GateStats {
    /// Computations running.
    pub running: usize,
    /// Requests waiting for a worker.
    pub waiting: usize,
    /// Computations that ran to their end for a client still there.
    pub finished: usize,
    /// Computations whose clients all went away: left the queue, or stopped (or ended)
    /// after the signal.
    pub cancelled: usize,
}

/// Counts a request in the queue while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Counts a request as cancelled when dropped, unless it was admitted (or refused).
struct Leaving<'a>(Option<&'a Counts>);

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        if let Some(counts) = self.0 {
            counts.cancelled.fetch_add(1, Ordering::SeqCst);
        }
    }
}

impl Gate {
    /// A gate named `name` (its lane, in busy messages) of `workers` computations at once,
    /// `max_waiting` more waiting at most `max_wait` each; a busy answer says to come back
    /// after `retry_after`.
    #[must_use]
    pub fn new(
        name: &'static str,
        workers: usize,
        max_waiting: usize,
        max_wait: Duration,
        retry_after: Duration,
    ) -> Self {
        Self {
            name,
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            waiting: AtomicUsize::new(0),
            max_waiting,
            max_wait,
            retry_after,
            counts: Arc::default(),
        }
    }

    /// The state now.
    #[must_use]
    pub fn stats(&self) -> GateStats {
        GateStats {
            running: self.workers - self.permits.available_permits(),
            waiting: self.waiting.load(Ordering::SeqCst),
            finished: self.counts.finished.load(Ordering::SeqCst),
            cancelled: self.counts.cancelled.load(Ordering::SeqCst),
        }
    }

    fn busy(&self, reason: String) -> ApiError {
        ApiError::Busy {
            reason,
            retry_after: self.retry_after,
        }
    }

    /// A worker, at once if one is free, else after waiting in the queue.
    async fn admit(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(permit) = Arc::clone(&self.permits).try_acquire_owned() {
            return Ok(permit);
        }
        let queued = self.waiting.fetch_add(1, Ordering::SeqCst);
        let _waiting = Waiting(&self.waiting);
        if queued >= self.max_waiting {
            return Err(self.busy(format!(
                "the server is busy ({} workers: {}, waiting: {}); try again shortly",
                self.name, self.workers, self.max_waiting
            )));
        }
        match tokio::time::timeout(self.max_wait, Arc::clone(&self.permits).acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_)) => Err(self.busy("the server is stopping".to_owned())),
            Err(_) => Err(self.busy(format!(
                "the server is busy: no {} worker came free within {:?}; try again shortly",
                self.name, self.max_wait
            ))),
        }
    }

    /// Runs `work` on the blocking pool once a worker is free, unless `cancel` is given
    /// first. The worker stays taken until `work` returns, so no more than `workers`
    /// computations ever run at once; `work` reads `cancel` to stop early.
    pub async fn run<T, F>(&self, cancel: &Arc<Cancel>, work: F) -> Result<T, ApiError>
    where
        F: FnOnce(&Cancel) -> T + Send + 'static,
        T: Send + 'static,
    {
        // Counted as cancelled if the request leaves before a worker takes it: on the
        // signal, or when its handler is dropped (the client went away) while it waits.
        let mut leaving = Leaving(Some(&self.counts));
        let permit = tokio::select! {
            biased;
            () = cancel.cancelled() => return Err(ApiError::Gone),
            permit = self.admit() => {
                leaving.0 = None;
                permit?
            }
        };
        let (cancel, counts) = (Arc::clone(cancel), Arc::clone(&self.counts));
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let out = work(&cancel);
            let count = if cancel.is_cancelled() {
                &counts.cancelled
            } else {
                &counts.finished
            };
            count.fetch_add(1, Ordering::SeqCst);
            out
        })
        .await
        .map_err(|e| ApiError::Failed(format!("the computation failed: {e}")))
    }
}

/// The two lanes: small searches never queue behind sweeps.
#[derive(Debug)]
pub struct Lanes {
    /// Searches and traces small enough to answer at once.
    pub light: Gate,
    /// Everything else.
    pub heavy: Gate,
}

/// Both lanes' state at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LaneStats {
    /// The light lane.
    pub light: GateStats,
    /// The heavy lane.
    pub heavy: GateStats,
}

impl Lanes {
    /// The state now.
    #[must_use]
    pub fn stats(&self) -> LaneStats {
        LaneStats {
            light: self.light.stats(),
            heavy: self.heavy.stats(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;
    use crate::compute::test_runtime;

    fn gate(max_waiting: usize, max_wait: Duration) -> Arc<Gate> {
        Arc::new(Gate::new(
            "heavy",
            1,
            max_waiting,
            max_wait,
            Duration::from_secs(5),
        ))
    }

    /// Takes the gate's only worker until the returned sender sends.
    async fn occupy(gate: &Arc<Gate>) -> (mpsc::Sender<()>, tokio::task::JoinHandle<()>) {
        let (release, wait) = mpsc::channel::<()>();
        let g = Arc::clone(gate);
        let task = tokio::spawn(async move {
            g.run(&Cancel::new(), move |_| {
                wait.recv().expect("the test releases");
            })
            .await
            .expect("the first computation runs");
        });
        while gate.permits.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        (release, task)
    }

    #[test]
    fn a_full_queue_is_refused_at_once_and_a_free_worker_admits() {
        test_runtime().block_on(async {
            let gate = gate(0, Duration::from_secs(30));
            let (release, first) = occupy(&gate).await;
            let refused = gate.run(&Cancel::new(), |_| 1).await;
            assert!(
                matches!(&refused, Err(ApiError::Busy { reason, retry_after })
                    if reason.contains("(heavy workers: 1, waiting: 0)")
                        && *retry_after == Duration::from_secs(5)),
                "{refused:?}"
            );
            release.send(()).expect("the worker waits");
            first.await.expect("the first computation ends");
            assert_eq!(gate.run(&Cancel::new(), |_| 2).await, Ok(2));
            assert_eq!(gate.waiting.load(Ordering::SeqCst), 0);
        });
    }

    #[test]
    fn a_wait_longer_than_the_bound_is_refused() {
        test_runtime().block_on(async {
            let gate = gate(4, Duration::from_millis(50));
            let (release, first) = occupy(&gate).await;
            let refused = gate.run(&Cancel::new(), |_| 1).await;
            assert!(
                matches!(&refused, Err(ApiError::Busy { reason, .. }) if reason.contains("within 50ms")),
                "{refused:?}"
            );
            assert_eq!(gate.waiting.load(Ordering::SeqCst), 0, "the queue emptied");
            release.send(()).expect("the worker waits");
            first.await.expect("the first computation ends");
        });
    }

    #[test]
    fn waiting_requests_run_once_a_worker_frees() {
        test_runtime().block_on(async {
            let gate = gate(8, Duration::from_secs(30));
            let (release, first) = occupy(&gate).await;
            let queued: Vec<_> = (0..8)
                .map(|i| {
                    let g = Arc::clone(&gate);
                    tokio::spawn(async move { g.run(&Cancel::new(), move |_| i * 10).await })
                })
                .collect();
            while gate.waiting.load(Ordering::SeqCst) < 8 {
                tokio::task::yield_now().await;
            }
            let refused = gate.run(&Cancel::new(), |_| 0).await;
            assert!(matches!(refused, Err(ApiError::Busy { .. })));
            release.send(()).expect("the worker waits");
            first.await.expect("the first computation ends");
            for (i, q) in queued.into_iter().enumerate() {
                assert_eq!(q.await.expect("joins"), Ok(i * 10));
            }
            assert_eq!(gate.stats().finished, 9);
        });
    }

    #[test]
    fn a_cancelled_request_leaves_the_queue_and_a_running_one_sees_the_signal() {
        test_runtime().block_on(async {
            let gate = gate(8, Duration::from_secs(30));
            let (release, first) = occupy(&gate).await;
            let queued = Cancel::new();
            let waiter = {
                let (g, c) = (Arc::clone(&gate), Arc::clone(&queued));
                tokio::spawn(async move { g.run(&c, |_| 1).await })
            };
            while gate.waiting.load(Ordering::SeqCst) < 1 {
                tokio::task::yield_now().await;
            }
            queued.cancel();
            assert_eq!(waiter.await.expect("joins"), Err(ApiError::Gone));
            assert_eq!(gate.stats().waiting, 0, "it left the queue");
            release.send(()).expect("the worker waits");
            first.await.expect("the first computation ends");
            // A running computation reads the signal and stops; the gate counts it.
            let running = Cancel::new();
            let (started, has_started) = mpsc::channel::<()>();
            let (go_on, wait) = mpsc::channel::<()>();
            let task = {
                let (g, c) = (Arc::clone(&gate), Arc::clone(&running));
                tokio::spawn(async move {
                    g.run(&c, move |c| {
                        started.send(()).expect("the test waits");
                        wait.recv().expect("the test goes on");
                        c.is_cancelled()
                    })
                    .await
                })
            };
            while has_started.try_recv().is_err() {
                tokio::task::yield_now().await;
            }
            running.cancel();
            go_on.send(()).expect("the computation waits");
            assert_eq!(task.await.expect("joins"), Ok(true));
            let stats = gate.stats();
            assert_eq!((stats.finished, stats.cancelled), (1, 2));
        });
    }

    #[test]
    fn a_panic_is_a_failure_not_a_crash() {
        test_runtime().block_on(async {
            let gate = gate(0, Duration::from_secs(1));
            let failed = gate
                .run(&Cancel::new(), |_| -> u8 { panic!("a bug") })
                .await;
            assert!(matches!(failed, Err(ApiError::Failed(_))), "{failed:?}");
            assert_eq!(
                gate.run(&Cancel::new(), |_| 3).await,
                Ok(3),
                "the worker was given back"
            );
        });
    }
}
