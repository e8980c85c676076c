//! The guards as one value, [`Guards`]: its fields, the named presets, and the predicates
//! and steps a searcher asks of it at each node.

use nullmove_core::Value;

use super::reduction::{HEINZ_DEPTH, ReductionRule, STOCKFISH_EVAL_R};
use super::verification::{STOCKFISH_VERIFY_FROM, Verification, Verifying};
use crate::Game;

/// How a search uses the null move: whether it passes at all, with which reduction R,
/// and under which guards. Every guard is off unless a field turns it on; with none on, a
/// probe follows the page's rule exactly ("Reference implementation": not at the root,
/// never twice in a row, and only where the probe's child, R + 1 plies further down, lies
/// before the depth limit).
///
/// Windows and evaluations are the library's: from the maximizer's point of view, so "the
/// bound the probe must prove" is beta when the maximizer is to move and alpha otherwise.
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
/// // Null move with no guard at all, the page's rule: not the preset `r2`.
/// assert_eq!(Guards::unguarded(2).to_string(), "unguarded-r=2");
/// assert_eq!(Guards::R2.to_string(), "r2");
/// assert_eq!(Guards::default(), Guards::NO_NULL_MOVE); // no null move unless asked
/// assert_eq!(mine.reduction(9, 0), 2 + 3); // R 2 plus a third of 9 plies left
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
    /// plies, `depth + 1 + R + k <= depth limit`; 0 is off. The page's search asks that
    /// much with k = 0 anyway ("Pitfalls": real engines refuse a null move once too little
    /// depth remains for the probe).
    pub min_probe_depth: u32,
    /// Minimum depth: no pass with fewer than this many plies left to the depth limit
    /// (Ethereal's `NullMovePruningDepth`, 2); 0 is off (1 would change nothing). One ply
    /// from the limit a probe replaces the node's one-ply search with a quiescence search
    /// after the pass, which costs about as much and leaves the table, killers and history
    /// nothing; beside late-move reductions, which send many moves there, that loses games.
    pub min_depth: u32,
    /// Threat guard: no pass when [`Game::pass_is_dangerous`] (chess: in check).
    pub threat: bool,
    /// Endgame guard: no pass when [`Game::material`] is below this (chess: no non-pawn
    /// material); 0 is off.
    pub min_material: u32,
    /// Eval gate: probe only where the static evaluation ([`Game::evaluate`]) already reaches
    /// the bound the probe must prove, at least beta for the maximizer, at most alpha for the
    /// minimizer (Stockfish's `eval >= beta`): elsewhere a probe rarely succeeds.
    pub eval_gate: bool,
    /// Stockfish's evaluation term: R grows by one for every `eval_r` units by which the
    /// static evaluation passes that bound, by at most 3; 0 is off.
    pub eval_r: u32,
    /// Zero-window probe: search the probe (and a verification) in the null window at the
    /// bound, `(beta - 1, beta)` for the maximizer, `(alpha, alpha + 1)` for the minimizer,
    /// since it only asks whether the bound is reached; the page searches the node's window.
    /// The deep search probes so whatever this says.
    pub zero_window: bool,
    /// Pass only at nodes searched with a null window (`beta - alpha = 1`): Stockfish's
    /// `!PvNode`, never on the principal variation. Under principal-variation search (the
    /// deep search) every node off the principal variation qualifies; the page's alpha-beta
    /// gives its nodes wide windows, so there it rarely passes at all.
    pub non_pv: bool,
    /// Probe checks: a probe that lands in quiescence tries quiet checks at its first ply
    /// as well as noisy moves ([`crate::DeepGame::quiet_checks`]), so a pass into a quiet
    /// mate fails (Stockfish: `qsearch` at `DEPTH_QS_CHECKS`, where a probe of `depth - R
    /// <= 0` lands). The deep search's only: the page's search has no quiescence.
    pub probe_checks: bool,
    /// Verification of a probe that failed high.
    pub verification: Verification,
}

impl Default for Guards {
    /// No null move at all, [`Guards::NO_NULL_MOVE`]: plain alpha-beta is exact, and null
    /// move is unsound in any game with zugzwang, so a search passes only when asked to.
    fn default() -> Self {
        Self::NO_NULL_MOVE
    }
}

