//! The forward pruning engines put beside null move, each a [`super::DeepOptions`] switch
//! off by default, with Ethereal's depths and margins: reverse futility (beta) pruning of
//! a node whose static evaluation passes beta by a margin, and in the move loop futility
//! pruning, late-move pruning and SEE pruning of moves after the first. None acts at the
//! root, on the principal variation or in check, and none prunes a move that gives check.

use nullmove_core::Value;

use super::game_hooks::{DeepGame, MATE_BOUND};
use super::node::evaluation;
use super::options::{
    FUTILITY_DEPTH, FUTILITY_MARGIN, LMP_DEPTH, RFP_DEPTH, RFP_MARGIN, SEE_NOISY_MARGIN,
    SEE_PRUNING_DEPTH, SEE_QUIET_MARGIN,
};
use super::searcher::DeepSearcher;

/// What a node's moves may be pruned by: the switches on for it, and its static evaluation.
#[derive(Debug, Clone, Copy)]
pub(super) struct MovePruning {
    eval: Value,
    futility: bool,
    late_moves: bool,
    see: bool,
}

impl<G: DeepGame> DeepSearcher<G> {
    /// Reverse futility pruning: off the principal variation, out of check, with at most
    /// [`RFP_DEPTH`] plies left, a static evaluation at least [`RFP_MARGIN`] a ply above
    /// beta is the node's value (Ethereal's "beta pruning", Stockfish's "futility pruning:
    /// child node").
    pub(super) fn reverse_futility(
        &self,
        game: &G,
        depth: i32,
        ply: usize,
        (alpha, beta): (Value, Value),
    ) -> Option<Value> {
        if !self.options.reverse_futility()
            || ply == 0
            || beta - alpha > 1
            || depth > RFP_DEPTH
            || beta.abs() >= MATE_BOUND
            || game.in_check()
        {
            return None;
        }
        let eval = evaluation(game);
        (eval - RFP_MARGIN * depth >= beta).then_some(eval)
    }

    /// Which pruning of moves applies at a node `ply` plies down with `depth` left in the
    /// window `(alpha, beta)`: none at the root, on the principal variation or in check.
    pub(super) fn move_pruning(
        &self,
        game: &G,
        depth: i32,
        ply: usize,
        (alpha, beta): (Value, Value),
    ) -> Option<MovePruning> {
        let o = self.options;
        let any = o.futility() || o.late_move_pruning() || o.see_pruning();
        if !any || ply == 0 || beta - alpha > 1 || game.in_check() {
            return None;
        }
        Some(MovePruning {
            eval: evaluation(game),
            futility: o.futility() && depth <= FUTILITY_DEPTH,
            late_moves: o.late_move_pruning() && depth <= LMP_DEPTH,
            see: o.see_pruning() && depth <= SEE_PRUNING_DEPTH,
        })
    }

    /// Whether the move picked at `i`, the `number`th of its node (from 1), leading to
    /// `child`, is pruned: never the first, nor one that gives check, nor any while the
    /// node's best is a loss. A quiet move goes when the evaluation plus [`FUTILITY_MARGIN`]
    /// a ply stays at or below alpha, when `3 + depth²` moves came before it, or when its
    /// exchange loses more than [`SEE_QUIET_MARGIN`] a ply; a capture when it loses more
    /// than [`SEE_NOISY_MARGIN`] times the depth squared.
    #[allow(clippy::too_many_arguments)] // the move's whole situation
    pub(super) fn pruned(
        &self,
        p: MovePruning,
        game: &G,
        child: &G,
        (i, number): (usize, usize),
        mv: G::Move,
        depth: i32,
        (alpha, best): (Value, Value),
    ) -> bool {
        if number == 1 || best <= -MATE_BOUND || child.in_check() {
            return false;
        }
        if self.plain_quiet(i) {
            (p.futility && p.eval + FUTILITY_MARGIN * depth <= alpha)
                || (p.late_moves && number > (3 + depth * depth) as usize)
                || (p.see && !game.exchange_at_least(mv, -SEE_QUIET_MARGIN * depth))
        } else {
            game.capture_order(mv).is_some()
                && p.see
                && !game.exchange_at_least(mv, -SEE_NOISY_MARGIN * depth * depth)
        }
    }
}
