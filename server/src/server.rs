//! Listening: [`serve`], what `nullmove serve` runs until Ctrl-C or SIGTERM, and
//! [`Server`], the same routes and checks on a thread of its own for in-process callers
//! (tests, load generators).

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::commands::Commands;
use crate::compute::gate::LaneStats;
use crate::http::Tracker;
use crate::http::checks::{Checks, Hosts};
use crate::http::connections::{self, Stopped};
use crate::limits::Limits;
use crate::routes::{self, AppState};

/// A server that could not start, or did not stop cleanly, said in one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Where [`serve`] listens and what it allows.
#[derive(Debug, Clone)]
pub struct Config {
    /// The address to listen on (port 0: a free port).
    pub addr: SocketAddr,
    /// The names a request's `Host` may carry.
    pub hosts: Hosts,
    /// The bounds every connection and request lives within.
    pub limits: Limits,
}

/// Serves `commands` until Ctrl-C or SIGTERM, then closes idle connections and lets the
/// requests in progress finish (within `config.limits.drain`); says how that went.
/// `listening` is called with the address once the server listens and a signal would stop
/// it cleanly (the binary prints the address then); its error ends the server.
pub fn serve<E: From<Error>>(
    config: Config,
    commands: impl Commands,
    listening: impl FnOnce(SocketAddr) -> Result<(), E>,
) -> Result<Stopped, E> {
    let Config {
        addr,
        hosts,
        limits,
    } = config;
    let state = AppState::new(limits, Arc::new(commands)).map_err(Error)?;
    let runtime = runtime(limits)?;
    let stopped = runtime.block_on(async {
        let listener = bind(addr, limits)?;
        let local = local_addr(&listener)?;
        // Before the address is told, so a signal sent as soon as it is read stops us
        // cleanly.
        let stop = stop_signal()?;
        listening(local)?;
        let app = routes::router(state, Checks { limits, hosts });
        Ok::<_, E>(
            connections::accept_until(listener, app, limits, Arc::new(Tracker::default()), stop)
                .await,
        )
    });
    // A computation cut off at the drain's end may still run: the process does not wait.
    runtime.shutdown_timeout(Duration::from_millis(100));
    stopped
}

/// A server on a thread of its own, for in-process callers (tests, load generators): the
/// same routes and checks as [`serve`], loopback only, stopped by [`Server::stop`] or on
/// drop.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<Notify>,
    state: Arc<AppState>,
    tracker: Arc<Tracker>,
    thread: Option<std::thread::JoinHandle<Result<Stopped, Error>>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("addr", &self.addr)
            .finish_non_exhaustive()
    }
}

/// What a running server is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServerStats {
    /// Connections open.
    pub connections: usize,
    /// Requests in progress.
    pub requests: usize,
    /// The computations, by lane.
    pub lanes: LaneStats,
}

impl Server {
    /// Starts serving `commands` on `addr` (port 0: a free port) with `nullmove serve`'s
    /// bounds and returns once it listens.
    pub fn start(addr: SocketAddr, commands: impl Commands) -> Result<Self, Error> {
        Self::start_with(addr, Limits::standard(), commands)
    }

