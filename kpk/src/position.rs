//! The validated king-and-pawn-against-king state and its FEN, read and written through
//! cozy-chess.

use std::fmt;
use std::str::FromStr;

use cozy_chess::{Board, BoardBuilder, Color, Piece};

use crate::square::{Side, Square};

/// Number of table slots: side to move × white king × black king × pawn square.
pub const SLOTS: usize = 2 * 64 * 64 * 64;

/// Why a state or a FEN is not a legal king-and-pawn-against-king position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KpkError {
    /// cozy-chess refused the FEN itself (fields, ranks, side to move, clocks).
    #[error("malformed FEN: {0}")]
    Fen(String),
    /// A side has no king.
    #[error("{0} has no king (K+P vs K needs one king each)")]
    MissingKing(Side),
    /// Pieces beyond the two kings and one pawn, named.
    #[error("extra pieces: {0} (K+P vs K has two kings and one pawn only)")]
    ExtraPieces(String),
    /// Two kings and nothing else.
    #[error("no pawn: this is K vs K, not K+P vs K")]
    NoPawn,
    /// Castling needs a rook; none exists here.
    #[error("castling rights {0:?} are impossible without rooks; write '-'")]
    CastlingRights(String),
    /// An en-passant square needs an enemy pawn that just moved two squares.
    #[error("en passant square {0:?} is impossible with a single pawn; write '-'")]
    EnPassant(String),
    /// Two pieces on one square.
    #[error("two pieces on {0}")]
    SameSquare(Square),
    /// The kings touch.
    #[error("the kings on {0} and {1} are adjacent")]
    KingsAdjacent(Square, Square),
    /// Pawns live on ranks 2–7 (a pawn on the last rank has promoted).
    #[error("pawn on {0}: a pawn stands on ranks 2–7")]
    PawnRank(Square),
    /// The side that just moved left its king in check.
    #[error("{0} is in check but it is not {0}'s move")]
    NotToMoveInCheck(Side),
}

/// A legal king-and-pawn-against-king position: white king, black king, white pawn, side to
/// move. Legal means three distinct squares, kings apart, the pawn on ranks 2–7 and the side
/// not to move not in check, as chess's rules require.
///
/// # Example
/// ```
/// use nullmove_kpk::{Kpk, Side};
/// let p: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1".parse().unwrap();
/// assert_eq!(p.side_to_move(), Side::White);
/// assert_eq!(p.to_string(), "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1");
/// assert!("8/4k3/8/4K3/4P3/8/8/Q7 w - - 0 1".parse::<Kpk>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kpk {
    wk: Square,
    bk: Square,
    wp: Square,
    stm: Side,
}

impl Kpk {
    /// A validated position.
    ///
    /// # Example
    /// ```
    /// use nullmove_kpk::{Kpk, Side};
    /// let sq = |s: &str| s.parse().unwrap();
    /// assert!(Kpk::new(sq("e5"), sq("e7"), sq("e4"), Side::White).is_ok());
    /// // the pawn on e6 would check the king on d7 with White to move
    /// assert!(Kpk::new(sq("e5"), sq("d7"), sq("e6"), Side::White).is_err());
    /// ```
    pub fn new(wk: Square, bk: Square, wp: Square, stm: Side) -> Result<Self, KpkError> {
        if wk == bk || wk == wp {
            return Err(KpkError::SameSquare(wk));
        }
        if bk == wp {
            return Err(KpkError::SameSquare(bk));
        }
        if wk.touches(bk) {
            return Err(KpkError::KingsAdjacent(wk, bk));
        }
        if !(1..=6).contains(&wp.rank()) {
            return Err(KpkError::PawnRank(wp));
        }
        // Only Black can be in check (by the pawn); the black king never checks White
        // because the kings are apart.
        if stm == Side::White && wp.white_pawn_attacks() & bk.bit() != 0 {
            return Err(KpkError::NotToMoveInCheck(Side::Black));
        }
        Ok(Self { wk, bk, wp, stm })
    }

    /// Whether [`Kpk::new`] would accept these squares, without building an error.
    #[must_use]
    pub const fn is_legal(wk: Square, bk: Square, wp: Square, stm: Side) -> bool {
        wk.index() != bk.index()
            && wk.index() != wp.index()
            && bk.index() != wp.index()
            && !wk.touches(bk)
            && wp.rank() >= 1
            && wp.rank() <= 6
            && !(matches!(stm, Side::White) && wp.white_pawn_attacks() & bk.bit() != 0)
    }

