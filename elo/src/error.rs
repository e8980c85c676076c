//! What can be wrong with a sample or a test's parameters, said so a user can act on it.

/// A sample or parameters the statistics cannot use.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StatsError {
    /// No game was played: there is no score to estimate.
    #[error("no games: a score needs at least one game")]
    NoGames,
    /// The SPRT's hypotheses are not ordered (`elo0 < elo1`) or not finite.
    #[error("the SPRT bounds must be finite with elo0 < elo1 (got elo0 {elo0}, elo1 {elo1})")]
    Bounds {
        /// The null hypothesis's Elo.
        elo0: f64,
        /// The alternative hypothesis's Elo.
        elo1: f64,
    },
    /// An error rate outside `(0, 1)`, or `alpha + beta >= 1`, which leaves no region where
    /// the test goes on.
    #[error(
        "the SPRT error rates must lie in (0, 1) with alpha + beta < 1 (got alpha {alpha}, beta {beta})"
    )]
    ErrorRates {
        /// The type I error rate.
        alpha: f64,
        /// The type II error rate.
        beta: f64,
    },
    /// Game counts given beside a pentanomial that do not add up to it: `2 x pairs` games,
    /// and as many points (a win 1, a draw 1/2) as the pairs scored.
    #[error("{0}")]
    Inconsistent(String),
    /// A path's batch of 0 samples: updates must come some samples apart.
    #[error("a batch is at least 1 sample (fishtest's batch_size)")]
    Batch,
    /// A count too large to add up (beyond 2^53 games the score is no longer exact either).
    #[error("too many games: counts must add up to at most 2^53")]
    TooMany,
}
