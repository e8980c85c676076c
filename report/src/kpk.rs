//! King and pawn against king's documents: one position searched and judged by the exact
//! table, the table's counts and mutual zugzwangs, and the sweep of every position.

pub mod position;
pub mod sweep;
pub mod table;

use serde::Serialize;

use position::PositionReport;
use sweep::SweepReport;
use table::{StatsReport, ZugzwangList};

/// The document of `nullmove kpk`, by subcommand; each prints as its own JSON document.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Document {
    /// `--fen`: one position searched.
    Position(PositionReport),
    /// `stats`.
    Stats(StatsReport),
    /// `zugzwangs`.
    Zugzwangs(ZugzwangList),
    /// `sweep`.
    Sweep(SweepReport),
}
