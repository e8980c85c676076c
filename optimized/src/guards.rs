//! How the search uses the null move: whether at all, its reduction R, and the guards real
//! engines put around it, each one named predicate or step.
//!
//! The page leaves the guards out on purpose ("Pitfalls": real engines refuse a null move
//! once too little depth remains for the probe to do real work, and re-verify a cutoff with
//! an ordinary search); the companion article lists chess's: no null move in check, none in
//! low-material positions, a milder reduction, a verification search. Engines add a
//! zero-window probe, a probe only where the static evaluation already reaches beta, and an
//! R that grows with depth (Stockfish, `src/search.cpp`, step 9). [`Guards`] holds them
//! all; the searcher asks it four things and nothing else:
//! - whether a pass is allowed here (the page's rule, then every guard's predicate:
//!   [`Guards::probe_deep_enough`], [`Guards::threat_allows`], [`Guards::material_allows`],
//!   [`Guards::eval_allows`] and the verification's own conditions);
//! - the reduction of this probe ([`Guards::reduction_at`]);
//! - the probe's window ([`Guards::zero_window`]);
//! - what to do with a probe that failed high ([`Verification`]): prune at once, or search
//!   again first.
//!
//! The named presets ([`Guards::NONE`], [`Guards::R2`], [`Guards::R3`], [`Guards::ADAPTIVE`],
//! [`Guards::VERIFIED`], [`Guards::STOCKFISH`], [`Guards::NPM`]) parse from and display as
//! their names, so one name means one search in every game and every table.

mod text;

pub use text::GuardError;

use nullmove_core::{Game, Value};

/// Heinz's threshold (1999, "Adaptive Null-Move Pruning"): above this many plies of remaining
/// depth the adaptive probe reduces by the full R, at or below it by one ply less.
pub const HEINZ_DEPTH: u32 = 6;

/// How R varies with the depth left to the limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ReductionRule {
    /// The same R everywhere (the page).
    #[default]
    Fixed,
    /// Heinz (1999): R above [`HEINZ_DEPTH`] plies of remaining depth, R - 1 at or below it
    /// (with R = 3, his 3 and 2): milder near the horizon.
    Adaptive,
    /// Stockfish's shape (`src/search.cpp`, step 9): R plus a third of the remaining depth,
    /// so deep probes skip more.
    DepthScaled,
}

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
        /// Stockfish's depth threshold V, in plies of remaining depth (at least 1).
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
}

impl Verification {
    /// The depth of the verification's own call for a probe of reduction `r` that failed
    /// high at `depth`, or `None` when the cutoff is trusted at once.
    pub(crate) fn target(
        self,
        depth: u32,
        r: u32,
        depth_limit: u32,
        state: Verifying,
    ) -> Option<u32> {
        match self {
            Self::None => None,
            Self::Stockfish { min_remaining } => (state.barred.is_none()
                && depth_limit - depth >= min_remaining)
                .then_some(depth + r),
            Self::TabibiNetanyahu => (!state.off).then_some(depth + 1),
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
        }
    }

    /// What a verification search that returned `score` (reaching the probe's bound when
    /// `fails`) decides.
    pub(crate) fn verdict(self, fails: bool, score: Value) -> Confirm {
        match (self, fails) {
            (_, false) => Confirm::Search,
            (Self::TabibiNetanyahu, true) => Confirm::Value(score),
            (Self::None | Self::Stockfish { .. }, true) => Confirm::Prune,
        }
    }

    /// Whether the verification's own conditions let the side `maximizing` pass at `depth`:
    /// not barred by an enclosing Stockfish verification; under Tabibi–Netanyahu with
    /// verification on, at least two plies left (their `!verify || depth > 1`).
    fn allows(self, state: Verifying, maximizing: bool, depth: u32, depth_limit: u32) -> bool {
        match self {
            Self::None => true,
            Self::Stockfish { .. } => state.barred != Some(maximizing),
            Self::TabibiNetanyahu => state.off || depth_limit - depth >= 2,
        }
    }
}

