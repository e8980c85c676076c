//! Long documents (a sweep over every position, the audit), computed once per distinct
//! request and kept: a bounded number of them, the oldest dropped first. Concurrent
//! requests for one document share one computation, which stops when the last of them
//! goes away (unless the cache was made to finish what it starts), and which says how far
//! it is to anyone who asks ([`Cache::stage`]).

use std::collections::VecDeque;
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::watch;

use super::cancel::Cancel;
use crate::commands::Progress;
use crate::error::ApiError;

/// What happens to a computation whose clients have all gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abandoned {
    /// It is told to stop, and forgotten.
    Stop,
    /// It runs on and is kept: for a document that cannot stop midway and is computed
    /// once per server whoever asks (the audit).
    Finish,
}

/// Documents by key, each computed at most once while it is kept.
#[derive(Debug)]
pub struct Cache<V> {
    entries: Mutex<Entries<V>>,
    capacity: usize,
    abandoned: Abandoned,
}

#[derive(Debug)]
struct Entries<V> {
    list: VecDeque<Entry<V>>,
    next_id: u64,
}

#[derive(Debug)]
struct Entry<V> {
    key: String,
    id: u64,
    slot: Slot<V>,
}

type Outcome<V> = Option<Result<V, ApiError>>;

#[derive(Debug)]
enum Slot<V> {
    Ready(V),
    Running {
        waiters: usize,
        cancel: Arc<Cancel>,
        progress: Arc<Progress>,
        done: watch::Receiver<Outcome<V>>,
    },
}

/// Where a document stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Nobody has asked for it (or it was dropped, or its computation failed).
    Idle,
    /// Being computed: steps done, of how many, as the computation last said.
    Running(usize, usize),
    /// Computed and kept.
    Ready,
}

/// A request waiting for a computation; when the last one is dropped before the result,
/// the computation is stopped (with [`Abandoned::Stop`]).
struct Waiter<'a, V: Clone + Send + Sync + 'static> {
    cache: &'a Cache<V>,
    id: u64,
}

impl<V: Clone + Send + Sync + 'static> Drop for Waiter<'_, V> {
    fn drop(&mut self) {
        let mut entries = self.cache.lock();
        let Some(at) = entries.list.iter().position(|e| e.id == self.id) else {
            return;
        };
        if let Slot::Running {
            waiters, cancel, ..
        } = &mut entries.list[at].slot
        {
            *waiters -= 1;
            if *waiters == 0 && self.cache.abandoned == Abandoned::Stop {
                cancel.cancel();
                entries.list.remove(at);
            }
        }
    }
}

