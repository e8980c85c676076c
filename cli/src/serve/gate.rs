//! A fixed number of computations at once: the rest wait, within a bound on how many wait
//! and for how long, or are turned away as busy.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;

/// Admits at most `workers` computations at once, each on tokio's blocking pool.
#[derive(Debug)]
pub struct Gate {
    permits: Arc<Semaphore>,
    workers: usize,
    waiting: AtomicUsize,
    max_waiting: usize,
    max_wait: Duration,
}

/// Counts a request in the queue while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Gate {
    /// A gate of `workers` computations at once, `max_waiting` more waiting at most
    /// `max_wait` each.
    #[must_use]
    pub fn new(workers: usize, max_waiting: usize, max_wait: Duration) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            waiting: AtomicUsize::new(0),
            max_waiting,
            max_wait,
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
            return Err(ApiError::Busy(format!(
                "the server is busy (workers: {}, waiting: {}); try again shortly",
                self.workers, self.max_waiting
            )));
        }
        match tokio::time::timeout(self.max_wait, Arc::clone(&self.permits).acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_)) => Err(ApiError::Busy("the server is stopping".to_owned())),
            Err(_) => Err(ApiError::Busy(format!(
                "the server is busy: no worker came free within {:?}; try again shortly",
                self.max_wait
            ))),
        }
    }

    /// Runs `work` on the blocking pool once a worker is free. The worker stays taken until
    /// `work` returns, even if the caller stops waiting for it, so no more than `workers`
    /// computations ever run at once.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> T + Send + 'static,
        T: Send + 'static,
    {
        let permit = self.admit().await?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|e| ApiError::Failed(format!("the computation failed: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;
    use crate::serve::test_runtime;

    /// Takes the gate's only worker until the returned sender sends.
    async fn occupy(gate: &Arc<Gate>) -> (mpsc::Sender<()>, tokio::task::JoinHandle<()>) {
        let (release, wait) = mpsc::channel::<()>();
        let g = Arc::clone(gate);
        let task = tokio::spawn(async move {
            g.run(move || wait.recv().expect("the test releases"))
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
            let gate = Arc::new(Gate::new(1, 0, Duration::from_secs(30)));
            let (release, first) = occupy(&gate).await;
            let refused = gate.run(|| 1).await;
            assert!(
                matches!(&refused, Err(ApiError::Busy(m)) if m.contains("(workers: 1, waiting: 0)")),
                "{refused:?}"
            );
            release.send(()).expect("the worker waits");
            first.await.expect("the first computation ends");
            assert_eq!(gate.run(|| 2).await, Ok(2));
            assert_eq!(gate.waiting.load(Ordering::SeqCst), 0);
        });
    }

    #[test]
    fn a_wait_longer_than_the_bound_is_refused() {
        test_runtime().block_on(async {
            let gate = Arc::new(Gate::new(1, 4, Duration::from_millis(50)));
            let (release, first) = occupy(&gate).await;
            let refused = gate.run(|| 1).await;
            assert!(
                matches!(&refused, Err(ApiError::Busy(m)) if m.contains("within 50ms")),
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
            let gate = Arc::new(Gate::new(1, 8, Duration::from_secs(30)));
            let (release, first) = occupy(&gate).await;
            let queued: Vec<_> = (0..8)
                .map(|i| {
                    let g = Arc::clone(&gate);
                    tokio::spawn(async move { g.run(move || i * 10).await })
                })
                .collect();
            while gate.waiting.load(Ordering::SeqCst) < 8 {
                tokio::task::yield_now().await;
            }
            assert!(matches!(gate.run(|| 0).await, Err(ApiError::Busy(_))));
            release.send(()).expect("the worker waits");
            first.await.expect("the first computation ends");
            for (i, q) in queued.into_iter().enumerate() {
                assert_eq!(q.await.expect("joins"), Ok(i * 10));
            }
        });
    }

    #[test]
    fn a_panic_is_a_failure_not_a_crash() {
        test_runtime().block_on(async {
            let gate = Gate::new(1, 0, Duration::from_secs(1));
            let failed = gate.run(|| -> u8 { panic!("a bug") }).await;
            assert!(matches!(failed, Err(ApiError::Failed(_))), "{failed:?}");
            assert_eq!(gate.run(|| 3).await, Ok(3), "the worker was given back");
        });
    }
}
