//! The deep search's own switches, beyond the [`crate::Config`] both searchers share: how
//! the root windows each iteration and how quiet moves are ordered (a speed trade only: the
//! values a search proves are the same either way, its nodes are not), and the selectivity
//! engines put beside null move, the check extension and late-move reductions (which change
//! the tree searched, so they are off unless asked: every signature stays as it is).

use nullmove_core::Value;

/// How [`crate::DeepSearcher`] windows its iterations and orders its quiet moves. The
/// default is what a measurement on WAC's first 50 positions chose (chess, R 3,
/// depth 8: history on, 0.957x the nodes; aspiration off, 1.026x to 1.043x at half-widths
/// 100 to 25); each switch is here so that measurement can be run again
/// (`chess/examples/search_options.rs`).
///
/// # Example
/// ```
/// use nullmove_optimized::DeepOptions;
/// let chosen = DeepOptions::default();
/// assert_eq!((chosen.aspiration(), chosen.quiet_history()), (None, true));
/// let plain = chosen.with_quiet_history(false);
/// assert_eq!((plain.aspiration(), plain.quiet_history()), (None, false));
/// assert_eq!(DeepOptions::default().with_aspiration(Some(0)).aspiration(), None);
/// // The selectivity beside null move, off unless asked.
/// assert!(!chosen.check_extension() && !chosen.late_move_reductions());
/// let selective = chosen.with_check_extension(true).with_late_move_reductions(true);
/// assert!(selective.check_extension() && selective.late_move_reductions());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // each one step's switch, off unless asked
pub struct DeepOptions {
    aspiration: Option<Value>,
    quiet_history: bool,
    check_extension: bool,
    late_move_reductions: bool,
    quiescence_see: bool,
    reverse_futility: bool,
    futility: bool,
    late_move_pruning: bool,
    see_pruning: bool,
}

/// A half-width for the first aspiration window, in the evaluation's units (chess:
/// centipawns): the narrowest the measurement tried (aspiration is off by default).
pub const DEFAULT_ASPIRATION: Value = 25;

/// The plies a node must have left for late-move reductions to reduce its moves (Ethereal,
/// Stockfish: 3; below it a reduction would send the move into quiescence).
pub const LMR_MIN_DEPTH: i32 = 3;

/// The moves of a node searched at full depth before late-move reductions begin: the
/// table's move, the captures and killers usually come first anyway.
pub const LMR_FULL_MOVES: usize = 3;

/// Reverse futility pruning acts with at most this many plies left (Ethereal's
/// `BetaPruningDepth`).
pub const RFP_DEPTH: i32 = 8;

/// How far above beta, a ply, the static evaluation must be for reverse futility pruning
/// (Ethereal's `BetaMargin`, in centipawns).
pub const RFP_MARGIN: i32 = 75;

/// Futility pruning acts with at most this many plies left (Ethereal's
/// `FutilityPruningDepth`).
pub const FUTILITY_DEPTH: i32 = 8;

/// The gain a quiet move may bring, a ply, below which futility pruning skips it when the
/// static evaluation stays under alpha (Ethereal's `FutilityMargin`).
pub const FUTILITY_MARGIN: i32 = 65;

/// Late-move pruning acts with at most this many plies left; it keeps `3 + depth²` moves.
pub const LMP_DEPTH: i32 = 8;

/// SEE pruning acts with at most this many plies left (Ethereal's `SEEPruningDepth`).
pub const SEE_PRUNING_DEPTH: i32 = 9;

/// A quiet move whose exchange loses more than this a ply is skipped (Ethereal's
/// `SEEQuietMargin`, 64).
pub const SEE_QUIET_MARGIN: i32 = 64;

/// A capture whose exchange loses more than this times the depth squared is skipped
/// (Ethereal's `SEENoisyMargin`, 19).
pub const SEE_NOISY_MARGIN: i32 = 19;

impl Default for DeepOptions {
    /// History on, aspiration off: as measured; no check extension, no late-move
    /// reductions (null move the only selectivity, as every committed figure has it).
    fn default() -> Self {
        Self {
            // PERF: WAC's first 50, R 3, depth 8: 9,545,585 nodes with history against
            // 9,974,433 without (0.957x); aspiration windows 10,235,145 to 10,401,440
            // (1.026x to 1.043x), the same 46 solved every way.
            aspiration: None,
            quiet_history: true,
            check_extension: false,
            late_move_reductions: false,
            quiescence_see: false,
            reverse_futility: false,
            futility: false,
            late_move_pruning: false,
            see_pruning: false,
        }
    }
}

impl DeepOptions {
    /// Aspiration windows: from the second iteration on, the root is searched in
    /// `(v - width, v + width)` around the previous iteration's value `v` (not a mate
    /// score), searched again with the failing side twice as far out until the value falls
    /// inside, so the value is the open window's. `None` (or a width below 1): the open
    /// window every iteration.
    #[must_use]
    pub const fn with_aspiration(self, width: Option<Value>) -> Self {
        let aspiration = match width {
            Some(w) if w >= 1 => Some(w),
            _ => None,
        };
        Self { aspiration, ..self }
    }

    /// The history heuristic (Schaeffer 1989): a quiet move that cut at `depth` plies left
    /// gains `depth²` in a table by [`crate::DeepGame::move_index`], and quiet moves other
    /// than the killers are tried by it, highest first, rather than in generation order. A
    /// game without move indexes is unaffected.
    #[must_use]
    pub const fn with_quiet_history(self, on: bool) -> Self {
        Self {
            quiet_history: on,
            ..self
        }
    }

