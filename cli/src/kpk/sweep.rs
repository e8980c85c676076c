//! `nullmove kpk sweep`: plain and null-move search of every position judged by the table,
//! one row per configuration, evaluation, depth limit and R.

use std::io::{self, Write};

use nullmove_kpk::game::Evaluation;
use nullmove_kpk::sweep::{self, SweepRow};
use nullmove_kpk::{Kpk, Table};
use serde::Serialize;

use super::SweepArgs;
use crate::common::count;
use crate::progress::Progress;

/// The document of `nullmove kpk sweep`.
#[derive(Debug, Serialize)]
pub struct SweepReport {
    /// One row per configuration, evaluation, depth limit and R.
    pub rows: Vec<SweepRow>,
}

fn positions(args: &SweepArgs) -> Vec<Kpk> {
    if args.half_board {
        sweep::half_board_positions()
    } else {
        sweep::sweep_positions()
    }
}

fn evaluations(args: &SweepArgs) -> Vec<Evaluation> {
    match args.evaluation {
        Some(e) => vec![e.into()],
        None => vec![Evaluation::Exact, Evaluation::Heuristic],
    }
}

pub(super) fn sweep_report(args: &SweepArgs, progress: &Progress) -> SweepReport {
    let table = Table::build();
    let (positions, evaluations) = (positions(args), evaluations(args));
    progress.set_len(sweep::work_items(&positions, &evaluations));
    let rows = sweep::sweep_with_progress(
        &table,
        &positions,
        &sweep::configurations(),
        &evaluations,
        args.depths.clone(),
        args.reductions.clone(),
        &|| progress.add(1),
    );
    SweepReport { rows }
}

pub(super) fn render_sweep(report: &SweepReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{:<18} {:<9} {:>5} {:>2} {:>9} {:>11} {:>10} {:>10} {:>10} {:>12} {:>12}",
        "configuration",
        "eval",
        "depth",
        "R",
        "positions",
        "wrong_plain",
        "wrong_null",
        "null_only",
        "zugzwang",
        "nodes_plain",
        "nodes_null"
    )?;
    for r in &report.rows {
        writeln!(
            out,
            "{:<18} {:<9} {:>5} {:>2} {:>9} {:>11} {:>10} {:>10} {:>10} {:>12} {:>12}",
            r.configuration,
            r.evaluation.name(),
            r.depth,
            r.reduction,
            count(r.positions),
            count(r.wrong_plain),
            count(r.wrong_null),
            count(r.wrong_null_only),
            count(r.wrong_at_zugzwang),
            count(r.nodes_plain),
            count(r.nodes_null)
        )?;
    }
    Ok(())
}
