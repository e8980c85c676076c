//! How the deep search uses the null move: one small config and the named configurations
//! engine authors compare.
//!
//! Rules every configuration shares (the searcher's, not the config's): never at the root,
//! never twice in a row, never in check ([`DeepGame::in_check`](super::DeepGame::in_check)),
//! never when `beta` is already a won score (a probe's unproven win is not trusted, so it
//! could not cut), and a probe's win score never cuts (Stockfish, "Do not return unproven
//! mate").

use std::fmt;
use std::str::FromStr;

use nullmove_core::Value;

/// Heinz's threshold (1999, "Adaptive Null-Move Pruning", ICCA Journal 22(3)): with more
/// than this many plies left the probe reduces by 3, otherwise by 2.
pub const HEINZ_ABOVE: i32 = 6;

/// The depth from which Stockfish verifies a null-move cutoff (`src/search.cpp`, "Null
/// move search with verification search", in its 2020–21 form: `depth < 14` returns at
/// once; recent versions verify from 16).
pub const STOCKFISH_VERIFY_FROM: i32 = 14;

/// How deep the probe searches after the pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reduction {
    /// The probe searches `depth - 1 - R` plies (R = 2 or 3 in most engines).
    Fixed(i32),
    /// Heinz (1999): R = 3 with more than [`HEINZ_ABOVE`] plies left, else R = 2.
    Adaptive,
    /// Stockfish (`src/search.cpp`, the null-move step in its 2020–21 form): the probe
    /// searches `depth - R'` plies with `R' = (1090 + 81 depth) / 256 + min((eval - beta) /
    /// pawn, 3)`; R' counts the pass's own ply. Stockfish divides by 205, about its endgame
    /// pawn (206); `pawn` is the evaluation's pawn.
    Stockfish {
        /// The evaluation's unit for the eval term (100 for a centipawn evaluation).
        pawn: Value,
    },
}

impl Reduction {
    /// The probe's depth at a node with `depth` plies left whose static evaluation exceeds
    /// beta by `margin` (only [`Reduction::Stockfish`] reads it). At or below 0 the probe
    /// is a quiescence search.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::Reduction;
    /// assert_eq!(Reduction::Fixed(3).probe_depth(8, 0), 4);
    /// assert_eq!(Reduction::Adaptive.probe_depth(8, 0), 4); // R = 3 above 6 plies
    /// assert_eq!(Reduction::Adaptive.probe_depth(6, 0), 3); // R = 2 at 6
    /// // Stockfish at depth 8: (1090 + 648) / 256 = 6, plus one pawn of margin: 7.
    /// assert_eq!(Reduction::Stockfish { pawn: 100 }.probe_depth(8, 150), 1);
    /// ```
    #[must_use]
    pub fn probe_depth(self, depth: i32, margin: Value) -> i32 {
        match self {
            Self::Fixed(r) => depth - 1 - r,
            Self::Adaptive => depth - 1 - if depth > HEINZ_ABOVE { 3 } else { 2 },
            Self::Stockfish { pawn } => {
                let eval_term = (margin.max(0) / pawn).min(3);
                depth - ((1090 + 81 * depth) / 256 + eval_term)
            }
        }
    }
}

/// How a probe that failed high is checked before the node is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VerifyRule {
    /// The probe's word is enough.
    None,
    /// Tabibi & Netanyahu ("Verified Null-Move Pruning", ICGA Journal 25(3), 2002): the
    /// first fail-high on a path does not cut; the node's moves are searched one ply
    /// shallower with verification off below it (there probes cut at once), and if that
    /// search does not fail high a zugzwang is suspected and the node is searched again at
    /// its full depth with verification back on. With verification on, a node probes only
    /// with more than one ply left.
    TabibiNetanyahu,
    /// Stockfish (`src/search.cpp`, "Null move search with verification search"): from
    /// `from_depth` plies left, a fail-high is checked by searching the node itself with
    /// real moves at the probe's depth, null move barred for the side to move until the
    /// search is `3 (depth - R') / 4` plies below; cut only if that fails high too. No
    /// verification inside another.
    Stockfish {
        /// Stockfish verifies from [`STOCKFISH_VERIFY_FROM`] plies.
        from_depth: i32,
    },
}

