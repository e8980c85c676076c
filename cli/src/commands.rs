//! Every subcommand of `nullmove`, one module each: its arguments (clap's definitions), the
//! document it builds from them with the library crates, and how it renders that document.

pub mod audit;
pub mod bench;
pub mod chess;
pub mod kpk;
pub mod manual;
pub mod probes;
pub mod rules;
pub mod safeguards;
pub mod search;
pub mod serve;
pub mod sweep;
pub mod trace;
pub mod tree_stats;
pub mod uci;
pub mod zugzwang;
