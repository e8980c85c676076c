//! `nullmove serve`: the page's "Try it" widget in a browser, and the JSON API it uses.
//!
//! The API answers with the documents the commands print with `--json` (SPEC.md, `nullmove
//! serve`): a request's query becomes the command's argv and goes through the CLI's own
//! parser, so validation and error messages are the CLI's. Everything served is embedded in
//! the binary. Safe by default: loopback only unless `--host` and `--allow-remote` say
//! otherwise, and then only for requests that name it; small requests only, each request's
//! work bounded ([`Limits`]) and stopped when its client goes away; a fixed number of
//! computations at once, small searches in a lane of their own; connections capped, and
//! closed when a head is slow or the connection idle.

mod api;
mod assets;
mod cache;
mod cancel;
mod conn;
mod error;
mod gate;
mod guard;
mod lane;
mod limits;
mod wire;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

use crate::common::{CliError, Io};
use crate::refusals::nothing_to_do;

pub use api::{MAX_TRACE_EVENTS, ROUTES, Route};
pub use conn::Stopped;
pub use gate::{GateStats, LaneStats};
pub use lane::{LIGHT_NODES, tree_bound};
pub use limits::{Limits, connection_cap};

use api::AppState;
use conn::Tracker;
use guard::{Checks, Hosts};

/// Arguments of `nullmove serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The address to listen on: an IP address, or localhost. The default, loopback, lets
    /// only this machine connect; any other needs --allow-remote.
    #[arg(long, default_value = "127.0.0.1", value_parser = parse_host)]
    host: IpAddr,
    /// The port to listen on; 0 picks a free one (the address printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Listen beyond this machine, as a --host other than loopback asks: anyone who can
    /// reach the address can use the server. Requests must still name it: by IP address,
    /// localhost, or one of the NAMEs given (the names clients use, e.g. its DNS name).
    #[arg(long, value_name = "NAME", num_args = 0.., value_delimiter = ',')]
    allow_remote: Option<Vec<String>>,
}

/// `--host`: an IP address, or `localhost` (127.0.0.1).
fn parse_host(s: &str) -> Result<IpAddr, String> {
    if s.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    s.parse()
        .map_err(|_| "an IP address (e.g. 127.0.0.1, ::1, 0.0.0.0) or localhost".to_owned())
}

impl Args {
    /// The names requests may address the server by; refuses a --host beyond loopback
    /// without --allow-remote, and --allow-remote on loopback, where it changes nothing.
    fn hosts(&self) -> Result<Hosts, CliError> {
        match (self.host.is_loopback(), &self.allow_remote) {
            (true, None) => Ok(Hosts::Loopback),
            (true, Some(_)) => Err(nothing_to_do(
                &["--allow-remote"],
                &format!(
                    "with --host {}: a loopback address lets only this machine connect",
                    self.host
                ),
            )),
            (false, None) => Err(CliError::Message(format!(
                "--host {} listens beyond this machine: anyone who can reach it could use this \
                 server; add --allow-remote to mean it",
                self.host
            ))),
            (false, Some(names)) => {
                if let Some(bad) = names.iter().find(|n| !is_host_name(n)) {
                    return Err(CliError::Message(format!(
                        "--allow-remote: '{bad}' is not a host name (letters, digits, '-' and \
                         '.'; no port)"
                    )));
                }
                Ok(Hosts::Remote(names.clone()))
            }
        }
    }
}

/// A DNS name as a `Host` header carries it, without port.
fn is_host_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 253
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
}

/// Serves until Ctrl-C or SIGTERM, then closes idle connections and lets the requests in
/// progress finish.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let limits = Limits::standard();
    let hosts = args.hosts()?;
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
        let state = AppState::new(limits);
        Ok::<_, CliError>(serve_until(listener, limits, hosts, &state, stop).await)
    });
    // A computation cut off at the drain's end may still run: the process does not wait.
    runtime.shutdown_timeout(Duration::from_millis(100));
    match stopped? {
        Stopped::Drained { answered: 0 } => writeln!(io.out, "nullmove: stopped")?,
        Stopped::Drained { answered } => writeln!(
            io.out,
            "nullmove: stopped, once the {} in progress {} answered",
            counted(answered),
            if answered == 1 { "was" } else { "were" }
        )?,
        Stopped::CutOff { requests } => writeln!(
            io.out,
            "nullmove: stopped after {} s, cutting off the {} still running",
            limits.drain.as_secs(),
            counted(requests)
        )?,
    }
    Ok(0)
}

/// "1 request", "2 requests".
fn counted(n: usize) -> String {
    format!("{n} request{}", if n == 1 { "" } else { "s" })
}

/// A server on a thread of its own, for in-process callers (tests, load generators): the
/// same routes and checks as `nullmove serve`, loopback only, stopped by [`Server::stop`]
/// or on drop.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<Notify>,
    state: Arc<AppState>,
    tracker: Arc<Tracker>,
    thread: Option<std::thread::JoinHandle<Result<Stopped, CliError>>>,
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
    /// Starts serving on `addr` (port 0: a free port) with `nullmove serve`'s bounds and
    /// returns once it listens.
    pub fn start(addr: SocketAddr) -> Result<Self, CliError> {
        Self::start_with(addr, Limits::standard())
    }

    /// [`Server::start`] with other bounds (tests shrink the timeouts).
    pub fn start_with(addr: SocketAddr, limits: Limits) -> Result<Self, CliError> {
        if !addr.ip().is_loopback() {
            return Err(CliError::msg(
                "an in-process server listens on loopback only",
            ));
        }
        let stop = Arc::new(Notify::new());
        let state = AppState::new(limits);
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
                        let _ = bound.send(Err(e.to_string()));
                        return Err(e);
                    }
                };
                let stop = async move { stopper.notified().await };
                let app = api::router(
                    shared,
                    Checks {
                        limits,
                        hosts: Hosts::Loopback,
                    },
                );
                Ok(conn::accept_until(listener, app, limits, counted, stop).await)
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
            Ok(Err(e)) => Err(CliError::Message(e)),
            Err(_) => Err(CliError::msg("the server thread ended before listening")),
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
/// blocking pool for the computations, which the lanes keep to their workers at once.
fn runtime(limits: Limits) -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .max_blocking_threads(limits.light_workers + limits.heavy_workers + 2)
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

/// Serves on `listener` until `stop` resolves (see [`conn::accept_until`]).
async fn serve_until(
    listener: tokio::net::TcpListener,
    limits: Limits,
    hosts: Hosts,
    state: &Arc<AppState>,
    stop: impl Future<Output = ()>,
) -> Stopped {
    let app = api::router(Arc::clone(state), Checks { limits, hosts });
    conn::accept_until(listener, app, limits, Arc::new(Tracker::default()), stop).await
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
