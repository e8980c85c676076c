//! Logistic Elo and its 95% interval: the normal approximation to the mean score that
//! fishtest (`get_elo` in `server/fishtest/stats/stat_util.py`) and `OpenBench` (`ELO` in
//! `OpenBench/stats.py`) both use, the interval's ends mapped to Elo one by one.

/// The standard normal quantile at 0.975, `Φ⁻¹(0.975)`: a 95% two-sided interval is the
/// mean ± this many standard errors.
const Z_95: f64 = 1.959_963_984_540_054;

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

/// The mean score of `counts` over scores `0, 1/(K-1), ..., 1` and its 95% interval (both
/// ends within `[0, 1]`), each unit (a game, or a pair scored as the mean of its two
/// games) an independent draw. `counts` must not all be zero.
pub(crate) fn score_interval<const K: usize>(counts: &[u64; K]) -> (f64, [f64; 2]) {
    let score = |i: usize| i as f64 / (K - 1) as f64;
    let n: f64 = counts.iter().map(|&c| c as f64).sum();
    let mean = (0..K).map(|i| counts[i] as f64 * score(i)).sum::<f64>() / n;
    let var = (0..K)
        .map(|i| counts[i] as f64 * (score(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    let half = Z_95 * (var / n).sqrt();
    (mean, [(mean - half).max(0.0), (mean + half).min(1.0)])
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
        let (mean, [lo, hi]) = score_interval(&[10, 20, 10]);
        assert!((mean - 0.5).abs() < 1e-15);
        assert!((0.5 - lo - (hi - 0.5)).abs() < 1e-15);
        // 40 games, variance 1/8 per game: half-width 1.96 sqrt(1/320).
        assert!((hi - 0.5 - Z_95 * (1.0f64 / 320.0).sqrt()).abs() < 1e-15);
    }
}
