//! `nullmove serve` with the real commands under a load of concurrent requests, real
//! sweeps abandoned and cut off, and Chromium driving the "Try it" page and the reviewer's
//! view: one binary apart from `tests/serve/`, so that its CPU-heavy audits and sweeps
//! never run beside them.

mod serve_browser;
mod serve_load;
mod serve_review;
mod serve_stall;
#[path = "../serve_support/mod.rs"]
mod serve_support;
