//! Squares, sides and the few attack sets king-and-pawn-against-king needs.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A square of the board, `a1 = 0`, `b1 = 1`, …, `h8 = 63` (file-major inside a rank, the
/// order cozy-chess uses too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Every square, `a1` to `h8`.
    pub const ALL: [Self; 64] = {
        let mut all = [Self(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Self(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index, if it is below 64.
    #[must_use]
    pub const fn new(index: u8) -> Option<Self> {
        if index < 64 { Some(Self(index)) } else { None }
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank), both below 8.
    #[must_use]
    pub const fn at(file: u8, rank: u8) -> Self {
        debug_assert!(file < 8 && rank < 8);
        Self(rank * 8 + file)
    }

    /// The index `0..64`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 for the a-file.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 for the first rank.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square seen from the other side (rank `r` becomes rank `7 - r`).
    #[must_use]
    pub const fn flip_rank(self) -> Self {
        Self(self.0 ^ 0o70)
    }

    /// The single-bit set of this square.
    #[must_use]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The square `delta` ranks up (negative: down), if on the board.
    #[must_use]
    pub const fn up(self, delta: i8) -> Option<Self> {
        let rank = self.rank() as i8 + delta;
        if rank < 0 || rank > 7 {
            None
        } else {
            Some(Self::at(self.file(), rank as u8))
        }
    }

    /// The squares a king on this square attacks.
    #[must_use]
    pub const fn king_attacks(self) -> u64 {
        KING_ATTACKS[self.slot()]
    }

    /// The squares a white pawn on this square attacks (diagonally forward).
    #[must_use]
    pub const fn white_pawn_attacks(self) -> u64 {
        WHITE_PAWN_ATTACKS[self.slot()]
    }

    /// The index into a 64-entry table, masked so that the compiler sees it in range.
    // PERF: no bounds check on the attack tables, which the search reads at every node.
    const fn slot(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The lowest square of a non-empty set of squares.
    #[must_use]
    pub const fn lowest(set: u64) -> Self {
        debug_assert!(set != 0, "a square of an empty set");
        Self((set.trailing_zeros() & 63) as u8)
    }

    /// Whether two squares touch (a king on one attacks the other).
    #[must_use]
    pub const fn touches(self, other: Self) -> bool {
        self.king_attacks() & other.bit() != 0
    }

    /// Chebyshev distance: the number of king steps between the squares.
    #[must_use]
    pub const fn distance(self, other: Self) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// The same square in cozy-chess's type.
    #[must_use]
    pub fn to_cozy(self) -> cozy_chess::Square {
        cozy_chess::Square::index(self.index())
    }

    /// A cozy-chess square in this type.
    #[must_use]
    pub fn from_cozy(square: cozy_chess::Square) -> Self {
        Self(square as u8)
    }
}

/// Squares attacked by a king, by square; computed at compile time.
const KING_ATTACKS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut set = 0u64;
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                    set |= 1 << (nr * 8 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        table[sq] = set;
        sq += 1;
    }
    table
};

/// Squares attacked by a white pawn, by square (none from the last rank); computed at
/// compile time.
const WHITE_PAWN_ATTACKS: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 56 {
        if sq % 8 > 0 {
            table[sq] |= 1 << (sq + 7);
        }
        if sq % 8 < 7 {
            table[sq] |= 1 << (sq + 9);
        }
        sq += 1;
    }
    table
};

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file()),
            char::from(b'1' + self.rank())
        )
    }
}

impl std::str::FromStr for Square {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Self::at(f - b'a', r - b'1')),
            _ => Err(format!("{s:?} is not a square (a1..h8)")),
        }
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The two sides of chess. White always owns the pawn (a FEN with a black pawn is
/// colour-flipped on the way in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The side with king and pawn; it maximizes.
    White,
    /// The lone king; it minimizes.
    Black,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Self::White => Self::Black,
            Self::Black => Self::White,
        }
    }

    /// `w` or `b`, as in FEN.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Self::White => 'w',
            Self::Black => 'b',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::White => "White",
            Self::Black => "Black",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_name_and_attack_like_cozy_chess() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string(), sq.to_cozy().to_string());
            assert_eq!(Square::from_cozy(sq.to_cozy()), sq);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            let cozy = cozy_chess::get_king_moves(sq.to_cozy());
            let ours: Vec<_> = Square::ALL
                .into_iter()
                .filter(|t| sq.touches(*t))
                .map(Square::to_cozy)
                .collect();
            assert_eq!(ours, cozy.into_iter().collect::<Vec<_>>());
            if (1..7).contains(&sq.rank()) {
                let cozy = cozy_chess::get_pawn_attacks(sq.to_cozy(), cozy_chess::Color::White);
                assert_eq!(sq.white_pawn_attacks(), cozy.0);
            }
        }
    }
}
