//! Every null-move cutoff of a search, found by replaying its events, and whether plain
//! alpha-beta from the pruned node reaches the bound the probe claimed.

use nullmove_core::Value;
use nullmove_optimized::{Config, Event, EventSink, Searcher};
use serde::Serialize;

use super::root::search;
use crate::kpk_game::{Evaluation, KpkGame, NullRule};
use crate::movegen::{Move, Successor};
use crate::position::Kpk;
use crate::table::Table;

/// A null-move cutoff found in a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cutoff {
    /// The node that passed and was pruned.
    #[serde(serialize_with = "fen")]
    pub node: Kpk,
    /// Its depth below the root.
    pub depth: u32,
    /// Its window on entry.
    pub alpha: Value,
    /// Its window on entry.
    pub beta: Value,
    /// What the pruned node returned (beta for White, alpha for Black).
    pub bound: Value,
    /// What plain alpha-beta returns from the node, same depth limit and window.
    pub plain_value: Value,
    /// The bound is not reached by plain search: the cutoff changed the answer.
    pub unsound: bool,
    /// The node's placement is a mutual zugzwang.
    pub zugzwang: bool,
}

/// Where a call of the search stands.
#[derive(Debug, Clone, Copy)]
enum Node {
    /// Still K+P vs K.
    Kpk(Kpk),
    /// Past the endgame's end (promotion, capture, a king left in check): a leaf.
    Beyond,
}

/// Replays the searcher's events to know the position at every call.
struct Replay {
    root: Kpk,
    /// The node, depth and window of each open call.
    stack: Vec<(Node, u32, Value, Value)>,
    /// The node the next call will search (set by a move or a pass).
    pending: Option<Node>,
    found: Vec<(Kpk, u32, Value, Value, Value)>,
}

impl Replay {
    fn top(&self) -> Kpk {
        match self.stack.last() {
            Some(&(Node::Kpk(p), ..)) => p,
            other => unreachable!("moves, passes and prunes happen in K+P vs K: {other:?}"),
        }
    }
}

impl EventSink<Move> for Replay {
    fn event(&mut self, event: Event<Move>) {
        match event {
            Event::Call {
                depth, alpha, beta, ..
            } => {
                let node = self.pending.take().unwrap_or(Node::Kpk(self.root));
                self.stack.push((node, depth, alpha, beta));
            }
            Event::Return { .. } => {
                self.stack.pop();
            }
            Event::Move { mv, .. } => {
                self.pending = Some(match self.top().play(mv) {
                    Successor::Kpk(q) => Node::Kpk(q),
                    _ => Node::Beyond,
                });
            }
            Event::ProbeStart { .. } => {
                let passed = self.top().with_other_side_to_move();
                self.pending = Some(passed.map_or(Node::Beyond, Node::Kpk));
            }
            // A verification searches the same node again.
            Event::VerifyStart { .. } => self.pending = Some(Node::Kpk(self.top())),
            Event::Prune { value, .. } => {
                let node = self.top();
                let &(_, depth, alpha, beta) = self.stack.last().expect("inside a call");
                self.found.push((node, depth, alpha, beta, value));
            }
            _ => {}
        }
    }
}

/// Every null-move cutoff of one search, with whether it was unsound and where.
#[must_use]
pub fn trace_cutoffs(
    table: &Table,
    root: &Kpk,
    evaluation: Evaluation,
    rule: NullRule,
    config: Config,
) -> Vec<Cutoff> {
    let mut replay = Replay {
        root: *root,
        stack: Vec::new(),
        pending: None,
        found: Vec::new(),
    };
    search(table, root, evaluation, rule, config, &mut replay);
    let plain = config.without_null_move();
    let mut searcher = Searcher::new();
    replay
        .found
        .into_iter()
        .map(|(node, depth, alpha, beta, bound)| {
            let game = KpkGame::new(node, table, evaluation, rule);
            let (plain_value, _) = searcher
                .search_window(game, &plain, depth, alpha, beta)
                .expect("a probe's window is a window");
            let white = node.side_to_move() == crate::Side::White;
            let unsound = if white {
                plain_value < bound
            } else {
                plain_value > bound
            };
            Cutoff {
                node,
                depth,
                alpha,
                beta,
                bound,
                plain_value,
                unsound,
                zugzwang: table.is_zugzwang(&node),
            }
        })
        .collect()
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's serialize_with passes a reference"
)]
pub(super) fn fen<S: serde::Serializer>(p: &Kpk, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(p)
}
