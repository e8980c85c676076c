//! The connections: accepted up to a cap (one more is answered 503 and closed), each served
//! by hyper behind the wire checks, and on stopping closed at once when idle, or once the
//! request in progress is answered.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore, watch};
use tokio::time::Instant;

use super::request_head::Wire;
use crate::error::ApiError;
use crate::limits::Limits;

/// Connections being refused at once, beyond the cap (each lingers up to a second).
const MAX_REFUSING: usize = 32;

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

/// How a server stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// Every request in progress was answered: `answered` of them were running when the
    /// server was told to stop.
    Drained {
        /// Requests answered after the stop.
        answered: usize,
    },
    /// Some were still running when the drain time ran out.
    CutOff {
        /// Requests cut off.
        requests: usize,
    },
}

/// Accepts connections on `listener` and serves `app` on each until `stop` resolves; then
/// accepts no more, closes idle connections at once and gives the requests in progress at
/// most `limits.drain` to finish.
pub async fn accept_until(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    tracker: Arc<Tracker>,
    stop: impl Future<Output = ()>,
) -> Stopped {
    let (closing, closed) = watch::channel(false);
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let refusing = Arc::new(Semaphore::new(MAX_REFUSING));
    let mut stop = std::pin::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        // Out of descriptors, or a connection reset before it was accepted: the next one
        // may do; the pause keeps a full descriptor table from spinning.
        let Ok((stream, _)) = accepted else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        if let Ok(slot) = Arc::clone(&slots).try_acquire_owned() {
            let (app, tracker, closed) = (app.clone(), Arc::clone(&tracker), closed.clone());
            tokio::spawn(async move {
                serve_connection(stream, app, limits, &tracker, closed).await;
                drop(slot);
            });
        } else if let Ok(slot) = Arc::clone(&refusing).try_acquire_owned() {
            let tracker = Arc::clone(&tracker);
            tokio::spawn(async move {
                refuse(stream, limits, &tracker).await;
                drop(slot);
            });
        }
        // Beyond both, the connection is dropped at once: a flood costs nothing to keep.
    }
    drop(listener);
    let running = tracker.requests();
    let _ = closing.send(true);
    if tokio::time::timeout(limits.drain, tracker.all_closed())
        .await
        .is_ok()
    {
        Stopped::Drained { answered: running }
    } else {
        Stopped::CutOff {
            requests: tracker.requests(),
        }
    }
}

/// Serves one connection until it ends, or until the server stops: then at once if no
/// request is in progress, else once it is answered.
async fn serve_connection(
    stream: TcpStream,
    app: Router,
    limits: Limits,
    tracker: &Arc<Tracker>,
    mut closed: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let conn = ConnState::new(tracker);
    let _open = Open(Arc::clone(&conn));
    let wire = Wire::new(stream, limits, Arc::clone(&conn));
    let tower = TowerToHyperService::new(app);
    let state = Arc::clone(&conn);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(Arc::clone(&state));
        hyper::service::Service::call(&tower, request)
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .max_headers(limits.max_headers)
        .serve_connection(TokioIo::new(wire), service);
    let mut connection = std::pin::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        _ = closed.wait_for(|&c| c) => {}
    }
    if conn.in_progress() > 0 {
        connection.as_mut().graceful_shutdown();
        let _ = connection.await;
    }
}

/// Answers a connection beyond the cap with 503 and closes it.
async fn refuse(stream: TcpStream, limits: Limits, tracker: &Arc<Tracker>) {
    let busy = ApiError::Busy {
        reason: format!(
            "the server is busy: all {} connections it keeps open are taken; try again shortly",
            limits.max_connections
        ),
        retry_after: Duration::from_secs(1),
    };
    let conn = ConnState::uncounted(tracker);
    let mut wire = Wire::refusing(stream, limits, conn, &busy);
    // The wire sends the refusal and lingers, then reads as ended.
    let mut scratch = [0_u8; 1024];
    loop {
        let mut read = ReadBuf::new(&mut scratch);
        let done = std::future::poll_fn(|cx| Pin::new(&mut wire).poll_read(cx, &mut read)).await;
        if done.is_err() || read.filled().is_empty() {
            return;
        }
    }
}
