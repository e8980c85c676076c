//! Chess as a [`Game`] and a [`DeepGame`]: cozy-chess's boards and moves, our incremental
//! evaluation, and the draws the search must see (repetition, the fifty-move rule).

use cozy_chess::{BitBoard, Board, Color, Move, Piece, Rank, Square};
use nullmove_core::Value;
use nullmove_optimized::{DeepGame, Game, MATE};

use crate::ChessError;
use crate::eval::Eval;
use crate::notation::is_capture;

/// The most legal moves of any chess position (218; every move generator's bound).
pub const MAX_MOVES: usize = 218;

/// A chess position as the generic searchers see it: cozy-chess's board, our incremental
/// evaluation, and the plies a repetition can reach back. A value, copied for every child
/// like any [`Game`]'s state (copy-make, as chess engines do on small boards): no history
/// inside it; the positions before the root reach the deep search through
/// [`DeepSearcher::set_history`](nullmove_optimized::DeepSearcher::set_history) and
/// [`ChessGame::repetition_key`]'s keys.
///
/// # Example
/// ```
/// use nullmove_chess::ChessGame;
/// use nullmove_optimized::{DeepGame, Game};
/// let game = ChessGame::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 6); // e3, e4 and four king moves
/// // No queens: Michniewski's end game. The pawn is 100, -20 on e2; the kings' -30 cancel.
/// assert_eq!(game.evaluate(), 80);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessGame {
    board: Board,
    eval: Eval,
    /// Plies since the last capture, pawn move or pass: how far back a repetition can lie.
    reversible: u32,
}

impl ChessGame {
    /// The game starting at `board`; a repetition may reach back as many plies as its
    /// halfmove clock says (once the searcher knows those positions).
    #[must_use]
    pub fn new(board: Board) -> Self {
        Self {
            reversible: u32::from(board.halfmove_clock()),
            eval: Eval::of(&board),
            board,
        }
    }

    /// The game starting at a FEN (the clocks may be left out: 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Self, ChessError> {
        Ok(Self::new(crate::parse_fen(fen)?))
    }

    /// Plays `mv` checked for legality (a game's history, before a search), where
    /// [`Game::play`] trusts the searcher.
    pub fn play_checked(&mut self, mv: Move) -> Result<(), ChessError> {
        if !self.board.is_legal(mv) {
            return Err(ChessError::IllegalMove(crate::uci(&self.board, mv)));
        }
        self.play(mv);
        Ok(())
    }

    /// The current position.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The current position's evaluation state.
    #[must_use]
    pub const fn eval(&self) -> &Eval {
        &self.eval
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        !self.board.checkers().is_empty()
    }

    /// The position by FIDE's rule of repetition (cozy-chess's `same_position`): the board,
    /// the side to move and the castling rights, and an en-passant square only when the
    /// capture is legal, so `1. e4 e5` returns after `2. Nf3 Nf6 3. Ng1 Ng8`.
    #[must_use]
    pub fn repetition_key(&self) -> u64 {
        let base = self.board.hash_without_ep();
        match en_passant_square(&self.board) {
            Some(sq) if self.en_passant_is_legal(sq) => {
                base ^ 0x9E37_79B9_7F4A_7C15_u64.rotate_left(sq.file() as u32 * 8 + 1)
            }
            _ => base,
        }
    }

    fn en_passant_is_legal(&self, to: Square) -> bool {
        let us = self.board.side_to_move();
        let pawns = self.board.colored_pieces(us, Piece::Pawn);
        let from = cozy_chess::get_pawn_attacks(to, !us) & pawns;
        from.into_iter().any(|from| {
            self.board.is_legal(Move {
                from,
                to,
                promotion: None,
            })
        })
    }

    /// Whether the side to move has a legal move. Out of check, an unpinned knight, bishop,
    /// rook or queen with a square to go to has one (nothing to answer, nothing exposed),
    /// which settles almost every position before the move generator runs.
    // PERF: quiescence asks this of every position out of check (a stalemate is scored, not
    // evaluated); WAC.003 to depth 6, `valgrind --tool=callgrind nullmove chess --depth 6
    // --config none|r3`: 319.4 and 47.1 million instructions with the
    // generator alone, 313.1 and 45.5 with this first, 307.2 and 44.2 before quiescence
    // asked at all.
    fn has_legal_move(&self) -> bool {
        let board = &self.board;
        if board.checkers().is_empty() {
            let ours = board.colors(board.side_to_move());
            let free = ours & !board.pinned();
            let (occupied, to) = (board.occupied(), !ours);
            let queens = board.pieces(Piece::Queen);
            let knights = board.pieces(Piece::Knight) & free;
            let straight = (board.pieces(Piece::Rook) | queens) & free;
            let diagonal = (board.pieces(Piece::Bishop) | queens) & free;
            if knights
                .into_iter()
                .any(|sq| !(cozy_chess::get_knight_moves(sq) & to).is_empty())
                || straight
                    .into_iter()
                    .any(|sq| !(cozy_chess::get_rook_moves(sq, occupied) & to).is_empty())
                || diagonal
                    .into_iter()
                    .any(|sq| !(cozy_chess::get_bishop_moves(sq, occupied) & to).is_empty())
            {
                return true;
            }
        }
        board.generate_moves(|_| true)
    }
}

/// The legal moves of one position, owned (no allocation: one fixed array).
#[derive(Debug, Clone)]
pub struct ChessMoves {
    moves: [Move; MAX_MOVES],
    len: usize,
    next: usize,
}

impl Iterator for ChessMoves {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.moves[self.next - 1]
        })
    }
}

