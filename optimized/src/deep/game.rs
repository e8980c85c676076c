//! The game interface of the deep search: everything the searcher asks, nothing it could
//! work out alone.

use nullmove_core::Value;

/// The plies the deep search goes below its root at most, quiescence included: the size of
/// its per-ply buffers, allocated once. A game keeps room for this many moves made (null
/// moves included) on top of its root.
pub const MAX_PLY: usize = 128;

/// The score of a won game at the root; a win `n` plies below it scores `MATE - n` (a
/// loss `-(MATE - n)`), so the search prefers the fastest win and the slowest loss.
pub const MATE: Value = 30_000;

/// Scores at or above this (or at or below its negation) are wins (losses) found by the
/// search, never evaluations: [`DeepGame::evaluate`] must stay strictly inside.
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;

/// Above every score: the window of a search that knows nothing yet.
pub const INFINITY: Value = MATE + 1;

/// How a game ends for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has lost (chess: checkmated).
    Loss,
    /// Nobody wins (chess: stalemate).
    Draw,
    /// The side to move has won.
    Win,
}

impl Outcome {
    /// The score of this outcome `ply` plies below the root, from the side to move's view.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::{MATE, Outcome};
    /// assert_eq!(Outcome::Loss.value(3), -(MATE - 3));
    /// assert_eq!(Outcome::Draw.value(3), 0);
    /// ```
    #[must_use]
    pub const fn value(self, ply: usize) -> Value {
        match self {
            Self::Loss => -(MATE - ply as Value),
            Self::Draw => 0,
            Self::Win => MATE - ply as Value,
        }
    }
}

/// A two-player, zero-sum game with perfect information, as the deep search sees it.
///
/// The searcher is negamax: every score is from the point of view of the side to move, so
/// a child's score is negated in its parent. The state is one value mutated in place:
/// [`make`](Self::make) and [`unmake`](Self::unmake) are strictly nested, as are
/// [`make_null`](Self::make_null) and [`unmake_null`](Self::unmake_null), and the searcher
/// never goes more than [`MAX_PLY`] moves deep. No method may allocate once the game is
/// built (the search itself never does; `tests/deep_alloc.rs` counts).
pub trait DeepGame {
    /// One move. `Copy`, so the searcher keeps it in its buffers, the killer slots, the
    /// transposition table and the principal variation.
    type Move: Copy + Eq + std::fmt::Debug;

    /// The most legal moves any position can have (chess: 218). The searcher reserves room
    /// for this many per ply once; a game that yields more breaks the no-allocation promise.
    const MAX_MOVES: usize;

    /// A hash of the position (chess: Zobrist), side to move included. Equal positions must
    /// give equal keys; the transposition table trusts a matching key.
    fn key(&self) -> u64;

    /// Appends every legal move of the position to `out`, in a fixed order (the searcher's
    /// tie-break). An empty list means the game is over: see
    /// [`outcome_without_moves`](Self::outcome_without_moves).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Appends the moves quiescence search tries (chess: captures and queen promotions): a
    /// subset of the legal moves, each with a [`capture_order`](Self::capture_order).
    fn noisy_moves(&self, out: &mut Vec<Self::Move>);

    /// The ordering score of a noisy move (chess: MVV-LVA, most valuable victim first, then
    /// least valuable attacker), higher first; `None` for a quiet move, which may become a
    /// killer.
    fn capture_order(&self, mv: Self::Move) -> Option<i32>;

    /// Plays a legal move for the side to move.
    fn make(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move made.
    fn unmake(&mut self, mv: Self::Move);

    /// Passes: the same position with the other side to move. Only asked when
    /// [`in_check`](Self::in_check) is false.
    fn make_null(&mut self);

    /// Takes back the pass made by [`make_null`](Self::make_null).
    fn unmake_null(&mut self);

    /// Whether the side to move is under a direct attack that forbids a pass and a
    /// quiescence stand-pat (chess: in check). Such a node searches every legal move, also
    /// in quiescence.
    fn in_check(&self) -> bool;

    /// The static evaluation from the side to move's point of view, strictly between
    /// `-MATE_BOUND` and `MATE_BOUND`. Quiescence stands on it without generating every
    /// move, so it may be asked of a position with no legal move that is not in check
    /// (chess: a stalemate the horizon hides).
    fn evaluate(&self) -> Value;

    /// How the game ends when the side to move has no legal move (chess: checkmate is a
    /// loss, stalemate a draw).
    fn outcome_without_moves(&self) -> Outcome;

    /// Whether the position is drawn by a rule that does not depend on the moves left (chess:
    /// repetition, the fifty-move rule), `ply` plies below the search's root, so a game can
    /// count a repetition inside the search (twofold) apart from one before it (threefold).
    /// Never asked at the root.
    fn rule_draw(&self, ply: usize) -> bool;

    /// The side to move's material that makes zugzwang unlikely (chess: its non-pawn
    /// material); 0 when it has none. Asked only by null-move rules that need it.
    fn material(&self) -> Value;
}
