//! The server's integration tests, one binary: every answer held to the command line's own
//! documents for the same arguments, the request bounds, and the trace's bound computed.
//! Tests that wait on short timeouts, a load or a browser are in `tests/timing/`, a binary
//! that runs after this one, so the audits and sweeps here cannot starve them.

mod serve;
mod serve_bounds;
#[path = "../serve_support/mod.rs"]
mod serve_support;
