//! `nullmove tree-stats`'s table: the oracle's full game tree of the empty board.

use std::io::Write;

use nullmove_oracle::TreeStats;

use crate::format::count;

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
