//! Legal moves of K+P vs K, generated into a fixed array (no heap), and what each leads to.
//!
//! A move leaves the endgame in two ways: the pawn promotes (K+Q, K+R, K+B or K+N vs K,
//! Black to move) or the black king takes the pawn (K vs K, a dead draw). Both are
//! [`Successor`]s of their own, resolved exactly by [`Successor::promotion_wins`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::position::Kpk;
use crate::square::{Side, Square};

/// The piece a pawn becomes on the last rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Promotion {
    /// K+Q vs K: won unless the queen is lost at once or Black is stalemated.
    Queen,
    /// K+R vs K: won unless the rook is lost at once or Black is stalemated.
    Rook,
    /// K+B vs K: a draw (no mate exists).
    Bishop,
    /// K+N vs K: a draw (no mate exists).
    Knight,
}

impl Promotion {
    /// The four, in the order moves are generated.
    pub const ALL: [Self; 4] = [Self::Queen, Self::Rook, Self::Bishop, Self::Knight];

    /// The piece in cozy-chess's type.
    #[must_use]
    pub const fn to_cozy(self) -> cozy_chess::Piece {
        match self {
            Self::Queen => cozy_chess::Piece::Queen,
            Self::Rook => cozy_chess::Piece::Rook,
            Self::Bishop => cozy_chess::Piece::Bishop,
            Self::Knight => cozy_chess::Piece::Knight,
        }
    }

    /// The letter used in UCI notation.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Queen => 'q',
            Self::Rook => 'r',
            Self::Bishop => 'b',
            Self::Knight => 'n',
        }
    }
}

/// A move: from, to, and the promotion piece if the pawn reaches the last rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// The piece a promoting pawn becomes.
    pub promotion: Option<Promotion>,
}

impl Move {
    /// The same move in cozy-chess's type.
    #[must_use]
    pub fn to_cozy(self) -> cozy_chess::Move {
        cozy_chess::Move {
            from: self.from.to_cozy(),
            to: self.to.to_cozy(),
            promotion: self.promotion.map(Promotion::to_cozy),
        }
    }
}

impl fmt::Display for Move {
    /// UCI notation, e.g. `e4e5`, `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.letter())?;
        }
        Ok(())
    }
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where a move leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Successor {
    /// Still K+P vs K.
    Kpk(Kpk),
    /// The pawn promoted: White king, black king, the new piece on `square`, Black to move.
    Promoted {
        /// The white king.
        white_king: Square,
        /// The black king.
        black_king: Square,
        /// The promotion square (rank 8).
        square: Square,
        /// The new piece.
        piece: Promotion,
    },
    /// The black king took the pawn: K vs K, White to move, a draw.
    PawnTaken {
        /// The white king.
        white_king: Square,
        /// The black king, on the pawn's square.
        black_king: Square,
    },
}

