//! The counts a match produces: game results (win, draw, loss) and game-pair scores
//! (pentanomial), always from the first player's side.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::StatsError;

/// Beyond 2^53 a count no longer converts to `f64` exactly.
const MAX_COUNT: u64 = 1 << 53;

/// One game's result from the first player's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The first player won: 1 point.
    Win,
    /// A draw: half a point each.
    Draw,
    /// The first player lost: 0 points.
    Loss,
}

impl Outcome {
    /// The first player's points in half points (loss 0, draw 1, win 2): a pair's
    /// pentanomial index is the sum over its two games.
    #[must_use]
    pub fn half_points(self) -> usize {
        match self {
            Self::Loss => 0,
            Self::Draw => 1,
            Self::Win => 2,
        }
    }

    /// The same game from the other player's side.
    #[must_use]
    pub fn reversed(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Draw => Self::Draw,
            Self::Loss => Self::Win,
        }
    }
}

/// Wins, draws and losses of the first player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Wdl {
    /// Games the first player won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games the first player lost.
    pub losses: u64,
}

impl Wdl {
    /// Counts one more game.
    pub fn record(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
    }

    /// The number of games, or [`StatsError::TooMany`] beyond 2^53.
    pub fn games(&self) -> Result<u64, StatsError> {
        checked_total(&[self.wins, self.draws, self.losses])
    }

    /// The same games from the other player's side: wins and losses swapped.
    #[must_use]
    pub fn reversed(&self) -> Self {
        Self {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The counts in fishtest's trinomial order: losses, draws, wins (scores 0, 1/2, 1).
    #[must_use]
    pub fn trinomial(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }
}

/// Game pairs (one opening played twice, colours reversed) by the first player's points in
/// the pair: `[0, 1/2, 1, 3/2, 2]`, fishtest's `LL, LD+DL, LW+DD+WL, DW+WD, WW`. Pairs are
/// the unit of the statistics because the two games of an opening are correlated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts one more pair from its two games' outcomes (first player's side, either order).
    pub fn record(&mut self, first: Outcome, second: Outcome) {
        self.0[first.half_points() + second.half_points()] += 1;
    }

    /// The number of pairs, or [`StatsError::TooMany`] beyond 2^53.
    pub fn pairs(&self) -> Result<u64, StatsError> {
        let pairs = checked_total(&self.0)?;
        if pairs > MAX_COUNT / 2 {
            return Err(StatsError::TooMany);
        }
        Ok(pairs)
    }

    /// The same pairs from the other player's side: the counts in reverse order.
    #[must_use]
    pub fn reversed(&self) -> Self {
        let mut counts = self.0;
        counts.reverse();
        Self(counts)
    }

    /// The first player's points over all pairs, in half points (a win 2, a draw 1).
    #[must_use]
    pub fn half_points(&self) -> u128 {
        self.0
            .iter()
            .enumerate()
            .map(|(i, &n)| i as u128 * u128::from(n))
            .sum()
    }

    /// Adds another sample's pairs (a shard's, say).
    pub fn merge(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }
}

/// The sum of `counts`, refused beyond 2^53, where `f64` stops counting exactly.
fn checked_total(counts: &[u64]) -> Result<u64, StatsError> {
    counts
        .iter()
        .try_fold(0u64, |sum, &n| sum.checked_add(n))
        .filter(|&sum| sum <= MAX_COUNT)
        .ok_or(StatsError::TooMany)
}

/// Comma-separated counts, each a whole number, spaces around them allowed: the text of
/// [`Wdl`], [`Pentanomial`] and each line of a run's path.
pub fn parse_counts(s: &str) -> Result<Vec<u64>, String> {
    s.split(',')
        .map(str::trim)
        .map(|part| {
            part.parse()
                .map_err(|_| format!("{part:?} is not a count: expected a whole number"))
        })
        .collect()
}

/// `N` comma-separated counts; `what` names them in the error.
fn counts<const N: usize>(s: &str, what: &str) -> Result<[u64; N], String> {
    let given = s.split(',').count();
    if given != N {
        return Err(format!(
            "expected {N} counts separated by commas ({what}), got {given}"
        ));
    }
    Ok(parse_counts(s)?.try_into().expect("N counts"))
}

/// `W,D,L`, as a match's summary and `nullmove chess sprt --wdl` write them.
impl FromStr for Wdl {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        counts(s, "wins, draws, losses").map(|[wins, draws, losses]| Self {
            wins,
            draws,
            losses,
        })
    }
}

/// `N0,N1,N2,N3,N4`, the pairs scoring 0, 1/2, 1, 3/2 and 2, as fishtest lists them.
impl FromStr for Pentanomial {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        counts(s, "pairs scoring 0, 1/2, 1, 3/2, 2").map(Self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_written_and_bad_ones_say_why() {
        assert_eq!(
            "1, 2,3".parse::<Wdl>(),
            Ok(Wdl {
                wins: 1,
                draws: 2,
                losses: 3
            })
        );
        assert_eq!(
            "0,1,2,3,4".parse::<Pentanomial>(),
            Ok(Pentanomial([0, 1, 2, 3, 4]))
        );
        let short = "1,2".parse::<Pentanomial>().unwrap_err();
        assert!(
            short.contains("expected 5 counts") && short.ends_with("got 2"),
            "{short}"
        );
        let bad = "1,-2,3".parse::<Wdl>().unwrap_err();
        assert!(bad.starts_with("\"-2\" is not a count"), "{bad}");
    }

    #[test]
    fn a_pair_lands_by_its_points() {
        let mut p = Pentanomial::default();
        p.record(Outcome::Win, Outcome::Loss);
        p.record(Outcome::Draw, Outcome::Draw);
        p.record(Outcome::Win, Outcome::Draw);
        p.record(Outcome::Loss, Outcome::Loss);
        assert_eq!(p, Pentanomial([1, 0, 2, 1, 0]));
        assert_eq!(p.half_points(), 2 + 2 + 3);
        assert_eq!(p.reversed(), Pentanomial([0, 1, 2, 0, 1]));
    }

    #[test]
    fn totals_beyond_exact_floats_are_refused() {
        assert_eq!(
            Wdl {
                wins: u64::MAX,
                draws: 1,
                losses: 0
            }
            .games(),
            Err(StatsError::TooMany)
        );
        assert_eq!(
            Pentanomial([MAX_COUNT, 0, 0, 0, 0]).pairs(),
            Err(StatsError::TooMany)
        );
        assert_eq!(
            Wdl {
                wins: 3,
                draws: 2,
                losses: 1
            }
            .games(),
            Ok(6)
        );
    }
}
