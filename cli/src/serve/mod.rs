//! `nullmove serve`: the page's "Try it" widget in a browser, and the JSON API it uses.
//!
//! The API answers with the documents the commands print with `--json` (SPEC.md, `nullmove
//! serve`): a request's query becomes the command's argv and goes through the CLI's own
//! parser, so validation and error messages are the CLI's. Everything served is embedded in
//! the binary. Safe by default: loopback only unless `--host` says otherwise, small requests
//! only, each request's work bounded ([`Limits`]), a fixed number of computations at once.

mod api;
mod assets;
mod cache;
mod error;
mod gate;
mod guard;

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::common::{CliError, Io};

pub use api::{MAX_TRACE_EVENTS, ROUTES, Route};

/// Arguments of `nullmove serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The address to listen on. The default, loopback, lets only this machine connect;
    /// any other address lets the network in (e.g. 0.0.0.0: every interface).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The port to listen on; 0 picks a free one (the address printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
}

/// The bounds every request lives within.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Computations (search, trace, sweep, audit) running at once: the machine's cores.
    pub workers: usize,
    /// Requests waiting for a worker; one more is refused at once with 503.
    pub max_waiting: usize,
    /// How long a request may wait for a worker before it gets 503.
    pub max_wait: Duration,
    /// The longest query string read; a longer one gets 414.
    pub max_query_bytes: usize,
    /// The largest request body accepted (the API reads none); a larger one gets 413.
    pub max_body_bytes: u64,
    /// Long documents (sweeps, the audit) kept once computed.
    pub cached_documents: usize,
    /// How long a stopping server waits for the requests in progress.
    pub drain: Duration,
    /// Connections the kernel holds for the server before it accepts them.
    pub backlog: u32,
}

impl Limits {
    /// The bounds `nullmove serve` runs with.
    #[must_use]
    pub fn standard() -> Self {
        Self {
            workers: std::thread::available_parallelism().map_or(2, |n| n.get().min(16)),
            max_waiting: 1024,
            max_wait: Duration::from_secs(30),
            max_query_bytes: 1024,
            max_body_bytes: 1024,
            cached_documents: 64,
            drain: Duration::from_secs(10),
            backlog: 1024,
        }
    }
}

/// Serves until Ctrl-C or SIGTERM, then lets the requests in progress finish.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let limits = Limits::standard();
    let runtime = runtime(limits)?;
    let stopped = runtime.block_on(async {
        let listener = bind(SocketAddr::new(args.host, args.port), limits)?;
        let local = local_addr(&listener)?;
        // Before the address is printed, so a signal sent as soon as it is read stops us
        // cleanly.
        let stop = stop_signal()?;
        writeln!(
            io.out,
            "nullmove: serving the page on http://{local}/ (Ctrl-C stops)"
        )?;
        io.out.flush()?;
        if !local.ip().is_loopback() {
            writeln!(
                io.err,
                "nullmove: {} is not a loopback address: anyone who can reach it can use \
                 this server",
                local.ip()
            )?;
        }
        serve_until(listener, limits, stop).await
    });
    // A computation whose client left may still run: the process does not wait for it.
    runtime.shutdown_timeout(Duration::from_millis(100));
    match stopped? {
        Stopped::Drained => writeln!(io.out, "nullmove: stopped")?,
        Stopped::CutOff => writeln!(
            io.out,
            "nullmove: stopped, cutting off the requests still running after {} s",
            limits.drain.as_secs()
        )?,
    }
    Ok(0)
}

/// A server on a thread of its own, for in-process callers (tests, load generators): the
/// same routes and bounds as `nullmove serve`, stopped by [`Server::stop`] or on drop.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: Arc<Notify>,
    thread: Option<std::thread::JoinHandle<Result<Stopped, CliError>>>,
}

/// How a server stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// Every request in progress was answered.
    Drained,
    /// Some were still running when the drain time ran out.
    CutOff,
}