    /// Builds without validation; callers have checked [`Kpk::is_legal`].
    pub(crate) const fn new_unchecked(wk: Square, bk: Square, wp: Square, stm: Side) -> Self {
        debug_assert!(Self::is_legal(wk, bk, wp, stm));
        Self { wk, bk, wp, stm }
    }

    /// The white king's square.
    #[must_use]
    pub const fn white_king(&self) -> Square {
        self.wk
    }

    /// The black king's square.
    #[must_use]
    pub const fn black_king(&self) -> Square {
        self.bk
    }

    /// The pawn's square.
    #[must_use]
    pub const fn pawn(&self) -> Square {
        self.wp
    }

    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Side {
        self.stm
    }

    /// The same placement with the other side to move, if that is legal too (it is not
    /// when the pawn checks the black king: then White cannot be to move).
    #[must_use]
    pub fn with_other_side_to_move(&self) -> Option<Self> {
        Self::new(self.wk, self.bk, self.wp, self.stm.other()).ok()
    }

    /// Whether the side to move is in check (only Black can be, by the pawn).
    #[must_use]
    pub const fn in_check(&self) -> bool {
        matches!(self.stm, Side::Black) && self.wp.white_pawn_attacks() & self.bk.bit() != 0
    }

    /// The pawn's file is a–d: the half of the board Syzygy statistics count (the other
    /// half is its mirror image).
    #[must_use]
    pub const fn pawn_on_files_a_to_d(&self) -> bool {
        self.wp.file() < 4
    }

    /// The table slot of this position, `0..SLOTS`.
    #[must_use]
    pub const fn index(&self) -> usize {
        let side = match self.stm {
            Side::White => 0,
            Side::Black => 1,
        };
        side * 64 * 64 * 64 + self.wk.index() * 64 * 64 + self.bk.index() * 64 + self.wp.index()
    }

    /// The position in table slot `index`, if that slot holds a legal one.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Self> {
        if index >= SLOTS {
            return None;
        }
        let (wk, bk, wp, stm) = decode(index);
        Self::is_legal(wk, bk, wp, stm).then_some(Self { wk, bk, wp, stm })
    }

    /// Every legal position, White to move first, in slot order.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nullmove_kpk::Kpk::all().count(), 331_352);
    /// ```
    pub fn all() -> impl Iterator<Item = Self> {
        (0..SLOTS).filter_map(Self::from_index)
    }

    /// The cozy-chess board of this position (clocks 0 and 1).
    #[must_use]
    pub fn to_cozy(&self) -> Board {
        let mut b = BoardBuilder::empty();
        *b.square_mut(self.wk.to_cozy()) = Some((Piece::King, Color::White));
        *b.square_mut(self.bk.to_cozy()) = Some((Piece::King, Color::Black));
        *b.square_mut(self.wp.to_cozy()) = Some((Piece::Pawn, Color::White));
        b.side_to_move = match self.stm {
            Side::White => Color::White,
            Side::Black => Color::Black,
        };
        b.build()
            .expect("a legal KPK position is a legal chess board")
    }

    /// Reads a FEN, colour-flipping it when Black owns the pawn (see [`ParsedFen`]).
    pub fn parse_fen(fen: &str) -> Result<ParsedFen, KpkError> {
        parse_fen(fen)
    }
}

/// Splits a slot into its squares and side.
pub(crate) const fn decode(index: usize) -> (Square, Square, Square, Side) {
    let stm = if index >> 18 == 0 {
        Side::White
    } else {
        Side::Black
    };
    let wk = Square::ALL[(index >> 12) & 63];
    let bk = Square::ALL[(index >> 6) & 63];
    let wp = Square::ALL[index & 63];
    (wk, bk, wp, stm)
}

impl fmt::Display for Kpk {
    /// The FEN as cozy-chess writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_cozy())
    }
}

/// A FEN read as K+P vs K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedFen {
    /// The position, White owning the pawn.
    pub position: Kpk,
    /// Whether the FEN gave Black the pawn and was mirrored (ranks flipped, colours and
    /// side to move swapped) to get here.
    pub flipped: bool,
}

impl FromStr for Kpk {
    type Err = KpkError;
    /// Reads a FEN; a black pawn is colour-flipped silently (use [`Kpk::parse_fen`] to know).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_fen(s).map(|p| p.position)
    }
}