impl<V: Clone + Send + Sync + 'static> Cache<V> {
    /// An empty cache keeping at most `capacity` documents.
    #[must_use]
    pub fn new(capacity: usize, abandoned: Abandoned) -> Self {
        Self {
            entries: Mutex::new(Entries {
                list: VecDeque::new(),
                next_id: 0,
            }),
            capacity: capacity.max(1),
            abandoned,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Entries<V>> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The document under `key`, computed by `compute` if no request is computing it or
    /// has computed it. `compute` gets the signal to stop, given when every request
    /// waiting for it has gone, and where to say how far it is; it runs as its own task, so
    /// the request that started it may leave while others wait. A failure is not kept.
    pub async fn get_or_compute<F, Fut>(&self, key: String, compute: F) -> Result<V, ApiError>
    where
        F: FnOnce(Arc<Cancel>, Arc<Progress>) -> Fut,
        Fut: Future<Output = Result<V, ApiError>> + Send + 'static,
    {
        let (id, mut done) = {
            let mut entries = self.lock();
            match entries.list.iter_mut().find(|e| e.key == key) {
                Some(Entry {
                    slot: Slot::Ready(v),
                    ..
                }) => return Ok(v.clone()),
                Some(Entry {
                    id,
                    slot: Slot::Running { waiters, done, .. },
                    ..
                }) => {
                    *waiters += 1;
                    (*id, done.clone())
                }
                None => {
                    let cancel = Cancel::new();
                    let progress = Arc::new(Progress::default());
                    let (tell, done) = watch::channel(None);
                    let work = compute(Arc::clone(&cancel), Arc::clone(&progress));
                    tokio::spawn(async move {
                        let _ = tell.send(Some(work.await));
                    });
                    let id = entries.next_id;
                    entries.next_id += 1;
                    entries.list.push_back(Entry {
                        key,
                        id,
                        slot: Slot::Running {
                            waiters: 1,
                            cancel,
                            progress,
                            done: done.clone(),
                        },
                    });
                    self.evict(&mut entries);
                    (id, done)
                }
            }
        };
        let waiter = Waiter { cache: self, id };
        let outcome = match done.wait_for(Option::is_some).await {
            Ok(outcome) => outcome.clone().expect("waited for an outcome"),
            Err(_) => Err(ApiError::Failed(
                "the computation ended without an answer".to_owned(),
            )),
        };
        self.settle(id, &outcome);
        drop(waiter);
        outcome
    }

    /// Where the document under `key` stands.
    pub fn stage(&self, key: &str) -> Stage {
        match self.lock().list.iter().find(|e| e.key == key) {
            None => Stage::Idle,
            Some(Entry {
                slot: Slot::Ready(_),
                ..
            }) => Stage::Ready,
            Some(Entry {
                slot: Slot::Running { progress, .. },
                ..
            }) => {
                let (done, total) = progress.get();
                Stage::Running(done, total)
            }
        }
    }

    /// Keeps a result, forgets a failure.
    fn settle(&self, id: u64, outcome: &Result<V, ApiError>) {
        let mut entries = self.lock();
        let Some(at) = entries.list.iter().position(|e| e.id == id) else {
            return;
        };
        match outcome {
            Ok(v) => entries.list[at].slot = Slot::Ready(v.clone()),
            Err(_) => {
                entries.list.remove(at);
            }
        }
    }

    /// Drops the oldest documents kept beyond capacity; a computation in progress stays
    /// until it ends (its waiters must still be able to stop it).
    fn evict(&self, entries: &mut Entries<V>) {
        while entries.list.len() > self.capacity {
            let Some(at) = entries
                .list
                .iter()
                .position(|e| matches!(e.slot, Slot::Ready(_)))
            else {
                return;
            };
            entries.list.remove(at);
        }
    }

    /// How many documents are kept (computed or being computed).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().list.len()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;
    use crate::compute::test_runtime;

    #[test]
    fn concurrent_requests_for_one_key_compute_once() {
        test_runtime().block_on(async {
            let cache = Arc::new(Cache::<u32>::new(4, Abandoned::Stop));
            let runs = Arc::new(AtomicUsize::new(0));
            let requests: Vec<_> = (0..20)
                .map(|_| {
                    let (cache, runs) = (Arc::clone(&cache), Arc::clone(&runs));
                    tokio::spawn(async move {
                        cache
                            .get_or_compute("k".to_owned(), move |_, _| async move {
                                runs.fetch_add(1, Ordering::SeqCst);
                                tokio::time::sleep(Duration::from_millis(20)).await;
                                Ok::<_, ApiError>(7)
                            })
                            .await
                    })
                })
                .collect();
            for r in requests {
                assert_eq!(r.await.expect("joins"), Ok(7));
            }
            assert_eq!(runs.load(Ordering::SeqCst), 1);
        });
    }

    #[test]
    fn a_failure_is_not_kept_and_the_oldest_goes_first() {
        test_runtime().block_on(async {
            let cache = Cache::<u32>::new(2, Abandoned::Stop);
            let failed = cache
                .get_or_compute("a".to_owned(), |_, _| async {
                    Err(ApiError::Failed("no".to_owned()))
                })
                .await;
            assert_eq!(failed, Err(ApiError::Failed("no".to_owned())));
            let ok = cache
                .get_or_compute("a".to_owned(), |_, _| async { Ok(1) })
                .await;
            assert_eq!(ok, Ok(1));
            for (k, v) in [("b", 2), ("c", 3)] {
                let got = cache
                    .get_or_compute(
                        k.to_owned(),
                        move |_, _| async move { Ok::<_, ApiError>(v) },
                    )
                    .await;
                assert_eq!(got, Ok(v));
            }
            assert_eq!(cache.len(), 2);
            // "a" was dropped: asking again computes it anew.
            let again = cache
                .get_or_compute("a".to_owned(), |_, _| async { Ok::<_, ApiError>(10) })
                .await;
            assert_eq!(again, Ok(10));
            let kept = cache
                .get_or_compute("c".to_owned(), |_, _| async { Ok::<_, ApiError>(30) })
                .await;
            assert_eq!(kept, Ok(3), "c is still kept");
        });
    }

    type Work = std::pin::Pin<Box<dyn Future<Output = Result<u32, ApiError>> + Send>>;

    /// A computation that waits for its stop signal, then reports it.
    fn until_stopped(stopped: Arc<AtomicUsize>) -> impl FnOnce(Arc<Cancel>, Arc<Progress>) -> Work {
        move |cancel, _| {
            Box::pin(async move {
                cancel.cancelled().await;
                stopped.fetch_add(1, Ordering::SeqCst);
                Err(ApiError::Gone)
            })
        }
    }

    #[test]
    fn the_last_client_to_leave_stops_the_computation() {
        test_runtime().block_on(async {
            let cache = Arc::new(Cache::<u32>::new(4, Abandoned::Stop));
            let stopped = Arc::new(AtomicUsize::new(0));
            let clients: Vec<_> = (0..3)
                .map(|_| {
                    let (cache, compute) =
                        (Arc::clone(&cache), until_stopped(Arc::clone(&stopped)));
                    tokio::spawn(async move { cache.get_or_compute("k".to_owned(), compute).await })
                })
                .collect();
            tokio::time::sleep(Duration::from_millis(20)).await;
            let mut clients = clients.into_iter();
            for client in clients.by_ref().take(2) {
                client.abort();
                let _ = client.await;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            assert_eq!(stopped.load(Ordering::SeqCst), 0, "one client still waits");
            for client in clients {
                client.abort();
                let _ = client.await;
            }
            while stopped.load(Ordering::SeqCst) == 0 {
                tokio::task::yield_now().await;
            }
            assert_eq!(cache.len(), 0, "a stopped computation is forgotten");
            let fresh = cache
                .get_or_compute("k".to_owned(), |_, _| async { Ok::<_, ApiError>(5) })
                .await;
            assert_eq!(fresh, Ok(5), "asked again, it is computed anew");
        });
    }

    #[test]
    fn a_computation_says_how_far_it_is() {
        test_runtime().block_on(async {
            let cache = Arc::new(Cache::<u32>::new(2, Abandoned::Finish));
            assert_eq!(cache.stage("k"), Stage::Idle);
            let (go, wait) = tokio::sync::oneshot::channel::<()>();
            let running = {
                let cache = Arc::clone(&cache);
                tokio::spawn(async move {
                    cache
                        .get_or_compute("k".to_owned(), |_, progress| async move {
                            progress.set(3, 56);
                            let _ = wait.await;
                            Ok::<_, ApiError>(1)
                        })
                        .await
                })
            };
            while cache.stage("k") != Stage::Running(3, 56) {
                tokio::task::yield_now().await;
            }
            go.send(()).expect("the computation waits");
            assert_eq!(running.await.expect("joins"), Ok(1));
            assert_eq!(cache.stage("k"), Stage::Ready);
        });
    }

    #[test]
    fn a_cache_that_finishes_keeps_what_nobody_waited_for() {
        test_runtime().block_on(async {
            let cache = Arc::new(Cache::<u32>::new(1, Abandoned::Finish));
            let client = {
                let cache = Arc::clone(&cache);
                tokio::spawn(async move {
                    cache
                        .get_or_compute(String::new(), |cancel, _| async move {
                            tokio::time::sleep(Duration::from_millis(30)).await;
                            assert!(!cancel.is_cancelled());
                            Ok::<_, ApiError>(9)
                        })
                        .await
                })
            };
            tokio::time::sleep(Duration::from_millis(5)).await;
            client.abort();
            let _ = client.await;
            let kept = cache
                .get_or_compute(String::new(), |_, _| async { Ok::<_, ApiError>(0) })
                .await;
            assert_eq!(kept, Ok(9), "the first computation's result, waited for");
        });
    }
}