impl Server {
    /// Starts serving on `addr` (port 0: a free port) and returns once it listens.
    pub fn start(addr: SocketAddr) -> Result<Self, CliError> {
        let limits = Limits::standard();
        let stop = Arc::new(Notify::new());
        let (bound, is_bound) = std::sync::mpsc::channel();
        let stopper = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let runtime = runtime(limits)?;
            let stopped = runtime.block_on(async {
                let listener = match bind(addr, limits).and_then(|l| Ok((local_addr(&l)?, l))) {
                    Ok((local, listener)) => {
                        let _ = bound.send(Ok(local));
                        listener
                    }
                    Err(e) => {
                        let _ = bound.send(Err(e.to_string()));
                        return Err(e);
                    }
                };
                serve_until(listener, limits, async move { stopper.notified().await }).await
            });
            runtime.shutdown_timeout(Duration::from_millis(100));
            stopped
        });
        match is_bound.recv() {
            Ok(Ok(addr)) => Ok(Self {
                addr,
                stop,
                thread: Some(thread),
            }),
            Ok(Err(e)) => Err(CliError::Message(e)),
            Err(_) => Err(CliError::msg("the server thread ended before listening")),
        }
    }

    /// The address it listens on.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting, lets the requests in progress finish (within the drain time) and
    /// returns how that went.
    pub fn stop(mut self) -> Result<Stopped, CliError> {
        self.stop.notify_one();
        self.thread
            .take()
            .expect("a running server has its thread")
            .join()
            .unwrap_or_else(|_| Err(CliError::msg("the server thread panicked")))
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
/// blocking pool for the computations, which the gate keeps to `limits.workers` at once.
fn runtime(limits: Limits) -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(limits.workers + 2)
        .build()
        .map_err(|e| CliError::Message(format!("cannot start the server: {e}")))
}

/// Listens on `addr` (inside the runtime) with room for `limits.backlog` connections not yet accepted (the
/// standard library's 128 overflows under a few hundred simultaneous connects, and each
/// overflow costs the client a one-second SYN retry).
fn bind(addr: SocketAddr, limits: Limits) -> Result<tokio::net::TcpListener, CliError> {
    let refused = |e: std::io::Error| CliError::Message(format!("cannot listen on {addr}: {e}"));
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

fn local_addr(listener: &tokio::net::TcpListener) -> Result<SocketAddr, CliError> {
    listener
        .local_addr()
        .map_err(|e| CliError::Message(format!("cannot read the address listened on: {e}")))
}

/// Serves on `listener` until `stop` resolves; then accepts no more connections and gives
/// the requests in progress at most `limits.drain` to finish.
async fn serve_until(
    listener: tokio::net::TcpListener,
    limits: Limits,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<Stopped, CliError> {
    let app = api::router(limits, local_addr(&listener)?);
    let stopping = Arc::new(Notify::new());
    let signalled = Arc::clone(&stopping);
    let server = axum::serve(listener, app).with_graceful_shutdown(async move {
        stop.await;
        signalled.notify_one();
    });
    let task = tokio::spawn(server.into_future());
    stopping.notified().await;
    match tokio::time::timeout(limits.drain, task).await {
        Ok(Ok(Ok(()))) => Ok(Stopped::Drained),
        Ok(Ok(Err(e))) => Err(CliError::Message(format!("the server failed: {e}"))),
        Ok(Err(e)) => Err(CliError::Message(format!("the server failed: {e}"))),
        Err(_) => Ok(Stopped::CutOff),
    }
}

/// Resolves on the first Ctrl-C (SIGINT) or SIGTERM. The handlers are installed before it
/// returns, so no signal sent after it can kill the process unannounced.
fn stop_signal() -> Result<impl Future<Output = ()> + Send + 'static, CliError> {
    let fired = Arc::new(Notify::new());
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        for kind in [SignalKind::interrupt(), SignalKind::terminate()] {
            let mut stream = signal(kind).map_err(|e| {
                CliError::Message(format!("cannot install the signal handlers: {e}"))
            })?;
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

/// The unit tests' runtime: one thread with timers, as the server's.
#[cfg(test)]
fn test_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime")
}
