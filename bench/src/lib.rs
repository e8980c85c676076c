//! The workspace's benchmarks, a package of their own so that criterion and the `minimax`
//! peer are compiled by `cargo bench` alone, never by a test build.
//!
//! `benches/search/` times the page's searcher on tic-tac-toe (the page's published
//! scenarios, every reachable position, a hand-written searcher, the `minimax` crate) and on
//! Connect Four; `benches/chess.rs` times the deep search on a chess position;
//! `benches/page.js` times the page's own JavaScript under node. `cargo bench -p
//! nullmove-bench` runs them all; `cargo bench -p nullmove-bench -- --test` runs each once,
//! untimed, with its node counts asserted.
