//! The article's example, searched: the zugzwang that makes null-move search call a draw
//! lost, and which configurations get it right.

use nullmove_core::Value;
use nullmove_optimized::NoSink;
use serde::Serialize;

use super::cutoffs::fen;
use super::{
    Configuration, Cutoff, RootResult, config, is_wrong, page_config, search, trace_cutoffs,
};
use crate::kpk_game::{Evaluation, NullRule};
use crate::position::Kpk;
use crate::table::{Table, Wdl};

/// The article's example one move earlier: Black Ke8 against White Ke5 and
/// pawn e4, Black to move. Only ...Ke7 holds the draw, into the article's zugzwang, where
/// White to move cannot win; with the exact evaluation, depth limit 2 and R = 0, the
/// null-move search lets White pass there, the probe finds Black to move lost, and ...Ke7
/// is pruned as a loss: the search calls a drawn position lost.
#[derive(Debug, Clone, Serialize)]
pub struct ArticleFixture {
    /// Black to move, a draw.
    #[serde(serialize_with = "fen")]
    pub root: Kpk,
    /// The article's position, White to move: the zugzwang node.
    #[serde(serialize_with = "fen")]
    pub zugzwang: Kpk,
    /// The depth limit.
    pub depth: u32,
    /// R.
    pub reduction: u32,
    /// The table's result of the root.
    pub wdl: Wdl,
    /// Plain alpha-beta: root value and chosen move.
    pub plain: (Value, Option<String>),
    /// Null-move search under chess's rule (no pass in check): root value and chosen move.
    pub null: (Value, Option<String>),
    /// The null-move cutoffs of that search.
    pub cutoffs: Vec<Cutoff>,
    /// For each configuration, whether its result is right.
    pub right_under: Vec<(String, bool)>,
}

/// Builds [`ArticleFixture`] by searching, never from stored results.
///
/// # Example
/// ```
/// use nullmove_kpk::{Table, sweep::article_fixture};
/// let f = article_fixture(&Table::build(), &nullmove_kpk::sweep::configurations());
/// assert!(f.cutoffs.iter().any(|c| c.unsound && c.node == f.zugzwang));
/// ```
#[must_use]
pub fn article_fixture(table: &Table, configurations: &[Configuration]) -> ArticleFixture {
    let root: Kpk = "4k3/8/8/4K3/4P3/8/8/8 b - - 0 1"
        .parse()
        .expect("a legal position");
    let zugzwang: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"
        .parse()
        .expect("a legal position");
    let (depth, reduction) = (2, 0);
    let evaluation = Evaluation::Exact;
    let summary = |r: &RootResult| (r.value, r.best_move.map(|m| m.to_string()));
    let plain_config = config(depth, reduction, false);
    let plain = search(
        table,
        &root,
        evaluation,
        NullRule::InCheck,
        plain_config,
        &mut NoSink,
    );
    let config = page_config(depth, reduction);
    let null = search(
        table,
        &root,
        evaluation,
        NullRule::InCheck,
        config,
        &mut NoSink,
    );
    let right_under = configurations
        .iter()
        .map(|c| {
            let r = search(
                table,
                &root,
                evaluation,
                c.rule,
                c.config(depth, reduction),
                &mut NoSink,
            );
            (c.name.to_owned(), !is_wrong(table, &root, evaluation, &r))
        })
        .collect();
    ArticleFixture {
        root,
        zugzwang,
        depth,
        reduction,
        wdl: table.wdl(&root),
        plain: summary(&plain),
        null: summary(&null),
        cutoffs: trace_cutoffs(table, &root, evaluation, NullRule::InCheck, config),
        right_under,
    }
}
