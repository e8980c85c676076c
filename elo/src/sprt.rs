//! The sequential probability ratio test as fishtest runs it: two hypotheses on the Elo
//! difference (`elo0`, `elo1`), Wald's bounds from the error rates, and the generalized
//! log-likelihood ratio of the sample between them.

use serde::{Deserialize, Serialize};

use crate::{Model, Pentanomial, StatsError, Wdl, gsprt};

/// Which hypothesis the test accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Decision {
    /// The LLR fell below the lower bound: the Elo difference is `elo0` (or less); fishtest
    /// marks the run "rejected".
    H0,
    /// The LLR rose above the upper bound: the Elo difference is `elo1` (or more); fishtest
    /// marks the run "accepted".
    H1,
}

impl Decision {
    /// The decision of an LLR against a lower and an upper bound, or `None` between them
    /// (fishtest's strict comparisons: an LLR on a bound goes on).
    pub(crate) fn between(llr: f64, lower: f64, upper: f64) -> Option<Self> {
        if llr < lower {
            Some(Self::H0)
        } else if llr > upper {
            Some(Self::H1)
        } else {
            None
        }
    }
}

/// An SPRT's parameters: `H0: elo = elo0` against `H1: elo = elo1` in `model`'s Elo, with
/// type I error `alpha` (reached at `elo0`) and type II error `beta` (reached at `elo1`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// The scale `elo0` and `elo1` are in.
    pub model: Model,
    /// The null hypothesis's Elo difference.
    pub elo0: f64,
    /// The alternative hypothesis's Elo difference.
    pub elo1: f64,
    /// The type I error rate: accepting H1 when H0 holds.
    pub alpha: f64,
    /// The type II error rate: accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// A test with fishtest's default error rates, `alpha = beta = 0.05` (bounds ±2.94).
    pub fn new(model: Model, elo0: f64, elo1: f64) -> Result<Self, StatsError> {
        Self::with_error_rates(model, elo0, elo1, 0.05, 0.05)
    }

    /// A test with the given error rates.
    pub fn with_error_rates(
        model: Model,
        elo0: f64,
        elo1: f64,
        alpha: f64,
        beta: f64,
    ) -> Result<Self, StatsError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(StatsError::Bounds { elo0, elo1 });
        }
        let rate = |r: f64| r > 0.0 && r < 1.0;
        if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            return Err(StatsError::ErrorRates { alpha, beta });
        }
        Ok(Self {
            model,
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Wald's lower bound, `ln(beta / (1 - alpha))`: below it the test accepts H0.
    #[must_use]
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Wald's upper bound, `ln((1 - beta) / alpha)`: above it the test accepts H1.
    #[must_use]
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision an LLR gives against Wald's bounds, or `None` while the test goes on.
    #[must_use]
    pub fn decide(&self, llr: f64) -> Option<Decision> {
        Decision::between(llr, self.lower(), self.upper())
    }

    /// The test on game pairs (fishtest's pentanomial LLR).
    pub fn on_pairs(&self, pairs: &Pentanomial) -> Result<SprtResult, StatsError> {
        if pairs.pairs()? == 0 {
            return Err(StatsError::NoGames);
        }
        Ok(self.result(gsprt::llr(self.model, self.elo0, self.elo1, &pairs.0)))
    }

    /// The test on single games (fishtest's trinomial LLR), for samples without pairs.
    pub fn on_games(&self, games: &Wdl) -> Result<SprtResult, StatsError> {
        if games.games()? == 0 {
            return Err(StatsError::NoGames);
        }
        let counts = games.trinomial();
        Ok(self.result(gsprt::llr(self.model, self.elo0, self.elo1, &counts)))
    }

    fn result(&self, llr: f64) -> SprtResult {
        SprtResult {
            model: self.model,
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: self.alpha,
            beta: self.beta,
            llr,
            lower: self.lower(),
            upper: self.upper(),
            decision: self.decide(llr),
        }
    }
}

/// An SPRT's state after a sample: its parameters, the LLR, the bounds it was held to and
/// the decision (`None`, JSON `null`, while the LLR lies between the bounds). The bounds
/// are Wald's for a sample judged whole ([`Sprt::on_pairs`]); a run followed pair by pair
/// ([`SprtRun`](crate::SprtRun)) narrows them by the overshoot it has seen.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SprtResult {
    /// The scale of `elo0` and `elo1`.
    pub model: Model,
    /// The null hypothesis's Elo difference.
    pub elo0: f64,
    /// The alternative hypothesis's Elo difference.
    pub elo1: f64,
    /// The type I error rate.
    pub alpha: f64,
    /// The type II error rate.
    pub beta: f64,
    /// The generalized log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// The bound below which H0 is accepted.
    pub lower: f64,
    /// The bound above which H1 is accepted.
    pub upper: f64,
    /// The accepted hypothesis, if the LLR has left the bounds.
    pub decision: Option<Decision>,
}

/// `ELO0,ELO1[,MODEL]`: the bounds in logistic Elo, or in the model named (`normalized`),
/// with fishtest's default error rates.
impl std::str::FromStr for Sprt {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let parts: Vec<&str> = s.split(',').map(str::trim).collect();
        let (bounds, model) = match parts.as_slice() {
            [a, b] => ([*a, *b], Model::Logistic),
            [a, b, m] => ([*a, *b], m.parse::<Model>()?),
            _ => return Err(format!("{s:?}: expected ELO0,ELO1 or ELO0,ELO1,MODEL")),
        };
        let elo = |t: &str| {
            t.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("{t:?} is not an Elo difference"))
        };
        Self::new(model, elo(bounds[0])?, elo(bounds[1])?).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_read_with_their_model() {
        let t: Sprt = "-1.75,0.25,normalized".parse().unwrap();
        assert_eq!((t.model, t.elo0, t.elo1), (Model::Normalized, -1.75, 0.25));
        assert_eq!("0,5".parse::<Sprt>().unwrap().model, Model::Logistic);
        for bad in ["1", "5,0", "0,inf", "0,5,bogus", "0,5,logistic,1"] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }

    #[test]
    fn default_bounds_are_fishtests() {
        let t = Sprt::new(Model::Normalized, 0.0, 2.0).unwrap();
        assert_eq!(format!("{:.3} {:.3}", t.lower(), t.upper()), "-2.944 2.944");
        assert_eq!(t.decide(2.95), Some(Decision::H1));
        assert_eq!(t.decide(-2.95), Some(Decision::H0));
        assert_eq!(t.decide(2.94), None);
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert!(matches!(
            Sprt::new(Model::Logistic, 1.0, 1.0),
            Err(StatsError::Bounds { .. })
        ));
        assert!(Sprt::new(Model::Logistic, f64::NAN, 1.0).is_err());
        assert!(matches!(
            Sprt::with_error_rates(Model::Logistic, 0.0, 1.0, 0.6, 0.5),
            Err(StatsError::ErrorRates { .. })
        ));
        assert!(Sprt::with_error_rates(Model::Logistic, 0.0, 1.0, 0.0, 0.05).is_err());
    }
}
