//! Logistic Elo and its 95% interval: the normal approximation to the mean score that
//! fishtest (`get_elo` in `server/fishtest/stats/stat_util.py`) and `OpenBench` (`ELO` in
//! `OpenBench/stats.py`) both use, the interval's ends mapped to Elo one by one.

/// The standard normal quantile at 0.975, `Φ⁻¹(0.975)`: a 95% two-sided interval is the
/// mean ± this many standard errors.
const Z_95: f64 = 1.959_963_984_540_054;

/// Normalized Elo per unit of t-value: `800 / ln 10`, so that near 1/2 one normalized Elo
/// and one logistic Elo agree for a game with score variance 1/4 (no draws).
pub(crate) const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Logistic Elo of an expected score: `400 log10(s / (1 - s))`, infinite at 0 and 1 (a
/// score of 1 is beyond any finite difference), and NaN outside `[0, 1]`.
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    400.0 * (score / (1.0 - score)).log10()
}

/// The expected score of a logistic Elo difference: `1 / (1 + 10^(-elo / 400))`.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A sample's mean score per game, its 95% interval and its spread.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct ScoreEstimate {
    /// The mean score per game, in `[0, 1]`.
    pub mean: f64,
    /// The mean's 95% interval, both ends within `[0, 1]`.
    pub interval: [f64; 2],
    /// The standard deviation of one game's score, as the t-value of normalized Elo
    /// needs it: a pair's deviation (of its mean score) times sqrt 2, as if its two games
    /// were independent, which is what makes the pentanomial's t-value comparable with the
    /// trinomial's (fishtest's `LLR_normalized`, fastchess's `scoreToNeloDiff`).
    pub game_deviation: f64,
}

/// The estimate from `counts` over scores `0, 1/(K-1), ..., 1` (the trinomial's games, or
/// the pentanomial's pairs scored as the mean of their two games), each unit an
/// independent draw. `counts` must not all be zero.
pub(crate) fn score_estimate<const K: usize>(counts: &[u64; K]) -> ScoreEstimate {
    let score = |i: usize| i as f64 / (K - 1) as f64;
    let n: f64 = counts.iter().map(|&c| c as f64).sum();
    let mean = (0..K).map(|i| counts[i] as f64 * score(i)).sum::<f64>() / n;
    let var = (0..K)
        .map(|i| counts[i] as f64 * (score(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    let half = Z_95 * (var / n).sqrt();
    let games_per_unit = if K == 5 { 2.0 } else { 1.0 };
    ScoreEstimate {
        mean,
        interval: [(mean - half).max(0.0), (mean + half).min(1.0)],
        game_deviation: (games_per_unit * var).sqrt(),
    }
}

/// Normalized Elo of a score whose games deviate by `deviation`: the t-value
/// `(score - 1/2) / deviation` times `800 / ln 10`. `None` when the sample has no spread
/// (every game or pair scored alike): the t-value is then undefined.
pub(crate) fn normalized_elo(score: f64, deviation: f64) -> Option<f64> {
    (deviation > 0.0).then(|| (score - 0.5) / deviation * NELO_PER_T)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-800.0, -93.08, 0.0, 1.5, 400.0] {
            assert!((elo_from_score(score_from_elo(elo)) - elo).abs() < 1e-9);
        }
        assert!(elo_from_score(1.0).is_infinite() && elo_from_score(1.0) > 0.0);
        assert!(elo_from_score(0.0).is_infinite() && elo_from_score(0.0) < 0.0);
        assert!((elo_from_score(10.0 / 11.0) - 400.0).abs() < 1e-9);
    }

    #[test]
    fn an_even_sample_is_centred() {
        let e = score_estimate(&[10, 20, 10]);
        let (mean, [lo, hi]) = (e.mean, e.interval);
        assert!((mean - 0.5).abs() < 1e-15);
        assert!((0.5 - lo - (hi - 0.5)).abs() < 1e-15);
        // 40 games, variance 1/8 per game: half-width 1.96 sqrt(1/320).
        assert!((hi - 0.5 - Z_95 * (1.0f64 / 320.0).sqrt()).abs() < 1e-15);
        assert!((e.game_deviation - (1.0f64 / 8.0).sqrt()).abs() < 1e-15);
    }

    #[test]
    fn a_pair_counts_as_two_games_for_normalized_elo() {
        // Pairs scoring 1/4 or 3/4 as often: a pair's mean deviates by 1/4, a game by
        // 1/4 sqrt 2.
        let e = score_estimate(&[0, 5, 0, 5, 0]);
        assert!((e.game_deviation - 0.25 * 2f64.sqrt()).abs() < 1e-15);
        assert_eq!(normalized_elo(0.5, 0.0), None);
        let nelo = normalized_elo(0.6, 0.5).unwrap();
        assert!((nelo - 0.2 * NELO_PER_T).abs() < 1e-12);
    }
}
