//! Moves in writing: standard algebraic notation (SAN, the suites' `bm` and `am`) and the
//! UCI coordinate notation (`e2e4`, `e1g1`, `e7e8q`).
//!
//! SAN follows the PGN standard (Edwards 1994, section 8.2.3): piece letter, the origin's
//! file, rank or both only when another piece of that kind could reach the square, `x` for
//! captures, `=Q` for promotions, `O-O` and `O-O-O`, and `+` or `#` after a check or mate.
//! Reading is lenient where no ambiguity can follow: `0-0`, a missing or extra `+`/`#`,
//! annotation marks (`!`, `?`), `e8Q` for `e8=Q`, over-specified origins and a missing `x`.

use cozy_chess::{Board, File, Move, Piece, Rank, Square};

use crate::ChessError;

/// Whether `mv` castles (cozy-chess writes castling as the king taking its own rook).
#[must_use]
pub fn is_castling(board: &Board, mv: Move) -> bool {
    board.piece_on(mv.from) == Some(Piece::King)
        && board.color_on(mv.to) == Some(board.side_to_move())
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

/// The move in UCI notation, castling as the king's two-square step.
///
/// # Example
/// ```
/// use nullmove_chess::{parse_san, uci};
/// let board: cozy_chess::Board =
///     "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
/// assert_eq!(uci(&board, parse_san(&board, "O-O").unwrap()), "e1g1");
/// ```
#[must_use]
pub fn uci(board: &Board, mv: Move) -> String {
    if is_castling(board, mv) {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        return format!("{}{}", mv.from, Square::new(file, mv.from.rank()));
    }
    mv.to_string()
}

/// Reads a UCI move of `board` (castling as the king's step or as king-takes-rook; a
/// promotion's letter in either case, `a7a8Q` as Stockfish takes it).
pub fn parse_uci(board: &Board, text: &str) -> Result<Move, ChessError> {
    let illegal = || ChessError::IllegalMove(text.to_owned());
    let mv = parse_move(text).ok_or_else(illegal)?;
    let text_of_mv = mv.to_string();
    let mut found = None;
    board.generate_moves(|moves| {
        for m in moves {
            // A move's UCI text starts with its own from-square, so only those can match:
            // formatting every legal move made checking a long game's moves slow.
            if m == mv || (m.from == mv.from && uci(board, m) == text_of_mv) {
                found = Some(m);
            }
        }
        false
    });
    found.ok_or_else(illegal)
}

/// A move's text as cozy-chess reads it, the promotion's letter in either case.
pub(crate) fn parse_move(text: &str) -> Option<Move> {
    match text.as_bytes() {
        [squares @ .., letter] if squares.len() == 4 && letter.is_ascii_uppercase() => {
            format!("{}{}", &text[..4], letter.to_ascii_lowercase() as char)
                .parse()
                .ok()
        }
        _ => text.parse().ok(),
    }
}

fn letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

fn piece_of(c: char) -> Option<Piece> {
    Some(match c {
        'N' => Piece::Knight,
        'B' => Piece::Bishop,
        'R' => Piece::Rook,
        'Q' => Piece::Queen,
        'K' => Piece::King,
        _ => return None,
    })
}

fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|m| {
        moves.extend(m);
        false
    });
    moves
}

/// The move in SAN.
///
/// # Example
/// ```
/// use nullmove_chess::san;
/// let board: cozy_chess::Board =
///     "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse().unwrap();
/// assert_eq!(san(&board, "f3e5".parse().unwrap()), "Nxe5");
/// ```
#[must_use]
pub fn san(board: &Board, mv: Move) -> String {
    let mut s = String::new();
    let piece = board
        .piece_on(mv.from)
        .expect("a piece on the move's square");
    if is_castling(board, mv) {
        s.push_str(if mv.to.file() > mv.from.file() {
            "O-O"
        } else {
            "O-O-O"
        });
    } else if piece == Piece::Pawn {
        if is_capture(board, mv) {
            s.push(char::from(mv.from.file()));
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(p) = mv.promotion {
            s.push('=');
            s.push(letter(p));
        }
    } else {
        s.push(letter(piece));
        // Other pieces of the same kind that can reach the square.
        let mut rivals: Vec<Square> = Vec::new();
        let ours = board.colored_pieces(board.side_to_move(), piece);
        board.generate_moves_for(ours, |moves| {
            if moves.from != mv.from && moves.to.has(mv.to) {
                rivals.push(moves.from);
            }
            false
        });
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|r| r.file() == mv.from.file());
            let same_rank = rivals.iter().any(|r| r.rank() == mv.from.rank());
            if !same_file {
                s.push(char::from(mv.from.file()));
            } else if !same_rank {
                s.push(char::from(mv.from.rank()));
            } else {
                s.push_str(&mv.from.to_string());
            }
        }
        if is_capture(board, mv) {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
    }
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        s.push(if after.generate_moves(|_| true) {
            '+'
        } else {
            '#'
        });
    }
    s
}

