//! What the deep search asks of a game beyond [`Game`]: the hooks of the techniques around
//! null move (the table's key, quiescence's moves, capture ordering, check, draws by rule),
//! each with a default where one is sound.

use nullmove_core::Value;

use crate::Game;

/// The plies the deep search goes below its root at most, quiescence included: the size of
/// its per-ply buffers, allocated once.
pub const MAX_PLY: usize = 128;

/// The score of a game won at the root; a win `n` plies below it scores `MATE - n` (a loss
/// `-(MATE - n)`), so the search prefers the fastest win and the slowest loss.
pub const MATE: Value = 30_000;

/// Scores at or above this (or at or below its negation) are wins (losses) found by the
/// search, never evaluations: [`Game::evaluate`] must stay strictly inside.
pub const MATE_BOUND: Value = MATE - MAX_PLY as Value;

/// The deep search's extension of [`Game`]: a game that implements it gets iterative
/// deepening, a transposition table, quiescence, move ordering, mate scores by distance and
/// draws by rule ([`crate::DeepSearcher`]).
///
/// It is a trait of its own rather than more defaulted hooks on [`Game`] because its one
/// essential hook, [`DeepGame::key`], has no sound default (a wrong key makes the table answer
/// for the wrong position), and because the page's searcher asks none of it: a game that
/// only wants that search implements [`Game`] alone.
///
/// Everything else is [`Game`]'s, with [`Game`]'s conventions: the searcher copies the state
/// for every child and never takes a move back; values are from the maximizer's point of view
/// (the deep search is negamax inside and converts, so a game never negates anything). A
/// finished game is scored by the deep search itself, from [`Game::terminal_score`]'s sign
/// (who won: positive the maximizer, negative the minimizer, 0 a draw) and the distance
/// from the root (`MATE - ply`, [`MATE`]), so the table can move a mate score between
/// plies; its size is not read. [`Game::evaluate`] must stay strictly inside `±MATE_BOUND`.
/// No hook may allocate once the game is built: the search itself never does.
///
/// # Example
/// The library's pile game ([`Pile`](crate::games::Pile): take 1 or 2, whoever empties the
/// pile wins) gives a key, and an index per move for the history heuristic; the searcher
/// then knows the maximizer wins from 4 by taking one, three plies before the end.
/// ```
/// use nullmove_optimized::games::Pile;
/// use nullmove_optimized::{Config, DeepGame, DeepSearcher, Guards, MATE};
///
/// assert_ne!(Pile::new(4).key(), Pile::new(5).key());
/// let mut searcher = DeepSearcher::new(Pile::new(4));
/// let report = searcher.search(&Config::new(5).with_guards(Guards::NO_NULL_MOVE), |_| {}).unwrap();
/// assert_eq!(report.root.best_move, Some(1));
/// assert_eq!(report.root.value, MATE - 3);
/// assert_eq!(report.root.pv, [1, 1, 2]);
/// ```
pub trait DeepGame: Game {
    /// The most legal moves any position can have (chess: 218). The searcher reserves room
    /// for this many per ply once; a game that yields more breaks the no-allocation promise.
    const MAX_MOVES: usize;

    /// Whether the game is over only where the side to move has no legal move (chess: mate
    /// and stalemate; its draws by rule are [`DeepGame::draw_by_rule`]'s). Then the main
    /// search asks [`Game::terminal_score`] only of a position whose move list came out
    /// empty, sparing a second move generation at every node; quiescence, which does not
    /// generate every move out of check, still asks it there (in check it generates them
    /// all), so a finished game at the horizon is scored, never evaluated. Either value
    /// gives the same results; this one is the faster where most nodes have moves.
    /// Default `false`: a game that ends with moves left (tic-tac-toe: a line) is asked at
    /// every node first, as the page's searcher asks.
    const ENDS_ONLY_WITHOUT_MOVES: bool = false;

    /// A number for the position (chess: Zobrist), side to move included. Equal positions
    /// must give equal keys: the transposition table trusts a matching key. Different
    /// positions should differ; how is free (two bitboards side by side will do): the
    /// table mixes every key before it picks a slot.
    fn key(&self) -> u64;

    /// The key repetitions compare: equal exactly for positions the game's rule calls the
    /// same (chess, FIDE's: an en-passant square counts only when the capture is legal),
    /// which may be fewer than differ for [`DeepGame::key`]. Default: [`DeepGame::key`].
    fn repetition_key(&self) -> u64 {
        self.key()
    }

