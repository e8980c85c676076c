//! Chess as a [`DeepGame`]: cozy-chess's boards and moves, our incremental evaluation,
//! and the draws the search must see (repetition, the fifty-move rule).

use cozy_chess::{BitBoard, Board, Color, Move, Piece, Rank, Square};
use nullmove_core::Value;
use nullmove_optimized::{DeepGame, MAX_PLY, Outcome};

use crate::ChessError;
use crate::eval::Eval;

/// The most legal moves of any chess position (218; every move generator's bound).
pub const MAX_MOVES: usize = 218;

/// One position of the game: the board, its evaluation and what repetition needs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Frame {
    board: Board,
    eval: Eval,
    /// Plies since the last capture, pawn move or pass: how far back a repetition can lie.
    reversible: usize,
}

/// A chess game: the position to search and the positions before it, made and unmade in
/// place (one frame per position, copy-make on cozy-chess's boards).
///
/// Made moves push a frame, unmade ones pop it; the frames are reserved at construction
/// for a whole search, so searching allocates nothing. The frames before the root are the
/// game's history: a position repeated from them counts as a draw only when it occurred
/// twice before (threefold), one repeated inside the search at once.
///
/// # Example
/// ```
/// use nullmove_chess::ChessGame;
/// use nullmove_optimized::DeepGame;
/// let mut game = ChessGame::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 6); // e3, e4 and four king moves
/// // No queens: Michniewski's end game. The pawn is 100, -20 on e2; the kings' -30 cancel.
/// assert_eq!(game.evaluate(), 80);
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct ChessGame {
    frames: Vec<Frame>,
}

impl Clone for ChessGame {
    /// Keeps room for a whole search above the copied frames (`Vec::clone` would not), so
    /// a cloned game allocates nothing while searched either.
    fn clone(&self) -> Self {
        let mut frames = Vec::with_capacity(self.frames.len() + MAX_PLY + 2);
        frames.extend_from_slice(&self.frames);
        Self { frames }
    }
}

impl ChessGame {
    /// The game starting at `board`, with no history.
    #[must_use]
    pub fn new(board: Board) -> Self {
        let mut frames = Vec::with_capacity(MAX_PLY + 2);
        let reversible = usize::from(board.halfmove_clock());
        frames.push(Frame {
            eval: Eval::of(&board),
            board,
            reversible,
        });
        Self { frames }
    }