/// The eight directions a queen slides in, as (file, rank) steps: the rook's four first.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// `RAYS[d][s]`: the squares from `s` (excluded) to the board's edge in direction `d` of
/// [`DIRECTIONS`]; computed at compile time.
const RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = DIRECTIONS[d];
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
            loop {
                f += df;
                r += dr;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                rays[d][sq] |= 1 << (r * 8 + f);
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// Squares a queen or rook on `from` attacks, the white king blocking and the black king
/// transparent (so that a king cannot step back along the line of a check).
// PERF: a ray cut at the white king, from tables built at compile time, instead of walking
// each ray square by square: the 860,279 promotions of `nullmove kpk sweep --half-board
// --eval exact --depths 3 --reductions 1 --configurations in_check` cost 42 instead of 221
// million instructions (`valgrind --tool=callgrind`, release build, `RAYON_NUM_THREADS=1`).
fn slider_attacks(from: Square, piece: Promotion, wk: Square) -> u64 {
    let directions = match piece {
        Promotion::Queen => 0..8,
        Promotion::Rook => 0..4,
        Promotion::Bishop | Promotion::Knight => unreachable!("only queen and rook win"),
    };
    let mut set = 0;
    for d in directions {
        let ray = RAYS[d][from.index()];
        // The squares behind the white king are shadowed; the king's own is attacked.
        set |= if ray & wk.bit() == 0 {
            ray
        } else {
            ray & !RAYS[d][wk.index()]
        };
    }
    set
}

impl Successor {
    /// The exact result of a promotion, so the table needs no larger endgame: a queen or
    /// rook wins unless Black takes it at once or is stalemated; a bishop or knight draws.
    /// `None` for a successor that is not a promotion.
    #[must_use]
    pub fn promotion_wins(&self) -> Option<bool> {
        let &Self::Promoted {
            white_king: wk,
            black_king: bk,
            square,
            piece,
        } = self
        else {
            return None;
        };
        if matches!(piece, Promotion::Bishop | Promotion::Knight) {
            return Some(false);
        }
        let attacked = slider_attacks(square, piece, wk) | wk.king_attacks();
        // The black king's legal replies: any neighbour not attacked, the new piece
        // included when the white king does not guard it (then it is taken: a draw).
        let replies = bk.king_attacks() & !attacked & !wk.bit();
        if replies & square.bit() != 0 {
            return Some(false);
        }
        let in_check = attacked & bk.bit() != 0;
        Some(replies != 0 || in_check)
    }

    /// The successor as a cozy-chess board, for comparing with cozy-chess's own moves.
    #[must_use]
    pub fn to_cozy(&self) -> cozy_chess::Board {
        use cozy_chess::{BoardBuilder, Color, Piece};
        match *self {
            Self::Kpk(p) => p.to_cozy(),
            Self::Promoted {
                white_king,
                black_king,
                square,
                piece,
            } => {
                let mut b = BoardBuilder::empty();
                *b.square_mut(white_king.to_cozy()) = Some((Piece::King, Color::White));
                *b.square_mut(black_king.to_cozy()) = Some((Piece::King, Color::Black));
                *b.square_mut(square.to_cozy()) = Some((piece.to_cozy(), Color::White));
                b.side_to_move = Color::Black;
                b.build().expect("a legal promotion")
            }
            Self::PawnTaken {
                white_king,
                black_king,
            } => {
                let mut b = BoardBuilder::empty();
                *b.square_mut(white_king.to_cozy()) = Some((Piece::King, Color::White));
                *b.square_mut(black_king.to_cozy()) = Some((Piece::King, Color::Black));
                b.side_to_move = Color::White;
                b.build().expect("a legal K vs K")
            }
        }
    }
}

/// Most moves a K+P vs K position has: 8 king moves and 4 promotions.
pub const MAX_MOVES: usize = 12;

/// A fixed-capacity list of moves, so generation never allocates.
#[derive(Debug, Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    fn new() -> Self {
        let none = Move {
            from: Square::ALL[0],
            to: Square::ALL[0],
            promotion: None,
        };
        Self {
            moves: [none; MAX_MOVES],
            len: 0,
        }
    }

    fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES, "more moves than K+P vs K allows");
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// The moves, in generation order.
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// How many moves.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no legal move (mate or stalemate).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl Kpk {
    /// Every legal move, pawn moves first (promotions queen, rook, bishop, knight; then the
    /// single and double step), then king moves in square order.
    ///
    /// # Example
    /// ```
    /// use nullmove_kpk::Kpk;
    /// let p: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1".parse().unwrap();
    /// let moves: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    /// // e6, d6 and f6 touch the black king; e4 holds the pawn, which is blocked.
    /// assert_eq!(moves, ["e5d4", "e5f4", "e5d5", "e5f5"]);
    /// ```
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        for m in self.moves() {
            list.push(m);
        }
        list
    }

    /// The legal moves of [`Kpk::legal_moves`], in the same order, made one at a time: a
    /// search that cuts off after the first few never makes the rest.
    ///
    /// # Example
    /// ```
    /// use nullmove_kpk::Kpk;
    /// let p: Kpk = "8/8/8/8/8/8/4P3/K6k w - - 0 1".parse().unwrap();
    /// let moves: Vec<String> = p.moves().map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["e2e3", "e2e4", "a1b1", "a1a2", "a1b2"]);
    /// let p: Kpk = "8/4P3/8/8/8/8/8/K6k w - - 0 1".parse().unwrap();
    /// assert_eq!(p.moves().take(4).map(|m| m.to_string()).collect::<Vec<_>>(),
    ///            ["e7e8q", "e7e8r", "e7e8b", "e7e8n"]);
    /// ```
    #[must_use]
    #[inline]
    pub fn moves(&self) -> Moves {
        let (wk, bk, wp) = (self.white_king(), self.black_king(), self.pawn());
        match self.side_to_move() {
            Side::White => {
                let occupied = wk.bit() | bk.bit();
                let one = wp.up(1).expect("pawn below rank 8");
                let mut pawn_targets = 0;
                let mut promotions = 0;
                if occupied & one.bit() == 0 {
                    pawn_targets = one.bit();
                    if one.rank() == 7 {
                        promotions = Promotion::ALL.len() as u8;
                    } else if wp.rank() == 1 {
                        let two = wp.up(2).expect("pawn below rank 7");
                        pawn_targets |= two.bit() & !occupied;
                    }
                }
                // The white king may go anywhere not next to the black king and not onto
                // its own pawn; nothing else attacks it.
                Moves {
                    pawn: wp,
                    pawn_targets,
                    promotions,
                    king: wk,
                    king_targets: wk.king_attacks() & !bk.king_attacks() & !wp.bit(),
                }
            }
            // The black king avoids the white king's and the pawn's attacks; the pawn
            // itself is a target (taken) when the white king does not guard it.
            Side::Black => Moves {
                pawn: wp,
                pawn_targets: 0,
                promotions: 0,
                king: bk,
                king_targets: bk.king_attacks() & !wk.king_attacks() & !wp.white_pawn_attacks(),
            },
        }
    }

    /// Whether the side to move has a legal move (no: mate or stalemate), without
    /// listing them: the search asks this at every node.
    #[must_use]
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        let (wk, bk, wp) = (self.white_king(), self.black_king(), self.pawn());
        match self.side_to_move() {
            Side::White => {
                let push = wp.up(1).expect("pawn below rank 8").bit() & (wk.bit() | bk.bit()) == 0;
                push || wk.king_attacks() & !bk.king_attacks() & !wp.bit() != 0
            }
            Side::Black => bk.king_attacks() & !wk.king_attacks() & !wp.white_pawn_attacks() != 0,
        }
    }

    /// The position a legal move leads to.
    #[must_use]
    pub fn play(&self, m: Move) -> Successor {
        let (wk, bk, wp) = (self.white_king(), self.black_king(), self.pawn());
        // Legality of `m` is the caller's: the search plays only generated moves, and the
        // movegen test proves generation against cozy-chess.
        match self.side_to_move() {
            Side::White => {
                if let Some(piece) = m.promotion {
                    Successor::Promoted {
                        white_king: wk,
                        black_king: bk,
                        square: m.to,
                        piece,
                    }
                } else if m.from == wp {
                    Successor::Kpk(Kpk::new_unchecked(wk, bk, m.to, Side::Black))
                } else {
                    Successor::Kpk(Kpk::new_unchecked(m.to, bk, wp, Side::Black))
                }
            }
            Side::Black => {
                if m.to == wp {
                    Successor::PawnTaken {
                        white_king: wk,
                        black_king: m.to,
                    }
                } else {
                    Successor::Kpk(Kpk::new_unchecked(wk, m.to, wp, Side::White))
                }
            }
        }
    }
}

