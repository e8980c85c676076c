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
        }
    }
}

/// Serves until Ctrl-C or SIGTERM, then lets the requests in progress finish.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let limits = Limits::standard();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        // The computations hold a worker each; a few more threads serve nothing else.
        .max_blocking_threads(limits.workers + 2)
        .build()
        .map_err(|e| CliError::Message(format!("cannot start the server: {e}")))?;
    let status = runtime.block_on(serve(SocketAddr::new(args.host, args.port), limits, io));
    // A computation whose client left may still run: the process does not wait for it.
    runtime.shutdown_timeout(Duration::from_millis(100));
    status
}

async fn serve(addr: SocketAddr, limits: Limits, io: &mut Io<'_>) -> Result<u8, CliError> {
    // Signals first, so a SIGTERM sent as soon as the address is printed stops us cleanly.
    let stop = stop_signal()?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| CliError::Message(format!("cannot listen on {addr}: {e}")))?;
    let local = listener
        .local_addr()
        .map_err(|e| CliError::Message(format!("cannot listen on {addr}: {e}")))?;
    let app = api::router(limits, local);
    writeln!(
        io.out,
        "nullmove: serving the page on http://{local}/ (Ctrl-C stops)"
    )?;
    io.out.flush()?;
    if !local.ip().is_loopback() {
        writeln!(
            io.err,
            "nullmove: {} is not a loopback address: anyone who can reach it can use this server",
            local.ip()
        )?;
    }

    let stopping = Arc::new(Notify::new());
    let signalled = Arc::clone(&stopping);
    let server = axum::serve(listener, app).with_graceful_shutdown(async move {
        stop.await;
        signalled.notify_one();
    });
    let task = tokio::spawn(server.into_future());
    stopping.notified().await;
    writeln!(
        io.out,
        "nullmove: stopping: no new connections, at most {} s for the requests in progress",
        limits.drain.as_secs()
    )?;
    io.out.flush()?;
    match tokio::time::timeout(limits.drain, task).await {
        Ok(Ok(Ok(()))) => {
            writeln!(io.out, "nullmove: stopped")?;
            Ok(0)
        }
        Ok(Ok(Err(e))) => Err(CliError::Message(format!("the server failed: {e}"))),
        Ok(Err(e)) => Err(CliError::Message(format!("the server failed: {e}"))),
        Err(_) => {
            writeln!(
                io.out,
                "nullmove: stopped, cutting off requests still running after {} s",
                limits.drain.as_secs()
            )?;
            Ok(0)
        }
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
