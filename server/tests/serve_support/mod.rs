//! What the server's tests share: the server in process over commands that stand in for the
//! command line's ([`commands::Echo`]), and a small HTTP/1.1 client for loopback.
//!
//! `tests/it/` and `tests/timing/` each include this once and use a subset of it; the
//! `nullmove` package's tests of `nullmove serve` (`cli/tests/it/serve_command.rs`, and
//! `cli/tests/serve_support/`) include `http` and `wait`.
#![allow(dead_code, unused_imports)]

pub mod commands;
pub mod http;
pub mod wait;

use std::net::SocketAddr;

use nullmove_server::{Limits, Server};

pub use http::{
    Answer, TIMEOUT, closed_by_server, connect, get, get_within, query, read_answer, send,
};
pub use wait::wait_until;

/// The server over [`commands::Echo`], in process on a free loopback port.
pub fn start() -> Server {
    start_with(Limits::standard())
}

/// [`start`] with other bounds (the timing tests shrink the timeouts).
pub fn start_with(limits: Limits) -> Server {
    Server::start_with(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        limits,
        commands::Echo,
    )
    .expect("the server starts")
}
