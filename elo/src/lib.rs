//! Match statistics as the engine-testing frameworks compute them: the logistic Elo of a
//! score with its 95% interval, and the generalized sequential probability ratio test (SPRT)
//! on game pairs (pentanomial) or single games (trinomial), with bounds in logistic or
//! normalized Elo.
//!
//! The methods are fishtest's (`server/fishtest/stats/LLRcalc.py` and `stat_util.py` in
//! official-stockfish/fishtest): the log-likelihood ratio of the maximum-likelihood
//! distributions under each hypothesis, with zero counts regularized to 1e-3. The Elo
//! interval is the normal approximation both fishtest (`get_elo`) and `OpenBench`
//! (`OpenBench/stats.py`) use, on pairs when pairs are known.
//!
//! Pure arithmetic: no I/O, no clock, no randomness, so a result can be checked against a
//! published run from its counts alone.
//!
//! # Example
//! ```
//! use nullmove_elo::{Model, Pentanomial, Sprt, summarize_pairs};
//!
//! // Stockfish's "Remove razoring" at short time control (fishtest, 2020).
//! let pairs = Pentanomial([230, 4738, 21769, 4745, 242]);
//! let sprt = Sprt::new(Model::Logistic, -1.25, 0.25).unwrap();
//! let summary = summarize_pairs(&pairs, None, Some(&sprt)).unwrap();
//! let result = summary.sprt.unwrap();
//! assert_eq!(format!("{:.2}", result.llr), "2.95");
//! ```

mod error;
mod extended;
mod gsprt;
mod interval;
mod model;
mod sample;
mod sequential;
mod sprt;
mod summary;

pub use error::StatsError;
pub use interval::{elo_from_score, score_from_elo};
pub use model::Model;
pub use sample::{Outcome, Pentanomial, Wdl, parse_counts};
pub use sequential::{SprtPath, SprtRun, replay_games, replay_pairs};
pub use sprt::{Decision, Sprt, SprtResult};
pub use summary::{Summary, summarize_games, summarize_pairs};

/// The crate's README, whose example runs as a doc test: the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
