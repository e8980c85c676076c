//! The deep search's vocabulary: what it is asked to do, what it counts, what it
//! reports, and why it refuses.

use nullmove_core::Value;

use super::game::MAX_PLY;
use super::null::NullMove;

/// The deepest iteration a search may ask for, in plies.
pub const MAX_DEPTH: u32 = 64;

/// The transposition table's default size: 2^20 slots (24 MB for chess moves).
pub const DEFAULT_TT_BITS: u32 = 20;

/// What a deep search does: the table's size is fixed for the searcher's life, the null
/// move may change between searches ([`DeepSearcher::set_null`](super::DeepSearcher::set_null)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DeepConfig {
    /// The null-move rule, `None` for plain alpha-beta.
    pub null: Option<NullMove>,
    /// The transposition table holds `2^tt_bits` slots; `None` runs without one (the hash
    /// move at the root is then the previous iteration's best move).
    pub tt_bits: Option<u32>,
}

impl DeepConfig {
    /// The given null-move rule with the default transposition table.
    #[must_use]
    pub const fn new(null: Option<NullMove>) -> Self {
        Self {
            null,
            tt_bits: Some(DEFAULT_TT_BITS),
        }
    }
}

/// What a search did, counted since the last [`DeepSearcher::clear`](super::DeepSearcher::clear).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DeepStats {
    /// Calls of the recursive search and of quiescence: the root, every probe and every
    /// verification included (the workspace's definition of a node, SPEC.md).
    pub nodes: u64,
    /// Of those, quiescence calls.
    pub qnodes: u64,
    /// Null-move probes searched.
    pub null_probes: u64,
    /// Nodes cut on a probe's word (after a verification that confirmed it, if any).
    pub null_cutoffs: u64,
    /// Verification searches started after a probe failed high.
    pub verifications: u64,
    /// Verifications that did not confirm the cutoff: a zugzwang suspected, the node
    /// searched at full depth.
    pub verification_failures: u64,
    /// Nodes cut by a move that reached beta.
    pub beta_cutoffs: u64,
    /// Transposition-table probes that found their key.
    pub tt_hits: u64,
    /// Nodes settled by a stored value.
    pub tt_cutoffs: u64,
}

/// The result of one iteration of iterative deepening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Iteration<'a, M> {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The root's value for the side to move.
    pub value: Value,
    /// The move chosen, `None` when the root has no legal move.
    pub best_move: Option<M>,
    /// The principal variation, the best move first.
    pub pv: &'a [M],
    /// Everything counted since the search began, this iteration included.
    pub stats: DeepStats,
}

/// Why a search was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeepError {
    /// The depth is outside `1..=MAX_DEPTH`.
    #[error("depth {0} is out of range: expected 1..={MAX_DEPTH}")]
    Depth(u32),
    /// The window is empty or outside the scores.
    #[error("window ({0}, {1}) is not a window: expected -INFINITY <= alpha < beta <= INFINITY")]
    Window(Value, Value),
    /// A node that deep is beyond the search's buffers.
    #[error("ply {0} is out of range: expected 0..{limit}", limit = MAX_PLY - MAX_DEPTH as usize)]
    Ply(usize),
}

/// The final result of [`DeepSearcher::search`](super::DeepSearcher::search): its last iteration, without the borrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeepReport<M> {
    /// The last iteration's depth.
    pub depth: u32,
    /// The root's value for the side to move.
    pub value: Value,
    /// The move chosen, `None` when the root has no legal move.
    pub best_move: Option<M>,
    /// Everything counted, all iterations.
    pub stats: DeepStats,
}
