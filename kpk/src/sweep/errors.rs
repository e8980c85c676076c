//! The error table: plain and null-move search of every position judged by the table, per
//! configuration, evaluation, depth limit and R.

use std::ops::RangeInclusive;

use nullmove_optimized::{Config, Searcher};
use serde::Serialize;

use super::root::wrong;
use super::{Configuration, config, trace_cutoffs};
use crate::kpk_game::{Evaluation, KpkGame, NullRule};
use crate::movegen::Move;
use crate::position::Kpk;
use crate::table::Table;

/// One row of the error table: one configuration, evaluation, depth limit and R over every
/// legal position that is not already over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SweepRow {
    /// The configuration's name.
    pub configuration: String,
    /// The evaluation at the depth limit.
    pub evaluation: Evaluation,
    /// The depth limit.
    pub depth: u32,
    /// R.
    pub reduction: u32,
    /// Positions searched.
    pub positions: u64,
    /// Wrong results of plain alpha-beta.
    pub wrong_plain: u64,
    /// Wrong results of the null-move search.
    pub wrong_null: u64,
    /// Wrong null-move results that plain alpha-beta gets right: the null move's doing.
    pub wrong_null_only: u64,
    /// Of those, the ones whose trace shows an unsound cutoff at a zugzwang node.
    pub wrong_at_zugzwang: u64,
    /// Nodes of plain alpha-beta over all positions.
    pub nodes_plain: u64,
    /// Nodes of the null-move search over all positions.
    pub nodes_null: u64,
}

/// The positions the sweep searches: every legal one with a move to make.
#[must_use]
pub fn sweep_positions() -> Vec<Kpk> {
    Kpk::all().filter(|p| !p.legal_moves().is_empty()).collect()
}

/// The error table: for each evaluation, depth limit, configuration and R (a preset: its
/// own R only), plain and null-move results of every position in `positions` against the
/// table.
#[must_use]
pub fn sweep(
    table: &Table,
    positions: &[Kpk],
    configurations: &[Configuration],
    evaluations: &[Evaluation],
    depths: RangeInclusive<u32>,
    reductions: RangeInclusive<u32>,
) -> Vec<SweepRow> {
    sweep_with_progress(
        table,
        positions,
        configurations,
        evaluations,
        depths,
        reductions,
        &|| {},
    )
}

/// The work items [`sweep_with_progress`] reports: one per (evaluation, position), each
/// searched at every depth limit, configuration and R, so every item costs about the same.
#[must_use]
pub fn work_items(positions: &[Kpk], evaluations: &[Evaluation]) -> u64 {
    (positions.len() * evaluations.len()) as u64
}

/// One (depth limit, configuration, R) cell summed over positions.
#[derive(Debug, Clone, Copy, Default)]
struct NullAcc {
    wrong: u64,
    only: u64,
    at_zugzwang: u64,
    nodes: u64,
}

/// Plain alpha-beta at one depth limit summed over positions.
#[derive(Debug, Clone, Copy, Default)]
struct PlainAcc {
    wrong: u64,
    nodes: u64,
}

/// One worker's searches, judged by the table: a searcher kept from one search to the
/// next, so that once grown it allocates nothing, asked for no principal variation (the
/// sweep reads the root's value and move only).
// PERF: against [`super::search`] for each search (a new searcher, its line's rows grown
// from nothing, the root moves copied out): 3.73 instead of 4.92 billion instructions
// (`valgrind --tool=callgrind nullmove kpk sweep --half-board --eval exact --depths 3
// --reductions 1 --configurations in_check`, release build, `RAYON_NUM_THREADS=1`).
#[derive(Default)]
struct Judge {
    searcher: Searcher<Move>,
}

impl Judge {
    /// Whether the search of `p` under `config` is wrong by the table, and its nodes.
    fn judge(
        &mut self,
        table: &Table,
        p: Kpk,
        evaluation: Evaluation,
        rule: NullRule,
        config: Config,
    ) -> (bool, u64) {
        let game = KpkGame::new(p, table, evaluation, rule);
        let report = self.searcher.search(game, &config.with_pv(false));
        (
            wrong(table, p, evaluation, report.value, report.best_move),
            report.stats.nodes,
        )
    }
}

/// What the sweep compares, for one evaluation: depth limits, and each configuration at
/// each of its R values ([`Configuration::reductions`]), in that order.
struct Grid<'a> {
    evaluation: Evaluation,
    depths: &'a [u32],
    columns: Vec<(&'a Configuration, u32)>,
}

/// A worker's partial sums and its searcher.
type Partial = (Vec<PlainAcc>, Vec<NullAcc>, Judge);