    /// The check extension: a move that gives check ([`crate::DeepGame::in_check`] after
    /// it) is searched one ply deeper, so a forcing line is not cut at the horizon
    /// (Stockfish's `search.cpp`, step "Extensions"; Ethereal, Crafty). Extended only
    /// within twice the iteration's depth from the root, as Stockfish bounds its
    /// extensions (`ply < 2 * rootDepth`), so checks cannot run a search away.
    #[must_use]
    pub const fn with_check_extension(self, on: bool) -> Self {
        Self {
            check_extension: on,
            ..self
        }
    }

    /// Late-move reductions: with at least [`LMR_MIN_DEPTH`] plies left, a quiet move
    /// (no capture, not the table's move, not a killer) tried after the first
    /// [`LMR_FULL_MOVES`], from a node not in check and giving no check, is searched first
    /// with a null window `r` plies shallower, `r` growing with the depth and the move's
    /// number (Ethereal's `0.75 + ln(depth) ln(moves) / 2.25`, one less on the principal
    /// variation), and again at full depth only if it beats alpha (Stockfish's step
    /// "Reduced depth search (LMR)").
    #[must_use]
    pub const fn with_late_move_reductions(self, on: bool) -> Self {
        Self {
            late_move_reductions: on,
            ..self
        }
    }

    /// Quiescence skips the captures that lose material by static exchange evaluation
    /// ([`crate::DeepGame::exchange_at_least`] below 0), out of check, as Stockfish's and
    /// Ethereal's quiescence do: without it a horizon search follows every hopeless exchange.
    #[must_use]
    pub const fn with_quiescence_see(self, on: bool) -> Self {
        Self {
            quiescence_see: on,
            ..self
        }
    }

    /// Every step of this module on: the check extension, late-move reductions,
    /// quiescence SEE, reverse futility, futility, late-move and SEE pruning, beside
    /// the default history and open windows (the engine the field's step-by-step figures
    /// describe; with it, null move wants [`crate::Guards::min_depth`] at 2).
    #[must_use]
    pub const fn full() -> Self {
        Self {
            aspiration: None,
            quiet_history: true,
            check_extension: true,
            late_move_reductions: true,
            quiescence_see: true,
            reverse_futility: true,
            futility: true,
            late_move_pruning: true,
            see_pruning: true,
        }
    }

    /// Reverse futility (beta) pruning: off the principal variation and out of check, with
    /// at most [`RFP_DEPTH`] plies left, a node whose static evaluation is [`RFP_MARGIN`]
    /// a ply above beta returns it.
    #[must_use]
    pub const fn with_reverse_futility(self, on: bool) -> Self {
        Self {
            reverse_futility: on,
            ..self
        }
    }

    /// Futility pruning: off the principal variation and out of check, with at most
    /// [`FUTILITY_DEPTH`] plies left, a quiet move after the first that gives no check is
    /// skipped when the static evaluation plus [`FUTILITY_MARGIN`] a ply stays at or below
    /// alpha.
    #[must_use]
    pub const fn with_futility(self, on: bool) -> Self {
        Self {
            futility: on,
            ..self
        }
    }

    /// Late-move pruning: off the principal variation and out of check, with at most
    /// [`LMP_DEPTH`] plies left, quiet moves that give no check are skipped once `3 +
    /// depth²` moves were searched.
    #[must_use]
    pub const fn with_late_move_pruning(self, on: bool) -> Self {
        Self {
            late_move_pruning: on,
            ..self
        }
    }

    /// SEE pruning in the main search: off the principal variation and out of check, with
    /// at most [`SEE_PRUNING_DEPTH`] plies left, a move after the first that gives no check
    /// is skipped when its exchange loses more than [`SEE_QUIET_MARGIN`] a ply (a quiet
    /// move) or [`SEE_NOISY_MARGIN`] times the depth squared (a capture).
    #[must_use]
    pub const fn with_see_pruning(self, on: bool) -> Self {
        Self {
            see_pruning: on,
            ..self
        }
    }

    /// Whether reverse futility pruning is on.
    #[must_use]
    pub const fn reverse_futility(&self) -> bool {
        self.reverse_futility
    }

    /// Whether futility pruning is on.
    #[must_use]
    pub const fn futility(&self) -> bool {
        self.futility
    }

    /// Whether late-move pruning is on.
    #[must_use]
    pub const fn late_move_pruning(&self) -> bool {
        self.late_move_pruning
    }

    /// Whether SEE pruning is on in the main search.
    #[must_use]
    pub const fn see_pruning(&self) -> bool {
        self.see_pruning
    }

    /// Whether quiescence skips captures that lose material.
    #[must_use]
    pub const fn quiescence_see(&self) -> bool {
        self.quiescence_see
    }

    /// Whether a move that gives check is searched one ply deeper.
    #[must_use]
    pub const fn check_extension(&self) -> bool {
        self.check_extension
    }

    /// Whether late quiet moves are searched shallower first.
    #[must_use]
    pub const fn late_move_reductions(&self) -> bool {
        self.late_move_reductions
    }

    /// The half-width of the first aspiration window, `None` when off.
    #[must_use]
    pub const fn aspiration(&self) -> Option<Value> {
        self.aspiration
    }

    /// Whether quiet moves are ordered by their history.
    #[must_use]
    pub const fn quiet_history(&self) -> bool {
        self.quiet_history
    }
}
