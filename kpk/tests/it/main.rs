//! K+P vs K's integration tests, one binary (one link, tests run in parallel).

mod guards;
mod movegen;
mod null_move;
mod syzygy;
mod zugzwang;
