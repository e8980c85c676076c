//! `nullmove chess suite`'s document: test suites searched under each configuration,
//! positions in parallel, one search per position and configuration to the deepest depth
//! asked (each shallower depth's result is that search's iteration, exactly what a search to
//! that depth returns), with what null move changes by pieces on the board and the depths at
//! which each position is solved, when asked.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use nullmove_chess::analysis::{
    Change, ENDGAME_SPLIT, PIECE_GROUPS, SolvedDepths, VerifiedShape, against_baseline,
    solved_depths, verified_shape,
};
use nullmove_chess::{
    ChessError, EpdEntry, PositionReport, Suite, SuiteReport, SuiteRow, parse_epd,
    run_suite_options,
};
use nullmove_fixtures::confidence::{SplitTest, split_tests};
use nullmove_optimized::{DeepOptions, Guards};
use serde::{Deserialize, Serialize};

use crate::Error;

/// The configuration every comparison is made against: plain alpha-beta.
pub const BASELINE: &str = "none";

/// What null move changes against plain alpha-beta, by pieces on the board.
#[derive(Debug, Serialize, Deserialize)]
pub struct ByPieces {
    /// The depth compared (the deepest searched).
    pub depth: u32,
    /// The configuration compared with: `none`.
    pub baseline: String,
    /// By the groups of [`PIECE_GROUPS`] that hold positions.
    pub groups: Vec<Change>,
    /// Endgames with few pieces against the rest ([`ENDGAME_SPLIT`]).
    pub split: Vec<Change>,
    /// The split tested, per configuration: two-sided Fisher exact p of the rates of
    /// changed moves and of solutions lost.
    pub tests: Vec<SplitTest>,
}

/// The document of `nullmove chess suite` (read back from its JSON, too, by whoever renders
/// a stored run).
#[derive(Debug, Serialize, Deserialize)]
pub struct SuiteDoc {
    /// The suites searched: a shipped suite's name, or the file as given.
    pub suites: Vec<String>,
    /// `--limit`: at most this many of each suite's first positions, when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// The configurations, in the order asked.
    pub configurations: Vec<String>,
    /// The deep search's options on beside the configurations (`check-extension`, `lmr`),
    /// when any (absent when none, so a document without it reads as none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// One row per depth reported and configuration, depth by depth.
    pub rows: Vec<SuiteRow>,
    /// Every position, with one result per depth reported and configuration.
    pub positions: Vec<PositionReport>,
    /// Tabibi & Netanyahu's comparison at each depth reported, when `verified`, `r2` and
    /// `r3` were searched.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub verified_shape: Vec<VerifiedShape>,
    /// `--by-pieces`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_pieces: Option<ByPieces>,
    /// `--per-position`: the depths (of those reported) at which each configuration solves
    /// each position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solved_depths: Option<Vec<SolvedDepths>>,
}

impl SuiteDoc {
    /// The depths reported, in order.
    #[must_use]
    pub fn depths(&self) -> Vec<u32> {
        let mut depths: Vec<u32> = self.rows.iter().map(|r| r.depth).collect();
        depths.dedup();
        depths
    }

    /// The row of `configuration` at `depth`.
    #[must_use]
    pub fn row(&self, configuration: &str, depth: u32) -> Option<&SuiteRow> {
        self.rows
            .iter()
            .find(|r| r.configuration == configuration && r.depth == depth)
    }
}

/// One suite's positions, as read and cut.
#[derive(Debug, Clone)]
pub struct Source {
    /// A shipped suite's name, or the file as given.
    pub name: String,
    /// Its positions.
    pub entries: Vec<EpdEntry>,
}

impl Source {
    /// One suite's text, each position's moves checked, errors naming the suite.
    pub fn read(name: String, text: &str) -> Result<Self, Error> {
        let fail = |e: ChessError| Error::Message(format!("{name}: {e}"));
        let entries = parse_epd(text).map_err(fail)?;
        if entries.is_empty() {
            return Err(Error::Message(format!("{name}: no position in it")));
        }
        for e in &entries {
            e.best().map_err(fail)?;
            e.avoid().map_err(fail)?;
        }
        Ok(Self { name, entries })
    }
}

