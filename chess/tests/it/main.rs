//! The chess crate's integration tests, one binary (one link, tests run in parallel).
//! `tests/alloc.rs` stays a binary of its own: it installs a counting global allocator.

mod bench;
mod draws;
mod epd;
mod incremental;
mod kpk;
mod mates;
mod notation;
mod null_mate;
mod perft;
mod selectivity;
mod suite;
mod threads;
