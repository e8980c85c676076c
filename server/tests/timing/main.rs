//! The server's tests with short timeouts: a slow head, an idle connection, the connection
//! cap and the wire layer's refusals, over commands that stand in for the command line's.
//! One binary apart from `tests/it/`. Those that stop real sweeps, the load and the
//! browser's are the `nullmove` package's (`cli/tests/serve_timing/`).

mod serve_stall;
#[path = "../serve_support/mod.rs"]
mod serve_support;
