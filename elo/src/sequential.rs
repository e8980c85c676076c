//! An SPRT followed as the games arrive, with fishtest's dynamic overshoot correction
//! (`update_SPRT` in `server/fishtest/stats/stat_util.py`): a test updated one
//! sample at a time stops after the LLR has already passed a bound by some overshoot, so
//! its real error rates are smaller than asked; fishtest estimates the expected overshoot
//! from the LLR's record highs and lows (Siegmund, "Sequential Analysis", Corollary 8.33)
//! and narrows Wald's bounds by it.

use serde::{Deserialize, Serialize};

use crate::{Decision, Pentanomial, Sprt, SprtResult, StatsError, Wdl};

/// The LLR's record lows and highs so far, for the overshoot estimate.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Records {
    /// The lowest LLR so far (0 before the first update).
    low: f64,
    /// The sum of the steps by which the LLR set new lows (negative).
    low_sum: f64,
    /// The sum of their squares.
    low_squares: f64,
    /// The highest LLR so far.
    high: f64,
    /// The sum of the steps by which the LLR set new highs.
    high_sum: f64,
    /// The sum of their squares.
    high_squares: f64,
}

impl Records {
    fn record(&mut self, llr: f64) {
        if llr < self.low {
            let step = llr - self.low;
            self.low_sum += step;
            self.low_squares += step * step;
            self.low = llr;
        }
        if llr > self.high {
            let step = llr - self.high;
            self.high_sum += step;
            self.high_squares += step * step;
            self.high = llr;
        }
    }

    /// The expected overshoot below the lower bound and above the upper bound: a ladder
    /// height's second moment over twice its first.
    fn overshoot(&self) -> (f64, f64) {
        let below = if self.low_sum == 0.0 {
            0.0
        } else {
            -self.low_squares / self.low_sum / 2.0
        };
        let above = if self.high_sum == 0.0 {
            0.0
        } else {
            self.high_squares / self.high_sum / 2.0
        };
        (below, above)
    }
}

/// An SPRT updated after every game pair (or every game), as a match runner plays them.
/// Each update's bounds are Wald's narrowed by the overshoot estimated so far; an update
/// that skips samples restarts the records, and one with fewer samples than before ends
/// the correction for good (fishtest's rules), leaving Wald's bounds.
#[derive(Debug, Clone, PartialEq)]
pub struct SprtRun {
    sprt: Sprt,
    /// Samples between two updates in the normal case (fishtest's `batch_size`).
    batch: u64,
    /// Samples (pairs or games) at the last update.
    samples: u64,
    /// `None` once the one-sample-at-a-time contract was broken.
    records: Option<Records>,
}

impl SprtRun {
    /// A run of `sprt` before any game.
    #[must_use]
    pub fn new(sprt: Sprt) -> Self {
        Self::with_batch(sprt, 1)
    }

    /// A run of `sprt` updated every `batch` samples (fishtest's `batch_size`: a worker
    /// reports its pairs in batches): an update `batch` samples after the last one records,
    /// one after more restarts the records, and a count that is not a whole number of
    /// batches ends the correction. A batch of 0 counts as 1.
    #[must_use]
    pub fn with_batch(sprt: Sprt, batch: u64) -> Self {
        Self {
            sprt,
            batch: batch.max(1),
            samples: 0,
            records: Some(Records::default()),
        }
    }

    /// The test's parameters.
    #[must_use]
    pub fn sprt(&self) -> &Sprt {
        &self.sprt
    }

    /// The test after `pairs`, all the pairs so far (one more than at the last update).
    pub fn update_pairs(&mut self, pairs: &Pentanomial) -> Result<SprtResult, StatsError> {
        let result = self.sprt.on_pairs(pairs)?;
        Ok(self.update(pairs.pairs()?, result))
    }

    /// The test after `games`, all the games so far, when games are not paired.
    pub fn update_games(&mut self, games: &Wdl) -> Result<SprtResult, StatsError> {
        let result = self.sprt.on_games(games)?;
        Ok(self.update(games.games()?, result))
    }

    fn update(&mut self, samples: u64, mut result: SprtResult) -> SprtResult {
        let llr = result.llr;
        if samples < self.samples || !samples.is_multiple_of(self.batch) {
            self.records = None;
        } else if let Some(records) = &mut self.records {
            if samples == self.samples + self.batch {
                records.record(llr);
            } else if samples > self.samples {
                records.low = llr;
                records.high = llr;
            }
        }
        self.samples = samples;
        let (below, above) = self.records.map_or((0.0, 0.0), |r| r.overshoot());
        result.lower = self.sprt.lower() + below;
        result.upper = self.sprt.upper() - above;
        result.decision = Decision::between(llr, result.lower, result.upper);
        result
    }
}

/// A run replayed from its path: the counts after each update, as fishtest recorded them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SprtPath {
    /// Updates in the path.
    pub updates: usize,
    /// Samples (pairs, or games without pairs) between two updates.
    pub batch: u64,
    /// Samples at the first update whose LLR passed the narrowed bounds: where fishtest
    /// stopped the run; `None` (JSON `null`) when none did.
    pub decided_after: Option<u64>,
    /// The test at that update, or at the last one: its bounds narrowed by the overshoot
    /// the path showed.
    pub result: SprtResult,
}

/// Replays `path`, the cumulative pairs after each update, oldest first, every `batch`
/// pairs ([`SprtRun::with_batch`]), and stops at the first decision, as fishtest does.
pub fn replay_pairs(sprt: &Sprt, path: &[Pentanomial], batch: u64) -> Result<SprtPath, StatsError> {
    replay(sprt, path.len(), batch, |run, i| run.update_pairs(&path[i]))
}

/// [`replay_pairs`] for single games: the cumulative wins, draws and losses per update.
pub fn replay_games(sprt: &Sprt, path: &[Wdl], batch: u64) -> Result<SprtPath, StatsError> {
    replay(sprt, path.len(), batch, |run, i| run.update_games(&path[i]))
}

fn replay(
    sprt: &Sprt,
    updates: usize,
    batch: u64,
    mut update: impl FnMut(&mut SprtRun, usize) -> Result<SprtResult, StatsError>,
) -> Result<SprtPath, StatsError> {
    if updates == 0 {
        return Err(StatsError::NoGames);
    }
    if batch == 0 {
        return Err(StatsError::Batch);
    }
    let mut run = SprtRun::with_batch(*sprt, batch);
    let mut last = None;
    for i in 0..updates {
        let result = update(&mut run, i)?;
        if result.decision.is_some() {
            return Ok(SprtPath {
                updates,
                batch,
                decided_after: Some(run.samples),
                result,
            });
        }
        last = Some(result);
    }
    Ok(SprtPath {
        updates,
        batch,
        decided_after: None,
        result: last.expect("at least one update"),
    })
}
