//! The documents every `nullmove` command prints and how they read: the one table renderer
//! (aligned for the terminal or Markdown for the book), the charts, and for each command
//! its document, built from validated inputs with the library crates, and its rendering.
//!
//! The command line parses flags into these inputs and prints what comes back; `xtask`
//! renders stored documents into the book with the same functions, so a table in the book
//! is exactly what the command prints. Nothing here parses a command line or serves HTTP.

pub mod audit;
pub mod bench;
pub mod chart;
pub mod chess;
mod error;
pub mod format;
pub mod kpk;
pub mod output_file;
pub mod probes;
pub mod rules;
pub mod safeguards;
pub mod search;
pub mod sweep;
pub mod table;
pub mod trace;
pub mod tree_stats;
pub mod zugzwang;

pub use error::Error;
