//! The `nullmove` binary's integration tests, one binary (one link, tests run in parallel).
//! Tests that wait on short timeouts or drive a browser are in `tests/timing/`, a binary
//! that runs after this one, so the audits and sweeps here cannot starve them.

mod audit;
mod bench;
mod chess;
mod chess_match;
mod chess_position;
mod cluster;
mod contract;
mod coverage;
mod docs;
mod effort;
mod ethereal;
mod explore;
mod help;
mod kpk;
mod manual;
mod match_books;
mod match_merge;
mod match_provenance;
mod match_resume;
mod match_sprt;
mod progress;
mod properties;
mod safeguards;
// The server's tests, in a build that has it; without, the command's refusal.
#[cfg(feature = "serve")]
mod serve_command;
#[cfg(not(feature = "serve"))]
mod serve_not_built;
#[cfg(feature = "serve")]
mod serve_routes;
mod sprt;
mod sprt_path;
mod support;
mod uci;
mod uci_python;
mod unit_tests;
mod version;
mod wording;
mod write_errors;
