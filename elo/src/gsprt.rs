//! The generalized log-likelihood ratio as fishtest computes it
//! (official-stockfish/fishtest, `server/fishtest/stats/LLRcalc.py`): the sample's
//! empirical distribution over the scores of a game (0, 1/2, 1) or a pair (0, 1/4, ..., 1),
//! the maximum-likelihood distribution under each hypothesis, and the sample's
//! log-likelihood between the two. The theory is Michel Van den Bergh's notes
//! `support_MLE_multinomial` (Proposition 1.1, a fixed expected score) and
//! `normalized_elo_practical` (section 4.1, a fixed t-value).

use crate::Model;
use crate::interval::{NELO_PER_T, score_from_elo};

/// fishtest's prior for an empty cell, so that no probability is zero.
const EMPTY_CELL: f64 = 1e-3;

/// A discrete distribution: each score with its probability.
type Pdf<const K: usize> = [(f64, f64); K];

/// The LLR of H1 (`elo1`) against H0 (`elo0`) for `counts` of scores `0, 1/(K-1), ..., 1`:
/// losses, draws, wins (K = 3) or the pentanomial (K = 5).
pub(crate) fn llr<const K: usize>(model: Model, elo0: f64, elo1: f64, counts: &[u64; K]) -> f64 {
    let (n, pdf) = empirical(counts);
    let (pdf0, pdf1) = match model {
        Model::Logistic => (
            mle_expected(&pdf, score_from_elo(elo0)),
            mle_expected(&pdf, score_from_elo(elo1)),
        ),
        Model::Normalized => {
            // A pair's t-value is sqrt 2 times a game's: the pair's score is the mean of two
            // games, its deviation 1/sqrt 2 of one game's.
            let per_unit = if K == 5 {
                std::f64::consts::SQRT_2
            } else {
                1.0
            };
            let t = |nelo: f64| nelo / NELO_PER_T * per_unit;
            (
                mle_t_value(&pdf, 0.5, t(elo0)),
                mle_t_value(&pdf, 0.5, t(elo1)),
            )
        }
    };
    let per_sample: f64 = (0..K)
        .map(|i| pdf[i].1 * (pdf1[i].1.ln() - pdf0[i].1.ln()))
        .sum();
    n * per_sample
}

/// The sample's size and distribution, empty cells given fishtest's small prior.
fn empirical<const K: usize>(counts: &[u64; K]) -> (f64, Pdf<K>) {
    let cells = counts.map(|c| if c == 0 { EMPTY_CELL } else { c as f64 });
    let n: f64 = cells.iter().sum();
    let mut pdf = [(0.0, 0.0); K];
    for (i, cell) in pdf.iter_mut().enumerate() {
        *cell = (i as f64 / (K - 1) as f64, cells[i] / n);
    }
    (n, pdf)
}

/// Mean and variance of a distribution.
fn moments(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|&(a, p)| a * p).sum();
    let var = pdf.iter().map(|&(a, p)| p * (a - mean).powi(2)).sum();
    (mean, var)
}

/// The root of the secular equation `sum p_i a_i / (1 + x a_i) = 0` on the interval where
/// every `1 + x a_i` is positive, found by bisection (the left side falls strictly with x).
/// `None` when the `a_i` do not change sign, so no distribution meets the constraint.
fn secular(terms: &[(f64, f64)]) -> Option<f64> {
    let lowest = terms.iter().map(|t| t.0).fold(f64::INFINITY, f64::min);
    let highest = terms.iter().map(|t| t.0).fold(f64::NEG_INFINITY, f64::max);
    if !(lowest < 0.0 && highest > 0.0) {
        return None;
    }
    let f = |x: f64| -> f64 { terms.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum() };
    // fishtest's bracket: the poles' interval, narrowed by 1e-9 on each side.
    let (mut lo, mut hi) = (-1.0 / highest + 1e-9, -1.0 / lowest - 1e-9);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The distribution on `pdf`'s scores nearest the sample (maximum likelihood) among those
/// with expected score `s` (Proposition 1.1: `p_i / (1 + x (a_i - s))`, x the secular root).
fn mle_expected<const K: usize>(pdf: &Pdf<K>, s: f64) -> Pdf<K> {
    let shifted = pdf.map(|(a, p)| (a - s, p));
    // `s` is a logistic score strictly inside (0, 1) and the scores span [0, 1].
    let x = secular(&shifted).expect("an expected score inside (0, 1) is always attainable");
    let mut mle = *pdf;
    for (cell, &(a, _)) in mle.iter_mut().zip(&shifted) {
        cell.1 /= 1.0 + x * a;
    }
    mle
}

/// The distribution on `pdf`'s scores nearest the sample among those with t-value
/// `(mean - reference) / deviation = t` (section 4.1): fishtest's fixed point, started
/// from the uniform distribution, at most ten rounds, stopped when no probability moves by
/// 1e-9.
fn mle_t_value<const K: usize>(pdf: &Pdf<K>, reference: f64, t: f64) -> Pdf<K> {
    let mut mle = pdf.map(|(a, _)| (a, 1.0 / K as f64));
    for _ in 0..10 {
        let (mean, var) = moments(&mle);
        let sigma = var.sqrt();
        let terms = pdf.map(|(a, p)| {
            let z = (mean - a) / sigma;
            (a - reference - t * sigma * (1.0 + z * z) / 2.0, p)
        });
        let Some(x) = secular(&terms) else {
            break;
        };
        let previous = mle;
        for (cell, &(shift, p)) in mle.iter_mut().zip(&terms) {
            cell.1 = p / (1.0 + x * shift);
        }
        let moved = previous
            .iter()
            .zip(&mle)
            .map(|(a, b)| (a.1 - b.1).abs())
            .fold(0.0, f64::max);
        if moved < 1e-9 {
            break;
        }
    }
    mle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_expected_score_constraint_holds() {
        let (_, pdf) = empirical(&[230, 4738, 21769, 4745, 242]);
        for s in [0.3, 0.49, 0.5, 0.51, 0.7] {
            let (mean, _) = moments(&mle_expected(&pdf, s));
            assert!((mean - s).abs() < 1e-9, "{mean} against {s}");
        }
    }

    #[test]
    fn the_t_value_constraint_holds() {
        let (_, pdf) = empirical(&[435, 16138, 36885, 16049, 481]);
        for t in [-0.02, -0.005, 0.0, 0.004] {
            let (mean, var) = moments(&mle_t_value(&pdf, 0.5, t));
            assert!(((mean - 0.5) / var.sqrt() - t).abs() < 1e-7);
        }
    }

    #[test]
    fn the_secular_root_solves_its_equation() {
        let terms = [(-0.5, 0.2), (0.1, 0.5), (0.5, 0.3)];
        let x = secular(&terms).unwrap();
        let f: f64 = terms.iter().map(|&(a, p)| p * a / (1.0 + x * a)).sum();
        assert!(f.abs() < 1e-12);
        assert_eq!(secular(&[(0.1, 0.5), (0.5, 0.5)]), None);
    }
}
