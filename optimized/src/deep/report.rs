//! The deep search's vocabulary beyond the library's: what only it counts, what one
//! iteration reports, why it refuses.

use std::fmt;
use std::time::Duration;

use nullmove_core::{Stats, Value};

use super::game_hooks::MAX_PLY;
use super::limits::Stop;
use crate::report::Counters;
use crate::{Report, RootMove};

/// The deepest iteration a search may ask for, in plies.
pub const MAX_DEPTH: u32 = 64;

/// The transposition table's default size: 2^20 entries (16 MiB, 16 bytes each).
pub const DEFAULT_TT_BITS: u32 = 20;

/// One principal variation of an iteration, as [`crate::DeepReport::lines`] lists them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PvLine<M> {
    /// Its value from the maximizer's point of view, like `root.value`.
    pub value: Value,
    /// The line from the root; its first move is the root move it ranks.
    pub pv: Vec<M>,
}

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
    /// Root searches repeated because the value fell outside the aspiration window.
    pub aspiration_researches: u64,
}

impl Counters for DeepStats {
    fn shared(&self) -> &Stats {
        &self.shared
    }
}

/// What one iteration of iterative deepening found, with everything a UCI `info` line
/// prints: the library's [`Report`] of the root (best move, value from the maximizer's
/// point of view, every root move with its value and bound, the principal variation)
/// counted with [`DeepStats`], the depth and selective depth, the time, the table's use.
/// An iteration's report is exactly what a search to that depth reports: iterative
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
    /// The deepest ply below the root the iteration reached, quiescence included (UCI's
    /// `seldepth`).
    pub seldepth: u32,
    /// The root. Its counters are everything this search counted, from its start to this
    /// iteration's end (to the stop, in the report a stopped search returns).
    pub root: Report<M, DeepStats>,
    /// Whether the side to move at the root is the maximizer: [`DeepReport::score`]'s side.
    pub maximizing: bool,
    /// The nodes of every thread searching this root ([`crate::DeepSearcher::set_threads`]),
    /// each helper's as it last added them (every thousand nodes or so); this thread's
    /// alone, [`DeepReport::nodes`], with one thread. What a UCI engine reports and limits.
    pub threads_nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The transposition table's occupancy in per mille (UCI's `hashfull`), sampled.
    pub hashfull: u32,
    /// Whether the iteration searched every root move.
    pub complete: bool,
    /// Why the search ended before its depth limit, in the report it returns.
    pub stopped: Option<Stop>,
    /// With several lines asked for ([`crate::DeepSearcher::set_multi_pv`]) or a restricted
    /// root ([`crate::DeepSearcher::set_search_moves`]), each line, best first (line 0 is
    /// `root`'s); empty for the plain search, whose one line is `root`.
    pub lines: Vec<PvLine<M>>,
}

impl<M> Default for DeepReport<M> {
    fn default() -> Self {
        Self {
            depth: 0,
            seldepth: 0,
            root: Report::default(),
            maximizing: true,
            threads_nodes: 0,
            elapsed: Duration::ZERO,
            hashfull: 0,
            complete: true,
            stopped: None,
            lines: Vec::new(),
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

    /// The move to play (`root.best_move`): the same accessor as the page's searcher's
    /// [`Report::best_move()`].
    #[must_use]
    pub const fn best_move(&self) -> Option<M>
    where
        M: Copy,
    {
        self.root.best_move
    }

    /// The root's value from the maximizer's point of view (`root.value`), on the deep
    /// search's scale: a game finished `n` plies from the root scores `±(MATE - n)`
    /// ([`crate::MATE`]) whatever [`crate::Game::terminal_score`] says, everything else is
    /// [`crate::Game::evaluate`]'s ([`Report::value()`] says how the two searchers' differ).
    #[must_use]
    pub const fn value(&self) -> Value {
        self.root.value
    }

    /// The principal variation (`root.pv`).
    #[must_use]
    pub fn pv(&self) -> &[M] {
        &self.root.pv
    }

    /// Every root move searched, in the order searched, with its value and bound
    /// (`root.moves`).
    #[must_use]
    pub fn moves(&self) -> &[RootMove<M>] {
        &self.root.moves
    }

    /// Nodes this search visited (`root.stats.shared.nodes`), quiescence included.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.root.stats.shared.nodes
    }

    /// The counters every searcher keeps (`root.stats.shared`); [`DeepStats`] has the rest.
    #[must_use]
    pub const fn counters(&self) -> &Stats {
        &self.root.stats.shared
    }

    /// Nodes per second since the search began (0 before a microsecond has passed).
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        (u128::from(self.nodes()) * 1_000_000)
            .checked_div(self.elapsed.as_micros())
            .map_or(0, |nps| nps as u64)
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
        if v >= super::game_hooks::MATE_BOUND.unsigned_abs() {
            Some(super::game_hooks::MATE.unsigned_abs() - v)
        } else {
            None
        }
    }

