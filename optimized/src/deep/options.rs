//! The deep search's own switches, beyond the [`crate::Config`] both searchers share: how
//! the root windows each iteration and how quiet moves are ordered. Each is a speed trade
//! only: the values a search proves are the same either way, its nodes are not.

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
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DeepOptions {
    aspiration: Option<Value>,
    quiet_history: bool,
}

/// A half-width for the first aspiration window, in the evaluation's units (chess:
/// centipawns): the narrowest the measurement tried (aspiration is off by default).
pub const DEFAULT_ASPIRATION: Value = 25;

impl Default for DeepOptions {
    /// History on, aspiration off: as measured.
    fn default() -> Self {
        Self {
            // PERF: WAC's first 50, R 3, depth 8: 9,545,585 nodes with history against
            // 9,974,433 without (0.957x); aspiration windows 10,235,145 to 10,401,440
            // (1.026x to 1.043x), the same 46 solved every way.
            aspiration: None,
            quiet_history: true,
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