    /// Appends the legal moves to `out`, in [`Game::moves`]' order. Default: exactly those;
    /// a game that can generate into the buffer directly saves a copy.
    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        out.extend(self.moves());
    }

    /// Appends the moves quiescence tries at the horizon (chess: captures and queen
    /// promotions), each with a [`DeepGame::capture_order`]. Default: none, so quiescence is
    /// the static evaluation alone.
    fn noisy_moves(&self, _out: &mut Vec<Self::Move>) {}

    /// Appends the quiet moves that attack the opponent directly (chess: checks that are
    /// neither captures nor queen promotions, which [`DeepGame::noisy_moves`] gives), for
    /// the first ply of a null-move probe's quiescence ([`crate::Guards::probe_checks`]):
    /// Stockfish's quiescence tries quiet checks at its first ply, so a pass into a quiet
    /// mate is refuted there. Default: none.
    fn quiet_checks(&self, _out: &mut Vec<Self::Move>) {}

    /// The ordering score of a noisy move (chess: MVV-LVA, most valuable victim first, then
    /// least valuable attacker), higher first, in `0..2^24`; `None` for a quiet move, which
    /// may become a killer. Default: every move quiet.
    fn capture_order(&self, _mv: Self::Move) -> Option<i32> {
        None
    }

    /// Whether the noisy move `mv` wins at least `threshold` in the evaluation's units once
    /// the exchange it starts is played out (chess: static exchange evaluation), so that
    /// quiescence may skip a capture that loses material ([`crate::DeepOptions`]). Default:
    /// every move does, and nothing is skipped.
    fn exchange_at_least(&self, _mv: Self::Move, _threshold: Value) -> bool {
        true
    }

    /// How many indexes [`DeepGame::move_index`] gives (chess: two sides by 64 from
    /// squares by 64 to squares); the history heuristic keeps a counter for each, allocated
    /// with the searcher. Default 0: no history, quiet moves stay in generation order.
    const MOVE_INDEXES: usize = 0;

    /// A quiet move's index for the history heuristic ([`crate::DeepOptions`]), below
    /// [`DeepGame::MOVE_INDEXES`]: the same for moves alike wherever they are played (chess:
    /// the side, the from and to squares). Never asked without indexes. Default 0.
    fn move_index(&self, _mv: Self::Move) -> usize {
        0
    }

    /// A code for the legal move `mv` of this position, below `u16::MAX` and different
    /// for each of its legal moves: how the transposition table stores a move, in atomic
    /// words that threads can share ([`crate::DeepSearcher::set_threads`]). Default: its
    /// place in [`DeepGame::legal_moves`]' order, which generates the moves at every store
    /// (a game whose moves fit in 16 bits does without: chess, from and to squares and
    /// promotion).
    fn move_code(&self, mv: Self::Move) -> u16 {
        self.moves().position(|m| m == mv).unwrap_or(0) as u16
    }

    /// The move of `moves` (this position's legal moves, in [`DeepGame::legal_moves`]'
    /// order) whose [`DeepGame::move_code`] is `code`, if any. Default: the one at that place.
    fn move_of_code(&self, moves: &[Self::Move], code: u16) -> Option<Self::Move> {
        moves.get(usize::from(code)).copied()
    }

    /// Whether the side to move must answer a direct attack (chess: in check): quiescence
    /// then searches every legal move and may not stand on the evaluation. Default: never.
    /// Passing is [`Game::null_allowed`]'s question, asked apart.
    fn in_check(&self) -> bool {
        false
    }

    /// Whether the position is drawn by a rule it shows itself (chess: the fifty-move
    /// rule), asked of every node below the root. Default: no such rule.
    fn draw_by_rule(&self) -> bool {
        false
    }

    /// How far back this position may repeat an earlier one: the plies since the last move
    /// that cannot be undone (chess: a capture, a pawn move; a pass too, so no repetition
    /// reaches across one). The searcher keeps every [`DeepGame::repetition_key`] of the
    /// path and of the game before the root ([`crate::DeepSearcher::set_history`]) and
    /// scores a repetition as a draw:
    /// one inside the search at once, one of a position before the search's first ply only
    /// the second time (threefold). Default 0: positions never repeat.
    fn reversible_plies(&self) -> u32 {
        0
    }
}