/// The shipped suites, then the EPD files, each read and cut to its first `limit` positions.
pub fn sources(
    suites: &[Suite],
    files: &[PathBuf],
    limit: Option<usize>,
) -> Result<Vec<Source>, Error> {
    let mut out = Vec::new();
    for &suite in suites {
        out.push(Source::read(suite.name().to_owned(), suite.text())?);
    }
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::Message(format!("cannot read {name}: {e}")))?;
        out.push(Source::read(name, &text)?);
    }
    for (i, s) in out.iter().enumerate() {
        if out[..i].iter().any(|t| t.name == s.name) {
            return Err(Error::Message(format!("{} is given twice", s.name)));
        }
    }
    // A cap, as `head -n` is: a suite with fewer positions is searched whole, so one
    // `--limit` serves a script that runs several suites.
    if let Some(n) = limit {
        if n == 0 {
            return Err(Error::msg("--limit 0 would search no position"));
        }
        for s in &mut out {
            s.entries.truncate(n);
        }
    }
    Ok(out)
}

/// The configurations asked (all seven when none), checked against the views that need
/// some: `--by-pieces` compares each with [`BASELINE`].
pub fn configurations(asked: &[Guards], by_pieces: bool) -> Result<Vec<Guards>, Error> {
    let configs: Vec<Guards> = if asked.is_empty() {
        Guards::presets().map(|(_, guards)| guards).collect()
    } else {
        asked.to_vec()
    };
    let names: Vec<String> = configs.iter().map(ToString::to_string).collect();
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(Error::Message(format!("--configs names {name} twice")));
        }
    }
    if by_pieces {
        if !names.iter().any(|n| n == BASELINE) {
            return Err(Error::msg(
                "--by-pieces compares each configuration with none: add none to --configs",
            ));
        }
        if names.len() < 2 {
            return Err(Error::msg(
                "--by-pieces compares each configuration with none: add another to --configs",
            ));
        }
    }
    Ok(configs)
}

/// What a suite run measures: the positions, the configurations, the depths reported and
/// the views asked for.
#[derive(Debug, Clone)]
pub struct SuitePlan {
    /// The suites, in the order given.
    pub sources: Vec<Source>,
    /// The configurations, in the order asked.
    pub configs: Vec<Guards>,
    /// The depths reported (one search per position to the last).
    pub depths: RangeInclusive<u32>,
    /// At most this many of each suite's first positions, as recorded.
    pub limit: Option<usize>,
    /// The deep search's options on beside the configurations, by their flags' names.
    pub options: Vec<String>,
    /// The deep search's options themselves.
    pub deep: DeepOptions,
    /// Against none by pieces on the board.
    pub by_pieces: bool,
    /// The depths at which each configuration solves each position.
    pub per_position: bool,
}

impl SuitePlan {
    /// Every position of every suite, in order.
    #[must_use]
    pub fn entries(&self) -> Vec<EpdEntry> {
        self.sources
            .iter()
            .flat_map(|s| s.entries.iter().cloned())
            .collect()
    }
}

/// Runs the plan and builds the document; `done` is called once per position finished.
pub fn measure(plan: &SuitePlan, done: &(dyn Fn() + Sync)) -> Result<SuiteDoc, Error> {
    let entries = plan.entries();
    let depths = &plan.depths;
    let all = run_suite_options(&entries, *depths.end(), &plan.configs, plan.deep, done)
        .map_err(|e| Error::Message(e.to_string()))?;
    let reported = &all[*depths.start() as usize - 1..];
    let last = reported.last().expect("at least one depth");
    let by_pieces = plan
        .by_pieces
        .then(|| -> Result<ByPieces, Error> {
            let compare = |groups: &[RangeInclusive<u32>]| {
                against_baseline(last, BASELINE, groups).map_err(|e| Error::Message(e.to_string()))
            };
            let split = compare(&ENDGAME_SPLIT)?;
            Ok(ByPieces {
                depth: *depths.end(),
                baseline: BASELINE.to_owned(),
                groups: compare(&PIECE_GROUPS)?,
                tests: split_tests(&split),
                split,
            })
        })
        .transpose()?;
    Ok(SuiteDoc {
        suites: plan.sources.iter().map(|s| s.name.clone()).collect(),
        limit: plan.limit,
        configurations: plan.configs.iter().map(ToString::to_string).collect(),
        options: plan.options.clone(),
        rows: reported.iter().flat_map(|r| r.rows.clone()).collect(),
        positions: merged_positions(reported),
        verified_shape: reported.iter().filter_map(verified_shape).collect(),
        by_pieces,
        solved_depths: plan.per_position.then(|| solved_depths(reported)),
    })
}

/// The positions of the first report with the results of every report, depth by depth.
fn merged_positions(reports: &[SuiteReport]) -> Vec<PositionReport> {
    let mut positions = reports[0].positions.clone();
    for (i, p) in positions.iter_mut().enumerate() {
        p.results = reports
            .iter()
            .flat_map(|r| r.positions[i].results.iter().cloned())
            .collect();
    }
    positions
}
