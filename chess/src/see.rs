//! Static exchange evaluation: whether a move wins at least a given amount of material once
//! every capture on its square is answered by the cheapest recapture, x-rays included
//! (Ethereal's `staticExchangeEvaluation`, Stockfish's `see_ge`). Quiescence and the main
//! search can use it to skip captures that lose material.

use cozy_chess::{BitBoard, Board, Color, Move, Piece, Square};

use crate::eval::value;

/// Whether `mv` (legal on `board`) gains at least `threshold` centipawns by the exchange on
/// its square, each side recapturing with its least valuable attacker or stopping when that
/// loses; a king recaptures only onto a square the other side no longer attacks. Castling
/// (the king onto its own rook) exchanges nothing.
///
/// # Example
/// ```
/// use nullmove_chess::{parse_fen, parse_uci, see_ge};
/// // The queen takes a pawn the knight guards: she is lost for it.
/// let board = parse_fen("4k3/8/5n2/3p4/8/8/3Q4/4K3 w - - 0 1").unwrap();
/// let qxd5 = parse_uci(&board, "d2d5").unwrap();
/// assert!(see_ge(&board, qxd5, -800) && !see_ge(&board, qxd5, -799));
/// // Unguarded, the pawn is won whole.
/// let board = parse_fen("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1").unwrap();
/// assert!(see_ge(&board, parse_uci(&board, "d2d5").unwrap(), 100));
/// ```
#[must_use]
pub fn see_ge(board: &Board, mv: Move, threshold: i32) -> bool {
    let us = board.side_to_move();
    if board.color_on(mv.to) == Some(us) {
        return threshold <= 0;
    }
    let Some(mover) = board.piece_on(mv.from) else {
        return threshold <= 0;
    };
    let en_passant =
        mover == Piece::Pawn && mv.from.file() != mv.to.file() && board.piece_on(mv.to).is_none();
    let taken = if en_passant {
        value(Piece::Pawn)
    } else {
        board.piece_on(mv.to).map_or(0, value)
    };
    let promotion = mv.promotion.map_or(0, |p| value(p) - value(Piece::Pawn));
    let mut balance = taken + promotion - threshold;
    if balance < 0 {
        return false;
    }
    // The piece now on the square, which the other side may take next.
    let on_square = mv.promotion.unwrap_or(mover);
    balance -= value_of(on_square);
    if balance >= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ mv.from.bitboard() | mv.to.bitboard();
    if en_passant {
        occupied ^= Square::new(mv.to.file(), mv.from.rank()).bitboard();
    }
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let mut attackers = attackers_to(board, mv.to, occupied) & occupied;
    let mut side = !us;
    loop {
        let ours = attackers & board.colors(side);
        if ours.is_empty() {
            break;
        }
        let piece = cheapest(board, ours);
        let from = (ours & board.pieces(piece))
            .next_square()
            .expect("a piece of the cheapest kind attacks");
        occupied ^= from.bitboard();
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen) {
            attackers |= cozy_chess::get_bishop_moves(mv.to, occupied) & diagonal;
        }
        if matches!(piece, Piece::Rook | Piece::Queen) {
            attackers |= cozy_chess::get_rook_moves(mv.to, occupied) & straight;
        }
        attackers &= occupied;
        side = !side;
        balance = -balance - 1 - value_of(piece);
        if balance >= 0 {
            // A king cannot take onto a square still attacked: the capture was not made.
            if piece == Piece::King && !(attackers & board.colors(side)).is_empty() {
                side = !side;
            }
            break;
        }
    }
    // The side to move at the end lost the exchange.
    side != us
}

/// A piece's worth in the exchange: the evaluation's values, the king above every other.
fn value_of(piece: Piece) -> i32 {
    if piece == Piece::King {
        20_000
    } else {
        value(piece)
    }
}

/// The least valuable kind of piece among `attackers`.
fn cheapest(board: &Board, attackers: BitBoard) -> Piece {
    Piece::ALL
        .into_iter()
        .find(|&p| !(attackers & board.pieces(p)).is_empty())
        .expect("some attacker")
}

/// Every piece of either colour attacking `sq` through `occupied`.
fn attackers_to(board: &Board, sq: Square, occupied: BitBoard) -> BitBoard {
    let diagonal = board.pieces(Piece::Bishop) | board.pieces(Piece::Queen);
    let straight = board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    let pawns = board.pieces(Piece::Pawn);
    (cozy_chess::get_pawn_attacks(sq, Color::White) & pawns & board.colors(Color::Black))
        | (cozy_chess::get_pawn_attacks(sq, Color::Black) & pawns & board.colors(Color::White))
        | (cozy_chess::get_knight_moves(sq) & board.pieces(Piece::Knight))
        | (cozy_chess::get_king_moves(sq) & board.pieces(Piece::King))
        | (cozy_chess::get_bishop_moves(sq, occupied) & diagonal)
        | (cozy_chess::get_rook_moves(sq, occupied) & straight)
}

#[cfg(test)]
mod tests {
    use super::see_ge;
    use crate::{parse_fen, parse_uci};

    /// The exchange's value exactly: `see_ge` holds at it and fails one above.
    fn exchange(fen: &str, mv: &str) -> i32 {
        let board = parse_fen(fen).unwrap();
        let mv = parse_uci(&board, mv).unwrap();
        let mut t = -25_000;
        while see_ge(&board, mv, t + 1) {
            t += 1;
        }
        t
    }

    #[test]
    fn exchanges_are_valued_with_x_rays_and_the_cheapest_recapture() {
        // Rook takes a pawn guarded by a pawn: rook for pawn.
        assert_eq!(
            exchange("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"),
            100 - 500
        );
        // Two rooks doubled against one guard: the pawn is won, the rook kept.
        assert_eq!(exchange("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // A queen behind the bishop (x-ray) against a knight guarding the pawn: pawn and
        // knight for the bishop.
        assert_eq!(
            exchange("4k3/8/5n2/3p4/8/1B6/Q7/4K3 w - - 0 1", "b3d5"),
            100 - 330 + 320
        );
        // Without the queen the knight's recapture wins the bishop for the pawn.
        assert_eq!(
            exchange("4k3/8/5n2/3p4/8/1B6/8/4K3 w - - 0 1", "b3d5"),
            100 - 330
        );
        // Pawn takes knight, bishop recaptures, nothing more: a knight for a pawn.
        assert_eq!(
            exchange("4k3/8/5b2/4n3/3P4/8/8/4K3 w - - 0 1", "d4e5"),
            320 - 100
        );
        // En passant wins a pawn; a quiet move exchanges nothing.
        assert_eq!(exchange("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5e6"), 100);
        assert_eq!(exchange("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5"), 0);
        // A promotion gains the queen's value less the pawn's.
        assert_eq!(exchange("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), 800);
        // The king recaptures a lone queen, but not one a rook behind her defends.
        assert_eq!(
            exchange("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d8"),
            500 - 900
        );
        assert_eq!(exchange("3rk3/8/8/8/8/8/3Q4/3RK3 w - - 0 1", "d2d8"), 500);
        // A quiet move onto an attacked square loses the piece.
        assert_eq!(exchange("2r1k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1c1"), -900);
        assert_eq!(
            exchange("3rk3/3r4/8/8/8/8/8/3QK3 w - - 0 1", "d1d7"),
            500 - 900
        );
    }
}
