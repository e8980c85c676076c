//! The server's integration tests, one binary: the request bounds and the headers over
//! commands that stand in for the command line's, and the trace's bound computed. Tests
//! that wait on short timeouts are in `tests/timing/`. The answers held to the command
//! line's own documents are the `nullmove` package's (`cli/tests/serve/`).

mod serve_bounds;
mod serve_http;
#[path = "../serve_support/mod.rs"]
mod serve_support;
