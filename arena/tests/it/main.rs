//! The arena's integration tests, one binary (one link, tests run in parallel): books,
//! games, and the UCI engine in process.

mod books;
mod games;
mod support;
mod uci;
mod uci_analysis;
mod uci_gui;
mod uci_properties;