fn color_side(c: Color) -> Side {
    match c {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn piece_name(p: Piece) -> &'static str {
    match p {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// The pieces of a placement field, if it is well formed (8 ranks of 8 squares).
fn scan_placement(field: &str) -> Option<Vec<(Piece, Color, Square)>> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut pieces = Vec::new();
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                file += d as u8;
            } else {
                let piece = ch.to_ascii_lowercase().to_string().parse::<Piece>().ok()?;
                let color = if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file >= 8 {
                    return None;
                }
                pieces.push((piece, color, Square::at(file, rank)));
                file += 1;
            }
            if file > 8 {
                return None;
            }
        }
        if file != 8 {
            return None;
        }
    }
    Some(pieces)
}

/// Names what keeps a list of pieces from being K+P vs K, if anything.
fn composition_error(pieces: &[(Piece, Color, Square)]) -> Option<KpkError> {
    for color in [Color::White, Color::Black] {
        if !pieces
            .iter()
            .any(|&(p, c, _)| p == Piece::King && c == color)
        {
            return Some(KpkError::MissingKing(color_side(color)));
        }
    }
    let mut kings = [false; 2];
    let mut pawn_seen = false;
    let mut extra = Vec::new();
    for &(piece, color, square) in pieces {
        let first = match piece {
            Piece::King => !std::mem::replace(&mut kings[color as usize], true),
            Piece::Pawn => !std::mem::replace(&mut pawn_seen, true),
            _ => false,
        };
        if !first {
            let side = color_side(color).to_string().to_lowercase();
            extra.push(format!("{side} {} on {square}", piece_name(piece)));
        }
    }
    if !extra.is_empty() {
        return Some(KpkError::ExtraPieces(extra.join(", ")));
    }
    if !pawn_seen {
        return Some(KpkError::NoPawn);
    }
    None
}

fn parse_fen(fen: &str) -> Result<ParsedFen, KpkError> {
    let fen = fen.trim();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    // Composition first: it is the most useful thing to say, and cozy-chess says only
    // "invalid board" for a missing king.
    // cozy-chess 0.3 accepts a placement with too few ranks, so the shape is checked here.
    let Some(pieces) = fields.first().and_then(|f| scan_placement(f)) else {
        return Err(KpkError::Fen(
            "the piece placement needs 8 ranks of 8 squares (pieces KPkp..., digits, '/')".into(),
        ));
    };
    if let Some(e) = composition_error(&pieces) {
        return Err(e);
    }
    if let Some(&castling) = fields.get(2)
        && castling != "-"
    {
        return Err(KpkError::CastlingRights(castling.to_owned()));
    }
    if let Some(&ep) = fields.get(3)
        && ep != "-"
    {
        return Err(KpkError::EnPassant(ep.to_owned()));
    }
    // cozy-chess wants all six fields; accept the common four-field form too.
    let full = if fields.len() == 4 {
        format!("{fen} 0 1")
    } else {
        fen.to_owned()
    };
    let board: Board = match full.parse() {
        Ok(b) => b,
        Err(e) => return Err(diagnose(&fields, &e.to_string())),
    };
    from_cozy(&board)
}

/// A precise reason for a board cozy-chess refused, when our own reading finds one.
fn diagnose(fields: &[&str], cozy: &str) -> KpkError {
    let fallback = || KpkError::Fen(cozy.trim_end_matches('.').to_lowercase());
    let Some(pieces) = fields.first().and_then(|f| scan_placement(f)) else {
        return fallback();
    };
    let find = |piece: Piece, color: Color| {
        pieces
            .iter()
            .find(|&&(p, c, _)| p == piece && c == color)
            .map(|&(_, _, s)| s)
    };
    let (Some(wk), Some(bk)) = (
        find(Piece::King, Color::White),
        find(Piece::King, Color::Black),
    ) else {
        return fallback();
    };
    let Some(&(_, pawn_color, pawn)) = pieces.iter().find(|(p, _, _)| *p == Piece::Pawn) else {
        return fallback();
    };
    let stm = match fields.get(1) {
        Some(&"w") => Side::White,
        Some(&"b") => Side::Black,
        _ => return fallback(),
    };
    let (wk, bk, wp, stm) = orient(wk, bk, pawn, stm, pawn_color == Color::Black);
    match Kpk::new(wk, bk, wp, stm) {
        Err(KpkError::PawnRank(_)) => KpkError::PawnRank(pawn),
        Err(KpkError::NotToMoveInCheck(side)) => {
            KpkError::NotToMoveInCheck(if pawn_color == Color::Black {
                side.other()
            } else {
                side
            })
        }
        Err(e) => e,
        Ok(_) => fallback(),
    }
}