/// How the search uses the null move: whether it passes at all, with which reduction R,
/// and under which guards. Every guard is off unless a field turns it on; with none on, a
/// probe follows the page's rule exactly ("Reference implementation": not at the root,
/// never twice in a row, and only where `depth + R < depthLimit`).
///
/// # Example
/// ```
/// use nullmove_optimized::{Guards, ReductionRule, Verification};
/// // A preset, by value or by name.
/// assert_eq!("verified".parse(), Ok(Guards::VERIFIED));
/// assert_eq!(Guards::VERIFIED.verification, Verification::TabibiNetanyahu);
/// // Guards of your own: a preset's fields, changed.
/// let mine = Guards { zero_window: true, rule: ReductionRule::DepthScaled, ..Guards::R2 };
/// assert_eq!(mine.to_string(), "r=2+threat-guard+depth-r+zero-window");
/// assert_eq!(mine.reduction_at(9), 2 + 3); // R 2 plus a third of 9 plies left
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // each one guard's switch, named as tables name it
pub struct Guards {
    /// Whether the search tries a null move at all; `false` is plain alpha-beta (the preset
    /// `none`), and every other field is then ignored.
    pub null_move: bool,
    /// R: the plies a probe skips beyond the normal one (the base of [`Guards::rule`]).
    pub reduction: u32,
    /// How R varies with the remaining depth.
    pub rule: ReductionRule,
    /// Minimum probe depth k: probe only if the probe itself still searches at least k real
    /// plies, `depth + 1 + R + k <= depthLimit`. The page's rule is k = 0 ("Pitfalls": real
    /// engines refuse a null move once too little depth remains for the probe).
    pub min_probe_depth: u32,
    /// Threat guard: no pass when [`Game::pass_is_dangerous`] (chess: in check).
    pub threat: bool,
    /// Endgame guard: no pass when [`Game::material`] is below this (chess: no non-pawn
    /// material); 0 is off.
    pub min_material: u32,
    /// Eval gate: probe only where the static evaluation ([`Game::evaluate`]) already reaches
    /// the bound the probe must prove, at least beta for the maximizer, at most alpha for the
    /// minimizer (Stockfish's `eval >= beta`): elsewhere a probe rarely succeeds.
    pub eval_gate: bool,
    /// Zero-window probe: search the probe (and a verification) in the null window at the
    /// bound, `(beta - 1, beta)` for the maximizer, `(alpha, alpha + 1)` for the minimizer,
    /// since it only asks whether the bound is reached; the page searches the node's window.
    pub zero_window: bool,
    /// Verification of a probe that failed high.
    pub verification: Verification,
}

impl Default for Guards {
    /// Null move with R = 2 and no guard: [`Guards::unguarded`]`(2)`.
    fn default() -> Self {
        Self::unguarded(2)
    }
}

/// The presets and their names, in the order tables list them.
const PRESETS: [(&str, Guards); 7] = [
    ("none", Guards::NONE),
    ("r2", Guards::R2),
    ("r3", Guards::R3),
    ("adaptive", Guards::ADAPTIVE),
    ("verified", Guards::VERIFIED),
    ("stockfish", Guards::STOCKFISH),
    ("npm", Guards::NPM),
];

impl Guards {
    /// No null move at all: plain alpha-beta. Named `none`.
    pub const NONE: Self = Self {
        null_move: false,
        ..Self::unguarded(0)
    };

    /// Standard null move with R = 2, no pass where the game calls passing dangerous (chess:
    /// in check). Named `r2`.
    pub const R2: Self = Self {
        threat: true,
        ..Self::unguarded(2)
    };

    /// Standard null move with R = 3, no pass where the game calls passing dangerous. Named
    /// `r3`.
    pub const R3: Self = Self {
        threat: true,
        ..Self::unguarded(3)
    };

    /// Heinz (1999): R = 3 with more than [`HEINZ_DEPTH`] plies left, else 2; no pass where
    /// the game calls passing dangerous. Named `adaptive`.
    pub const ADAPTIVE: Self = Self {
        rule: ReductionRule::Adaptive,
        ..Self::R3
    };

    /// Tabibi & Netanyahu (2002): R = 3 with their verification; no pass where the game calls
    /// passing dangerous. Named `verified`.
    pub const VERIFIED: Self = Self {
        verification: Verification::TabibiNetanyahu,
        ..Self::R3
    };

    /// Stockfish's step 9 conditions: no pass where the game calls passing dangerous (in
    /// check), none without material (non-pawn material, one unit), the eval gate, a
    /// zero-window probe, R = 3 plus a third of the remaining depth, and verification with
    /// more than [`HEINZ_DEPTH`] plies left (Stockfish waits for 16; seven is "deep" on the
    /// scale of the small games here). Named `stockfish`.
    pub const STOCKFISH: Self = Self {
        rule: ReductionRule::DepthScaled,
        min_material: 1,
        eval_gate: true,
        zero_window: true,
        verification: Verification::Stockfish {
            min_remaining: HEINZ_DEPTH + 1,
        },
        ..Self::R3
    };

    /// The low-material rule on its own: R = 3, no pass without material (one unit). Named
    /// `npm` (chess: non-pawn material).
    pub const NPM: Self = Self {
        min_material: 1,
        ..Self::unguarded(3)
    };

