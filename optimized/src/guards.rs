//! The safeguards real engines put around the null move, each one named predicate or step
//! (issue 5), all off by default.
//!
//! The page leaves them out on purpose ("Pitfalls": real engines refuse a null move once too
//! little depth remains for the probe to do real work, and re-verify a cutoff with an
//! ordinary search); the companion article lists chess's: no null move in check, none in
//! low-material positions, a milder reduction, a verification search. [`Guards`] is one
//! field of [`Config`]; the searcher asks it three things and nothing else:
//! - [`Guards::allows`], the conjunction of the guards' predicates, joins the page's rule in
//!   the searcher's `null_move_allowed` ([`Guards::probe_deep_enough`],
//!   [`Guards::threat_allows`], [`Guards::material_allows`], and the verification's own
//!   conditions);
//! - [`Guards::reduction`] replaces the page's fixed R (adaptive R);
//! - [`Verification`] decides the probe's cutoff step: prune at once (the page), or search
//!   again first ([`Verification::target`], [`Verification::below`],
//!   [`Verification::verdict`]).
//!
//! With every guard off the searcher is node for node the page's: `tests/differential.rs`
//! checks it against the naive mirror on every reachable position.

use std::fmt;
use std::str::FromStr;

use nullmove_core::{Engine, EventSink, Game, NoSink, Position, RootReport, SearchParams, Value};

use crate::Config;

/// Heinz's threshold (1999, "Adaptive Null-Move Pruning"): above this many plies of remaining
/// depth the probe reduces by the full R, at or below it by one ply less.
pub const HEINZ_DEPTH: u32 = 6;

/// How a probe that failed high is checked before the node is cut.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Verification {
    /// The page: the probe's word is enough.
    #[default]
    None,
    /// Stockfish (`src/search.cpp`, step 9): after a fail-high at a node with at least
    /// `min_remaining` plies left to the depth limit, search the node itself with real moves
    /// at the probe's reduced depth (its own call at `depth + R`, so its children sit where
    /// the probe's child sat), with null move barred for the mover in that whole subtree;
    /// cut only if that fails high too. No verification is nested inside another.
    Stockfish {
        /// Stockfish's depth threshold V, in plies of remaining depth (1..=9).
        min_remaining: u32,
    },
    /// Tabibi & Netanyahu (2002, "Verified Null-Move Pruning"): on a fail-high, search the
    /// node's moves one ply shallower (its own call at `depth + 1`) with verification off in
    /// that subtree, where fail-highs cut at once; if that search fails high its value is the
    /// node's, otherwise the node is searched again at full depth, verification back on. As
    /// in their algorithm, a node that would verify probes only with at least two plies left.
    TabibiNetanyahu,
}

/// What the verification step makes of a probe that failed high.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirm {
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
pub struct Verifying {
    /// Stockfish: inside a verification search, the side (maximizing or not) whose null
    /// move is barred; `None` outside one.
    barred: Option<bool>,
    /// Tabibi–Netanyahu: below a shallower search, where fail-highs are trusted at once.
    off: bool,
}

/// Why a verification was refused on the command line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuardError {
    /// Not one of the three forms.
    #[error("verification {0:?}: expected none, stockfish:V (V in 1..=9) or tn")]
    Verification(String),
}

impl Verification {
    /// The depth of the verification's own call for a probe of reduction `r` that failed
    /// high at `depth`, or `None` when the cutoff is trusted at once.
    #[must_use]
    pub fn target(self, depth: u32, r: u32, depth_limit: u32, state: Verifying) -> Option<u32> {
        match self {
            Self::None => None,
            Self::Stockfish { min_remaining } => (state.barred.is_none()
                && depth_limit - depth >= min_remaining)
                .then_some(depth + r),
            Self::TabibiNetanyahu => (!state.off).then_some(depth + 1),
        }
    }

    /// The state the verification search of a node where `maximizing` is to move runs in.
    #[must_use]
    pub fn below(self, state: Verifying, maximizing: bool) -> Verifying {
        match self {
            Self::None => state,
            Self::Stockfish { .. } => Verifying {
                barred: Some(maximizing),
                ..state
            },
            Self::TabibiNetanyahu => Verifying { off: true, ..state },
        }
    }

