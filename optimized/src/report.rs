//! What a search says about its root, for any game and either searcher.

use nullmove_core::{Stats, Value};

/// Whether a root move's value is the search's value of that move or only a bound on it.
///
/// Alpha-beta carries its window from one root move to the next, so a move searched after a
/// better one only has to prove it is no better: it fails low and returns a bound. A null-move
/// cutoff below it returns a bound too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The search's value of the move (with null-move pruning, what this search believes,
    /// not necessarily the game's minimax value).
    Exact,
    /// The move is worth at most this value (it failed low: it is no better than a move
    /// before it, for the maximizer).
    Upper,
    /// The move is worth at least this value (it failed high; for the minimizer, no better
    /// than a move before it).
    Lower,
}

impl Bound {
    /// The bound a child's `value` is, given the window `(alpha, beta)` it was searched in:
    /// at or below alpha an upper bound, at or above beta a lower bound, strictly inside
    /// exact (fail-soft alpha-beta; a null-move cutoff returns the bound itself).
    #[must_use]
    pub const fn of(value: Value, alpha: Value, beta: Value) -> Self {
        if value <= alpha {
            Self::Upper
        } else if value >= beta {
            Self::Lower
        } else {
            Self::Exact
        }
    }

    /// The same bound seen from the other side (a value negated): upper and lower swap.
    #[must_use]
    pub const fn flipped(self) -> Self {
        match self {
            Self::Upper => Self::Lower,
            Self::Lower => Self::Upper,
            Self::Exact => Self::Exact,
        }
    }
}

/// A root move, the value its child search returned, and whether that value is exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// What its child search returned (from the maximizer's point of view).
    pub value: Value,
    /// Whether `value` is exact or a bound.
    pub bound: Bound,
}

/// What a search found at its root, generic over the game's move `M` and the counters `S`:
/// [`Stats`] for the page's searcher, [`crate::DeepStats`] (the same and what only the deep
/// search counts) for the deep one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Report<M, S = Stats> {
    /// The move to play: the first move, in the order searched, whose value is strictly
    /// better for the side to move than every move before it (so ties go to the earlier
    /// move); `None` when the root is a finished game or the depth limit is 0. The page's
    /// searcher searches in the game's move order, the deep one orders moves first (the
    /// previous iteration's best, captures, killers).
    pub best_move: Option<M>,
    /// What the root call returns: the best move's value, from the maximizer's point of view.
    /// On the page's searcher's scale, the game's own: [`Game::terminal_score`] and
    /// [`Game::evaluate`] as the game gives them; on the deep searcher's, the same but for
    /// finished games, which it scores by distance (`±(MATE - plies)`, [`crate::MATE`]).
    ///
    /// [`Game::terminal_score`]: crate::Game::terminal_score
    /// [`Game::evaluate`]: crate::Game::evaluate
    pub value: Value,
    /// Every root move in the order searched, with its value and bound.
    pub moves: Vec<RootMove<M>>,
    /// The principal variation: the best move, then each side's best reply in turn, as long
    /// as the search searched them (it ends at the depth limit, at a finished game, or where
    /// the line's last node was settled without a move).
    pub pv: Vec<M>,
    /// The counters: nodes (every call of the recursive search, root and probes included),
    /// null-move probes and cutoffs, alpha-beta cutoffs, verifications.
    pub stats: S,
}

impl<M, S: Default> Default for Report<M, S> {
    fn default() -> Self {
        Self {
            best_move: None,
            value: 0,
            moves: Vec::new(),
            pv: Vec::new(),
            stats: S::default(),
        }
    }
}

/// The counters a report carries: the ones every searcher keeps ([`Stats`]), and possibly
/// more beside them ([`crate::DeepStats`]), so that one accessor reads both searchers' nodes.
pub trait Counters {
    /// The counters every searcher keeps: nodes, null-move probes and cutoffs, beta cutoffs,
    /// verifications.
    fn shared(&self) -> &Stats;
}

impl Counters for Stats {
    fn shared(&self) -> &Stats {
        self
    }
}

/// Reading a report: the same accessors, under the same names, on the page's searcher's
/// [`Report`] and on the deep searcher's [`crate::DeepReport`], which adds what only
/// iterative deepening and a clock know (depth reached, time, why it stopped). The fields
/// stay public; the accessors are what reads alike in both.
impl<M, S: Counters> Report<M, S> {
    /// The move to play, or `None` when the root is a finished game or the depth limit is 0
    /// (the field's docs say which move of equals).
    #[must_use]
    pub const fn best_move(&self) -> Option<M>
    where
        M: Copy,
    {
        self.best_move
    }

    /// The root's value from the maximizer's point of view. The page's searcher's is on the
    /// game's own scale ([`crate::Game::terminal_score`] and [`crate::Game::evaluate`] as
    /// given); the deep searcher's scores a finished game by distance instead, `n` plies
    /// from the root `±(MATE - n)` ([`crate::MATE`]), and everything else alike.
    #[must_use]
    pub const fn value(&self) -> Value {
        self.value
    }

    /// The principal variation, from the best move on (empty with [`crate::Config::with_pv`]
    /// off).
    #[must_use]
    pub fn pv(&self) -> &[M] {
        &self.pv
    }

    /// Every root move searched, in the order searched, with its value and bound.
    #[must_use]
    pub fn moves(&self) -> &[RootMove<M>] {
        &self.moves
    }

    /// Nodes searched: every call of the recursive search (root, null-move probes and
    /// verifications included; the deep searcher's quiescence calls too).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.stats.shared().nodes
    }

    /// The counters every searcher keeps (nodes, null-move probes and cutoffs, beta
    /// cutoffs, verifications), whatever else this one counts.
    #[must_use]
    pub fn counters(&self) -> &Stats {
        self.stats.shared()
    }
}

impl<M, S> Report<M, S> {
    /// The root move `mv`, if it was searched.
    #[must_use]
    pub fn root_move(&self, mv: M) -> Option<&RootMove<M>>
    where
        M: Copy + PartialEq,
    {
        self.moves.iter().find(|m| m.mv == mv)
    }
}
