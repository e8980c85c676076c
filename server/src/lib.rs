//! The web server behind `nullmove serve`: the page's "Try it" widget in a browser, and the
//! JSON API it uses, which answers with the documents the commands print with `--json`
//! (docs/src/specification.md, "The command-line contract").
//!
//! The server knows the commands only through [`Commands`], which the `nullmove` binary
//! implements over its own parser, so validation and error messages are the command line's.
//! Everything served is embedded in the binary but the texts of the reviewer's view (the page
//! and the article annotated by the audit), which the command line reads when the view is
//! asked for ([`Commands::texts`]); [`review_file`] makes that view one self-contained file.
//! Safe by default: loopback only unless told otherwise ([`Hosts`]), and then only for
//! requests that name it; small requests only, each request's work bounded ([`Limits`]) and
//! stopped when its client goes away; a fixed number of computations at once, small
//! searches in a lane of their own; connections capped, and closed when a head is slow or
//! the connection idle.
//!
//! Where things are: `routes` (what is served: the route table, the embedded pages, a query
//! read as a command's argv, the views of a command's documents), `review_file` (the
//! reviewer's view as one file), `compute` (where a computation runs: its cost and lane, the
//! workers, the kept documents and how far each is, the stop signal), `http` (the
//! connections, each request head read and checked, the checks every request passes),
//! `limits` (every bound; `limits/timeouts.rs`, how long the server waits for anything),
//! `server` (listening, in process or until a signal).
//!
//! The server is the default feature `http`; without it the crate is [`review_file`] alone,
//! so a build that needs only the file compiles no HTTP stack.

#[cfg(feature = "http")]
mod commands;
#[cfg(feature = "http")]
mod compute;
#[cfg(feature = "http")]
mod error;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "http")]
mod limits;
mod review_file;
#[cfg(feature = "http")]
mod routes;
#[cfg(feature = "http")]
mod server;

pub use review_file::review_file;
#[cfg(feature = "http")]
pub use {
    commands::{Ask, Commands, Computation, Field, Flag, Output, Progress, Refusal, Texts},
    compute::gate::{GateStats, LaneStats},
    compute::lane::{LIGHT_NODES, tree_bound},
    http::checks::Hosts,
    http::connections::Stopped,
    limits::{Limits, MAX_TRACE_EVENTS, connection_cap},
    routes::{Cost, Kept, ROUTES, Route, View},
    server::{Config, Error, Server, ServerStats, serve},
};