/// Mirrors a position with a black pawn into one with a white pawn.
fn orient(
    wk: Square,
    bk: Square,
    pawn: Square,
    stm: Side,
    flip: bool,
) -> (Square, Square, Square, Side) {
    if flip {
        (
            bk.flip_rank(),
            wk.flip_rank(),
            pawn.flip_rank(),
            stm.other(),
        )
    } else {
        (wk, bk, pawn, stm)
    }
}

/// Reads a cozy-chess board as K+P vs K, flipping colours when Black has the pawn.
pub fn from_cozy(board: &Board) -> Result<ParsedFen, KpkError> {
    let mut pieces = Vec::new();
    for square in board.occupied() {
        let piece = board.piece_on(square).expect("occupied");
        let color = board.color_on(square).expect("occupied");
        pieces.push((piece, color, Square::from_cozy(square)));
    }
    if let Some(e) = composition_error(&pieces) {
        return Err(e);
    }
    for color in [Color::White, Color::Black] {
        let rights = board.castle_rights(color);
        if rights.short.is_some() || rights.long.is_some() {
            return Err(KpkError::CastlingRights(
                format!("{color:?}").to_lowercase(),
            ));
        }
    }
    let pawns = board.pieces(Piece::Pawn);
    let pawn = pawns.next_square().expect("one pawn");
    let flipped = board.color_on(pawn) == Some(Color::Black);
    let wk = Square::from_cozy(board.king(Color::White));
    let bk = Square::from_cozy(board.king(Color::Black));
    let stm = color_side(board.side_to_move());
    let (wk, bk, wp, stm) = orient(wk, bk, Square::from_cozy(pawn), stm, flipped);
    let position = Kpk::new(wk, bk, wp, stm)?;
    Ok(ParsedFen { position, flipped })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(fen: &str) -> String {
        Kpk::parse_fen(fen).unwrap_err().to_string()
    }

    #[test]
    fn fen_errors_name_what_is_wrong() {
        assert_eq!(
            err("8/4k3/8/4K3/4P3/8/8/3Q4 w - - 0 1"),
            "extra pieces: white queen on d1 (K+P vs K has two kings and one pawn only)"
        );
        assert!(err("8/8/8/4K3/4P3/8/8/8 w - - 0 1").starts_with("Black has no king"));
        assert!(err("8/4k3/8/8/4P3/8/8/8 w - - 0 1").starts_with("White has no king"));
        assert!(err("8/4k3/8/4K3/8/8/8/8 w - - 0 1").starts_with("no pawn"));
        assert!(err("8/4k3/8/4K3/4P3/8/8/8 w KQ - 0 1").starts_with("castling rights"));
        assert!(err("8/4k3/8/4K3/4P3/8/8/8 w - e3 0 1").starts_with("en passant"));
        assert!(err("8/4k3/8/4K3/4P3/8/8/8 x - - 0 1").starts_with("malformed FEN"));
        assert!(err("8/4k3/8/4K3/4P3/8/8 w - - 0 1").starts_with("malformed FEN"));
        assert!(err("4P3/4k3/8/4K3/8/8/8/8 w - - 0 1").starts_with("pawn on e8"));
        assert!(err("8/3k4/4P3/4K3/8/8/8/8 w - - 0 1").starts_with("Black is in check"));
        assert!(err("8/8/8/3kK3/4P3/8/8/8 w - - 0 1").starts_with("the kings"));
    }

    #[test]
    fn a_black_pawn_is_colour_flipped() {
        let parsed = Kpk::parse_fen("8/8/8/4p3/4k3/8/4K3/8 b - - 0 1").unwrap();
        assert!(parsed.flipped);
        assert_eq!(
            parsed.position.to_string(),
            "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"
        );
        let plain = Kpk::parse_fen("8/4k3/8/4K3/4P3/8/8/8 w - -").unwrap();
        assert!(!plain.flipped);
        assert_eq!(plain.position, parsed.position);
    }

    #[test]
    fn every_legal_position_round_trips_through_fen_and_slot() {
        let mut count = 0;
        for p in Kpk::all() {
            assert_eq!(Kpk::from_index(p.index()), Some(p));
            count += 1;
        }
        assert_eq!(count, 331_352);
        // FEN round trip on a sample (the exhaustive FEN check lives in the movegen test).
        for p in Kpk::all().step_by(97) {
            assert_eq!(p.to_string().parse::<Kpk>(), Ok(p));
        }
    }
}
