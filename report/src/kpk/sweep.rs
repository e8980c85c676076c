//! `nullmove kpk sweep`'s document: plain and null-move search of every position judged by
//! the table, one row per configuration, evaluation, depth limit and R, and their totals.

use std::io::{self, Write};

use nullmove_kpk::article::TotalRow;
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
