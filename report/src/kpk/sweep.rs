//! `nullmove kpk sweep`'s document: plain and null-move search of every position judged by
//! the table, one row per configuration, evaluation, depth limit and R, and their totals.

use std::io::{self, Write};

use std::ops::RangeInclusive;

use nullmove_kpk::Table;
use nullmove_kpk::article::{self, TotalRow};
use nullmove_kpk::kpk_game::Evaluation;
use nullmove_kpk::sweep::{self, SweepRow};
use serde::Serialize;

use crate::format::count;

/// The document of `nullmove kpk sweep`.
#[derive(Debug, Serialize)]
pub struct SweepReport {
    /// One row per configuration, evaluation, depth limit and R.
    pub rows: Vec<SweepRow>,
    /// The rows summed per configuration and evaluation: over every R, then at each R.
    pub totals: Vec<TotalRow>,
}

/// What a K+P vs K sweep searches.
#[derive(Debug, Clone)]
pub struct SweepPlan {
    /// Only the pawn on files a–d (the half Syzygy counts).
    pub half_board: bool,
    /// One evaluation, or both when `None`.
    pub evaluation: Option<Evaluation>,
    /// The configurations by name, in any order (all when empty).
    pub configurations: Vec<String>,
    /// The depth limits.
    pub depths: RangeInclusive<u32>,
    /// The reductions R.
    pub reductions: RangeInclusive<u32>,
}

impl SweepPlan {
    /// The work items `measure` reports as done: one per evaluation and position.
    #[must_use]
    pub fn work_items(&self) -> u64 {
        sweep::work_items(&self.positions(), &self.evaluations())
    }

    /// Searches every position of the plan, calling `done` once per work item finished.
    #[must_use]
    pub fn measure(&self, done: &(dyn Fn() + Sync)) -> SweepReport {
        let configurations: Vec<sweep::Configuration> = sweep::configurations()
            .into_iter()
            .filter(|c| {
                self.configurations.is_empty() || self.configurations.iter().any(|n| n == c.name)
            })
            .collect();
        let rows = sweep::sweep_with_progress(
            &Table::build(),
            &self.positions(),
            &configurations,
            &self.evaluations(),
            self.depths.clone(),
            self.reductions.clone(),
            done,
        );
        SweepReport {
            totals: article::totals(&rows),
            rows,
        }
    }

    fn positions(&self) -> Vec<nullmove_kpk::Kpk> {
        if self.half_board {
            sweep::half_board_positions()
        } else {
            sweep::sweep_positions()
        }
    }

    fn evaluations(&self) -> Vec<Evaluation> {
        self.evaluation.map_or_else(
            || vec![Evaluation::Exact, Evaluation::Heuristic],
            |e| vec![e],
        )
    }
}

/// One row per configuration, evaluation, depth limit and R, then the totals.
pub fn render_sweep(report: &SweepReport, out: &mut dyn Write) -> io::Result<()> {
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
    let presets: Vec<&str> = sweep::configurations()
        .iter()
        .filter(|c| c.own_reduction)
        .map(|c| c.name)
        .collect();
    let r_of = |configuration: &str, reduction: u32| {
        let mark = if presets.contains(&configuration) {
            "*"
        } else {
            ""
        };
        format!("{reduction}{mark}")
    };
    for r in &report.rows {
        writeln!(
            out,
            "{:<18} {:<9} {:>5} {:>2} {:>9} {:>11} {:>10} {:>10} {:>10} {:>12} {:>12}",
            r.configuration,
            r.evaluation.name(),
            r.depth,
            r_of(&r.configuration, r.reduction),
            count(r.positions),
            count(r.wrong_plain),
            count(r.wrong_null),
            count(r.wrong_null_only),
            count(r.wrong_at_zugzwang),
            count(r.nodes_plain),
            count(r.nodes_null)
        )?;
    }
    if report
        .rows
        .iter()
        .any(|r| presets.contains(&r.configuration.as_str()))
    {
        writeln!(
            out,
            "* a preset fixes its own R ({}): it is searched at that R only, whatever \
             --reductions asks",
            presets.join(", ")
        )?;
    }
    writeln!(
        out,
        "wrong_plain and wrong_null count positions whose root result is wrong by the table \
         (plain, null-move search); null_only those wrong with null move and right without; \
         zugzwang, of those, the ones traced to an unsound null cutoff at a zugzwang"
    )?;
    writeln!(out)?;
    render_totals(&report.totals, out)
}

/// The totals under the rows: per configuration and evaluation, `all` R first.
fn render_totals(totals: &[TotalRow], out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{:<18} {:<9} {:>5} {:>11} {:>10} {:>10} {:>12} {:>12} {:>8}",
        "totals",
        "eval",
        "R",
        "wrong_plain",
        "null_only",
        "zugzwang",
        "nodes_plain",
        "nodes_null",
        "saving"
    )?;
    for t in totals {
        writeln!(
            out,
            "{:<18} {:<9} {:>5} {:>11} {:>10} {:>10} {:>12} {:>12} {:>7.1}%",
            t.configuration,
            t.evaluation.name(),
            t.reduction
                .map_or_else(|| "all".to_owned(), |r| r.to_string()),
            count(t.wrong_plain),
            count(t.wrong_null_only),
            count(t.wrong_at_zugzwang),
            count(t.nodes_plain),
            count(t.nodes_null),
            t.saving_percent
        )?;
    }
    Ok(())
}
