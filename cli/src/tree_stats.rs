//! `nullmove tree-stats`: the oracle's full game tree of the empty board.

use std::io::Write;

use nullmove_oracle::TreeStats;

use crate::common::{self, CliError, Io};

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
    if args.json {
        common::write_json(io.out, &t)?;
    } else {
        render(&t, io.out)?;
    }
    Ok(0)
}

/// The statistics as a two-column table.
pub fn render(t: &TreeStats, out: &mut dyn Write) -> std::io::Result<()> {
    let rows = [
        ("nodes (root included)", t.nodes.to_string()),
        ("games", t.games.to_string()),
        ("won by X", t.x_wins.to_string()),
        ("won by O", t.o_wins.to_string()),
        ("drawn", t.draws.to_string()),
        ("reachable positions", t.positions.to_string()),
        ("  not yet over", t.nonterminal_positions.to_string()),
        ("value with perfect play", t.value.to_string()),
    ];
    for (k, v) in rows {
        writeln!(out, "{k:<26}{v:>9}")?;
    }
    Ok(())
}