    /// The value as the side to move sees it, as UCI's `info score` prints it: the game's
    /// units, or moves (not plies) to a win (positive) or a loss (negative).
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::{DeepReport, MATE, Score};
    /// let mut r = DeepReport::<u8>::default();
    /// r.maximizing = false; // the minimizer to move
    /// r.root.value = -(MATE - 3); // the minimizer wins at the third ply
    /// assert_eq!(r.score(), Score::Mate(2));
    /// assert_eq!(r.score().to_string(), "mate 2");
    /// r.root.value = MATE - 3; // the maximizer wins: the minimizer, to move, loses
    /// assert_eq!(r.score(), Score::Mate(-2));
    /// assert_eq!(r.score().to_string(), "mate -2");
    /// r.root.value = 35;
    /// assert_eq!(r.score().to_string(), "cp -35");
    /// ```
    #[must_use]
    pub const fn score(&self) -> Score {
        self.score_of(self.root.value)
    }

    /// A value from the maximizer's point of view (a line's of [`DeepReport::lines`]) as
    /// the side to move sees it, as [`DeepReport::score`] says.
    #[must_use]
    pub const fn score_of(&self, value: Value) -> Score {
        let mover = if self.maximizing { value } else { -value };
        let v = value.unsigned_abs();
        if v >= super::game_hooks::MATE_BOUND.unsigned_abs() {
            let plies = super::game_hooks::MATE.unsigned_abs() - v;
            let moves = plies.div_ceil(2) as i32;
            Score::Mate(if mover > 0 { moves } else { -moves })
        } else {
            Score::Value(mover)
        }
    }
}

/// A root value from the side to move's point of view, as UCI's `info score` prints it
/// (`Display`: `cp 35`, `mate 3`, `mate -2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in the game's units (chess: centipawns).
    Value(Value),
    /// A win in this many moves (one's own moves), or a loss when negative.
    Mate(i32),
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Value(v) => write!(f, "cp {v}"),
            Self::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// Why a search was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeepError {
    /// The depth is outside `1..=MAX_DEPTH`.
    Depth(u32),
    /// The window is empty or outside the scores.
    Window(Value, Value),
    /// A node that deep is beyond the search's buffers.
    Ply(usize),
    /// The move is not one of the root's legal moves.
    IllegalMove(String),
    /// The game is over at the root: there is no move to play.
    GameOver,
}

impl std::fmt::Display for DeepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Depth(d) => write!(f, "depth {d} is out of range: expected 1..={MAX_DEPTH}"),
            Self::Window(alpha, beta) => write!(
                f,
                "window ({alpha}, {beta}) is not a window: expected -INF <= alpha < beta <= INF"
            ),
            Self::Ply(ply) => write!(
                f,
                "ply {ply} is out of range: expected 0..{}",
                MAX_PLY - MAX_DEPTH as usize
            ),
            Self::IllegalMove(mv) => write!(f, "{mv} is not a legal move here"),
            Self::GameOver => f.write_str("the game is over: no move can be played"),
        }
    }
}

impl std::error::Error for DeepError {}