impl Grid<'_> {
    /// The index of a (depth limit, configuration and R) cell.
    fn cell(&self, di: usize, ki: usize) -> usize {
        di * self.columns.len() + ki
    }

    /// Every cell empty: plain per depth limit, null-move search per cell.
    fn empty(&self) -> Partial {
        let cells = self.depths.len() * self.columns.len();
        (
            vec![PlainAcc::default(); self.depths.len()],
            vec![NullAcc::default(); cells],
            Judge::default(),
        )
    }

    /// Adds position `p`, searched at every depth limit, configuration and R.
    fn add(&self, table: &Table, p: Kpk, (plain, null, judge): &mut Partial) {
        let evaluation = self.evaluation;
        for (di, &depth) in self.depths.iter().enumerate() {
            // Plain alpha-beta depends on neither R nor the null-move rule.
            let (plain_wrong, nodes) = judge.judge(
                table,
                p,
                evaluation,
                NullRule::InCheck,
                config(depth, 0, false),
            );
            plain[di].wrong += u64::from(plain_wrong);
            plain[di].nodes += nodes;
            for (ki, &(c, reduction)) in self.columns.iter().enumerate() {
                let config = c.config(depth, reduction);
                let (wrong, nodes) = judge.judge(table, p, evaluation, c.rule, config);
                let only = wrong && !plain_wrong;
                let at_zugzwang = only
                    && trace_cutoffs(table, &p, evaluation, c.rule, config)
                        .iter()
                        .any(|x| x.unsound && x.zugzwang);
                let a = &mut null[self.cell(di, ki)];
                a.wrong += u64::from(wrong);
                a.only += u64::from(only);
                a.at_zugzwang += u64::from(at_zugzwang);
                a.nodes += nodes;
            }
        }
    }

    /// The rows of the summed cells over `positions` positions, depth-major.
    fn rows(&self, positions: u64, plain: &[PlainAcc], null: &[NullAcc]) -> Vec<SweepRow> {
        let mut rows = Vec::new();
        for (di, &depth) in self.depths.iter().enumerate() {
            for (ki, &(c, reduction)) in self.columns.iter().enumerate() {
                let a = null[self.cell(di, ki)];
                rows.push(SweepRow {
                    configuration: c.name.to_owned(),
                    evaluation: self.evaluation,
                    depth,
                    reduction,
                    positions,
                    wrong_plain: plain[di].wrong,
                    wrong_null: a.wrong,
                    wrong_null_only: a.only,
                    wrong_at_zugzwang: a.at_zugzwang,
                    nodes_plain: plain[di].nodes,
                    nodes_null: a.nodes,
                });
            }
        }
        rows
    }
}

/// Two partial sums of the same cells, added (one searcher kept).
fn merge((mut pa, mut na, judge): Partial, (pb, nb, _): Partial) -> Partial {
    for (x, y) in pa.iter_mut().zip(&pb) {
        x.wrong += y.wrong;
        x.nodes += y.nodes;
    }
    for (x, y) in na.iter_mut().zip(&nb) {
        x.wrong += y.wrong;
        x.only += y.only;
        x.at_zugzwang += y.at_zugzwang;
        x.nodes += y.nodes;
    }
    (pa, na, judge)
}

/// [`sweep`], calling `progress` after each of its [`work_items`]: in parallel (rayon) over
/// positions, each position searched at every depth limit, configuration and R.
#[must_use]
pub fn sweep_with_progress(
    table: &Table,
    positions: &[Kpk],
    configurations: &[Configuration],
    evaluations: &[Evaluation],
    depths: RangeInclusive<u32>,
    reductions: RangeInclusive<u32>,
    progress: &(dyn Fn() + Sync),
) -> Vec<SweepRow> {
    use rayon::prelude::*;
    let depths: Vec<u32> = depths.collect();
    let columns: Vec<(&Configuration, u32)> = configurations
        .iter()
        .flat_map(|c| {
            c.reductions(reductions.clone())
                .into_iter()
                .map(move |r| (c, r))
        })
        .collect();
    let mut rows = Vec::new();
    for &evaluation in evaluations {
        let grid = Grid {
            evaluation,
            depths: &depths,
            columns: columns.clone(),
        };
        let (plain, null, _) = positions
            .par_iter()
            .fold(
                || grid.empty(),
                |mut partial, p| {
                    grid.add(table, *p, &mut partial);
                    progress();
                    partial
                },
            )
            .reduce(|| grid.empty(), merge);
        rows.extend(grid.rows(positions.len() as u64, &plain, &null));
    }
    rows
}

/// Positions whose pawn is on files a–d: the half of the board Syzygy counts, and the
/// other half's mirror image.
#[must_use]
pub fn half_board_positions() -> Vec<Kpk> {
    sweep_positions()
        .into_iter()
        .filter(Kpk::pawn_on_files_a_to_d)
        .collect()
}