/// The presets and their names, in the order tables list them.
pub(super) const PRESETS: [(&str, Guards); 7] = [
    ("none", Guards::NO_NULL_MOVE),
    ("r2", Guards::R2),
    ("r3", Guards::R3),
    ("adaptive", Guards::ADAPTIVE),
    ("verified", Guards::VERIFIED),
    ("stockfish", Guards::STOCKFISH),
    ("npm", Guards::NPM),
];

impl Guards {
    /// No null move at all: plain alpha-beta, the default. Named `none` (no null move,
    /// not "no guards": that is [`Guards::unguarded`]).
    pub const NO_NULL_MOVE: Self = Self {
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

    /// Heinz (1999, "Adaptive Null-Move Pruning"): R = 3 with more than [`HEINZ_DEPTH`]
    /// plies left, else 2; no pass where the game calls passing dangerous. Named `adaptive`.
    pub const ADAPTIVE: Self = Self {
        rule: ReductionRule::Adaptive,
        ..Self::R3
    };

    /// Tabibi & Netanyahu (2002, "Verified Null-Move Pruning"): R = 3 with their
    /// verification; no pass where the game calls passing dangerous. Named `verified`.
    pub const VERIFIED: Self = Self {
        verification: Verification::TabibiNetanyahu,
        ..Self::R3
    };

    /// Stockfish's null-move step, every condition of it the library can state (read in
    /// `src/search.cpp` of a 2021 Stockfish, where the step is numbered 8, "Null move search
    /// with verification search"; older versions number it 9): never on the principal
    /// variation (`!PvNode`, [`Guards::non_pv`]), no pass in check (the threat guard), none
    /// without non-pawn material (the endgame guard at one unit), the static evaluation at
    /// least beta (the eval gate), a zero-window probe, R = 3 plus a third of the remaining
    /// depth plus one per pawn ([`STOCKFISH_EVAL_R`]) the evaluation passes beta by, at
    /// most 3 more, a probe that lands in quiescence trying quiet checks at its first ply
    /// (what makes so large an R safe against a quiet mate: [`Guards::probe_checks`]), and
    /// verification from [`STOCKFISH_VERIFY_FROM`] plies left. Left out:
    /// its conditions on statistics the library does not keep (history scores, `ttPv`,
    /// an improving evaluation). Named `stockfish`.
    pub const STOCKFISH: Self = Self {
        rule: ReductionRule::DepthScaled,
        min_material: 1,
        eval_gate: true,
        eval_r: STOCKFISH_EVAL_R,
        zero_window: true,
        non_pv: true,
        probe_checks: true,
        verification: Verification::Stockfish {
            min_remaining: STOCKFISH_VERIFY_FROM,
        },
        ..Self::R3
    };

    /// The low-material rule on its own (the companion article; Stockfish's
    /// `non_pawn_material(us)`): R = 3, no pass without material (one unit). Named `npm`
    /// (chess: non-pawn material).
    pub const NPM: Self = Self {
        min_material: 1,
        ..Self::unguarded(3)
    };

    /// Null move with reduction `r` and no guard: the page's rule. Displays as
    /// `unguarded-r=R`; the presets [`Guards::R2`] and [`Guards::R3`] add the threat guard.
    #[must_use]
    pub const fn unguarded(r: u32) -> Self {
        Self {
            null_move: true,
            reduction: r,
            rule: ReductionRule::Fixed,
            min_probe_depth: 0,
            min_depth: 0,
            threat: false,
            min_material: 0,
            eval_gate: false,
            eval_r: 0,
            zero_window: false,
            non_pv: false,
            probe_checks: false,
            verification: Verification::None,
        }
    }

    /// Every preset with its name, in table order: `none` ([`Guards::NO_NULL_MOVE`]), `r2`,
    /// `r3`, `adaptive`, `verified`, `stockfish`, `npm`.
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

    /// Minimum probe depth: a probe of reduction `r` from a node with `remaining` plies
    /// left still searches at least k real plies (`r + k < remaining`), or k is 0.
    #[must_use]
    pub const fn probe_deep_enough(&self, r: u32, remaining: u32) -> bool {
        self.min_probe_depth == 0 || r.saturating_add(self.min_probe_depth) < remaining
    }

    /// Minimum depth: a pass only with at least [`Guards::min_depth`] plies left.
    #[must_use]
    pub const fn depth_allows(&self, remaining: u32) -> bool {
        remaining >= self.min_depth
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

    /// Stockfish's `!PvNode`: with [`Guards::non_pv`], a pass only in a null window.
    #[must_use]
    #[inline]
    pub const fn window_allows(&self, alpha: Value, beta: Value) -> bool {
        !self.non_pv || beta - alpha <= 1
    }

    /// How far a static evaluation `eval` passes the bound a probe must prove in the window
    /// `(alpha, beta)`: `eval - beta` when the maximizer is to move, `alpha - eval`
    /// otherwise (negative when it falls short).
    #[must_use]
    pub const fn margin(maximizing: bool, eval: Value, alpha: Value, beta: Value) -> Value {
        if maximizing {
            eval - beta
        } else {
            alpha - eval
        }
    }

    /// Eval gate: no probe unless the static evaluation reaches the probe's bound (a
    /// [`Guards::margin`] of at least 0).
    #[must_use]
    pub const fn eval_allows(&self, margin: Value) -> bool {
        !self.eval_gate || margin >= 0
    }

    /// The reduction of a probe `remaining` plies above the depth limit whose evaluation
    /// passes the bound by `margin` ([`Guards::margin`]; only [`Guards::eval_r`] reads it):
    /// R, Heinz's adaptive R or Stockfish's growing R ([`ReductionRule`]), plus the
    /// evaluation term.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::{Guards, ReductionRule};
    /// let heinz = Guards::ADAPTIVE;
    /// assert_eq!((heinz.reduction(7, 0), heinz.reduction(6, 0)), (3, 2)); // Heinz's rule
    /// let growing = Guards { rule: ReductionRule::DepthScaled, ..Guards::unguarded(3) };
    /// assert_eq!((growing.reduction(2, 0), growing.reduction(9, 0)), (3, 6));
    /// // Stockfish at 8 plies left, the evaluation 1.5 pawns above beta: 3 + 8/3 + 1.
    /// assert_eq!(Guards::STOCKFISH.reduction(8, 150), 6);
    /// assert_eq!(Guards::STOCKFISH.reduction(8, 900), 8); // the evaluation adds at most 3
    /// ```
    #[must_use]
    #[inline]
    pub const fn reduction(&self, remaining: u32, margin: Value) -> u32 {
        let depth_part = match self.rule {
            ReductionRule::Adaptive if remaining <= HEINZ_DEPTH => self.reduction.saturating_sub(1),
            ReductionRule::Fixed | ReductionRule::Adaptive => self.reduction,
            ReductionRule::DepthScaled => self.reduction.saturating_add(remaining / 3),
        };
        let eval_part = if self.eval_r == 0 || margin <= 0 {
            0
        } else {
            let steps = margin as u32 / self.eval_r;
            if steps < 3 { steps } else { 3 }
        };
        depth_part.saturating_add(eval_part)
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

    /// Every guard's predicate on a pass with `remaining` plies left in the window `(alpha,
    /// beta)` (both searchers' own rules excepted: each checks those first), and the
    /// probe's R when they all allow it.
    pub(crate) fn probe<G: Game>(
        &self,
        game: &G,
        remaining: u32,
        state: Verifying,
        alpha: Value,
        beta: Value,
    ) -> Option<u32> {
        let maximizing = game.maximizing();
        let allowed = self.window_allows(alpha, beta)
            && self.depth_allows(remaining)
            && self.threat_allows(game)
            && self.material_allows(game)
            && self.verification.allows(state, maximizing, remaining);
        if !allowed {
            return None;
        }
        let margin = if self.eval_gate || self.eval_r > 0 {
            Self::margin(maximizing, game.evaluate(), alpha, beta)
        } else {
            0
        };
        let r = self.reduction(remaining, margin);
        (self.eval_allows(margin) && self.probe_deep_enough(r, remaining)).then_some(r)
    }
}
