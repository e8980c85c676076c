//! `nullmove kpk stats` and `nullmove kpk zugzwangs`: the exact table's counts and its
//! mutual zugzwangs.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use nullmove_kpk::{Table, TableStats};
use serde::Serialize;

use crate::format::count;

/// The document of `nullmove kpk stats`: the table's counts (how long it took to build is
/// shown in the table only).
#[derive(Debug, Serialize)]
pub struct StatsReport {
    /// The counts.
    #[serde(flatten)]
    pub stats: TableStats,
    /// How long the retrograde analysis took.
    #[serde(skip)]
    pub built: Duration,
}

/// Builds the table and counts it, timing the build.
#[must_use]
pub fn stats() -> StatsReport {
    let start = Instant::now();
    let table = Table::build();
    let built = start.elapsed();
    StatsReport {
        stats: table.stats(),
        built,
    }
}

/// The counts as a table, with the build time.
pub fn render_stats(r: &StatsReport, out: &mut dyn Write) -> io::Result<()> {
    let s = &r.stats;
    writeln!(
        out,
        "K+P vs K, solved by retrograde analysis in {:.1} ms",
        r.built.as_secs_f64() * 1e3
    )?;
    writeln!(out, "{:<24} {:>12} {:>12}", "", "full board", "files a-d")?;
    let rows = [
        (
            "legal positions",
            s.legal_positions,
            s.half_board.legal_positions,
        ),
        (
            "White to move: wins",
            s.white_to_move.wins,
            s.half_board.white_to_move.wins,
        ),
        (
            "White to move: draws",
            s.white_to_move.draws,
            s.half_board.white_to_move.draws,
        ),
        (
            "Black to move: losses",
            s.black_to_move.white_wins,
            s.half_board.black_to_move.white_wins,
        ),
        (
            "Black to move: draws",
            s.black_to_move.draws,
            s.half_board.black_to_move.draws,
        ),
    ];
    for (name, full, half) in rows {
        writeln!(out, "{name:<24} {:>12} {:>12}", count(full), count(half))?;
    }
    writeln!(out, "mutual zugzwangs: {}", count(s.mutual_zugzwangs))
}

/// The document of `nullmove kpk zugzwangs`.
#[derive(Debug, Serialize)]
pub struct ZugzwangList {
    /// How many.
    pub count: usize,
    /// Each as FEN, White to move.
    pub zugzwangs: Vec<String>,
}

/// The table's mutual zugzwangs.
#[must_use]
pub fn zugzwangs() -> ZugzwangList {
    let table = Table::build();
    let list: Vec<String> = table.zugzwangs().map(|z| z.to_string()).collect();
    ZugzwangList {
        count: list.len(),
        zugzwangs: list,
    }
}

/// The mutual zugzwangs, one a line.
pub fn render_zugzwangs(z: &ZugzwangList, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{} mutual zugzwangs (White to move draws, Black to move loses):",
        count(z.count as u64)
    )?;
    for fen in &z.zugzwangs {
        writeln!(out, "{fen}")?;
    }
    Ok(())
}
