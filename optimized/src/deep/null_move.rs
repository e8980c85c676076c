//! The deep search's null-move block: whether a node below the root passes (the game's
//! rule, the searcher's, the guards'), the probe `1 + R` plies shallower in the null window
//! at beta, and what a fail-high becomes: a cut, or first a verification (Stockfish's
//! search of the node itself with the mover's pass barred, or Tabibi and Netanyahu's one
//! ply shallower), the safeguard the page's "Pitfalls" asks for. A node reached by a pass
//! never passes again: `node.rs` asks this block only of nodes not reached by one.

use nullmove_core::Value;

use super::game_hooks::{DeepGame, MATE_BOUND};
use super::searcher::DeepSearcher;
use crate::Verification;

/// What the null-move step decided.
pub(super) enum NullStep {
    /// Search the node's moves as usual.
    Search,
    /// Cut the node with this value.
    Cut(Value),
    /// Tabibi–Netanyahu: search the moves one ply shallower, verification off below.
    Shallower,
}

/// The window `(alpha, beta)` of the side to move, from the maximizer's point of view.
const fn for_maximizer(maximizing: bool, alpha: Value, beta: Value) -> (Value, Value) {
    if maximizing {
        (alpha, beta)
    } else {
        (-beta, -alpha)
    }
}

impl<G: DeepGame> DeepSearcher<G> {
    /// The null-move step of a node below the root not reached by a pass: the game's rule
    /// and the searcher's (no pass when beta is already a won score), the guards, the
    /// probe, and what the verification (if any) makes of a fail-high. A probe's win is
    /// never trusted (Stockfish: "Do not return unproven mate").
    pub(super) fn null_step(
        &mut self,
        game: &G,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> NullStep {
        if !self.guards.null_move || beta >= MATE_BOUND || !game.null_allowed() {
            return NullStep::Search;
        }
        let maximizing = game.maximizing();
        let (lo, hi) = for_maximizer(maximizing, alpha, beta);
        let Some(r) = self
            .guards
            .probe(game, depth as u32, self.verifying, lo, hi)
        else {
            return NullStep::Search;
        };
        // Always the null window at beta: under principal-variation search a probe only asks
        // whether beta is reached (Stockfish: `-search<NonPV>(.., -beta, -beta + 1, ..)`).
        let (pa, pb) = (beta - 1, beta);
        self.stats.shared.null_probes += 1;
        let mut passed = game.clone();
        passed.pass();
        let below = depth - 1 - r as i32;
        let v = if below <= 0 && self.guards.probe_checks {
            // Stockfish's probe lands in `qsearch` at `DEPTH_QS_CHECKS`: quiet checks too.
            -self.quiesce(&passed, ply + 1, -pb, -pa, true)
        } else {
            -self.node(&passed, below, ply + 1, -pb, -pa, true)
        };
        if self.stopped() {
            return NullStep::Cut(0);
        }
        if v < beta || v >= MATE_BOUND {
            return NullStep::Search;
        }
        let verification = self.guards.verification;
        let Some(shallower) = verification.shallower(depth as u32, r, self.verifying) else {
            self.stats.shared.null_cutoffs += 1;
            return NullStep::Cut(v);
        };
        self.stats.shared.verifications += 1;
        if verification == Verification::TabibiNetanyahu {
            // The node's own moves, one ply shallower: `node` goes on with them.
            return NullStep::Shallower;
        }
        // Stockfish: the node itself, `shallower` plies shallower, the mover's pass barred.
        let outer = self.verifying;
        self.verifying = verification.below(outer, maximizing);
        let w = self.node(game, depth - shallower as i32, ply, pa, pb, false);
        self.verifying = outer;
        self.pv_len[ply] = 0;
        if self.stopped() {
            return NullStep::Cut(0);
        }
        if w >= beta {
            self.stats.shared.null_cutoffs += 1;
            NullStep::Cut(v)
        } else {
            self.stats.shared.verification_failures += 1;
            NullStep::Search
        }
    }

    /// Tabibi–Netanyahu's verification: the node's moves one ply shallower with verification
    /// off below (in the node's window); if that fails high its value is the node's,
    /// otherwise a zugzwang is suspected and the moves are searched again at full depth.
    /// Returns the depth searched, the value and the best move.
    #[allow(clippy::too_many_arguments)] // the node's whole situation
    pub(super) fn verify_shallower(
        &mut self,
        game: &G,
        start: usize,
        end: usize,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> (i32, Value, Option<G::Move>) {
        let outer = self.verifying;
        self.verifying = self.guards.verification.below(outer, game.maximizing());
        let (best, best_move) = self.move_loop(game, start, end, depth - 1, ply, alpha, beta);
        self.verifying = outer;
        if best >= beta || self.stopped() {
            return (depth - 1, best, best_move);
        }
        self.stats.shared.verification_failures += 1;
        self.pv_len[ply] = 0;
        let (best, best_move) = self.move_loop(game, start, end, depth, ply, alpha, beta);
        (depth, best, best_move)
    }
}
