//! Tic-tac-toe's search parameters and root report, and the statistics every engine keeps:
//! a node is one call of the recursive search, the root and every null-move probe
//! included.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::board::{Cell, Player};

/// A score, from the maximizer's point of view. The page's JavaScript uses doubles; every
/// engine here uses integers.
pub type Value = i32;

/// The integer stand-in for the page's `Infinity`: the open window is `(-INF, INF)`. Every
/// score and evaluation a game returns must lie strictly inside it (tic-tac-toe's stay within
/// ±216, K+P vs K's within ±10,000), far from overflow too.
pub const INF: Value = 1_000_000;

/// Whether the null-move branch may be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mode {
    /// Plain depth-limited alpha-beta: the page's function with the null branch never taken.
    Plain,
    /// Alpha-beta with null-move pruning, as the page's reference function.
    Null,
}

impl Mode {
    /// The name used on the command line and in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Plain => "plain",
            Self::Null => "null",
        }
    }
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Mode {
    type Err = ParamError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "plain" => Ok(Self::Plain),
            "null" => Ok(Self::Null),
            other => Err(ParamError::UnknownMode(other.to_owned())),
        }
    }
}

/// Why search parameters were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParamError {
    /// The page's function takes any depth limit; past [`SearchParams::MAX`] a finished
    /// game's score (`10 - depth`) would reach the search's ±[`INF`] sentinels.
    DepthLimit(u32),
    /// R is bounded like the depth limit it reduces.
    Reduction(u32),
    /// Only `plain` and `null` exist.
    UnknownMode(String),
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::DepthLimit(d) => write!(f, "depth limit {d} is outside 0..=999,999"),
            Self::Reduction(r) => write!(f, "reduction {r} is outside 0..=999,999"),
            Self::UnknownMode(m) => write!(f, "unknown mode {m:?} (expected plain or null)"),
        }
    }
}

impl std::error::Error for ParamError {}

/// What one search is asked to do: the page's `depthLimit`, `R` and mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SearchParams {
    depth_limit: u32,
    reduction: u32,
    mode: Mode,
}

impl SearchParams {
    /// Largest accepted depth limit and reduction. The page's rules allow any limit
    /// ("Reference implementation": the probe needs only `depth + R < depthLimit`); a limit
    /// past the game's nine plies makes plain search exhaustive while the probes' jumped
    /// depths still enter `score` ("Introduction": null move "only makes sense" for a
    /// depth-limited search). This bound keeps every score strictly inside ±[`INF`].
    pub const MAX: u32 = 999_999;

    /// Validated parameters: depth limit and reduction in `0..=999,999`.
    ///
    /// # Example
    /// ```
    /// use nullmove_core::{Mode, SearchParams};
    /// let p = SearchParams::new(5, 3, Mode::Null).unwrap();
    /// assert_eq!((p.depth_limit(), p.reduction()), (5, 3));
    /// assert!(SearchParams::new(100, 3, Mode::Null).is_ok()); // past the game's end
    /// assert!(SearchParams::new(1_000_000, 3, Mode::Null).is_err());
    /// ```
    pub fn new(depth_limit: u32, reduction: u32, mode: Mode) -> Result<Self, ParamError> {
        if depth_limit > Self::MAX {
            return Err(ParamError::DepthLimit(depth_limit));
        }
        if reduction > Self::MAX {
            return Err(ParamError::Reduction(reduction));
        }
        Ok(Self {
            depth_limit,
            reduction,
            mode,
        })
    }

    /// The page's `depthLimit`: at this depth the heuristic replaces search.
    #[must_use]
    pub const fn depth_limit(&self) -> u32 {
        self.depth_limit
    }

    /// The page's `R`: extra plies a null-move probe skips beyond the normal one.
    #[must_use]
    pub const fn reduction(&self) -> u32 {
        self.reduction
    }

    /// Plain or null.
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// The same parameters in another mode.
    #[must_use]
    pub const fn with_mode(self, mode: Mode) -> Self {
        Self { mode, ..self }
    }
}

/// Counters every engine keeps the same way, so engines can be compared call for call, and
/// every searcher of the library (the page's and the deep one) reports alike.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Stats {
    /// Calls of the recursive function, root and null-move probes included.
    pub nodes: u64,
    /// Null-move probes started.
    pub null_probes: u64,
    /// Probes that failed high (or low, for the minimizer) and pruned their node.
    pub null_cutoffs: u64,
    /// Ordinary alpha-beta cutoffs (`beta <= alpha` breaking a move loop).
    pub beta_cutoffs: u64,
    /// Verification searches started after a probe failed high (a guard's; the page has
    /// none).
    #[cfg_attr(feature = "serde", serde(default))]
    pub verifications: u64,
    /// Verifications that did not confirm the cutoff: the node was searched with its moves.
    #[cfg_attr(feature = "serde", serde(default))]
    pub verification_failures: u64,
}

/// A root move and the value its child call returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct MoveValue {
    /// The cell played.
    pub cell: Cell,
    /// The child's value: exact for the oracle; for alpha-beta, with the window carried from
    /// one root move to the next, a move that failed low reports a bound.
    pub value: Value,
}

/// What a tic-tac-toe search says about its root: each root move's value as its child call
/// returned it, and the first move to strictly improve on all before it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct RootReport {
    /// The first move in cell order whose value strictly improves on all before it; `None`
    /// when the root has no moves searched (game over, or depth limit 0).
    pub best_move: Option<Cell>,
    /// What the root call returns.
    pub value: Value,
    /// Every call, the root included.
    pub nodes: u64,
    /// Each root move in cell order with its child's value.
    pub moves: Vec<MoveValue>,
    /// The engine's counters (`stats.nodes == nodes`).
    pub stats: Stats,
}

/// The first move in cell order whose value strictly improves on all before it, for the
/// side `mover`.
///
/// # Example
/// ```
/// use nullmove_core::{best_move, MoveValue, Player};
/// let moves = [MoveValue { cell: 0, value: 9 }, MoveValue { cell: 4, value: 12 },
///              MoveValue { cell: 8, value: 12 }];
/// assert_eq!(best_move(&moves, Player::X), Some(4));
/// assert_eq!(best_move(&moves, Player::O), Some(0));
/// ```
#[must_use]
pub fn best_move(moves: &[MoveValue], mover: Player) -> Option<Cell> {
    let better = |a: Value, b: Value| if mover.is_maximizing() { a > b } else { a < b };
    let mut best: Option<MoveValue> = None;
    for &m in moves {
        if best.is_none_or(|b| better(m.value, b.value)) {
            best = Some(m);
        }
    }
    best.map(|m| m.cell)
}

/// Records what each root child returns without allocating in the search: engines call
/// [`RootTracker::record`] at the root only, then [`RootTracker::finish`].
#[derive(Debug, Clone, Default)]
pub struct RootTracker {
    moves: Vec<MoveValue>,
}

impl RootTracker {
    /// An empty tracker with room for every root move, so recording never allocates.
    #[must_use]
    pub fn new() -> Self {
        Self {
            moves: Vec::with_capacity(crate::board::CELLS),
        }
    }

    /// Notes the value a root child returned.
    pub fn record(&mut self, cell: Cell, value: Value) {
        self.moves.push(MoveValue { cell, value });
    }

    /// Builds the report for a root where `mover` was to move.
    #[must_use]
    pub fn finish(self, mover: Player, value: Value, stats: Stats) -> RootReport {
        RootReport {
            best_move: best_move(&self.moves, mover),
            value,
            nodes: stats.nodes,
            moves: self.moves,
            stats,
        }
    }
}
