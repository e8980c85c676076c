//! The HTTP side: the connections ([`connections`]), each request head read and checked
//! before hyper parses it ([`request_head`]), and the checks every request passes before a
//! route sees it ([`checks`]). What they share is here: the headers every answer carries,
//! whoever sends it, and the state of each connection, which its wire, its requests and the
//! server's counts all touch.

pub mod checks;
pub mod connections;
pub mod request_head;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;
use tokio::time::Instant;

/// Headers on every answer: everything served is this server's own, no other origin's
/// scripts, styles or frames, no sniffing of types, no referrer, nothing kept by caches
/// between versions.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cache-control", "no-cache"),
];

/// What the server counts across its connections.
#[derive(Debug, Default)]
pub struct Tracker {
    connections: AtomicUsize,
    requests: AtomicUsize,
    changed: Notify,
}

impl Tracker {
    /// Connections open (refused ones aside).
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    /// Requests in progress, over every connection.
    pub fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }

    /// Resolves once no connection is open.
    async fn all_closed(&self) {
        loop {
            let changed = self.changed.notified();
            let mut changed = std::pin::pin!(changed);
            changed.as_mut().enable();
            if self.connections() == 0 {
                return;
            }
            changed.await;
        }
    }
}

/// One connection's state, which its requests and its wire share.
#[derive(Debug)]
pub struct ConnState {
    tracker: Arc<Tracker>,
    in_progress: AtomicUsize,
    last_active: Mutex<Instant>,
}

/// A request in progress on its connection, until dropped.
#[derive(Debug)]
pub struct InProgress(Arc<ConnState>);

impl Drop for InProgress {
    fn drop(&mut self) {
        self.0.in_progress.fetch_sub(1, Ordering::SeqCst);
        self.0.tracker.requests.fetch_sub(1, Ordering::SeqCst);
        self.0.touch();
    }
}

impl ConnState {
    /// A connection counted as open (see [`Open`]).
    fn new(tracker: &Arc<Tracker>) -> Arc<Self> {
        tracker.connections.fetch_add(1, Ordering::SeqCst);
        Self::uncounted(tracker)
    }

    /// A connection not counted: one being refused.
    fn uncounted(tracker: &Arc<Tracker>) -> Arc<Self> {
        Arc::new(Self {
            tracker: Arc::clone(tracker),
            in_progress: AtomicUsize::new(0),
            last_active: Mutex::new(Instant::now()),
        })
    }

    /// Counts a request in progress until the guard is dropped.
    #[must_use]
    pub fn begin(self: &Arc<Self>) -> InProgress {
        self.in_progress.fetch_add(1, Ordering::SeqCst);
        self.tracker.requests.fetch_add(1, Ordering::SeqCst);
        InProgress(Arc::clone(self))
    }

    /// Requests in progress on this connection.
    pub fn in_progress(&self) -> usize {
        self.in_progress.load(Ordering::SeqCst)
    }

    /// Bytes moved, or a request ended: the connection is not idle.
    pub fn touch(&self) {
        *self.lock() = Instant::now();
    }

    /// When bytes last moved or a request last ended.
    pub fn last_active(&self) -> Instant {
        *self.lock()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Instant> {
        self.last_active
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A connection counted as open until dropped.
struct Open(Arc<ConnState>);

impl Drop for Open {
    fn drop(&mut self) {
        let tracker = &self.0.tracker;
        tracker.connections.fetch_sub(1, Ordering::SeqCst);
        tracker.changed.notify_waiters();
    }
}
