//! Positions read from FEN: cozy-chess's parser with the checks it leaves to us (eight
//! ranks of eight squares, kings apart) and its reasons in our words.

use cozy_chess::Board;

use crate::ChessError;

/// Reads a FEN; the two clocks may be left out (0 and 1).
///
/// # Example
/// ```
/// let b = nullmove_chess::parse_fen("8/3k4/8/8/3PK3/8/8/8 w - -").unwrap();
/// assert_eq!(b.to_string(), "8/3k4/8/8/3PK3/8/8/8 w - - 0 1");
/// let e = nullmove_chess::parse_fen("8/8/8 w - -").unwrap_err();
/// assert_eq!(e.to_string(), "invalid FEN \"8/8/8 w - -\": 3 ranks, expected 8");
/// let e = nullmove_chess::parse_fen("8/8/8/5K2/4k3/8/8/8 w - -").unwrap_err();
/// assert!(e.to_string().contains("the kings stand next to each other"), "{e}");
/// ```
pub fn parse_fen(fen: &str) -> Result<Board, ChessError> {
    let refuse = |reason: String| ChessError::Fen {
        fen: fen.to_owned(),
        reason,
    };
    // cozy-chess 0.3 reads a placement of fewer than eight ranks without complaint.
    let placement = fen.split_whitespace().next().unwrap_or("");
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(refuse(format!("{} ranks, expected 8", ranks.len())));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let width: u32 = rank.chars().map(|c| c.to_digit(10).unwrap_or(1)).sum();
        if width != 8 {
            return Err(refuse(format!(
                "rank {} is {width} squares wide, expected 8",
                8 - i
            )));
        }
    }
    let fields = fen.split_whitespace().count();
    let full = if fields == 4 {
        format!("{} 0 1", fen.trim())
    } else {
        fen.trim().to_owned()
    };
    let board = Board::from_fen(&full, false).map_err(|e| refuse(fen_error(e)))?;
    kings_apart(&board).map_err(refuse)?;
    Ok(board)
}

/// Two kings side by side are no position a game reaches, and a search from one would take
/// a king: refused, as cozy-chess's own check leaves them to us.
pub(crate) fn kings_apart(board: &Board) -> Result<(), String> {
    let (white, black) = (
        board.king(cozy_chess::Color::White),
        board.king(cozy_chess::Color::Black),
    );
    if cozy_chess::get_king_moves(white).has(black) {
        return Err("the kings stand next to each other (not a legal position)".to_owned());
    }
    Ok(())
}

/// cozy-chess's reason in our words: what a legal position needs, where it only says
/// "invalid".
fn fen_error(e: cozy_chess::FenParseError) -> String {
    use cozy_chess::FenParseError as E;
    match e {
        E::InvalidBoard => "not a legal position (each side needs one king, at most 16 pieces \
                            and 8 pawns, no pawn on the first or last rank, and the side not \
                            to move cannot be in check)"
            .to_owned(),
        other => other
            .to_string()
            .trim_end_matches('.')
            .replacen("The", "the", 1),
    }
}
