//! What the tests of `nullmove serve`'s answers share: the server in process with the
//! command line's own commands, the CLI's own documents to compare the server's with, a
//! load of concurrent requests whose answers are all checked, and the server's small
//! HTTP/1.1 client for loopback (one client for both packages' tests).
//!
//! `tests/serve/` and `tests/serve_timing/` each include this once and use a subset of it.
#![allow(dead_code, unused_imports)]

pub mod cli;
#[path = "../../../server/tests/serve_support/http.rs"]
pub mod http;
pub mod load;
#[path = "../../../server/tests/serve_support/wait.rs"]
pub mod wait;

use std::net::SocketAddr;
use std::path::PathBuf;

use nullmove::commands::serve::documents::CommandLine;
use nullmove_server::{Limits, Server};

pub use cli::{cli, cli_json, cli_refusal, pinned_audit, pinned_review};
pub use http::{
    Answer, TIMEOUT, closed_by_server, connect, get, get_within, query, read_answer, send,
};
pub use wait::wait_until;

/// `nullmove serve`'s server with the command line's commands, in process on a free
/// loopback port: what the binary runs, without its process (its flags, its printed lines
/// and its signals are the binary's to test).
pub fn start() -> Server {
    start_with(Limits::standard())
}

/// [`start`] with the reviewer's view reading its texts from `page` and `article`.
pub fn start_reading(page: Option<PathBuf>, article: Option<PathBuf>) -> Server {
    Server::start_with(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        Limits::standard(),
        CommandLine::with_texts(page, article),
    )
    .expect("the server starts")
}

/// [`start`] with other bounds (the timing tests shrink the timeouts).
pub fn start_with(limits: Limits) -> Server {
    Server::start_with(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        limits,
        CommandLine::default(),
    )
    .expect("the server starts")
}
