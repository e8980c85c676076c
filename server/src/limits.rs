//! The bounds every connection and request lives within: what `nullmove serve` runs with,
//! and what an in-process server may set otherwise (tests shrink the timeouts). How long
//! the server waits for anything is in [`timeouts`].

pub mod timeouts;

use std::time::Duration;

/// The longest trace `/api/trace` sends, in events (the root report counts as one). Every
/// plain search fits (the longest has 78,743 events: the empty board at depth limit 9). Of
/// the 602,580 searches of every reachable position at depth limits 0..=9 (plain, and null
/// move with R 0..=9), 53 null-move searches do not; the longest, the empty board at depth
/// limit 9 with R 0, has 1,835,277 events (`server/tests/it/serve_bounds.rs`). A trace at
/// the cap is about 10 MB (events and text; 7.7 MB for the 78,743 events above), about as
/// much as a browser's log shows at ease; a longer one is refused after counting its
/// events, which costs one search and no memory.
pub const MAX_TRACE_EVENTS: usize = 100_000;

/// The bounds every connection and request lives within.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Light computations at once: searches and traces small enough to answer at once
    /// (`compute::lane`), so a reader stepping through the widget never waits behind a sweep.
    pub light_workers: usize,
    /// Heavy computations at once (sweeps, the audit, large searches): the machine's cores.
    pub heavy_workers: usize,
    /// Requests waiting for a worker, per lane; one more is refused at once with 503.
    pub max_waiting: usize,
    /// How long a request may wait for a worker before it gets 503.
    pub max_wait: Duration,
    /// The longest query string read; a longer one gets 414.
    pub max_query_bytes: usize,
    /// The longest request target (path and query) read off the wire; a longer one gets 414
    /// before the request is parsed.
    pub max_target_bytes: usize,
    /// The largest request head (request line and header fields); a larger one gets 431.
    pub max_head_bytes: usize,
    /// The most header fields a request may carry; more get 431.
    pub max_headers: usize,
    /// The largest request body accepted (the API reads none); a larger one gets 413.
    pub max_body_bytes: u64,
    /// Long documents (sweeps) kept once computed.
    pub cached_documents: usize,
    /// Connections open at once; one more is answered 503 and closed.
    pub max_connections: usize,
    /// How long a request's head (or a chunked body) may take to arrive once its first
    /// byte has; then 408 and the connection is closed (a client sending half a header
    /// holds nothing for long).
    pub header_timeout: Duration,
    /// How long a connection may stay open with no request in progress and nothing sent
    /// either way; then it is closed.
    pub idle_timeout: Duration,
    /// How long a stopping server waits for the requests in progress.
    pub drain: Duration,
    /// Connections the kernel holds for the server before it accepts them.
    pub backlog: u32,
}

/// Light workers at least: two readers stepping at once never queue.
const MIN_LIGHT_WORKERS: usize = 2;

/// Connections at most, whatever the descriptor limit allows.
const MAX_CONNECTIONS: usize = 512;

/// File descriptors kept back from connections: standard streams, the listener, the
/// runtime's own, and connections being refused.
const RESERVED_DESCRIPTORS: usize = 48;

impl Limits {
    /// The bounds `nullmove serve` runs with.
    #[must_use]
    pub fn standard() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get().min(16));
        Self {
            light_workers: cores.max(MIN_LIGHT_WORKERS),
            heavy_workers: cores,
            max_waiting: 1024,
            max_wait: timeouts::QUEUE,
            max_query_bytes: 1024,
            max_target_bytes: 8 * 1024,
            max_head_bytes: 16 * 1024,
            max_headers: 100,
            max_body_bytes: 1024,
            cached_documents: 64,
            max_connections: connection_cap(open_file_limit()),
            header_timeout: timeouts::REQUEST_HEAD,
            idle_timeout: timeouts::IDLE_CONNECTION,
            drain: timeouts::DRAIN,
            backlog: 1024,
        }
    }
}

/// Connections allowed under a limit of `descriptors` open files: enough stay free to
/// accept one more connection and refuse it with a reason, rather than fail to accept.
#[must_use]
pub fn connection_cap(descriptors: Option<u64>) -> usize {
    let usable = descriptors.map_or(MAX_CONNECTIONS, |d| {
        usize::try_from(d)
            .unwrap_or(usize::MAX)
            .saturating_sub(RESERVED_DESCRIPTORS)
    });
    usable.clamp(1, MAX_CONNECTIONS)
}

/// The process's soft limit on open files, where the system says (Linux: `/proc`).
fn open_file_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    soft_open_files(&limits)
}

/// The soft "Max open files" of a `/proc/<pid>/limits` text; `None` when unlimited.
fn soft_open_files(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_stays_under_the_descriptor_limit() {
        let proc = "Limit                     Soft Limit           Hard Limit           Units     \n\
                    Max open files            64                   1048576              files     \n";
        assert_eq!(soft_open_files(proc), Some(64));
        assert_eq!(
            soft_open_files("Max open files            unlimited            unlimited  files"),
            None
        );
        assert_eq!(connection_cap(Some(64)), 16);
        assert_eq!(connection_cap(Some(1024)), 512);
        assert_eq!(connection_cap(Some(10)), 1);
        assert_eq!(connection_cap(None), 512);
    }
}