impl Game for ChessGame {
    type Move = Move;
    type Moves = ChessMoves;

    /// White maximizes.
    fn maximizing(&self) -> bool {
        self.board.side_to_move() == Color::White
    }

    fn moves(&self) -> ChessMoves {
        let none = Move {
            from: Square::A1,
            to: Square::A1,
            promotion: None,
        };
        let mut out = ChessMoves {
            moves: [none; MAX_MOVES],
            len: 0,
            next: 0,
        };
        self.board.generate_moves(|moves| {
            for mv in moves {
                out.moves[out.len] = mv;
                out.len += 1;
            }
            false
        });
        out
    }

    fn play(&mut self, mv: Move) {
        self.eval = self.eval.after(&self.board, mv);
        let irreversible =
            self.board.piece_on(mv.from) == Some(Piece::Pawn) || is_capture(&self.board, mv);
        self.reversible = if irreversible { 0 } else { self.reversible + 1 };
        self.board.play_unchecked(mv);
    }

    /// Only asked out of check ([`Game::null_allowed`]).
    fn pass(&mut self) {
        self.board = self.board.null_move().expect("no pass in check");
        self.reversible = 0;
    }

    /// Checkmate (the side to move lost, `MATE - depth` from the maximizer's side) or
    /// stalemate (0) when the side to move has no legal move.
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        if self.has_legal_move() {
            return None;
        }
        if !self.in_check() {
            return Some(0);
        }
        let won = MATE - depth as Value;
        Some(if self.maximizing() { -won } else { won })
    }

    /// Michniewski's score, White's point of view.
    fn evaluate(&self) -> Value {
        self.eval.score()
    }

    /// No pass in check: it would leave the king to be taken.
    fn null_allowed(&self) -> bool {
        !self.in_check()
    }

    /// The companion article's first safeguard: the side to move is in check.
    fn pass_is_dangerous(&self) -> bool {
        self.in_check()
    }

    /// The side to move's non-pawn material (Stockfish's `non_pawn_material(us)`).
    fn material(&self) -> u32 {
        self.eval
            .non_pawn_material(self.board.side_to_move())
            .max(0)
            .unsigned_abs()
    }
}

impl DeepGame for ChessGame {
    const MAX_MOVES: usize = MAX_MOVES;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;
    /// By the side to move, the from square and the to square (a promotion shares its
    /// pawn move's index): history as most engines keep it.
    const MOVE_INDEXES: usize = 2 * 64 * 64;

    fn key(&self) -> u64 {
        self.board.hash()
    }

    fn repetition_key(&self) -> u64 {
        Self::repetition_key(self)
    }

    fn move_index(&self, mv: Move) -> usize {
        (self.board.side_to_move() as usize * 64 + mv.from as usize) * 64 + mv.to as usize
    }

    /// From square, to square and promotion in 16 bits: no move generation.
    fn move_code(&self, mv: Move) -> u16 {
        let promotion = mv.promotion.map_or(0, |p| p as u16 + 1);
        mv.from as u16 | (mv.to as u16) << 6 | promotion << 12
    }

    fn move_of_code(&self, moves: &[Move], code: u16) -> Option<Move> {
        moves.iter().copied().find(|&m| self.move_code(m) == code)
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.board.generate_moves(|moves| {
            out.extend(moves);
            false
        });
    }

    /// Captures (en passant and capturing promotions included) and quiet promotions to a
    /// queen.
    fn noisy_moves(&self, out: &mut Vec<Move>) {
        let board = &self.board;
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

    /// Moves that give check and are not [`DeepGame::noisy_moves`]' (no capture, no queen
    /// promotion): each legal quiet move played on a copy, kept if the opponent is then in
    /// check. Asked only at a probe's first quiescence ply, so the copies cost little.
    fn quiet_checks(&self, out: &mut Vec<Move>) {
        let board = &self.board;
        let theirs = board.colors(!board.side_to_move());
        let en_passant = en_passant_square(board).map_or(BitBoard::EMPTY, Square::bitboard);
        board.generate_moves(|moves| {
            let pawn = moves.piece == Piece::Pawn;
            for mv in moves {
                let noisy = theirs.has(mv.to)
                    || (pawn && en_passant.has(mv.to))
                    || mv.promotion == Some(Piece::Queen);
                if noisy {
                    continue;
                }
                let mut after = board.clone();
                after.play_unchecked(mv);
                if !after.checkers().is_empty() {
                    out.push(mv);
                }
            }
            false
        });
    }

    /// MVV-LVA: the most valuable victim first, then the least valuable attacker; a
    /// promotion adds its piece as if it were a victim.
    fn capture_order(&self, mv: Move) -> Option<i32> {
        let board = &self.board;
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

    fn in_check(&self) -> bool {
        Self::in_check(self)
    }

    fn exchange_at_least(&self, mv: Move, threshold: Value) -> bool {
        crate::see_ge(&self.board, mv, threshold)
    }

    /// The fifty-move rule: a hundred plies without capture or pawn move, unless the last
    /// one mated.
    fn draw_by_rule(&self) -> bool {
        let mated = || self.in_check() && !self.has_legal_move();
        self.board.halfmove_clock() >= 100 && !mated()
    }

    fn reversible_plies(&self) -> u32 {
        self.reversible
    }
}

/// The square a pawn could take en passant on, if the last move was a double step.
fn en_passant_square(board: &Board) -> Option<Square> {
    let file = board.en_passant()?;
    let rank = Rank::Sixth.relative_to(board.side_to_move());
    Some(Square::new(file, rank))
}
