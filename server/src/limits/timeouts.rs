//! How long the server waits, for each thing it waits on: what `nullmove serve` runs with
//! (`Limits::standard`); an in-process server may set others through `Limits` (tests
//! shrink them to a fraction of a second).

use std::time::Duration;

/// A request's head (or a chunked body) must arrive whole this long after its first byte,
/// else 408 and the connection is closed: a client sending half a header holds nothing for
/// long (`Limits::header_timeout`, enforced in `http/request_head.rs`).
pub const REQUEST_HEAD: Duration = Duration::from_secs(10);

/// A connection with no request in progress and nothing sent either way is closed after
/// this long (`Limits::idle_timeout`).
pub const IDLE_CONNECTION: Duration = Duration::from_secs(30);

/// A request waits at most this long for a worker of its lane, then gets 503
/// (`Limits::max_wait`).
pub const QUEUE: Duration = Duration::from_secs(30);

/// A stopping server gives the requests in progress this long to finish, then cuts them
/// off (`Limits::drain`).
pub const DRAIN: Duration = Duration::from_secs(10);
