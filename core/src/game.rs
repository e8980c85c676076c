//! The small game interface a generic depth-limited searcher needs, and nothing more.
//!
//! The page's function ("Reference implementation") asks a position six things: whose turn it
//! is (`maximizing`), whether the game is over and what it scored (`winner`, `score`), a
//! static guess at the horizon (`heuristic`), the moves in a fixed order (`emptyCells`), and
//! how to play and take back a move (`board[cell] = mark` / `board[cell] = null`). The null
//! move ("Why it works") adds a pass: the position unchanged, the turn flipped. [`Game`] names
//! exactly those, with no board size, no marks and no cells, so that tic-tac-toe (the
//! optimized crate's bitboard) and a chess endgame can share one searcher. The only
//! game-specific refusal a pass needs, chess's "no null move in check", is
//! [`Game::null_allowed`]; the safeguards' threat and endgame guards ask the game through
//! [`Game::pass_is_dangerous`] and [`Game::material`], so the searcher stays free of game
//! knowledge.

use crate::search::Value;

/// A two-player, zero-sum, perfect-information game as a depth-limited minimax search sees
/// it. Scores are from the maximizer's point of view, as in the page's function (X maximizes).
///
/// Contract the searcher relies on (and checks with `debug_assert!`):
/// - every value returned by [`Game::terminal_score`] and [`Game::evaluate`] lies strictly
///   inside `(-INF, INF)` ([`crate::INF`]), so the open window's sentinels never collide with
///   a score and no arithmetic on them can overflow;
/// - a position that is not terminal has at least one move;
/// - [`Game::unmake`] undoes [`Game::make`] exactly, and [`Game::unmake_null`] undoes
///   [`Game::make_null`], so the searcher can mutate one state in place.
///
/// # Example
/// A game of counting down: players alternately take 1 or 2 from a pile; whoever empties it
/// wins; the maximizer moves first.
/// ```
/// use nullmove_core::{Game, Value};
///
/// #[derive(Clone, Copy)]
/// struct Pile { left: u8, max_to_move: bool }
///
/// impl Game for Pile {
///     type Move = u8;
///     type Moves = std::ops::RangeInclusive<u8>;
///     fn maximizing(&self) -> bool { self.max_to_move }
///     fn moves(&self) -> Self::Moves {
///         // Owned, allocation-free, fixed order: take 1, then take 2 (when possible).
///         1..=self.left.min(2)
///     }
///     fn make(&mut self, take: u8) { self.left -= take; self.max_to_move = !self.max_to_move; }
///     fn unmake(&mut self, take: u8) { self.left += take; self.max_to_move = !self.max_to_move; }
///     fn make_null(&mut self) { self.max_to_move = !self.max_to_move; }
///     fn unmake_null(&mut self) { self.max_to_move = !self.max_to_move; }
///     fn terminal_score(&self, depth: u32) -> Option<Value> {
///         // Whoever just moved emptied the pile; sooner wins score higher.
///         let sooner = 10 - depth as Value;
///         (self.left == 0).then(|| if self.max_to_move { -sooner } else { sooner })
///     }
///     fn evaluate(&self) -> Value { 0 }
///     fn move_label(take: u8) -> u8 { take }
/// }
///
/// let mut g = Pile { left: 3, max_to_move: true };
/// assert_eq!(g.moves().collect::<Vec<_>>(), [1, 2]);
/// g.make(2);
/// assert_eq!(g.terminal_score(1), None);
/// g.make(1);
/// assert_eq!(g.terminal_score(2), Some(-8)); // the minimizer emptied it
/// ```
pub trait Game {
    /// One move. `Copy`, so the searcher keeps it across the child's search to unmake it.
    type Move: Copy + Eq + std::fmt::Debug;

    /// The legal moves of one position in the fixed order the search tries them. It owns its
    /// state (it does not borrow the game), so the searcher can make and unmake moves while
    /// iterating, and it must not allocate: it is created at every interior node.
    type Moves: Iterator<Item = Self::Move>;

    /// Whether the side to move maximizes the score (the page's `maximizing`).
    fn maximizing(&self) -> bool;

    /// The legal moves in the search's fixed order (the page's `emptyCells`, ascending).
    /// Only asked of positions that are not terminal.
    fn moves(&self) -> Self::Moves;

    /// Plays `mv` for the side to move and passes the turn.
    fn make(&mut self, mv: Self::Move);

    /// Takes back `mv`, the last move made.
    fn unmake(&mut self, mv: Self::Move);

    /// Whether the side to move may pass right now. The page's game always may; chess may
    /// not while in check (a pass would leave the king capturable). The searcher's own rules
    /// (not at the root, never twice in a row, enough depth) are not the game's business.
    fn null_allowed(&self) -> bool {
        true
    }

    /// Whether passing here would be reckless because the opponent, moving next, has a
    /// direct threat: the hook of the searcher's threat guard (issue 5), asked only when that
    /// guard is on. Tic-tac-toe: the opponent has two in a line with the third cell empty;
    /// chess: the mover is in check (the article's first safeguard). Default: no threat known.
    fn pass_is_dangerous(&self) -> bool {
        false
    }

    /// How much is left on the board by the game's own measure: the hook of the searcher's
    /// endgame guard (no null move when it is below a threshold; the article's "none in
    /// low-material positions"), asked only when that guard is on. Tic-tac-toe: empty cells;
    /// chess: the mover's non-pawn material. Default: unlimited, so the guard never fires.
    fn material(&self) -> u32 {
        u32::MAX
    }

    /// Passes: the position unchanged, the turn flipped ("Why it works").
    fn make_null(&mut self);

    /// Takes back the pass made by [`Game::make_null`].
    fn unmake_null(&mut self);

    /// The score of a finished game reached `depth` plies below the root (the page's
    /// `score(w, depth)`, which prefers faster wins), or `None` while the game goes on.
    fn terminal_score(&self, depth: u32) -> Option<Value>;

    /// The static evaluation used at the depth limit (the page's `heuristic(board)`). Only
    /// asked of positions that are not terminal.
    fn evaluate(&self) -> Value;

    /// A small label for `mv` in trace events ([`crate::Event::Move`]'s `cell`): the cell
    /// in tic-tac-toe; a chess game might give the destination square.
    fn move_label(mv: Self::Move) -> u8;
}
