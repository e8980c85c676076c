//! What a sample says, as one document: its counts, the score, logistic Elo with its 95%
//! interval, and the SPRT's state when a test is asked for.

use serde::{Deserialize, Serialize};

use crate::interval::{ScoreEstimate, elo_from_score, normalized_elo, score_estimate};
use crate::{Pentanomial, Sprt, SprtPath, SprtResult, StatsError, Wdl};

/// A sample's statistics, from the first player's side: the fields of `nullmove chess
/// sprt --json` (docs/src/specification.md, "The command-line contract") and of a match's result.
///
/// Elo is infinite when the score (or an end of its interval) is 0 or 1: every game won
/// or lost says no finite difference fits. JSON has no infinity, so such a value is
/// written as the string `"+inf"` or `"-inf"`; every finite value is a number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games in the sample (twice the pairs, when pairs are known).
    pub games: u64,
    /// Game pairs, or `None` (JSON `null`) when only game counts were given.
    pub pairs: Option<u64>,
    /// Pairs by the first player's points `[0, 1/2, 1, 3/2, 2]`, or `None` without pairs.
    pub pentanomial: Option<Pentanomial>,
    /// Games won, or `None` (JSON `null`) when only a pentanomial was given: a pair
    /// scoring 1 may be two draws or a win and a loss.
    pub wins: Option<u64>,
    /// Games drawn, or `None` when only a pentanomial was given.
    pub draws: Option<u64>,
    /// Games lost, or `None` when only a pentanomial was given.
    pub losses: Option<u64>,
    /// The mean score per game, in `[0, 1]`.
    pub score: f64,
    /// Logistic Elo of the score.
    #[serde(with = "crate::extended")]
    pub elo: f64,
    /// The 95% interval of the Elo: the normal interval of the mean score (on pairs when
    /// pairs are known), each end in Elo.
    #[serde(with = "crate::extended::pair")]
    pub elo_95: [f64; 2],
    /// The interval's larger half-width, the `±` of "Elo -93.08 ± 4.96" as `OpenBench` shows
    /// it (`max(upper - elo, elo - lower)`, `longStatBlock` in its `templatetags/mytags.py`):
    /// Elo is not linear in the score, so the interval is not symmetric about the estimate.
    #[serde(with = "crate::extended")]
    pub elo_error: f64,
    /// Normalized Elo, the scale of fishtest's bounds since 2021: the score's distance
    /// from 1/2 in standard deviations of one game (a pair's deviation times sqrt 2),
    /// times `800 / ln 10`, as fastchess reports it; `None` (JSON `null`) when every game
    /// or pair scored alike, which leaves no deviation to divide by.
    pub normalized_elo: Option<f64>,
    /// The 95% interval of the normalized Elo: the score's interval on the same scale.
    pub normalized_elo_95: Option<[f64; 2]>,
    /// The SPRT's state, when a test was asked for.
    pub sprt: Option<SprtResult>,
    /// The SPRT replayed from the run's path (its counts after each update), when one was
    /// given: the decision fishtest's overshoot correction reaches; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt_path: Option<SprtPath>,
}

/// The statistics of game pairs: Elo on the pairs (their two games are correlated, so
/// pairs, not games, are the independent units) and the pentanomial SPRT. `wdl`, the same
/// games counted one by one, is checked against the pairs and reported; without it the
/// game counts are `None`.
pub fn summarize_pairs(
    pairs: &Pentanomial,
    wdl: Option<Wdl>,
    sprt: Option<&Sprt>,
) -> Result<Summary, StatsError> {
    let n = pairs.pairs()?;
    if n == 0 {
        return Err(StatsError::NoGames);
    }
    if let Some(w) = wdl {
        check_games(pairs, n, &w)?;
    }
    let sprt = sprt.map(|t| t.on_pairs(pairs)).transpose()?;
    Ok(Summary {
        pairs: Some(n),
        pentanomial: Some(*pairs),
        ..Summary::of_score(2 * n, wdl, &score_estimate(&pairs.0), sprt)
    })
}

