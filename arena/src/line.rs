//! A game as far as it has gone: where it started, the moves since, and what the rules ask
//! of the history (the positions a repetition can reach back to).

use cozy_chess::{Board, Move};
use nullmove_chess::{ChessError, ChessGame, parse_uci, uci};

/// A game from its starting position through the moves played: the position now and the
/// repetition keys ([`ChessGame::repetition_key`], FIDE's rule) of every position before it,
/// which a search needs to see repetitions across the game's history.
///
/// # Example
/// ```
/// use nullmove_arena::Line;
/// let mut line = Line::new(cozy_chess::Board::default());
/// for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
///     line.play_uci(mv).unwrap();
/// }
/// assert_eq!(line.repetitions(), 2); // the start, Black to move after Ng1, seen before
/// line.play_uci("f6g8").unwrap();
/// assert_eq!(line.repetitions(), 3); // the start position a third time: a draw
/// assert!(line.play_uci("e2e5").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    start: Board,
    moves: Vec<Move>,
    game: ChessGame,
    /// The repetition key of every position of the game, the current one last.
    keys: Vec<u64>,
}

impl Line {
    /// A game starting at `start`, no move played yet.
    #[must_use]
    pub fn new(start: Board) -> Self {
        let game = ChessGame::new(start.clone());
        Self {
            keys: vec![game.repetition_key()],
            start,
            moves: Vec::new(),
            game,
        }
    }

    /// Plays `mv` if it is legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), ChessError> {
        self.game.play_checked(mv)?;
        self.moves.push(mv);
        self.keys.push(self.game.repetition_key());
        Ok(())
    }

    /// Plays a move written in UCI notation if it is legal here.
    pub fn play_uci(&mut self, text: &str) -> Result<Move, ChessError> {
        let mv = parse_uci(self.game.board(), text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Where the game started.
    #[must_use]
    pub const fn start(&self) -> &Board {
        &self.start
    }

    /// The moves played since the start.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves in UCI notation, as `position ... moves` lists them.
    #[must_use]
    pub fn uci_moves(&self) -> Vec<String> {
        let mut board = self.start.clone();
        self.moves
            .iter()
            .map(|&mv| {
                let text = uci(&board, mv);
                board.play_unchecked(mv);
                text
            })
            .collect()
    }

    /// The position now, as the searcher's game.
    #[must_use]
    pub const fn game(&self) -> &ChessGame {
        &self.game
    }

    /// The position now.
    #[must_use]
    pub const fn board(&self) -> &Board {
        self.game.board()
    }

    /// The repetition keys of the positions before the current one, oldest first (what
    /// [`nullmove_optimized::DeepSearcher::set_history`] takes).
    #[must_use]
    pub fn history(&self) -> &[u64] {
        &self.keys[..self.keys.len() - 1]
    }

    /// How many times the current position has occurred in the game, this time included,
    /// looking back only as far as the last capture or pawn move (no earlier position can
    /// be the same).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.keys.len() - 1;
        let reach = usize::from(self.board().halfmove_clock()).min(now);
        let key = self.keys[now];
        self.keys[now - reach..=now]
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&k| k == key)
            .count()
    }
}
