//! How a probe that failed high is checked before its node is cut: the verification
//! searches of Stockfish, of Tabibi and Netanyahu and of the page, and the state each hands
//! down to the subtree it searches.

use nullmove_core::Value;

/// The remaining depth from which Stockfish verifies a null-move cutoff: its `src/search.cpp`
/// as read (a 2021 copy, the Stockfish 14 generation) returns the probe's value at once
/// while `depth < 14`; recent versions wait for 16.
pub const STOCKFISH_VERIFY_FROM: u32 = 14;

/// How a probe that failed high is checked before the node is cut.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Verification {
    /// The page: the probe's word is enough.
    #[default]
    None,
    /// Stockfish (`src/search.cpp`, "Null move search with verification search"): after a
    /// fail-high at a node with at least `min_remaining` plies left to the depth limit,
    /// search the node itself with real moves R plies shallower (so its children sit where
    /// the probe's child sat), with null move barred for the mover in that whole subtree;
    /// cut only if that fails high too. No verification is nested inside another.
    /// Stockfish itself searches the node one ply shallower still (at the probe's own
    /// depth) and bars the mover only for the first three quarters of it.
    Stockfish {
        /// Stockfish's depth threshold V, in plies of remaining depth (at least 1;
        /// [`STOCKFISH_VERIFY_FROM`] in Stockfish).
        min_remaining: u32,
    },
    /// Tabibi & Netanyahu (2002, "Verified Null-Move Pruning", ICGA Journal 25(3)): on a
    /// fail-high, search the node's moves one ply shallower with verification off in that
    /// subtree, where fail-highs cut at once; if that search fails high its value is the
    /// node's, otherwise a zugzwang is suspected and the node is searched again at full
    /// depth, verification back on. As in their algorithm, a node that would verify probes
    /// only with at least two plies left.
    TabibiNetanyahu,
    /// The page's own ("Pitfalls": re-verify a cutoff "with an ordinary search"): after a
    /// fail-high, search the node itself with its real moves at full depth, no null move
    /// anywhere below (plain alpha-beta); cut only if that fails high too.
    Ordinary,
}

/// What the verification step makes of a probe that failed high.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Confirm {
    /// Cut the node: return the bound, as the page does.
    Prune,
    /// The shallower search failed high too (Tabibi–Netanyahu): return its value.
    Value(Value),
    /// The cutoff is refuted: search the node's moves at full depth.
    Search,
}

/// Where a search stands with respect to verification: the state a verification search
/// hands down to its subtree (dynamically scoped: set before the search, restored after).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Verifying {
    /// Stockfish: inside a verification search, the side (maximizing or not) whose null
    /// move is barred; `None` outside one.
    barred: Option<bool>,
    /// Tabibi–Netanyahu: below a shallower search, where fail-highs are trusted at once.
    off: bool,
    /// The page's ordinary verification: inside it, where nobody passes.
    ordinary: bool,
}

impl Verification {
    /// How many plies shallower than the node the verification of a probe of reduction
    /// `r` that failed high with `remaining` plies left searches the node, or `None` when
    /// the cutoff is trusted at once.
    pub(crate) fn shallower(self, remaining: u32, r: u32, state: Verifying) -> Option<u32> {
        match self {
            Self::None => None,
            Self::Stockfish { min_remaining } => {
                (state.barred.is_none() && remaining >= min_remaining).then_some(r)
            }
            Self::TabibiNetanyahu => (!state.off).then_some(1),
            Self::Ordinary => (!state.ordinary).then_some(0),
        }
    }

    /// The state the verification search of a node where `maximizing` is to move runs in.
    pub(crate) fn below(self, state: Verifying, maximizing: bool) -> Verifying {
        match self {
            Self::None => state,
            Self::Stockfish { .. } => Verifying {
                barred: Some(maximizing),
                ..state
            },
            Self::TabibiNetanyahu => Verifying { off: true, ..state },
            Self::Ordinary => Verifying {
                ordinary: true,
                ..state
            },
        }
    }

    /// What a verification search that returned `score` (reaching the probe's bound when
    /// `fails`) decides.
    pub(crate) fn verdict(self, fails: bool, score: Value) -> Confirm {
        match (self, fails) {
            (_, false) => Confirm::Search,
            (Self::TabibiNetanyahu, true) => Confirm::Value(score),
            (Self::None | Self::Stockfish { .. } | Self::Ordinary, true) => Confirm::Prune,
        }
    }

    /// Whether the verification's own conditions let the side `maximizing` pass with
    /// `remaining` plies left: not barred by an enclosing Stockfish verification; under
    /// Tabibi–Netanyahu with verification on, at least two plies left (their `!verify ||
    /// depth > 1`); never inside the page's ordinary verification.
    pub(super) fn allows(self, state: Verifying, maximizing: bool, remaining: u32) -> bool {
        match self {
            Self::None => true,
            Self::Ordinary => !state.ordinary,
            Self::Stockfish { .. } => state.barred != Some(maximizing),
            Self::TabibiNetanyahu => state.off || remaining >= 2,
        }
    }
}
