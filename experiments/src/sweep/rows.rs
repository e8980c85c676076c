//! What a sweep measured: one row per (depth limit, R), summed over its positions, and the
//! whole sweep as CSV and as a text table.

use std::fmt::{self, Write as _};

use serde::{Deserialize, Serialize};

use nullmove_numbers::count;

/// One (depth limit, reduction) of a sweep, summed over its positions. The field names
/// are the JSON contract of `nullmove sweep --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepRow {
    /// The depth limit.
    pub depth: u32,
    /// The reduction R.
    pub reduction: u32,
    /// Positions searched.
    pub positions: u64,
    /// Nodes of plain alpha-beta, summed over the positions.
    pub nodes_plain: u64,
    /// Nodes of alpha-beta with null-move pruning, summed over the positions.
    pub nodes_null: u64,
    /// `100 * (plain - null) / plain`, to one decimal as the page prints it; negative when
    /// null-move pruning costs nodes.
    pub savings_percent: f64,
    /// Positions whose root value differs between the two modes.
    pub value_changed: u64,
    /// Positions where the move null-move search chooses is worth less to the mover, by the
    /// oracle's exact depth-limited values, than the oracle's best move ("Pitfalls").
    pub worse_move: u64,
}

impl SweepRow {
    /// How many times the plain search's nodes the null-move search visits (the page's
    /// "3.9x cost increase" is this ratio at depth 9, R 1).
    #[must_use]
    pub fn cost_ratio(&self) -> f64 {
        self.nodes_null as f64 / self.nodes_plain as f64
    }

    /// Whether this row's saving is at most `other`'s, compared exactly (cross-multiplied,
    /// not through rounded percentages).
    #[must_use]
    pub fn saves_at_most(&self, other: &Self) -> bool {
        // (p - n) / p <= (P - N) / P  <=>  N * p <= n * P
        u128::from(other.nodes_null) * u128::from(self.nodes_plain)
            <= u128::from(self.nodes_null) * u128::from(other.nodes_plain)
    }
}

/// Percent saved, rounded to one decimal (half away from zero).
#[must_use]
pub fn savings_percent(plain: u64, null: u64) -> f64 {
    let raw = 100.0 * (plain as f64 - null as f64) / plain as f64;
    (raw * 10.0).round() / 10.0
}

/// A whole sweep: what was searched and one row per combination, depth-major.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    /// The rows, ordered by depth limit then reduction.
    pub rows: Vec<SweepRow>,
}

impl Sweep {
    /// The row of one combination, if the sweep measured it.
    #[must_use]
    pub fn row(&self, depth: u32, reduction: u32) -> Option<&SweepRow> {
        self.rows
            .iter()
            .find(|r| r.depth == depth && r.reduction == reduction)
    }

    /// The rows as CSV, header first, in the JSON's field order.
    #[must_use]
    pub fn to_csv(&self) -> String {
        let mut out = String::from(
            "depth,reduction,positions,nodes_plain,nodes_null,savings_percent,value_changed,worse_move\n",
        );
        for r in &self.rows {
            let _ = writeln!(
                out,
                "{},{},{},{},{},{:.1},{},{}",
                r.depth,
                r.reduction,
                r.positions,
                r.nodes_plain,
                r.nodes_null,
                r.savings_percent,
                r.value_changed,
                r.worse_move
            );
        }
        out
    }

    /// The rows as an aligned text table (the CLI's default output and the book's).
    #[must_use]
    pub fn to_table(&self) -> String {
        let mut out = format!(
            "{:>5} {:>2} {:>9} {:>12} {:>12} {:>8} {:>7} {:>13} {:>10}\n",
            "depth",
            "R",
            "positions",
            "nodes_plain",
            "nodes_null",
            "saving",
            "ratio",
            "value_changed",
            "worse_move"
        );
        for r in &self.rows {
            let _ = writeln!(
                out,
                "{:>5} {:>2} {:>9} {:>12} {:>12} {:>7.1}% {:>6.2}x {:>13} {:>10}",
                r.depth,
                r.reduction,
                count(r.positions),
                count(r.nodes_plain),
                count(r.nodes_null),
                r.savings_percent,
                r.cost_ratio(),
                count(r.value_changed),
                count(r.worse_move)
            );
        }
        out
    }
}

impl fmt::Display for Sweep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_table())
    }
}