/// What a SAN string asks for, before it is matched against the legal moves.
#[derive(Debug, Default)]
struct Pattern {
    piece: Option<Piece>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Option<Square>,
    promotion: Option<Piece>,
    castle: Option<bool>,
}

fn pattern(text: &str) -> Option<Pattern> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let mut p = Pattern::default();
    match t {
        "O-O" | "0-0" => {
            p.castle = Some(true);
            return Some(p);
        }
        "O-O-O" | "0-0-0" => {
            p.castle = Some(false);
            return Some(p);
        }
        _ => {}
    }
    let mut chars: Vec<char> = t.chars().collect();
    if let Some(&first) = chars.first()
        && let Some(piece) = piece_of(first)
    {
        p.piece = Some(piece);
        chars.remove(0);
    }
    // A promotion: `=Q`, or a bare `Q` after the square.
    if let Some(&last) = chars.last()
        && let Some(promo) = piece_of(last).filter(|&q| q != Piece::King)
    {
        p.promotion = Some(promo);
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
    }
    if chars.len() < 2 {
        return None;
    }
    let square: String = chars[chars.len() - 2..].iter().collect();
    p.to = Some(square.parse().ok()?);
    chars.truncate(chars.len() - 2);
    if chars.last() == Some(&'x') {
        p.capture = true;
        chars.pop();
    }
    for c in chars {
        match c {
            'a'..='h' if p.from_file.is_none() => p.from_file = c.to_string().parse().ok(),
            '1'..='8' if p.from_rank.is_none() => p.from_rank = c.to_string().parse().ok(),
            _ => return None,
        }
    }
    Some(p)
}

impl Pattern {
    fn matches(&self, board: &Board, m: Move) -> bool {
        if let Some(short) = self.castle {
            return is_castling(board, m) && (m.to.file() > m.from.file()) == short;
        }
        let piece = board.piece_on(m.from);
        let wanted = self.piece.unwrap_or(Piece::Pawn);
        if piece != Some(wanted) || is_castling(board, m) || Some(m.to) != self.to {
            return false;
        }
        if self.capture && !is_capture(board, m) {
            return false;
        }
        // A pawn leaves its file only when it takes, and says from which file.
        if wanted == Piece::Pawn && m.from.file() != m.to.file() && self.from_file.is_none() {
            return false;
        }
        self.from_file.is_none_or(|f| f == m.from.file())
            && self.from_rank.is_none_or(|r| r == m.from.rank())
            && m.promotion == self.promotion
    }
}

/// Reads a SAN move of `board`.
///
/// # Example
/// ```
/// use nullmove_chess::{parse_san, uci};
/// let board: cozy_chess::Board = "6k1/P7/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
/// assert_eq!(uci(&board, parse_san(&board, "a8=Q+").unwrap()), "a7a8q");
/// assert_eq!(uci(&board, parse_san(&board, "0-0").unwrap()), "e1g1");
/// assert_eq!(uci(&board, parse_san(&board, "Rb1").unwrap()), "a1b1"); // h1's rook is blocked
/// assert!(parse_san(&board, "Nf3").is_err()); // no knight
/// ```
pub fn parse_san(board: &Board, text: &str) -> Result<Move, ChessError> {
    let error = |reason: &str| ChessError::San {
        san: text.to_owned(),
        fen: board.to_string(),
        reason: reason.to_owned(),
    };
    let p = pattern(text).ok_or_else(|| error("not SAN"))?;
    let found: Vec<Move> = legal_moves(board)
        .into_iter()
        .filter(|&m| p.matches(board, m))
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(error("no legal move matches")),
        many => Err(error(&format!(
            "ambiguous: {}",
            many.iter()
                .map(|&m| san(board, m))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}