    /// [`Server::start`] with other bounds (tests shrink the timeouts).
    pub fn start_with(
        addr: SocketAddr,
        limits: Limits,
        commands: impl Commands,
    ) -> Result<Self, Error> {
        if !addr.ip().is_loopback() {
            return Err(Error(
                "an in-process server listens on loopback only".to_owned(),
            ));
        }
        let stop = Arc::new(Notify::new());
        let state = AppState::new(limits, Arc::new(commands)).map_err(Error)?;
        let tracker = Arc::new(Tracker::default());
        let (bound, is_bound) = std::sync::mpsc::channel();
        let (stopper, shared, counted) =
            (Arc::clone(&stop), Arc::clone(&state), Arc::clone(&tracker));
        let thread = std::thread::spawn(move || {
            let runtime = runtime(limits)?;
            let stopped = runtime.block_on(async {
                let listener = match bind(addr, limits).and_then(|l| Ok((local_addr(&l)?, l))) {
                    Ok((local, listener)) => {
                        let _ = bound.send(Ok(local));
                        listener
                    }
                    Err(e) => {
                        let _ = bound.send(Err(e.clone()));
                        return Err(e);
                    }
                };
                let stop = async move { stopper.notified().await };
                let app = routes::router(
                    shared,
                    Checks {
                        limits,
                        hosts: Hosts::Loopback,
                    },
                );
                Ok(connections::accept_until(listener, app, limits, counted, stop).await)
            });
            runtime.shutdown_timeout(Duration::from_millis(100));
            stopped
        });
        match is_bound.recv() {
            Ok(Ok(addr)) => Ok(Self {
                addr,
                stop,
                state,
                tracker,
                thread: Some(thread),
            }),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(Error("the server thread ended before listening".to_owned())),
        }
    }

    /// The address it listens on.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// What it is doing now.
    #[must_use]
    pub fn stats(&self) -> ServerStats {
        ServerStats {
            connections: self.tracker.connections(),
            requests: self.tracker.requests(),
            lanes: self.state.stats(),
        }
    }

    /// Stops accepting, closes idle connections, lets the requests in progress finish
    /// (within the drain time) and returns how that went.
    pub fn stop(mut self) -> Result<Stopped, Error> {
        self.stop.notify_one();
        self.thread
            .take()
            .expect("a running server has its thread")
            .join()
            .unwrap_or_else(|_| Err(Error("the server thread panicked".to_owned())))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.stop.notify_one();
            let _ = thread.join();
        }
    }
}

/// The runtime a server runs on: one thread for the connections (they only wait), the
/// blocking pool for the computations, which the lanes keep to their workers at once.
fn runtime(limits: Limits) -> Result<tokio::runtime::Runtime, Error> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(limits.light_workers + limits.heavy_workers + 2)
        .build()
        .map_err(|e| Error(format!("cannot start the server: {e}")))
}

/// Listens on `addr` (inside the runtime) with room for `limits.backlog` connections not
/// yet accepted (the standard library's 128 overflows under a few hundred simultaneous
/// connects, and each overflow costs the client a one-second SYN retry).
fn bind(addr: SocketAddr, limits: Limits) -> Result<tokio::net::TcpListener, Error> {
    let refused = |e: std::io::Error| Error(format!("cannot listen on {addr}: {e}"));
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()
    } else {
        tokio::net::TcpSocket::new_v6()
    }
    .map_err(refused)?;
    // As the standard library does on Unix: a restarted server can take its port back from
    // connections still closing; a port someone listens on stays refused.
    #[cfg(unix)]
    socket.set_reuseaddr(true).map_err(refused)?;
    socket.bind(addr).map_err(refused)?;
    socket.listen(limits.backlog).map_err(refused)
}

fn local_addr(listener: &tokio::net::TcpListener) -> Result<SocketAddr, Error> {
    listener
        .local_addr()
        .map_err(|e| Error(format!("cannot read the address listened on: {e}")))
}

/// Resolves on the first Ctrl-C (SIGINT) or SIGTERM. The handlers are installed before it
/// returns, so no signal sent after it can kill the process unannounced.
fn stop_signal() -> Result<impl Future<Output = ()> + Send + 'static, Error> {
    let fired = Arc::new(Notify::new());
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        for kind in [SignalKind::interrupt(), SignalKind::terminate()] {
            let mut stream = signal(kind)
                .map_err(|e| Error(format!("cannot install the signal handlers: {e}")))?;
            let fired = Arc::clone(&fired);
            tokio::spawn(async move {
                if stream.recv().await.is_some() {
                    fired.notify_one();
                }
            });
        }
    }
    #[cfg(not(unix))]
    {
        let fired = Arc::clone(&fired);
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                fired.notify_one();
            }
        });
    }
    Ok(async move { fired.notified().await })
}
