//! The evaluation: material and piece-square tables, Tomasz Michniewski's "Simplified
//! Evaluation Function" (chessprogramming.org, 2005), kept incrementally.
//!
//! Sign convention: [`Eval::score`] is from White's point of view whoever is to move
//! (positive: White is better), in centipawns; the search's negamax view is
//! `score` for White to move and `-score` for Black ([`crate::ChessGame`]).
//!
//! Michniewski gives one table per piece plus two for the king, middle game and end game,
//! the end game being when "both sides have no queens or every side which has a queen has
//! additionally no other pieces or one minor piece maximum". Every term is a sum over
//! pieces, so a move changes the score by the terms of the pieces it moves, takes or
//! promotes: [`Eval::after`] applies exactly those, and `tests/it/incremental.rs` checks it
//! against [`Eval::of`] at every node of the perft trees.

use cozy_chess::{Board, Color, File, Move, Piece, Square};

/// Centipawn values, Michniewski's (the king's 20,000 is left out: both sides always have
/// one, so it cancels).
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The value of `piece` in centipawns.
#[must_use]
pub const fn value(piece: Piece) -> i32 {
    VALUES[piece as usize]
}

/// The tables as Michniewski prints them: from White's side, rank 8 first, a-file first.
type Table = [i32; 64];

#[rustfmt::skip]
const PAWN: Table = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
const KNIGHT: Table = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];

#[rustfmt::skip]
const BISHOP: Table = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];

#[rustfmt::skip]
const ROOK: Table = [
      0,  0,  0,  0,  0,  0,  0,  0,
      5, 10, 10, 10, 10, 10, 10,  5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  0,  0,  0,
];

#[rustfmt::skip]
const QUEEN: Table = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];

#[rustfmt::skip]
const KING_MIDDLE: Table = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];

#[rustfmt::skip]
const KING_END: Table = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// The middle-game tables, by `Piece as usize`.
const MIDDLE: [&Table; 6] = [&PAWN, &KNIGHT, &BISHOP, &ROOK, &QUEEN, &KING_MIDDLE];

/// The piece-square bonus of `piece` of `color` on `square` (king: middle game, or end
/// game when `end`).
#[must_use]
pub fn square_bonus(piece: Piece, color: Color, square: Square, end: bool) -> i32 {
    let file = square.file() as usize;
    let rank = square.rank() as usize;
    // The printed tables have White's rank 8 first; Black reads them mirrored.
    let row = match color {
        Color::White => 7 - rank,
        Color::Black => rank,
    };
    let table = if end && piece == Piece::King {
        &KING_END
    } else {
        MIDDLE[piece as usize]
    };
    table[row * 8 + file]
}

/// The evaluation's state: both scores (king in middle-game and end-game tables) and the
/// piece counts that choose between them, every field a sum over the pieces on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Eval {
    /// Material and piece-square terms, White minus Black, king on the middle-game table.
    middle: i32,
    /// The same with the king on the end-game table.
    end: i32,
    /// Pieces on the board, by colour and `Piece as usize`.
    counts: [[u8; 6]; 2],
}

impl Eval {
    /// The evaluation of `board` computed from scratch.
    ///
    /// # Example
    /// ```
    /// use nullmove_chess::Eval;
    /// assert_eq!(Eval::of(&cozy_chess::Board::default()).score(), 0);
    /// let up_a_knight: cozy_chess::Board =
    ///     "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
    /// // Black's g8 knight is gone: its 320, less the 40 its square cost Black.
    /// assert_eq!(Eval::of(&up_a_knight).score(), 280);
    /// ```
    #[must_use]
    pub fn of(board: &Board) -> Self {
        let mut e = Self {
            middle: 0,
            end: 0,
            counts: [[0; 6]; 2],
        };
        for square in board.occupied() {
            let piece = board.piece_on(square).expect("occupied");
            let color = board.color_on(square).expect("occupied");
            e.add(piece, color, square);
        }
        e
    }

    /// The evaluation after `mv`, a legal move of `board` (whose evaluation this is): only
    /// the terms of the pieces the move touches change.
    #[must_use]
    pub fn after(&self, board: &Board, mv: Move) -> Self {
        let mut e = *self;
        let us = board.side_to_move();
        let piece = board
            .piece_on(mv.from)
            .expect("a piece on the move's square");
        // cozy-chess writes castling as the king taking its own rook.
        if piece == Piece::King && board.color_on(mv.to) == Some(us) {
            let rank = mv.from.rank();
            let (king, rook) = if mv.to.file() > mv.from.file() {
                (File::G, File::F)
            } else {
                (File::C, File::D)
            };
            e.remove(Piece::King, us, mv.from);
            e.remove(Piece::Rook, us, mv.to);
            e.add(Piece::King, us, Square::new(king, rank));
            e.add(Piece::Rook, us, Square::new(rook, rank));
            return e;
        }
        if let Some(victim) = board.piece_on(mv.to) {
            e.remove(victim, !us, mv.to);
        } else if piece == Piece::Pawn && mv.from.file() != mv.to.file() {
            // En passant: the pawn taken stands beside the mover.
            e.remove(Piece::Pawn, !us, Square::new(mv.to.file(), mv.from.rank()));
        }
        e.remove(piece, us, mv.from);
        e.add(mv.promotion.unwrap_or(piece), us, mv.to);
        e
    }

