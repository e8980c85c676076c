//! The page's null-move block, step 3 of its `nullMoveSearch` ("Reference implementation"):
//! whether this node may pass, the probe (the side to move passes and the opponent's reply
//! is searched `1 + R` plies deeper with null move barred, "Why it works"), and the prune
//! when even that reaches the node's bound; with guards on, a verification between the
//! probe and the prune ("Pitfalls"). "Never two null moves in a row" is no test here: the
//! probe's child is the `ALLOW_NULL = false` instance of the node (`node.rs`).
//!
//! Each decision is one named function, so the guards are named predicates and steps here,
//! configured in [`Guards`](crate::Guards), not scattered conditions.

use nullmove_core::{Event, EventSink, Player, Value};

use super::node::{Run, Side, limit};
use super::root::NoHook;
use crate::Game;
use crate::guards::Confirm;

impl<G: Game, S: EventSink<G::Move> + ?Sized> Run<'_, G, S> {
    /// The null move of a node at `depth` with the window `(alpha, beta)`, before its moves:
    /// `Some` value when the node is settled without them (pruned, or its verification's
    /// value), `None` when its moves are searched. `ALLOW_NULL` is the node's type (false
    /// in a probe's own call).
    // PERF: always inlined into `interior`, where this block was written inline before: the
    // same instructions as then (`valgrind --tool=callgrind --dump-instr=no nullmove bench
    // --engine optimized`, the whole command: 5,707,977,820 against 5,707,989,759).
    #[allow(clippy::inline_always)] // see the PERF note above
    #[inline(always)]
    pub(super) fn null_move<Sd: Side, const ALLOW_NULL: bool>(
        &mut self,
        game: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        let maximizing = Sd::MAXIMIZING;
        let null_r = if ALLOW_NULL {
            self.null_reduction::<Sd>(game, depth, alpha, beta)
        } else {
            None
        };
        if let Some(r) = null_r {
            let bound = if maximizing { beta } else { alpha };
            self.stats.null_probes += 1;
            self.emit(|| Event::ProbeStart {
                depth,
                side: Player::from_maximizing(maximizing),
                bound,
                target_depth: depth + 1 + r,
            });
            let mut passed = game.clone();
            passed.pass();
            let (a, b) = if Sd::GUARDED {
                self.guards.probe_window(maximizing, alpha, beta)
            } else {
                (alpha, beta)
            };
            let score = self
                .visit::<<Sd::Other as Side>::Quiet, false, { limit::UNKNOWN }, NoHook>(
                    passed,
                    depth + 1 + r,
                    a,
                    b,
                    &mut NoHook,
                );
            let fails = Self::probe_fails(maximizing, score, alpha, beta);
            self.emit(|| Event::ProbeResolved {
                depth,
                side: Player::from_maximizing(maximizing),
                score,
                bound,
                fails,
            });
            if fails {
                if !Sd::GUARDED {
                    return Some(self.prune(depth, bound));
                }
                if let Some(value) = self.confirm_cutoff::<Sd>(game.clone(), depth, r, alpha, beta)
                {
                    return Some(value);
                }
            }
        }
        None
    }

    /// The page's rule for trying a null move here, the `allowNull` part excepted (that one
    /// is the node's type): null move on, not at the root ("the root's actual answer is the
    /// move itself"), and the probe must start before the depth limit (`depth + R <
    /// depthLimit`); then the game's own rule (chess: not in check); then, when any is on,
    /// the guards' predicates. The probe's R when all allow it: the fixed R, or the one the
    /// guards give for the remaining depth and the evaluation
    /// ([`Guards::reduction`](crate::Guards::reduction)).
    #[inline]
    fn null_reduction<Sd: Side>(
        &self,
        game: &G,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<u32> {
        if !(self.null_move && depth > 0) {
            return None;
        }
        if !Sd::GUARDED {
            return (depth < self.probes_below && game.null_allowed()).then_some(self.reduction);
        }
        let remaining = self.depth_limit - depth;
        if !game.null_allowed() {
            return None;
        }
        self.guards
            .probe(game, remaining, self.verifying, alpha, beta)
            .filter(|&r| r < remaining)
    }

    /// The probe's cutoff step, after a probe failed high at `depth`: the
    /// page prunes at once; a verification first searches the node again with real moves
    /// (its own call at the verification's target depth, in the state its subtree runs in)
    /// and lets the verification's verdict decide.
    // PERF: out of line and cold, so the page's search (no guard on) keeps its code layout.
    #[cold]
    #[inline(never)]
    fn confirm_cutoff<Sd: Side>(
        &mut self,
        game: G,
        depth: u32,
        r: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        let verification = self.guards.verification;
        let bound = if Sd::MAXIMIZING { beta } else { alpha };
        let remaining = self.depth_limit - depth;
        let Some(shallower) = verification.shallower(remaining, r, self.verifying) else {
            return Some(self.prune(depth, bound));
        };
        let target_depth = depth + shallower;
        debug_assert!(target_depth < self.depth_limit, "a real search");
        self.stats.verifications += 1;
        let maximizing = Sd::MAXIMIZING;
        self.emit(|| Event::VerifyStart {
            depth,
            side: Player::from_maximizing(maximizing),
            target_depth,
        });
        let outer = self.verifying;
        self.verifying = verification.below(outer, Sd::MAXIMIZING);
        let (a, b) = self.guards.probe_window(maximizing, alpha, beta);
        let score = self.visit::<Sd::Quiet, false, { limit::UNKNOWN }, NoHook>(
            game,
            target_depth,
            a,
            b,
            &mut NoHook,
        );
        self.verifying = outer;
        let fails = Self::probe_fails(Sd::MAXIMIZING, score, alpha, beta);
        self.stats.verification_failures += u64::from(!fails);
        self.emit(|| Event::VerifyResolved {
            depth,
            side: Player::from_maximizing(maximizing),
            score,
            bound,
            fails,
        });
        match verification.verdict(fails, score) {
            Confirm::Prune => Some(self.prune(depth, bound)),
            Confirm::Value(value) => {
                self.emit(|| Event::Return { depth, value });
                Some(value)
            }
            Confirm::Search => None,
        }
    }

    /// The page's prune: the node returns the bound its probe reached, without a move.
    #[inline]
    fn prune(&mut self, depth: u32, bound: Value) -> Value {
        self.stats.null_cutoffs += 1;
        self.emit(|| Event::Prune {
            depth,
            value: bound,
        });
        self.emit(|| Event::Return {
            depth,
            value: bound,
        });
        bound
    }

    /// Whether a probe's score proves the node good enough without moving: at least beta for
    /// the maximizer, at most alpha for the minimizer (the page's two `return` lines).
    #[inline]
    fn probe_fails(maximizing: bool, score: Value, alpha: Value, beta: Value) -> bool {
        if maximizing {
            score >= beta
        } else {
            score <= alpha
        }
    }
}
