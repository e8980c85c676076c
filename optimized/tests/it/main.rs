//! The optimized searchers' integration tests, one binary (one link, tests run in parallel).
//! Binaries of their own: `alloc.rs`, `deep_alloc.rs` and `deep_max_ply.rs` install a
//! counting global allocator (counts are per thread, but a binary has one allocator).

mod deep_between_moves;
mod deep_limits;
mod deep_minimax;
mod deep_multipv;
mod deep_null;
mod deep_repetition;
mod deep_signature;
#[path = "../deep_support/mod.rs"]
mod deep_support;
mod deep_threads;
mod deep_windows;
mod differential;
mod guard_traces;
mod guards;
mod nim_exhaustive;
mod outside;
mod properties;
mod report;