/// The statistics of single games, when pairs are not known (`OpenBench`'s reports, an old
/// run): Elo on games and the trinomial SPRT, both treating games as independent.
pub fn summarize_games(wdl: &Wdl, sprt: Option<&Sprt>) -> Result<Summary, StatsError> {
    let games = wdl.games()?;
    if games == 0 {
        return Err(StatsError::NoGames);
    }
    let sprt = sprt.map(|t| t.on_games(wdl)).transpose()?;
    let estimate = score_estimate(&wdl.trinomial());
    Ok(Summary::of_score(games, Some(*wdl), &estimate, sprt))
}

impl Summary {
    /// This sample's Elo less `other`'s, from two independent matches, with its 95%
    /// interval: each interval's half-width (upper less lower, halved) in quadrature, the
    /// normal approximation both intervals already make.
    ///
    /// # Example
    /// ```
    /// use nullmove_elo::{Pentanomial, summarize_pairs};
    /// let a = summarize_pairs(&Pentanomial([10, 20, 40, 20, 10]), None, None).unwrap();
    /// let b = summarize_pairs(&Pentanomial([5, 15, 40, 25, 15]), None, None).unwrap();
    /// let (d, [lo, hi]) = a.elo_less(&b);
    /// assert!((d - (a.elo - b.elo)).abs() < 1e-12 && lo < d && d < hi);
    /// let half = |s: &nullmove_elo::Summary| (s.elo_95[1] - s.elo_95[0]) / 2.0;
    /// assert!((hi - d - half(&a).hypot(half(&b))).abs() < 1e-9);
    /// ```
    #[must_use]
    pub fn elo_less(&self, other: &Self) -> (f64, [f64; 2]) {
        let half = |s: &Self| (s.elo_95[1] - s.elo_95[0]) / 2.0;
        let d = self.elo - other.elo;
        let w = half(self).hypot(half(other));
        (d, [d - w, d + w])
    }

    /// The fields every sample has, from its score and the score's interval; no pairs.
    fn of_score(
        games: u64,
        wdl: Option<Wdl>,
        estimate: &ScoreEstimate,
        sprt: Option<SprtResult>,
    ) -> Self {
        let ScoreEstimate {
            mean: score,
            interval,
            game_deviation,
        } = *estimate;
        let elo = elo_from_score(score);
        let elo_95 = interval.map(elo_from_score);
        let nelo = |s: f64| normalized_elo(s, game_deviation);
        Self {
            games,
            pairs: None,
            pentanomial: None,
            wins: wdl.map(|w| w.wins),
            draws: wdl.map(|w| w.draws),
            losses: wdl.map(|w| w.losses),
            score,
            elo,
            elo_95,
            elo_error: if elo.is_finite() {
                (elo - elo_95[0]).max(elo_95[1] - elo)
            } else {
                // Every game won or lost: no finite margin describes the estimate.
                f64::INFINITY
            },
            normalized_elo: nelo(score),
            normalized_elo_95: nelo(interval[0])
                .zip(nelo(interval[1]))
                .map(|(lo, hi)| [lo, hi]),
            sprt,
            sprt_path: None,
        }
    }
}

/// Game counts that must describe the same games as `pairs`: twice as many games, and the
/// same points.
fn check_games(pairs: &Pentanomial, n: u64, wdl: &Wdl) -> Result<(), StatsError> {
    let games = wdl.games()?;
    if games != 2 * n {
        return Err(StatsError::Inconsistent(format!(
            "{games} games counted for {n} pairs: a pair is two games, so expected {}",
            2 * n
        )));
    }
    let half_points = 2 * u128::from(wdl.wins) + u128::from(wdl.draws);
    if half_points != pairs.half_points() {
        return Err(StatsError::Inconsistent(format!(
            "the games score {} points but the pairs {}",
            half_points as f64 / 2.0,
            pairs.half_points() as f64 / 2.0
        )));
    }
    Ok(())
}