/// The null-move rule of one configuration, on top of the rules every configuration shares
/// (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NullMove {
    /// How deep the probe searches.
    pub reduction: Reduction,
    /// Pass only with material that makes zugzwang unlikely ([`DeepGame::material`] above
    /// 0; chess: non-pawn material), the article's and Stockfish's low-material rule.
    ///
    /// [`DeepGame::material`]: super::DeepGame::material
    pub needs_material: bool,
    /// Pass only when the static evaluation is at least beta (Stockfish: `eval >= beta`).
    pub needs_eval_above_beta: bool,
    /// Pass also at principal-variation nodes (a window wider than one point); Stockfish
    /// passes only at the others (`!PvNode`).
    pub at_pv_nodes: bool,
    /// How a fail-high is checked.
    pub verification: VerifyRule,
}

impl NullMove {
    /// Standard null move with a fixed reduction, at every node the shared rules allow.
    #[must_use]
    pub const fn standard(r: i32) -> Self {
        Self {
            reduction: Reduction::Fixed(r),
            needs_material: false,
            needs_eval_above_beta: false,
            at_pv_nodes: true,
            verification: VerifyRule::None,
        }
    }
}

/// The named configurations: one value each, so every table and command names them alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Preset {
    /// No null move: plain alpha-beta.
    None,
    /// Standard null move, R = 2.
    R2,
    /// Standard null move, R = 3.
    R3,
    /// Heinz (1999): R = 3 above 6 plies left, else 2.
    Adaptive,
    /// Tabibi & Netanyahu (2002): verified null move, R = 3.
    Verified,
    /// Stockfish's null-move step: no pass at PV nodes, static evaluation at least beta,
    /// non-pawn material, R growing with depth and margin, verification from depth 14.
    Stockfish,
    /// The low-material rule on its own: standard R = 3, no pass without non-pawn material.
    Npm,
}

/// Why a configuration name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown configuration {0:?}: expected one of none, r2, r3, adaptive, verified, stockfish, npm"
)]
pub struct PresetError(pub String);

impl Preset {
    /// Every configuration, in the order tables list them.
    pub const ALL: [Self; 7] = [
        Self::None,
        Self::R2,
        Self::R3,
        Self::Adaptive,
        Self::Verified,
        Self::Stockfish,
        Self::Npm,
    ];

    /// The name commands and tables use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::R2 => "r2",
            Self::R3 => "r3",
            Self::Adaptive => "adaptive",
            Self::Verified => "verified",
            Self::Stockfish => "stockfish",
            Self::Npm => "npm",
        }
    }

    /// The rule, or `None` for no null move.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::{NullMove, Preset, Reduction};
    /// assert_eq!(Preset::None.null_move(), None);
    /// assert_eq!(Preset::R2.null_move(), Some(NullMove::standard(2)));
    /// let npm = Preset::Npm.null_move().unwrap();
    /// assert!(npm.needs_material && npm.reduction == Reduction::Fixed(3));
    /// ```
    #[must_use]
    pub const fn null_move(self) -> Option<NullMove> {
        match self {
            Self::None => None,
            Self::R2 => Some(NullMove::standard(2)),
            Self::R3 => Some(NullMove::standard(3)),
            Self::Adaptive => Some(NullMove {
                reduction: Reduction::Adaptive,
                ..NullMove::standard(3)
            }),
            Self::Verified => Some(NullMove {
                verification: VerifyRule::TabibiNetanyahu,
                ..NullMove::standard(3)
            }),
            Self::Stockfish => Some(NullMove {
                reduction: Reduction::Stockfish { pawn: 100 },
                needs_material: true,
                needs_eval_above_beta: true,
                at_pv_nodes: false,
                verification: VerifyRule::Stockfish {
                    from_depth: STOCKFISH_VERIFY_FROM,
                },
            }),
            Self::Npm => Some(NullMove {
                needs_material: true,
                ..NullMove::standard(3)
            }),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = PresetError;

    /// One of the names of [`Preset::ALL`].
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::Preset;
    /// assert_eq!("verified".parse(), Ok(Preset::Verified));
    /// assert!("r4".parse::<Preset>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| PresetError(s.to_owned()))
    }
}
