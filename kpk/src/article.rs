//! The measurement behind the companion article's claims (`../shared/page/
//! null-move-pruning.fa.txt`): the error table of [`sweep::sweep`] restricted to what the
//! claims read, and its totals. What the claims are and how they are judged lives in the
//! audit (`nullmove_fixtures`), which reads these rows; `nullmove kpk sweep` prints the same
//! rows and totals, so every figure can be replayed.

use serde::Serialize;

use crate::kpk_game::Evaluation;
use crate::sweep::{self, SweepRow};
use crate::table::Table;

/// The depth limits and reductions the claims are measured over (pawn on files a–d):
/// where a probe can first land on a zugzwang node, kept small so the audit stays fast.
pub const DEPTHS: std::ops::RangeInclusive<u32> = 2..=3;
/// See [`DEPTHS`].
pub const REDUCTIONS: std::ops::RangeInclusive<u32> = 0..=1;

/// The configurations of [`sweep::configurations`] the claims read with the exact
/// evaluation, where every null-move error is a true zugzwang's: the page's rule, each rule
/// or guard the article lists, and the same probing nodes one ply deeper
/// (`min_probe_depth_1` at R 0 probes where `in_check` at R 1 does).
pub const EXACT_CONFIGURATIONS: [&str; 6] = [
    "page",
    "in_check",
    "non_pawn_material",
    "min_probe_depth_1",
    "verify_stockfish_1",
    "verify_tn",
];

/// The configurations the claims read with the heuristic evaluation, as an engine without
/// tables would search: the rules whose effect depends on the evaluation (the in-check rule
/// against the page's, the milder reduction).
pub const HEURISTIC_CONFIGURATIONS: [&str; 3] = ["page", "in_check", "min_probe_depth_1"];

/// The configurations read with `evaluation`.
#[must_use]
pub const fn configurations(evaluation: Evaluation) -> &'static [&'static str] {
    match evaluation {
        Evaluation::Exact => &EXACT_CONFIGURATIONS,
        Evaluation::Heuristic => &HEURISTIC_CONFIGURATIONS,
    }
}

/// The rows the claims read with `evaluation`: [`configurations`] over [`DEPTHS`] and
/// [`REDUCTIONS`], pawn on files a–d. A few seconds of CPU time in release.
#[must_use]
pub fn measure(table: &Table, evaluation: Evaluation) -> Vec<SweepRow> {
    let names = configurations(evaluation);
    let configurations: Vec<sweep::Configuration> = sweep::configurations()
        .into_iter()
        .filter(|c| names.contains(&c.name))
        .collect();
    sweep::sweep(
        table,
        &sweep::half_board_positions(),
        &configurations,
        &[evaluation],
        DEPTHS,
        REDUCTIONS,
    )
}

/// One configuration and evaluation summed over rows, optionally at one R.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Total {
    /// Wrong results of the null-move search that plain alpha-beta gets right.
    pub wrong: u64,
    /// Of those, the ones traced to an unsound cutoff at a mutual zugzwang.
    pub at_zugzwang: u64,
    /// Wrong results of plain alpha-beta.
    pub wrong_plain: u64,
    /// Nodes of the null-move search.
    pub nodes: u64,
    /// Nodes of plain alpha-beta.
    pub nodes_plain: u64,
    /// Rows summed (0: the configuration was not measured).
    pub rows: u64,
}

impl Total {
    /// Percent of plain alpha-beta's nodes the null-move search saves (negative: a cost).
    #[must_use]
    pub fn saving_percent(&self) -> f64 {
        100.0 * (self.nodes_plain as f64 - self.nodes as f64) / self.nodes_plain.max(1) as f64
    }
}

/// Sums the rows of `configuration` under `evaluation`, at `reduction` only if given.
#[must_use]
pub fn total(
    rows: &[SweepRow],
    configuration: &str,
    evaluation: Evaluation,
    reduction: Option<u32>,
) -> Total {
    rows.iter()
        .filter(|r| {
            r.configuration == configuration
                && r.evaluation == evaluation
                && reduction.is_none_or(|x| r.reduction == x)
        })
        .fold(Total::default(), |t, r| Total {
            wrong: t.wrong + r.wrong_null_only,
            at_zugzwang: t.at_zugzwang + r.wrong_at_zugzwang,
            wrong_plain: t.wrong_plain + r.wrong_plain,
            nodes: t.nodes + r.nodes_null,
            nodes_plain: t.nodes_plain + r.nodes_plain,
            rows: t.rows + 1,
        })
}

/// One line of the totals `nullmove kpk sweep` prints under its rows: a configuration and
/// evaluation summed over every R (`reduction: None`) or at one R.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TotalRow {
    /// The configuration's name.
    pub configuration: String,
    /// The evaluation at the depth limit.
    pub evaluation: Evaluation,
    /// The R summed over, or `None` for all of them.
    pub reduction: Option<u32>,
    /// Wrong results of plain alpha-beta.
    pub wrong_plain: u64,
    /// Wrong null-move results that plain alpha-beta gets right.
    pub wrong_null_only: u64,
    /// Of those, the ones traced to an unsound cutoff at a mutual zugzwang.
    pub wrong_at_zugzwang: u64,
    /// Nodes of plain alpha-beta.
    pub nodes_plain: u64,
    /// Nodes of the null-move search.
    pub nodes_null: u64,
    /// Percent of plain alpha-beta's nodes the null-move search saves (negative: a cost).
    pub saving_percent: f64,
}

/// The totals of `rows`: per configuration and evaluation, in the rows' order, over every
/// depth limit and R, then at each R it was searched at (a preset only at its own).
#[must_use]
pub fn totals(rows: &[SweepRow]) -> Vec<TotalRow> {
    let mut groups: Vec<(&str, Evaluation)> = Vec::new();
    for r in rows {
        if !groups.contains(&(r.configuration.as_str(), r.evaluation)) {
            groups.push((r.configuration.as_str(), r.evaluation));
        }
    }
    let mut out = Vec::new();
    for (name, evaluation) in groups {
        let mut reductions: Vec<u32> = rows
            .iter()
            .filter(|r| r.configuration == name && r.evaluation == evaluation)
            .map(|r| r.reduction)
            .collect();
        reductions.sort_unstable();
        reductions.dedup();
        let lines = std::iter::once(None).chain(reductions.iter().copied().map(Some));
        for reduction in lines {
            let t = total(rows, name, evaluation, reduction);
            out.push(TotalRow {
                configuration: name.to_owned(),
                evaluation,
                reduction,
                wrong_plain: t.wrong_plain,
                wrong_null_only: t.wrong,
                wrong_at_zugzwang: t.at_zugzwang,
                nodes_plain: t.nodes_plain,
                nodes_null: t.nodes,
                saving_percent: t.saving_percent(),
            });
        }
    }
    out
}
