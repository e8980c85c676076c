//! Long documents (a sweep over every position, the audit), computed once per distinct
//! request and kept: a bounded number of them, the oldest dropped first.

use std::collections::VecDeque;
use std::future::Future;
use std::sync::{Arc, Mutex};

use tokio::sync::OnceCell;

use super::error::ApiError;

/// Documents by key, each computed at most once while it is kept.
#[derive(Debug)]
pub struct Cache<V> {
    cells: Mutex<VecDeque<(String, Arc<OnceCell<V>>)>>,
    capacity: usize,
}

impl<V: Clone + Send + Sync + 'static> Cache<V> {
    /// An empty cache keeping at most `capacity` documents.
    #[must_use]
    pub fn new(capacity: usize) -> Self {
        Self {
            cells: Mutex::new(VecDeque::new()),
            capacity: capacity.max(1),
        }
    }

    /// The document under `key`, computed by `compute` if no request computed it yet.
    /// Concurrent requests for one key wait for the one computation. The computation runs
    /// as its own task, so a client that leaves does not waste it; a failure is not kept.
    pub async fn get_or_compute<F, Fut>(&self, key: String, compute: F) -> Result<V, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, ApiError>> + Send + 'static,
    {
        let cell = self.cell(key);
        if let Some(v) = cell.get() {
            return Ok(v.clone());
        }
        let fut = compute();
        let owner = Arc::clone(&cell);
        let task = tokio::spawn(async move { owner.get_or_try_init(|| fut).await.cloned() });
        task.await
            .unwrap_or_else(|e| Err(ApiError::Failed(format!("the computation failed: {e}"))))
    }

    /// The cell of `key`, made (and the oldest dropped beyond capacity) if new.
    fn cell(&self, key: String) -> Arc<OnceCell<V>> {
        let mut cells = self
            .cells
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, cell)) = cells.iter().find(|(k, _)| *k == key) {
            return Arc::clone(cell);
        }
        let cell = Arc::new(OnceCell::new());
        cells.push_back((key, Arc::clone(&cell)));
        if cells.len() > self.capacity {
            cells.pop_front();
        }
        cell
    }

    /// How many documents are kept (computed or being computed).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.cells.lock().expect("not poisoned").len()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::serve::test_runtime;

    #[test]
    fn concurrent_requests_for_one_key_compute_once() {
        test_runtime().block_on(async {
            let cache = Arc::new(Cache::<u32>::new(4));
            let runs = Arc::new(AtomicUsize::new(0));
            let requests: Vec<_> = (0..20)
                .map(|_| {
                    let (cache, runs) = (Arc::clone(&cache), Arc::clone(&runs));
                    tokio::spawn(async move {
                        cache
                            .get_or_compute("k".to_owned(), move || async move {
                                runs.fetch_add(1, Ordering::SeqCst);
                                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
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
            let cache = Cache::<u32>::new(2);
            let failed = cache
                .get_or_compute("a".to_owned(), || async {
                    Err(ApiError::Busy("no".to_owned()))
                })
                .await;
            assert_eq!(failed, Err(ApiError::Busy("no".to_owned())));
            let ok = cache
                .get_or_compute("a".to_owned(), || async { Ok(1) })
                .await;
            assert_eq!(ok, Ok(1));
            for (k, v) in [("b", 2), ("c", 3)] {
                let got = cache
                    .get_or_compute(k.to_owned(), move || async move { Ok::<_, ApiError>(v) })
                    .await;
                assert_eq!(got, Ok(v));
            }
            assert_eq!(cache.len(), 2);
            // "a" was dropped: asking again computes it anew.
            let again = cache
                .get_or_compute("a".to_owned(), || async { Ok::<_, ApiError>(10) })
                .await;
            assert_eq!(again, Ok(10));
            let kept = cache
                .get_or_compute("c".to_owned(), || async { Ok::<_, ApiError>(30) })
                .await;
            assert_eq!(kept, Ok(3), "c is still kept");
        });
    }
}
