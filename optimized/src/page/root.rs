//! The root of the page's search: what each root child returned, with its bound, into the
//! report, and the best move. The move loop reports through a hook, and every node below the
//! root has the hook that does nothing, so root bookkeeping costs the rest of the tree
//! nothing.

use nullmove_core::Value;

use crate::{Bound, RootMove};

/// Receives what each root child returned; below the root the searcher passes [`NoHook`],
/// so the move loop has no root bookkeeping at all.
pub(super) trait RootHook<M> {
    /// Notes the value the root child reached by `mv` returned, searched in the window
    /// `(alpha, beta)`.
    fn record(&mut self, mv: M, value: Value, alpha: Value, beta: Value);
}

/// The hook of every node below the root: does nothing, compiled away.
pub(super) struct NoHook;

impl<M> RootHook<M> for NoHook {
    #[inline]
    fn record(&mut self, _mv: M, _value: Value, _alpha: Value, _beta: Value) {
        // Below the root nothing is recorded.
    }
}

/// The root's hook: each root move with its value and bound, into the report, and the
/// best move.
pub(super) struct RootMoves<'a, M> {
    pub(super) moves: &'a mut Vec<RootMove<M>>,
    /// The last move with an exact value: at the root, whose window is open on the far
    /// side, a move is exact exactly when it improves on every move before it.
    pub(super) best: Option<M>,
}

impl<M: Copy> RootHook<M> for RootMoves<'_, M> {
    #[inline]
    fn record(&mut self, mv: M, value: Value, alpha: Value, beta: Value) {
        let bound = Bound::of(value, alpha, beta);
        if bound == Bound::Exact {
            self.best = Some(mv);
        }
        self.moves.push(RootMove { mv, value, bound });
    }
}