    /// What a verification search that returned `score` (reaching the probe's bound when
    /// `fails`) decides.
    #[must_use]
    pub fn verdict(self, fails: bool, score: Value) -> Confirm {
        match (self, fails) {
            (_, false) => Confirm::Search,
            (Self::TabibiNetanyahu, true) => Confirm::Value(score),
            (Self::None | Self::Stockfish { .. }, true) => Confirm::Prune,
        }
    }

    /// Whether the verification's own conditions let the side `maximizing` pass at `depth`:
    /// not barred by an enclosing Stockfish verification; under Tabibi–Netanyahu with
    /// verification on, at least two plies left (their `!verify || depth > 1`).
    #[must_use]
    pub fn allows(self, state: Verifying, maximizing: bool, depth: u32, depth_limit: u32) -> bool {
        match self {
            Self::None => true,
            Self::Stockfish { .. } => state.barred != Some(maximizing),
            Self::TabibiNetanyahu => state.off || depth + 2 <= depth_limit,
        }
    }
}

impl fmt::Display for Verification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::None => f.write_str("none"),
            Self::Stockfish { min_remaining } => write!(f, "stockfish:{min_remaining}"),
            Self::TabibiNetanyahu => f.write_str("tn"),
        }
    }
}

impl FromStr for Verification {
    type Err = GuardError;

    /// `none`, `stockfish:V` (V in 1..=9) or `tn`.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::Verification;
    /// assert_eq!("stockfish:3".parse(), Ok(Verification::Stockfish { min_remaining: 3 }));
    /// assert_eq!("tn".parse(), Ok(Verification::TabibiNetanyahu));
    /// assert!("stockfish:0".parse::<Verification>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || GuardError::Verification(s.to_owned());
        match s {
            "none" => Ok(Self::None),
            "tn" => Ok(Self::TabibiNetanyahu),
            _ => {
                let v = s.strip_prefix("stockfish:").ok_or_else(bad)?;
                let min_remaining: u32 = v.parse().map_err(|_| bad())?;
                if (1..=SearchParams::MAX).contains(&min_remaining) {
                    Ok(Self::Stockfish { min_remaining })
                } else {
                    Err(bad())
                }
            }
        }
    }
}

/// The safeguards, all off by default ([`Guards::PAGE`]).
///
/// # Example
/// The page's pitfall ("Pitfalls"): at depth limit 3 with R = 1 the probe after X's centre
/// move lands on the horizon and null-move search settles for cell 0. A minimum probe depth
/// of one ply refuses that probe, and the search finds the centre again.
/// ```
/// use nullmove_core::{Engine, Mode, Position, SearchParams};
/// use nullmove_optimized::{GuardedEngine, Guards};
/// let pitfall: Position = "...O.X...".parse().unwrap();
/// let params = SearchParams::new(3, 1, Mode::Null).unwrap();
/// let page = GuardedEngine::new(Guards::PAGE).search(&pitfall, &params);
/// assert_eq!((page.best_move, page.value), (Some(0), 9));
/// let k1 = Guards { min_probe_depth: 1, ..Guards::PAGE };
/// let guarded = GuardedEngine::new(k1).search(&pitfall, &params);
/// assert_eq!((guarded.best_move, guarded.value), (Some(4), 12));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Guards {
    /// Minimum probe depth k: probe only if the probe itself still searches at least k real
    /// plies, `depth + 1 + R + k <= depthLimit`. The page's rule is k = 0 ("Pitfalls": real
    /// engines refuse a null move once too little depth remains for the probe).
    pub min_probe_depth: u32,
    /// Threat guard: no pass when [`Game::pass_is_dangerous`] (tic-tac-toe: the opponent
    /// has two in a line with the third cell empty; chess: in check).
    pub threat: bool,
    /// Endgame guard: no pass when [`Game::material`] is below this (tic-tac-toe: fewer
    /// empty cells; chess: no non-pawn material); 0 is off.
    pub min_material: u32,
    /// Adaptive R after Heinz (1999): the configured R above [`HEINZ_DEPTH`] plies of
    /// remaining depth, one ply less at or below it (with R = 3 this is his rule: 3 above
    /// six plies, else 2). Closer to the horizon the probe thus reduces less.
    pub adaptive_r: bool,
    /// Verification of a probe that failed high.
    pub verification: Verification,
}

impl Guards {
    /// Every guard off: the page's search.
    pub const PAGE: Self = Self {
        min_probe_depth: 0,
        threat: false,
        min_material: 0,
        adaptive_r: false,
        verification: Verification::None,
    };

