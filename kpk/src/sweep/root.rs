//! One root searched by the generic optimized searcher, and its result judged by the table:
//! wrong when the chosen move throws the result away or the value claims the other one.

use nullmove_core::{Stats, Value};
use nullmove_optimized::{Config, EventSink, RootMove};

use crate::kpk_game::{EXACT_WIN, Evaluation, KpkGame, NullRule};
use crate::movegen::Move;
use crate::position::Kpk;
use crate::table::{Table, Wdl};

/// What a search says about its root.
#[derive(Debug, Clone)]
pub struct RootResult {
    /// What the root call returned.
    pub value: Value,
    /// The first move whose value strictly improves on all before it, `None` at a finished
    /// game or depth limit 0.
    pub best_move: Option<Move>,
    /// Each root move with its child's value and whether that is a bound, in move order.
    moves: Vec<RootMove<Move>>,
    /// The searcher's counters.
    pub stats: Stats,
}

impl RootResult {
    /// Each root move with the value its child returned (a bound when it failed low).
    pub fn moves(&self) -> impl Iterator<Item = (Move, Value)> + '_ {
        self.moves.iter().map(|m| (m.mv, m.value))
    }

    /// Each root move with its value and whether the value is exact or a bound.
    #[must_use]
    pub fn root_moves(&self) -> &[RootMove<Move>] {
        &self.moves
    }
}

/// Searches `root` with the generic optimized searcher, emitting events into `sink`.
///
/// # Example
/// ```
/// use nullmove_kpk::{Kpk, Table, kpk_game::{Evaluation, NullRule}, sweep::{search, page_config}};
/// let table = Table::build();
/// let p: Kpk = "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1".parse().unwrap();
/// let r = search(&table, &p, Evaluation::Exact, NullRule::InCheck, page_config(3, 1), &mut nullmove_optimized::NoSink);
/// assert_eq!(r.value, nullmove_kpk::kpk_game::EXACT_WIN); // Black to move loses
/// ```
pub fn search<S: EventSink<Move> + ?Sized>(
    table: &Table,
    root: &Kpk,
    evaluation: Evaluation,
    rule: NullRule,
    config: Config,
    sink: &mut S,
) -> RootResult {
    let game = KpkGame::new(*root, table, evaluation, rule);
    let report = nullmove_optimized::search_traced(game, &config, sink);
    RootResult {
        value: report.value,
        best_move: report.best_move,
        moves: report.moves.clone(),
        stats: report.stats,
    }
}

/// Whether a root result is wrong by the table: its chosen move throws the result away, or
/// (exact evaluation) its value claims the other result.
#[must_use]
pub fn is_wrong(table: &Table, root: &Kpk, evaluation: Evaluation, result: &RootResult) -> bool {
    wrong(table, *root, evaluation, result.value, result.best_move)
}

/// [`is_wrong`] of a root's value and chosen move.
pub(super) fn wrong(
    table: &Table,
    root: Kpk,
    evaluation: Evaluation,
    value: Value,
    best_move: Option<Move>,
) -> bool {
    let truth = table.wdl(&root);
    let blunder = best_move.is_some_and(|m| table.successor_wdl(&root.play(m)) != truth);
    let claim = match evaluation {
        Evaluation::Exact => Some(if value >= EXACT_WIN {
            Wdl::Win
        } else {
            Wdl::Draw
        }),
        Evaluation::Heuristic => None,
    };
    blunder || claim.is_some_and(|c| c != truth)
}
