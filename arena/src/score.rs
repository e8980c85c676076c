//! A search's score as engines report it: centipawns, or moves to mate, from the side to
//! move's point of view (the UCI protocol's `score cp` and `score mate`).

use std::fmt;

use nullmove_optimized::{MATE, MATE_BOUND, Value};
use serde::{Deserialize, Serialize};

/// A score from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Moves (not plies) to mate: positive when the side to move mates, negative when it is
    /// mated (`mate -0` does not exist: a side already mated has no move to report).
    Mate(i32),
}

impl Score {
    /// The score of a search value from the side to move's point of view: a mate `n` plies
    /// away (`±(MATE - n)`) becomes `n` plies rounded up to moves, as UCI counts them.
    ///
    /// # Example
    /// ```
    /// use nullmove_arena::Score;
    /// use nullmove_optimized::MATE;
    /// assert_eq!(Score::from_value(MATE - 1), Score::Mate(1));
    /// assert_eq!(Score::from_value(-(MATE - 2)), Score::Mate(-1));
    /// assert_eq!(Score::from_value(35), Score::Cp(35));
    /// ```
    #[must_use]
    pub fn from_value(value: Value) -> Self {
        if value.abs() >= MATE_BOUND {
            let moves = (MATE - value.abs() + 1) / 2;
            Self::Mate(if value > 0 { moves } else { -moves })
        } else {
            Self::Cp(value)
        }
    }

    /// The score as centipawns for comparisons (adjudication): a mate is beyond any
    /// evaluation, a nearer one further.
    #[must_use]
    pub fn centipawns(self) -> i32 {
        match self {
            Self::Cp(cp) => cp,
            Self::Mate(m) if m > 0 => MATE - 2 * m,
            Self::Mate(m) => -(MATE + 2 * m),
        }
    }

    /// The same score from the other side's point of view.
    #[must_use]
    pub const fn negate(self) -> Self {
        match self {
            Self::Cp(cp) => Self::Cp(-cp),
            Self::Mate(m) => Self::Mate(-m),
        }
    }

    /// The score as a PGN comment writes it (cutechess's form): pawns with a sign
    /// (`+0.35`), or `+M3`/`-M2` for mates.
    #[must_use]
    pub fn pawns(self) -> String {
        match self {
            Self::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let cp = cp.unsigned_abs();
                format!("{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Self::Mate(m) if m > 0 => format!("+M{m}"),
            Self::Mate(m) => format!("-M{}", m.unsigned_abs()),
        }
    }
}

impl fmt::Display for Score {
    /// The UCI form: `cp 35` or `mate -2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Cp(cp) => write!(f, "cp {cp}"),
            Self::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_moves_from_plies() {
        // Mate in 3 plies (the side to move mates on its second move).
        assert_eq!(Score::from_value(MATE - 3), Score::Mate(2));
        // Mated in 4 plies: two moves of the side to move.
        assert_eq!(Score::from_value(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(Score::from_value(MATE_BOUND - 1), Score::Cp(MATE_BOUND - 1));
    }

    #[test]
    fn nearer_mates_compare_further() {
        let order = [
            Score::Mate(-1),
            Score::Mate(-5),
            Score::Cp(-900),
            Score::Cp(0),
            Score::Cp(900),
            Score::Mate(5),
            Score::Mate(1),
        ];
        for w in order.windows(2) {
            assert!(w[0].centipawns() < w[1].centipawns(), "{w:?}");
        }
        assert_eq!(Score::Mate(3).negate(), Score::Mate(-3));
    }

    #[test]
    fn written_as_uci_and_pgn_write_them() {
        assert_eq!(Score::Cp(-35).to_string(), "cp -35");
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
        assert_eq!(Score::Cp(-35).pawns(), "-0.35");
        assert_eq!(Score::Cp(1234).pawns(), "+12.34");
        assert_eq!(Score::Cp(0).pawns(), "+0.00");
        assert_eq!(Score::Mate(3).pawns(), "+M3");
        assert_eq!(Score::Mate(-1).pawns(), "-M1");
    }
}
