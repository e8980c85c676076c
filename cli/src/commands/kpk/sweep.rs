//! `nullmove kpk sweep`: plain and null-move search of every position judged by the table,
//! one row per configuration, evaluation, depth limit and R, and their totals.

use nullmove_kpk::sweep;

use super::SweepArgs;
use crate::progress::Progress;
use nullmove_report::kpk::sweep::{SweepPlan, SweepReport};

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

pub(super) fn sweep_report(args: &SweepArgs, progress: &Progress) -> SweepReport {
    let plan = SweepPlan {
        half_board: args.half_board,
        evaluation: args.evaluation.map(Into::into),
        configurations: args.configurations.clone(),
        depths: args.depths.clone(),
        reductions: args.reductions.clone(),
    };
    progress.set_len(plan.work_items());
    plan.measure(&|| progress.add(1))
}
