//! `nullmove zugzwang`'s document: moving against passing in tic-tac-toe by the oracle's
//! exact values, everywhere and at one board, and its table.

use std::io::{self, Write};

use nullmove_core::{Player, Value};
use nullmove_experiments::zugzwang::Passing;
use serde::Serialize;

use crate::format::count;

/// Moving against passing at the board `--board` names.
#[derive(Debug, Serialize)]
pub struct AtBoard {
    /// The position.
    pub board: String,
    /// Who moves, or passes.
    pub side_to_move: Player,
    /// The exact value when the side to move moves.
    pub moving: Value,
    /// The exact value when it passes (the opponent moves on the same board).
    pub passing: Value,
    /// The page's heuristic of the board.
    pub heuristic: Value,
}

/// The document of `nullmove zugzwang`.
#[derive(Debug, Serialize)]
pub struct Report {
    /// Every non-terminal reachable position compared.
    #[serde(flatten)]
    pub all: Passing,
    /// The one position `--board` names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_board: Option<AtBoard>,
}

/// The count over every position, then the one board's values.
pub fn render(r: &Report, out: &mut dyn Write) -> io::Result<()> {
    let a = &r.all;
    writeln!(
        out,
        "moving against passing by the oracle's exact values at depth limit {}: passing is \
         better in {} of {} non-terminal reachable positions{}",
        a.depth,
        count(a.passing_better),
        count(a.positions),
        a.first
            .as_ref()
            .map_or(String::new(), |f| format!(" (the first: {f})"))
    )?;
    if let Some(b) = &r.at_board {
        writeln!(
            out,
            "{}: {} to move; moving is worth {}, passing {}; its heuristic is {}",
            b.board, b.side_to_move, b.moving, b.passing, b.heuristic
        )?;
    }
    Ok(())
}
