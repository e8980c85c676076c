//! The Elo scale an SPRT's bounds are given in, logistic or normalized: shared by the test
//! and the log-likelihood ratio it computes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The Elo scale the SPRT's bounds are given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Model {
    /// Logistic Elo: a score `s` is `400 log10(s / (1 - s))`; fishtest's bounds until 2021.
    Logistic,
    /// Normalized Elo: the score's distance from 1/2 in standard deviations of one game
    /// pair (or game), scaled by `800 / ln 10`; it does not depend on the draw rate, so one
    /// pair of bounds suits every time control (fishtest's bounds since 2021).
    Normalized,
}

impl Model {
    /// The name on the command line and in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Logistic => "logistic",
            Self::Normalized => "normalized",
        }
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Model {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "logistic" => Ok(Self::Logistic),
            "normalized" => Ok(Self::Normalized),
            _ => Err(format!(
                "unknown Elo model {s:?}: expected logistic or normalized"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_by_name() {
        for m in [Model::Logistic, Model::Normalized] {
            assert_eq!(m.to_string().parse::<Model>(), Ok(m));
        }
        assert!(
            "bayeselo"
                .parse::<Model>()
                .unwrap_err()
                .contains("logistic or normalized")
        );
    }
}