    /// Null move with reduction `r` and no guard: the page's rule.
    #[must_use]
    pub const fn unguarded(r: u32) -> Self {
        Self {
            null_move: true,
            reduction: r,
            rule: ReductionRule::Fixed,
            min_probe_depth: 0,
            threat: false,
            min_material: 0,
            eval_gate: false,
            zero_window: false,
            verification: Verification::None,
        }
    }

    /// Every preset with its name, in table order: `none`, `r2`, `r3`, `adaptive`,
    /// `verified`, `stockfish`, `npm`.
    pub fn presets() -> impl Iterator<Item = (&'static str, Self)> {
        PRESETS.into_iter()
    }

    /// The preset's name when these guards are one.
    #[must_use]
    pub fn preset_name(&self) -> Option<&'static str> {
        if !self.null_move {
            return Some("none");
        }
        PRESETS.iter().find(|(_, g)| g == self).map(|(n, _)| *n)
    }

    /// The same guards with reduction `r`.
    #[must_use]
    pub const fn with_reduction(self, r: u32) -> Self {
        Self {
            reduction: r,
            ..self
        }
    }

    /// Whether no guard is on (null move at a fixed R by the page's rule, or no null move).
    #[must_use]
    #[inline]
    pub fn is_unguarded(&self) -> bool {
        !self.null_move || *self == Self::unguarded(self.reduction)
    }

    /// Minimum probe depth: the probe, searched at `depth + 1 + r`, still has at least k
    /// real plies before `depth_limit`. With k = 0 this is the page's `depth + R <
    /// depthLimit`, which the searcher checks anyway.
    #[must_use]
    pub const fn probe_deep_enough(&self, depth: u32, r: u32, depth_limit: u32) -> bool {
        r.saturating_add(self.min_probe_depth) < depth_limit.saturating_sub(depth)
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

    /// Eval gate: no probe unless the static evaluation already reaches the probe's bound
    /// (at least `beta` when the maximizer is to move, at most `alpha` otherwise).
    #[must_use]
    pub fn eval_allows<G: Game>(&self, game: &G, alpha: Value, beta: Value) -> bool {
        !self.eval_gate
            || if game.maximizing() {
                game.evaluate() >= beta
            } else {
                game.evaluate() <= alpha
            }
    }

    /// The reduction of a probe `remaining` plies above the depth limit: R, Heinz's adaptive
    /// R or Stockfish's growing R ([`ReductionRule`]).
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::{Guards, ReductionRule};
    /// let heinz = Guards::ADAPTIVE;
    /// assert_eq!((heinz.reduction_at(7), heinz.reduction_at(6)), (3, 2)); // Heinz's rule
    /// let growing = Guards { rule: ReductionRule::DepthScaled, ..Guards::unguarded(3) };
    /// assert_eq!((growing.reduction_at(2), growing.reduction_at(9)), (3, 6));
    /// assert_eq!(Guards::unguarded(3).reduction_at(2), 3);
    /// ```
    #[must_use]
    pub const fn reduction_at(&self, remaining: u32) -> u32 {
        match self.rule {
            ReductionRule::Adaptive if remaining <= HEINZ_DEPTH => self.reduction.saturating_sub(1),
            ReductionRule::Fixed | ReductionRule::Adaptive => self.reduction,
            ReductionRule::DepthScaled => self.reduction.saturating_add(remaining / 3),
        }
    }

    /// The window the probe of a node with window `(alpha, beta)` searches: the node's own,
    /// or with [`Guards::zero_window`] the null window at the bound it must reach.
    #[must_use]
    #[inline]
    pub const fn probe_window(
        &self,
        maximizing: bool,
        alpha: Value,
        beta: Value,
    ) -> (Value, Value) {
        match (self.zero_window, maximizing) {
            (false, _) => (alpha, beta),
            (true, true) => (beta - 1, beta),
            (true, false) => (alpha, alpha + 1),
        }
    }

    /// Every guard's predicate on a pass at `depth` with reduction `r`, the page's own rule
    /// excepted (the searcher checks that first): the conjunction the searcher's
    /// `null_move_allowed` ends with.
    #[allow(clippy::too_many_arguments)] // the node's whole situation, read once per probe
    pub(crate) fn allows<G: Game>(
        &self,
        game: &G,
        depth: u32,
        r: u32,
        depth_limit: u32,
        state: Verifying,
        alpha: Value,
        beta: Value,
    ) -> bool {
        self.probe_deep_enough(depth, r, depth_limit)
            && self.threat_allows(game)
            && self.material_allows(game)
            && self
                .verification
                .allows(state, game.maximizing(), depth, depth_limit)
            && self.eval_allows(game, alpha, beta)
    }
}
