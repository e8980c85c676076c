//! `nullmove tree-stats`: the oracle's full game tree of the empty board.

use std::io::Write;

use nullmove_oracle::TreeStats;

use crate::common::{self, CliError, Io, count};

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
    common::emit(io.out, args.json, &t, render)?;
    Ok(0)
}

/// The statistics as a two-column table.
pub fn render(t: &TreeStats, out: &mut dyn Write) -> std::io::Result<()> {
    let rows = [
        ("nodes (root included)", count(t.nodes)),
        ("games", count(t.games)),
        ("won by X", count(t.x_wins)),
        ("won by O", count(t.o_wins)),
        ("drawn", count(t.draws)),
        ("reachable positions", count(t.positions)),
        ("  not yet over", count(t.nonterminal_positions)),
        ("value with perfect play", t.value.to_string()),
    ];
    for (k, v) in rows {
        writeln!(out, "{k:<26}{v:>9}")?;
    }
    Ok(())
}
