//! What the runner does with a score beyond printing it (the library's [`Score`], UCI's
//! `cp` or `mate` from the side to move): compare it for adjudication, write it in PGN.

use nullmove_optimized::{MATE, Score};

/// The score as centipawns for comparisons (adjudication): a mate is beyond any
/// evaluation, a nearer one further.
///
/// # Example
/// ```
/// use nullmove_arena::{Score, centipawns};
/// assert!(centipawns(Score::Mate(1)) > centipawns(Score::Mate(5)));
/// assert!(centipawns(Score::Mate(5)) > centipawns(Score::Value(2000)));
/// assert!(centipawns(Score::Mate(-1)) < centipawns(Score::Value(-2000)));
/// ```
#[must_use]
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Value(cp) => cp,
        Score::Mate(m) if m > 0 => MATE - 2 * m,
        Score::Mate(m) => -(MATE + 2 * m),
    }
}

/// The score as a PGN comment writes it (cutechess's form): pawns with a sign (`+0.35`),
/// or `+M3`/`-M2` for mates.
#[must_use]
pub fn pawns(score: Score) -> String {
    match score {
        Score::Value(cp) => {
            let sign = if cp < 0 { '-' } else { '+' };
            let cp = cp.unsigned_abs();
            format!("{sign}{}.{:02}", cp / 100, cp % 100)
        }
        Score::Mate(m) if m > 0 => format!("+M{m}"),
        Score::Mate(m) => format!("-M{}", m.unsigned_abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearer_mates_compare_further() {
        let order = [
            Score::Mate(-1),
            Score::Mate(-5),
            Score::Value(-900),
            Score::Value(0),
            Score::Value(900),
            Score::Mate(5),
            Score::Mate(1),
        ];
        for w in order.windows(2) {
            assert!(centipawns(w[0]) < centipawns(w[1]), "{w:?}");
        }
    }

    #[test]
    fn written_as_pgn_comments_write_them() {
        assert_eq!(pawns(Score::Value(-35)), "-0.35");
        assert_eq!(pawns(Score::Value(1234)), "+12.34");
        assert_eq!(pawns(Score::Value(0)), "+0.00");
        assert_eq!(pawns(Score::Mate(3)), "+M3");
        assert_eq!(pawns(Score::Mate(-1)), "-M1");
    }
}
