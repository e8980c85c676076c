//! The deep search's vocabulary beyond the library's: what only it counts, what one
//! iteration reports, why it refuses.

use nullmove_core::{Stats, Value};

use super::game::MAX_PLY;
use super::limits::Stop;
use crate::Report;

/// The deepest iteration a search may ask for, in plies.
pub const MAX_DEPTH: u32 = 64;

/// The transposition table's default size: 2^20 slots (24 MB for chess moves).
pub const DEFAULT_TT_BITS: u32 = 20;

/// What one deep search counted, from its start: the counters
/// every searcher keeps ([`Stats`]: nodes, null probes and cutoffs, beta cutoffs,
/// verifications), and the ones only quiescence and the table have. Serialized (feature
/// `serde`), the shared counters sit beside the others, as one flat object.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DeepStats {
    /// The counters every searcher keeps. A node is every call of the search and of
    /// quiescence: the root, every probe and every verification included.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub shared: Stats,
    /// Of the nodes, quiescence calls.
    pub qnodes: u64,
    /// Transposition-table probes that found their key.
    pub tt_hits: u64,
    /// Nodes settled by a stored value.
    pub tt_cutoffs: u64,
}

/// What one iteration of iterative deepening found: the library's [`Report`] of the root
/// (best move, value from the maximizer's point of view, every root move with its value
/// and bound, the principal variation), counted with [`DeepStats`], and the iteration's
/// depth. An iteration's report is exactly what a search to that depth reports: iterative
/// deepening is deterministic.
///
/// A search stopped by its [`crate::Limits`] returns the last iteration it completed, or,
/// when the iteration it stopped in had already proven a root move (its first move
/// searched whole, or a later one shown better), that iteration's: then `complete` is
/// false, `root.moves` lists the moves it searched, and `root.value` bounds the
/// iteration's value from the side to move's side (it can only be better for it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DeepReport<M> {
    /// The iteration's depth in plies (0 before any move was proven).
    pub depth: u32,
    /// The root. Its counters are everything this search counted, from its start to this
    /// iteration's end (to the stop, in the report a stopped search returns).
    pub root: Report<M, DeepStats>,
    /// Whether the iteration searched every root move.
    pub complete: bool,
    /// Why the search ended before its depth limit, in the report it returns.
    pub stopped: Option<Stop>,
}

impl<M> Default for DeepReport<M> {
    fn default() -> Self {
        Self {
            depth: 0,
            root: Report::default(),
            complete: true,
            stopped: None,
        }
    }
}

impl<M> DeepReport<M> {
    /// Back to the report of no search, keeping the lists' memory.
    pub(super) fn reset(&mut self) {
        let (mut moves, mut pv) = (
            std::mem::take(&mut self.root.moves),
            std::mem::take(&mut self.root.pv),
        );
        moves.clear();
        pv.clear();
        *self = Self::default();
        self.root.moves = moves;
        self.root.pv = pv;
    }

    /// Nodes this search visited (`root.stats.shared.nodes`).
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.root.stats.shared.nodes
    }

    /// Plies to the end of the game the value announces (a win or a loss found by the
    /// search, counted from the root), or `None` for any other value.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::{DeepReport, MATE};
    /// let mut r = DeepReport::<u8>::default();
    /// r.root.value = -(MATE - 4);
    /// assert_eq!(r.plies_to_end(), Some(4));
    /// r.root.value = 250;
    /// assert_eq!(r.plies_to_end(), None);
    /// ```
    #[must_use]
    pub const fn plies_to_end(&self) -> Option<u32> {
        let v = self.root.value.unsigned_abs();
        if v >= super::game::MATE_BOUND.unsigned_abs() {
            Some(super::game::MATE.unsigned_abs() - v)
        } else {
            None
        }
    }
}

/// Why a search was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeepError {
    /// The depth is outside `1..=MAX_DEPTH`.
    #[error("depth {0} is out of range: expected 1..={MAX_DEPTH}")]
    Depth(u32),
    /// The window is empty or outside the scores.
    #[error("window ({0}, {1}) is not a window: expected -INF <= alpha < beta <= INF")]
    Window(Value, Value),
    /// A node that deep is beyond the search's buffers.
    #[error("ply {0} is out of range: expected 0..{limit}", limit = MAX_PLY - MAX_DEPTH as usize)]
    Ply(usize),
}