    /// Whether every guard is off.
    #[must_use]
    #[inline]
    pub fn is_page(&self) -> bool {
        *self == Self::PAGE
    }

    /// Minimum probe depth: the probe, searched at `depth + 1 + r`, still has at least k
    /// real plies before `depth_limit`. With k = 0 this is the page's `depth + R <
    /// depthLimit`, which the searcher checks anyway.
    #[must_use]
    pub const fn probe_deep_enough(&self, depth: u32, r: u32, depth_limit: u32) -> bool {
        depth + 1 + r + self.min_probe_depth <= depth_limit
    }

    /// Threat guard: no pass into the opponent's direct threat.
    #[must_use]
    pub fn threat_allows<G: Game>(&self, game: &G) -> bool {
        !self.threat || !game.pass_is_dangerous()
    }

    /// Endgame guard: no pass with too little material left.
    #[must_use]
    pub fn material_allows<G: Game>(&self, game: &G) -> bool {
        self.min_material == 0 || game.material() >= self.min_material
    }

    /// The reduction of a probe `remaining` plies above the depth limit, given the
    /// configured `r`: the page's fixed R, or Heinz's adaptive R.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::Guards;
    /// let heinz = Guards { adaptive_r: true, ..Guards::PAGE };
    /// assert_eq!((heinz.reduction(3, 7), heinz.reduction(3, 6)), (3, 2)); // Heinz's rule
    /// assert_eq!(heinz.reduction(0, 2), 0);
    /// assert_eq!(Guards::PAGE.reduction(3, 2), 3);
    /// ```
    #[must_use]
    pub const fn reduction(&self, r: u32, remaining: u32) -> u32 {
        if self.adaptive_r && remaining <= HEINZ_DEPTH {
            r.saturating_sub(1)
        } else {
            r
        }
    }

    /// Every guard's predicate on a pass at `depth` with reduction `r`, the page's own rule
    /// excepted (the searcher checks that first): the conjunction the searcher's
    /// `null_move_allowed` ends with.
    #[must_use]
    pub fn allows<G: Game>(
        &self,
        game: &G,
        depth: u32,
        r: u32,
        depth_limit: u32,
        state: Verifying,
    ) -> bool {
        self.probe_deep_enough(depth, r, depth_limit)
            && self.threat_allows(game)
            && self.material_allows(game)
            && self
                .verification
                .allows(state, game.maximizing(), depth, depth_limit)
    }
}

impl fmt::Display for Guards {
    /// `page`, or the guards on, in the command line's words joined by `+`
    /// (`min-probe-depth=1+threat-guard`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.min_probe_depth > 0 {
            parts.push(format!("min-probe-depth={}", self.min_probe_depth));
        }
        if self.threat {
            parts.push("threat-guard".to_owned());
        }
        if self.min_material > 0 {
            parts.push(format!("min-empty={}", self.min_material));
        }
        if self.adaptive_r {
            parts.push("adaptive-r".to_owned());
        }
        if self.verification != Verification::None {
            parts.push(format!("verify={}", self.verification));
        }
        if parts.is_empty() {
            f.write_str("page")
        } else {
            f.write_str(&parts.join("+"))
        }
    }
}

/// The optimized engine with safeguards, behind the [`Engine`] interface: plain mode is
/// plain alpha-beta (no guard reads it), null mode is the page's search with `guards`.
/// With [`Guards::PAGE`] it is [`crate::OptimizedEngine`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct GuardedEngine {
    /// The safeguards applied in null mode.
    pub guards: Guards,
}

impl GuardedEngine {
    /// The engine with `guards`.
    #[must_use]
    pub const fn new(guards: Guards) -> Self {
        Self { guards }
    }

    fn config(&self, params: &SearchParams) -> Config {
        Config {
            guards: self.guards,
            ..Config::from(params)
        }
    }
}

impl Engine for GuardedEngine {
    fn name(&self) -> &'static str {
        "optimized"
    }

    fn search_traced(
        &self,
        position: &Position,
        params: &SearchParams,
        sink: &mut dyn EventSink,
    ) -> RootReport {
        crate::OptimizedEngine::run(position, self.config(params), sink)
    }

    fn search(&self, position: &Position, params: &SearchParams) -> RootReport {
        crate::OptimizedEngine::run(position, self.config(params), &mut NoSink)
    }
}