/// The legal moves of a position, made one at a time in [`Kpk::legal_moves`]'s order
/// ([`Kpk::moves`]): the pawn's targets (each promotion piece in turn on the last rank),
/// then the king's, lowest square first. No heap.
// PERF: made on demand instead of listed into a [`MoveList`] and read back: a node copies
// no list, and one cut off after its first moves never makes the others. With the ray
// tables of `slider_attacks`, 4.92 instead of 5.33 billion instructions for the command
// quoted there, 0.18 of them the promotions'.
#[derive(Debug, Clone)]
pub struct Moves {
    pawn: Square,
    /// The pawn's target squares still to come (White to move).
    pawn_targets: u64,
    /// Promotion pieces still to come on the pawn's one target, counting down.
    promotions: u8,
    king: Square,
    /// The king's target squares still to come.
    king_targets: u64,
}

impl Iterator for Moves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.pawn_targets != 0 {
            let to = Square::lowest(self.pawn_targets);
            let promotion = if self.promotions == 0 {
                self.pawn_targets &= self.pawn_targets - 1;
                None
            } else {
                let piece = Promotion::ALL[Promotion::ALL.len() - usize::from(self.promotions)];
                self.promotions -= 1;
                if self.promotions == 0 {
                    self.pawn_targets = 0;
                }
                Some(piece)
            };
            return Some(Move {
                from: self.pawn,
                to,
                promotion,
            });
        }
        if self.king_targets == 0 {
            return None;
        }
        let to = Square::lowest(self.king_targets);
        self.king_targets &= self.king_targets - 1;
        Some(Move {
            from: self.king,
            to,
            promotion: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn successor(fen: &str, uci: &str) -> Successor {
        let p: Kpk = fen.parse().unwrap();
        let m = *p
            .legal_moves()
            .iter()
            .find(|m| m.to_string() == uci)
            .unwrap();
        p.play(m)
    }

    #[test]
    fn promotions_resolve_by_the_rules() {
        // Queen on e8 guarded by nothing, black king on d7 next to it: taken, a draw.
        let s = successor("8/3kP3/8/8/8/8/8/K7 w - - 0 1", "e7e8q");
        assert_eq!(s.promotion_wins(), Some(false));
        // Guarded by the king on f7: a win.
        let s = successor("8/3kPK2/8/8/8/8/8/8 w - - 0 1", "e7e8q");
        assert_eq!(s.promotion_wins(), Some(true));
        // Knight: a draw whatever happens.
        let s = successor("8/3kPK2/8/8/8/8/8/8 w - - 0 1", "e7e8n");
        assert_eq!(s.promotion_wins(), Some(false));
        // Black king a8, white king b6, pawn c7: c8=Q is stalemate? No: it gives check
        // along the 8th rank and a8 has no flight square (a7, b7 guarded; b8 attacked): mate.
        let s = successor("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8q");
        assert_eq!(s.promotion_wins(), Some(true));
        // Black king a7 ... white king c6 covers b7,b6; queen on c8 covers b8, a6? The
        // queen on c8 attacks a6 along the diagonal c8-b7-a6: no move, no check: stalemate.
        let s = successor("8/k1P5/2K5/8/8/8/8/8 w - - 0 1", "c7c8q");
        assert_eq!(s.promotion_wins(), Some(false));
        // The same with a rook: b8 attacked, a8 attacked along the rank, a6 free: a win.
        let s = successor("8/k1P5/2K5/8/8/8/8/8 w - - 0 1", "c7c8r");
        assert_eq!(s.promotion_wins(), Some(true));
    }
}
