//! `nullmove tree-stats`: the oracle's full game tree of the empty board.

use nullmove_oracle::TreeStats;

use crate::error::CliError;
use crate::output::{self, Io};
use nullmove_report::tree_stats::render;

/// Arguments of `nullmove tree-stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

/// The document: the statistics of the whole tree.
pub fn document(_args: &Args) -> Result<TreeStats, CliError> {
    Ok(nullmove_oracle::tree_stats())
}

/// Walks the tree and prints its statistics.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let t = document(args)?;
    output::emit(io.out, args.json, &t, render)?;
    Ok(0)
}
