//! The searcher's steps as data, for any game: what the page's "Try it" log shows, with the
//! game's own moves.
//!
//! A traced search ([`crate::search_traced`], [`crate::Searcher::search_traced`]) emits one
//! [`Event`] per step into an [`EventSink`]; an untraced one uses [`NoSink`], whose
//! `enabled() == false` compiles every event away. Windows use [`INF`](nullmove_core::INF)
//! for infinity; `maximizing` names the side as [`Game::maximizing`](nullmove_core::Game)
//! does.

use nullmove_core::Value;
pub use nullmove_core::{LeafKind, NoSink};

/// One step of a search, in the order the searcher takes it; `M` is the game's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event<M> {
    /// A call of the recursive search begins (one node).
    Call {
        /// The call's depth (plies from the root; a probe jumps by `1 + R`).
        depth: u32,
        /// Whether the side to move maximizes.
        maximizing: bool,
        /// The window on entry.
        alpha: Value,
        /// The window on entry.
        beta: Value,
        /// Whether this call may try a null move (false inside a probe's or a
        /// verification's own call).
        allow_null: bool,
    },
    /// The call returns a terminal score or the static evaluation without searching.
    Leaf {
        /// The call's depth.
        depth: u32,
        /// A finished game or the depth limit.
        kind: LeafKind,
        /// The value returned.
        value: Value,
    },
    /// A null-move probe starts: the side to move passes.
    ProbeStart {
        /// Depth of the node that passes.
        depth: u32,
        /// Whether the passing side maximizes.
        maximizing: bool,
        /// The bound the probe must reach: beta for the maximizer, alpha for the minimizer.
        bound: Value,
        /// The depth the probe is searched at: `depth + 1 + R`.
        target_depth: u32,
    },
    /// A null-move probe returned.
    ProbeResolved {
        /// Depth of the node that passed.
        depth: u32,
        /// Whether the passing side maximizes.
        maximizing: bool,
        /// The probe's score.
        score: Value,
        /// The bound it was tested against.
        bound: Value,
        /// Whether it reached the bound (`>= beta` for the maximizer, `<= alpha` for the
        /// minimizer).
        fails: bool,
    },
    /// The node is pruned on the probe's word: it returns the bound.
    Prune {
        /// Depth of the pruned node.
        depth: u32,
        /// The value returned (the bound).
        value: Value,
    },
    /// A probe failed high and a verification re-checks it with real moves before trusting
    /// it: the same node is searched again, its own call at `target_depth` with no null move
    /// there.
    VerifyStart {
        /// Depth of the node whose probe failed high.
        depth: u32,
        /// Whether the passing side maximizes.
        maximizing: bool,
        /// The depth of the verification's own call.
        target_depth: u32,
    },
    /// The verification search returned: a prune follows only when it `fails` too.
    VerifyResolved {
        /// Depth of the node being verified.
        depth: u32,
        /// Whether the passing side maximizes.
        maximizing: bool,
        /// What the verification search returned.
        score: Value,
        /// The bound it was tested against.
        bound: Value,
        /// Whether it reached the bound as the probe did.
        fails: bool,
    },
    /// A real move is tried.
    Move {
        /// Depth of the node moving.
        depth: u32,
        /// Whether the moving side maximizes.
        maximizing: bool,
        /// The move.
        mv: M,
    },
    /// An ordinary alpha-beta cutoff: `beta <= alpha` after `mv`'s child returned.
    Cutoff {
        /// Depth of the node.
        depth: u32,
        /// The move whose value caused the cutoff.
        mv: M,
        /// The window after the update.
        alpha: Value,
        /// The window after the update.
        beta: Value,
    },
    /// A call returns.
    Return {
        /// The call's depth.
        depth: u32,
        /// The value returned.
        value: Value,
    },
}

/// Receives a search's events. `enabled` lets the searcher skip building events nobody
/// reads.
pub trait EventSink<M> {
    /// Whether events are wanted at all.
    fn enabled(&self) -> bool {
        true
    }
    /// Takes one event.
    fn event(&mut self, event: Event<M>);
}

impl<M> EventSink<M> for NoSink {
    #[inline]
    fn enabled(&self) -> bool {
        false
    }
    #[inline]
    fn event(&mut self, _event: Event<M>) {}
}

impl<M> EventSink<M> for Vec<Event<M>> {
    fn event(&mut self, event: Event<M>) {
        self.push(event);
    }
}

impl<M, F: FnMut(Event<M>)> EventSink<M> for F {
    fn event(&mut self, event: Event<M>) {
        self(event);
    }
}