    /// The game starting at a FEN (the clocks may be left out: 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Self, ChessError> {
        Ok(Self::new(crate::parse_fen(fen)?))
    }

    /// Plays `mv` as part of the game's history (before a search, or between searches):
    /// checked for legality, and kept, so the search sees repetitions of it.
    pub fn play(&mut self, mv: Move) -> Result<(), ChessError> {
        if !self.board().is_legal(mv) {
            return Err(ChessError::IllegalMove(crate::uci(self.board(), mv)));
        }
        // Keep room for a whole search above the history.
        self.frames.reserve(MAX_PLY + 2);
        self.make(mv);
        Ok(())
    }

    /// The current position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.top().board
    }

    /// The current position's evaluation state.
    #[must_use]
    pub fn eval(&self) -> &Eval {
        &self.top().eval
    }

    /// Positions in the game so far, the current one included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Never true: a game has at least its first position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    fn top(&self) -> &Frame {
        self.frames.last().expect("a game has a position")
    }

    /// Whether the current position repeats one within reach: once inside the search
    /// (after `ply` plies from the root), or twice in all. Positions are the same by
    /// FIDE's rule (cozy-chess's `same_position`): an en-passant square counts only when
    /// the capture is legal, so `1. e4 e5` returns after `2. Nf3 Nf6 3. Ng1 Ng8`.
    fn repeats(&self, ply: usize) -> bool {
        let top = self.frames.len() - 1;
        let now = &self.top().board;
        let key = now.hash_without_ep();
        let mut seen = 0;
        let mut back = 4;
        while back <= self.top().reversible.min(top) {
            let then = &self.frames[top - back].board;
            if then.hash_without_ep() == key && then.same_position(now) {
                if back < ply {
                    return true;
                }
                seen += 1;
                if seen == 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    fn has_legal_move(&self) -> bool {
        self.board().generate_moves(|_| true)
    }
}

impl DeepGame for ChessGame {
    type Move = Move;
    const MAX_MOVES: usize = MAX_MOVES;

    fn key(&self) -> u64 {
        self.board().hash()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.board().generate_moves(|moves| {
            out.extend(moves);
            false
        });
    }

    /// Captures (en passant and capturing promotions included) and quiet promotions to a
    /// queen.
    fn noisy_moves(&self, out: &mut Vec<Move>) {
        let board = self.board();
        let us = board.side_to_move();
        let theirs = board.colors(!us);
        let en_passant = en_passant_square(board).map_or(BitBoard::EMPTY, Square::bitboard);
        let last_rank = Rank::Eighth.relative_to(us).bitboard();
        board.generate_moves(|mut moves| {
            if moves.piece == Piece::Pawn {
                moves.to &= theirs | en_passant | last_rank;
                let capture = theirs | en_passant;
                out.extend(
                    moves
                        .into_iter()
                        .filter(|m| capture.has(m.to) || m.promotion == Some(Piece::Queen)),
                );
            } else {
                moves.to &= theirs;
                out.extend(moves);
            }
            false
        });
    }

    /// MVV-LVA: the most valuable victim first, then the least valuable attacker; a
    /// promotion adds its piece as if it were a victim.
    fn capture_order(&self, mv: Move) -> Option<i32> {
        let board = self.board();
        let us = board.side_to_move();
        let attacker = board.piece_on(mv.from)?;
        // Castling (the king onto its own rook) takes nothing; en passant takes a pawn.
        let victim = match board.color_on(mv.to) {
            Some(c) if c != us => board.piece_on(mv.to),
            None if attacker == Piece::Pawn && mv.from.file() != mv.to.file() => Some(Piece::Pawn),
            _ => None,
        };
        if victim.is_none() && mv.promotion.is_none() {
            return None;
        }
        let gain = victim.map_or(0, |v| v as i32 + 1) + mv.promotion.map_or(0, |p| p as i32);
        Some(gain * 8 + (7 - attacker as i32))
    }

    fn make(&mut self, mv: Move) {
        debug_assert!(self.frames.len() < self.frames.capacity(), "room reserved");
        let top = self.top();
        let eval = top.eval.after(&top.board, mv);
        let irreversible =
            top.board.piece_on(mv.from) == Some(Piece::Pawn) || is_capture(&top.board, mv);
        let reversible = if irreversible { 0 } else { top.reversible + 1 };
        let mut board = top.board.clone();
        board.play_unchecked(mv);
        self.frames.push(Frame {
            board,
            eval,
            reversible,
        });
    }

    fn unmake(&mut self, _mv: Move) {
        debug_assert!(self.frames.len() > 1, "a move to take back");
        self.frames.pop();
    }

    fn make_null(&mut self) {
        let top = self.top();
        let board = top.board.null_move().expect("no pass in check");
        let eval = top.eval;
        self.frames.push(Frame {
            board,
            eval,
            reversible: 0,
        });
    }

    fn unmake_null(&mut self) {
        self.frames.pop();
    }

    fn in_check(&self) -> bool {
        !self.board().checkers().is_empty()
    }

    /// Michniewski's score from the side to move's point of view.
    fn evaluate(&self) -> Value {
        let score = self.eval().score();
        match self.board().side_to_move() {
            Color::White => score,
            Color::Black => -score,
        }
    }

    fn outcome_without_moves(&self) -> Outcome {
        if self.in_check() {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }

    /// The fifty-move rule (a hundred plies without capture or pawn move, unless the last
    /// one mated) or a repetition ([`ChessGame`]).
    fn rule_draw(&self, ply: usize) -> bool {
        let fifty = self.board().halfmove_clock() >= 100;
        let mated = || self.in_check() && !self.has_legal_move();
        (fifty && !mated()) || self.repeats(ply)
    }

    /// The side to move's non-pawn material (Stockfish's `non_pawn_material(us)`).
    fn material(&self) -> Value {
        self.eval().non_pawn_material(self.board().side_to_move())
    }
}

/// Whether `mv` takes a piece (en passant included; castling, the king onto its own rook,
/// does not).
#[must_use]
pub fn is_capture(board: &Board, mv: Move) -> bool {
    let us = board.side_to_move();
    match board.color_on(mv.to) {
        Some(c) => c != us,
        None => board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file(),
    }
}

/// The square a pawn could take en passant on, if the last move was a double step.
fn en_passant_square(board: &Board) -> Option<Square> {
    let file = board.en_passant()?;
    let rank = Rank::Sixth.relative_to(board.side_to_move());
    Some(Square::new(file, rank))
}
