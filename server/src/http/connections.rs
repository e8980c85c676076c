//! The connections: accepted up to a cap (one more is answered 503 and closed), each served
//! by hyper behind the wire checks, and on stopping closed at once when idle, or once the
//! request in progress is answered.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};

use super::request_head::Wire;
use super::{ConnState, Open, Tracker};
use crate::error::ApiError;
use crate::limits::Limits;

/// Connections being refused at once, beyond the cap (each lingers up to a second).
const MAX_REFUSING: usize = 32;

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
