//! The game interface of the generic depth-limited searcher: what a searcher asks of a
//! position, and nothing more.
//!
//! The page's function ("Reference implementation") asks a position six things: whose turn it
//! is, whether the game is over and what it scored, a static guess at the horizon, the moves
//! in a fixed order, and how to play one. The null move ("Why it works") adds a pass: the
//! position unchanged, the turn flipped. [`Game`] names exactly those, with no board size,
//! no marks and no squares, so that tic-tac-toe, a chess endgame or anyone's game share one
//! searcher. Everything a searcher may ask beyond that is an optional hook with a default
//! (the guards' questions today), so hooks added later leave existing games compiling.

use nullmove_core::Value;

/// A two-player, zero-sum, perfect-information game as a depth-limited minimax search sees
/// it.
///
/// **Values** are `i32` scores from the maximizer's point of view (the side for which
/// [`Game::maximizing`] is true): higher is better for it, lower for its opponent, whoever is
/// to move. Every value [`Game::terminal_score`] and [`Game::evaluate`] return must lie
/// strictly inside `(-INF, INF)` ([`crate::INF`] = 1,000,000), so the open window's
/// sentinels never collide with a score (checked by `debug_assert!`).
///
/// **State**: the searcher copies the state, never takes a move back. Each node plays a move
/// (or passes) on its own copy (`clone`) and hands that copy to the child; the parent's copy
/// is untouched. So [`Game::play`] and [`Game::pass`] change a state in place and there is no
/// unmake to get wrong. A `Copy` state is cheapest (its clone is a plain copy: tic-tac-toe's
/// is one word); a larger one, a chess board, is cloned as chess engines copy-make; an
/// expensive part can sit behind a shared reference (K+P vs K keeps its table so).
///
/// **Depth** is the searcher's depth counter, not a move count: plies below the root, where a
/// null-move probe jumps by `1 + R` at once (the page's "Why it works"). A game that scores
/// faster wins higher with it, as the page's tic-tac-toe does (`10 - depth` for a win), sees
/// a position inside a probe as `R` plies further away than the moves played.
///
/// **Scores** are the game's own: the page's searcher ([`crate::search`]) reports them
/// unchanged; the deep searcher ([`crate::DeepSearcher`]) reads only the sign of a terminal
/// score and scores a finished game by its distance from the root itself.
///
/// The searcher also relies on: a position that is not terminal has at least one move; the
/// moves come in the same order every time (the search is deterministic, ties go to the
/// first move).
///
/// # Example
/// The library's pile game, [`Pile`](crate::games::Pile) (take 1 or 2; whoever empties the
/// pile wins), implements it in a page: its source is a model for your own game. Code
/// written against the trait plays any game:
/// ```
/// use nullmove_optimized::games::Pile;
/// use nullmove_optimized::{Game, Value};
///
/// /// Plays `line` from `game`: the finished game's score, or `None` while it goes on.
/// fn play_out<G: Game>(mut game: G, line: &[G::Move]) -> Option<Value> {
///     for &mv in line {
///         game.play(mv);
///     }
///     game.terminal_score(line.len() as u32)
/// }
///
/// assert_eq!(Pile::new(3).moves().collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(play_out(Pile::new(3), &[2]), None);
/// assert_eq!(play_out(Pile::new(3), &[2, 1]), Some(-98)); // the minimizer emptied it
/// ```
pub trait Game: Clone {
    /// One move.
    type Move: Copy + Eq + std::fmt::Debug;

    /// The legal moves of one position in the fixed order the search tries them. It owns its
    /// state (it does not borrow the game) and must not allocate: it is created at every
    /// interior node.
    type Moves: Iterator<Item = Self::Move>;

    /// Whether the side to move maximizes the score.
    fn maximizing(&self) -> bool;

    /// The legal moves, in the fixed order the search tries them (best first cuts most).
    /// Only asked of positions that are not terminal.
    fn moves(&self) -> Self::Moves;

    /// Plays `mv` for the side to move and hands the turn over.
    fn play(&mut self, mv: Self::Move);

    /// Passes: the position unchanged, the turn handed over ("Why it works"). Only asked
    /// where [`Game::null_allowed`] is true.
    fn pass(&mut self);

    /// The score of a finished game reached at `depth` (see the trait's note on depth), or
    /// `None` while the game goes on. Asked of every node first.
    fn terminal_score(&self, depth: u32) -> Option<Value>;

    /// The static evaluation: at the depth limit (the page's heuristic), and, when
    /// the eval gate guard is on, at a node deciding whether to pass. Only asked of positions
    /// that are not terminal.
    fn evaluate(&self) -> Value;

    /// Whether the side to move may pass here at all: a rule of the game, applied under
    /// every configuration. Chess may not while in check (a pass would leave the king to be
    /// taken). The searcher's own rules (not at the root, never twice in a row, enough
    /// depth) are not the game's business. Default: always.
    fn null_allowed(&self) -> bool {
        true
    }

    /// Whether passing here would be reckless because the opponent, moving next, has a
    /// direct threat: asked only when the threat guard is on. Tic-tac-toe: the opponent has
    /// two in a line with the third cell empty; chess: the mover is in check (the companion
    /// article's first safeguard). Default: no threat known, the guard never fires.
    fn pass_is_dangerous(&self) -> bool {
        false
    }

    /// How much is left by the game's own measure: asked only when the endgame guard is on
    /// (no null move below a threshold; the article's "none in low-material positions").
    /// Tic-tac-toe: empty cells; chess: the mover's non-pawn material. Default: unlimited,
    /// the guard never fires.
    fn material(&self) -> u32 {
        u32::MAX
    }
}
