//! Chess960 (Fischer random chess) as UCI writes it once `UCI_Chess960` is on: castling as
//! the king taking its own rook (`e1h1`), and FENs whose castling rights name the rook's
//! file, as Shredder-FEN (`HAha`) or X-FEN (`KQkq`: the outermost rook on that side) write
//! them (Meyer-Kahlen, "UCI protocol", `UCI_Chess960`; python-chess sends Shredder-FEN).
//! cozy-chess plays Chess960 itself: its moves are already king-takes-rook.

use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};

use crate::{ChessError, parse_fen};

/// The move in UCI notation; castling king-takes-rook under Chess960, else the king's
/// two-square step ([`crate::uci`]).
///
/// # Example
/// ```
/// use nullmove_chess::{parse_fen_960, uci_in};
/// let board = parse_fen_960("r5kr/8/8/8/8/8/8/RK5R w HAha - 0 1").unwrap();
/// let castle = nullmove_chess::parse_uci_in(&board, "b1h1", true).unwrap();
/// assert_eq!(uci_in(&board, castle, true), "b1h1");
/// assert_eq!(uci_in(&board, castle, false), "b1g1");
/// ```
#[must_use]
pub fn uci_in(board: &Board, mv: Move, chess960: bool) -> String {
    if chess960 {
        mv.to_string()
    } else {
        crate::uci(board, mv)
    }
}

/// Reads a UCI move of `board`: under Chess960 castling only as king-takes-rook (a king's
/// step to g1 may be an ordinary move there), else as [`crate::parse_uci`] does.
pub fn parse_uci_in(board: &Board, text: &str, chess960: bool) -> Result<Move, ChessError> {
    if !chess960 {
        return crate::parse_uci(board, text);
    }
    let illegal = || ChessError::IllegalMove(text.to_owned());
    let mv = crate::notation::parse_move(text).ok_or_else(illegal)?;
    let mut legal = false;
    board.generate_moves(|moves| {
        legal |= moves.into_iter().any(|m| m == mv);
        legal
    });
    if legal { Ok(mv) } else { Err(illegal()) }
}

/// Reads a Chess960 FEN: castling rights as Shredder-FEN's rook files (`HAha`) or X-FEN's
/// `KQkq` (the outermost rook on the king's side or the queen's); the two clocks may be
/// left out, as [`parse_fen`] allows.
///
/// # Example
/// ```
/// use nullmove_chess::parse_fen_960;
/// let x = parse_fen_960("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1").unwrap();
/// let shredder = parse_fen_960("rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1").unwrap();
/// assert_eq!(x, shredder);
/// ```
pub fn parse_fen_960(fen: &str) -> Result<Board, ChessError> {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 3 {
        // Too short to hold castling rights: the standard reader says what is missing.
        return parse_fen(fen);
    }
    let rights = fields[2].to_owned();
    fields[2] = "-";
    // The placement alone first (its errors in the standard reader's words), then the rights.
    let placed = parse_fen(&fields.join(" "))?;
    let shredder = shredder_rights(&placed, &rights);
    fields[2] = &shredder;
    let full = if fields.len() == 4 {
        format!("{} 0 1", fields.join(" "))
    } else {
        fields.join(" ")
    };
    Board::from_fen(&full, true).map_err(|_| ChessError::Fen {
        fen: fen.to_owned(),
        reason: format!("castling rights {rights:?} name no rook beside its king on the back rank"),
    })
}

/// The rights in Shredder-FEN: X-FEN's `K`/`Q` become the outermost rook's file on that
/// side of the king (left as they are when there is none, for the reader to refuse).
fn shredder_rights(board: &Board, rights: &str) -> String {
    rights
        .chars()
        .map(|c| {
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let short = match c.to_ascii_lowercase() {
                'k' => true,
                'q' => false,
                _ => return c,
            };
            let rank = Rank::First.relative_to(color);
            let king = board.king(color).file();
            let rooks = board.colored_pieces(color, Piece::Rook);
            let mut files = File::ALL
                .into_iter()
                .filter(|&f| rooks.has(Square::new(f, rank)) && (f > king) == short && f != king);
            let file = if short {
                files.next_back()
            } else {
                files.next()
            };
            file.map_or(c, |f| {
                let letter = char::from(b'a' + f as u8);
                if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_is_the_king_taking_its_rook() {
        // The king on b1, rooks on a1 and h1: X-FEN's Q is a1's rook, K h1's.
        let b = parse_fen_960("r5kr/8/8/8/8/8/8/RK5R w KQkq - 0 1").unwrap();
        let long = parse_uci_in(&b, "b1a1", true).unwrap();
        assert!(crate::is_castling(&b, long));
        assert_eq!(uci_in(&b, long, true), "b1a1");
        assert_eq!(uci_in(&b, long, false), "b1c1");
        // The king's step to c1 is an ordinary move under Chess960, not castling.
        let step = parse_uci_in(&b, "b1c1", true).unwrap();
        assert!(!crate::is_castling(&b, step));
        assert!(crate::is_castling(
            &b,
            parse_uci_in(&b, "b1h1", true).unwrap()
        ));
        let standard = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let o_o = parse_uci_in(&standard, "e1h1", true).unwrap();
        assert_eq!(uci_in(&standard, o_o, false), "e1g1");
        assert_eq!(uci_in(&standard, o_o, true), "e1h1");
    }

    #[test]
    fn bad_rights_are_one_line() {
        let e = parse_fen_960("rkrnnqbb/8/8/8/8/8/8/RKR1NQBB w KZkq - 0 1").unwrap_err();
        assert!(e.to_string().contains("castling rights \"KZkq\""), "{e}");
        assert!(parse_fen_960("8/8/8 w").is_err());
    }
}
