//! `nullmove tree-stats`: the oracle's full game tree of the empty board.

use std::process::ExitCode;

use crate::common::{self, CliError};

/// Arguments of `nullmove tree-stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

/// Walks the tree and prints its statistics.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let t = nullmove_oracle::tree_stats();
    if args.json {
        common::print_json(&t)?;
    } else {
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
            println!("{k:<26}{v:>9}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
