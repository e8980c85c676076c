//! `nullmove kpk sweep`: plain and null-move search of every position judged by the table,
//! one row per configuration, evaluation, depth limit and R, and their totals.

use nullmove_kpk::article::{self};
use nullmove_kpk::kpk_game::Evaluation;
use nullmove_kpk::sweep::{self};
use nullmove_kpk::{Kpk, Table};

use super::SweepArgs;
use crate::progress::Progress;
use nullmove_report::kpk::sweep::SweepReport;

/// A configuration name of the sweep, or the list of them as the error.
pub(super) fn parse_configuration(s: &str) -> Result<String, String> {
    let known: Vec<&str> = sweep::configurations().iter().map(|c| c.name).collect();
    if known.contains(&s) {
        Ok(s.to_owned())
    } else {
        Err(format!(
            "unknown configuration {s:?} (expected one of {})",
            known.join(", ")
        ))
    }
}

/// The configurations `--configurations` names, in the sweep's order; all without it.
fn configurations(args: &SweepArgs) -> Vec<sweep::Configuration> {
    sweep::configurations()
        .into_iter()
        .filter(|c| {
            args.configurations.is_empty() || args.configurations.iter().any(|n| n == c.name)
        })
        .collect()
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
        &configurations(args),
        &evaluations,
        args.depths.clone(),
        args.reductions.clone(),
        &|| progress.add(1),
    );
    SweepReport {
        totals: article::totals(&rows),
        rows,
    }
}
