//! Step-by-step search events, the page's "Try it" log made data, for any game.
//!
//! Every searcher of the workspace emits the same [`Event`]: the page's mirror (naive) and
//! the library's searcher on tic-tac-toe, whose moves are cells ([`Event`]'s default), and
//! the library's searcher on any other game, whose moves are the game's own (`Event<M>`).
//! The sides keep the page's names for every game: X is the side that maximizes, O the one
//! that minimizes ([`Player::from_maximizing`]). Events reach an [`EventSink`]; with
//! [`NoSink`] every call is an inlined no-op behind `enabled() == false`, so an untraced
//! search pays nothing.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::board::{Cell, Player};
use crate::search::Value;

/// How a call ended without searching moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum LeafKind {
    /// A finished game: `score(w, depth)`.
    Terminal,
    /// The depth limit: `heuristic(board)`.
    Heuristic,
}

/// One step of a search, in the order the page's function takes it; `M` is the game's move
/// (a tic-tac-toe cell by default). Windows use [`crate::INF`] for the page's infinities.
///
/// Serialized (the trace's JSON lines), each event is an object tagged `"event"`, its move
/// named `"cell"`, the page's word: the JSON trace is tic-tac-toe's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "snake_case"))]
pub enum Event<M = Cell> {
    /// A call of the recursive function begins (one node).
    Call {
        /// The call's `depth` (plies from the root; a probe jumps by `1 + R`).
        depth: u32,
        /// The side to move at this call.
        side: Player,
        /// The window on entry.
        alpha: Value,
        /// The window on entry.
        beta: Value,
        /// Whether this call may try a null move (false inside a probe's or a
        /// verification's own call).
        allow_null: bool,
    },
    /// The call returns a terminal score or the heuristic without searching.
    Leaf {
        /// The call's depth.
        depth: u32,
        /// Terminal or heuristic.
        kind: LeafKind,
        /// The value returned.
        value: Value,
    },
    /// A null-move probe starts: the side to move passes.
    ProbeStart {
        /// Depth of the node that passes.
        depth: u32,
        /// The side that passes.
        side: Player,
        /// The bound the probe must reach: beta for X, alpha for O.
        bound: Value,
        /// The depth the probe is searched at: `depth + 1 + R`.
        target_depth: u32,
    },
    /// A null-move probe returned.
    ProbeResolved {
        /// Depth of the node that passed.
        depth: u32,
        /// The side that passed.
        side: Player,
        /// The probe's score.
        score: Value,
        /// The bound it was tested against.
        bound: Value,
        /// Whether it reached the bound (`>= beta` for X, `<= alpha` for O).
        fails: bool,
    },
    /// The node is pruned on the probe's word: it returns the bound.
    Prune {
        /// Depth of the pruned node.
        depth: u32,
        /// The value returned (the bound).
        value: Value,
    },
    /// A null-move probe failed high and a safeguard re-checks it with real moves before
    /// trusting it (the verification "Pitfalls" names): the same node is searched again, its
    /// own call at `target_depth` with no null move there. Only guarded searches emit it.
    VerifyStart {
        /// Depth of the node whose probe failed high.
        depth: u32,
        /// The side that passed.
        side: Player,
        /// The depth of the verification's own call.
        target_depth: u32,
    },
    /// The verification search returned: a prune follows only when it `fails` too.
    VerifyResolved {
        /// Depth of the node being verified.
        depth: u32,
        /// The side that passed.
        side: Player,
        /// What the verification search returned.
        score: Value,
        /// The bound it was tested against (beta for X, alpha for O).
        bound: Value,
        /// Whether it reached the bound as the probe did.
        fails: bool,
    },
    /// A real move is tried.
    Move {
        /// Depth of the node moving.
        depth: u32,
        /// The side moving.
        side: Player,
        /// The move (in tic-tac-toe, the cell marked).
        #[cfg_attr(feature = "serde", serde(rename = "cell"))]
        mv: M,
    },
    /// An ordinary alpha-beta cutoff: `beta <= alpha` after `mv`'s child returned.
    Cutoff {
        /// Depth of the node.
        depth: u32,
        /// The move whose value caused the cutoff.
        #[cfg_attr(feature = "serde", serde(rename = "cell"))]
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

impl<M> Event<M> {
    /// The same event with its move, if it has one, translated by `f` (a game's move into
    /// the cell a tic-tac-toe trace shows, say).
    #[must_use]
    pub fn map_move<N>(self, f: impl FnOnce(M) -> N) -> Event<N> {
        match self {
            Self::Call {
                depth,
                side,
                alpha,
                beta,
                allow_null,
            } => Event::Call {
                depth,
                side,
                alpha,
                beta,
                allow_null,
            },
            Self::Leaf { depth, kind, value } => Event::Leaf { depth, kind, value },
            Self::ProbeStart {
                depth,
                side,
                bound,
                target_depth,
            } => Event::ProbeStart {
                depth,
                side,
                bound,
                target_depth,
            },
            Self::ProbeResolved {
                depth,
                side,
                score,
                bound,
                fails,
            } => Event::ProbeResolved {
                depth,
                side,
                score,
                bound,
                fails,
            },
            Self::Prune { depth, value } => Event::Prune { depth, value },
            Self::VerifyStart {
                depth,
                side,
                target_depth,
            } => Event::VerifyStart {
                depth,
                side,
                target_depth,
            },
            Self::VerifyResolved {
                depth,
                side,
                score,
                bound,
                fails,
            } => Event::VerifyResolved {
                depth,
                side,
                score,
                bound,
                fails,
            },
            Self::Move { depth, side, mv } => Event::Move {
                depth,
                side,
                mv: f(mv),
            },
            Self::Cutoff {
                depth,
                mv,
                alpha,
                beta,
            } => Event::Cutoff {
                depth,
                mv: f(mv),
                alpha,
                beta,
            },
            Self::Return { depth, value } => Event::Return { depth, value },
        }
    }
}

/// Receives a search's events (`M`: the game's move, a cell by default). `enabled` lets
/// engines skip building events nobody reads.
pub trait EventSink<M = Cell> {
    /// Whether events are wanted at all.
    fn enabled(&self) -> bool {
        true
    }
    /// Takes one event.
    fn event(&mut self, event: Event<M>);
}

/// The sink of an untraced search: disabled, so tracing compiles away.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSink;

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