    fn add(&mut self, piece: Piece, color: Color, square: Square) {
        let sign = sign(color);
        let material = value(piece);
        self.middle += sign * (material + square_bonus(piece, color, square, false));
        self.end += sign * (material + square_bonus(piece, color, square, true));
        self.counts[color as usize][piece as usize] += 1;
    }

    fn remove(&mut self, piece: Piece, color: Color, square: Square) {
        let sign = sign(color);
        let material = value(piece);
        self.middle -= sign * (material + square_bonus(piece, color, square, false));
        self.end -= sign * (material + square_bonus(piece, color, square, true));
        self.counts[color as usize][piece as usize] -= 1;
    }

    /// Michniewski's end game: every side with a queen has no rook and at most one minor
    /// piece besides it.
    #[must_use]
    pub fn is_endgame(&self) -> bool {
        self.counts.iter().all(|c| {
            c[Piece::Queen as usize] == 0
                || (c[Piece::Rook as usize] == 0
                    && c[Piece::Knight as usize] + c[Piece::Bishop as usize] <= 1)
        })
    }

    /// The score in centipawns from White's point of view.
    #[must_use]
    pub fn score(&self) -> i32 {
        if self.is_endgame() {
            self.end
        } else {
            self.middle
        }
    }

    /// The non-pawn material of `color` in centipawns (knights, bishops, rooks, queens).
    #[must_use]
    pub fn non_pawn_material(&self, color: Color) -> i32 {
        let c = &self.counts[color as usize];
        [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
            .into_iter()
            .map(|p| i32::from(c[p as usize]) * value(p))
            .sum()
    }

    /// How many pieces of `color`, kind `piece`, stand on the board.
    #[must_use]
    pub fn count(&self, color: Color, piece: Piece) -> u8 {
        self.counts[color as usize][piece as usize]
    }
}

const fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().expect("a legal FEN")
    }

    #[test]
    fn tables_read_from_whites_side_and_mirror_for_black() {
        // White pawn on e2: -20 (row 7 of the printed pawn table); Black's on e7 the same.
        assert_eq!(
            square_bonus(Piece::Pawn, Color::White, Square::E2, false),
            -20
        );
        assert_eq!(
            square_bonus(Piece::Pawn, Color::Black, Square::E7, false),
            -20
        );
        // A white pawn on the 7th rank earns 50; a knight in a corner -50.
        assert_eq!(
            square_bonus(Piece::Pawn, Color::White, Square::A7, false),
            50
        );
        assert_eq!(
            square_bonus(Piece::Knight, Color::Black, Square::H8, false),
            -50
        );
        // Castled king: +30 on g1 in the middle game, -30 in the end game.
        assert_eq!(
            square_bonus(Piece::King, Color::White, Square::G1, false),
            30
        );
        assert_eq!(
            square_bonus(Piece::King, Color::White, Square::G1, true),
            -30
        );
        assert_eq!(
            square_bonus(Piece::King, Color::Black, Square::E5, true),
            40
        );
    }

    #[test]
    fn the_end_game_is_michniewskis() {
        let start = Eval::of(&Board::default());
        assert!(!start.is_endgame());
        // No queens at all.
        assert!(Eval::of(&board("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1")).is_endgame());
        // Queen and one minor piece against a queen: end game.
        assert!(Eval::of(&board("3qk3/8/8/8/8/8/8/2BQK3 w - - 0 1")).is_endgame());
        // Queen and a rook: not.
        assert!(!Eval::of(&board("3qk3/8/8/8/8/8/8/R2QK3 w - - 0 1")).is_endgame());
        // Queen and two minor pieces: not.
        assert!(!Eval::of(&board("3qk3/8/8/8/8/8/8/1NBQK3 w - - 0 1")).is_endgame());
    }

    #[test]
    fn a_mirrored_position_scores_the_negation() {
        let fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1";
        let mirrored = "rnbqk2r/ppp2ppp/3p1n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R b KQkq - 0 1";
        assert_eq!(
            Eval::of(&board(fen)).score(),
            -Eval::of(&board(mirrored)).score()
        );
        // Every black piece is still on the board: 2 knights, 2 bishops, 2 rooks, a queen.
        let e = Eval::of(&board(fen));
        assert_eq!(
            e.non_pawn_material(Color::Black),
            2 * 320 + 2 * 330 + 2 * 500 + 900
        );
        assert_eq!(e.count(Color::White, Piece::Pawn), 8);
    }
}
