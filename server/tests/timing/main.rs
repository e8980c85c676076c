//! The server's tests with short timeouts (the stall limits), a load of concurrent
//! requests, and Chromium driving the "Try it" page and the reviewer's view: one binary
//! apart from `tests/it/`, so that its CPU-heavy audits and sweeps never run beside them.

mod serve_browser;
mod serve_load;
mod serve_review;
mod serve_stall;
#[path = "../serve_support/mod.rs"]
mod serve_support;
