//! `nullmove chess suite`: test suites searched under each configuration, positions in
//! parallel, one search per position and configuration to the deepest depth asked (each
//! shallower depth's result is that search's iteration, exactly what a search to that depth
//! returns). The document holds the rows and positions of docs/src/specification.md, and on
//! request what null move changes by pieces on the board and the depths at which each
//! position is solved.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use nullmove_chess::analysis::{
    Change, ENDGAME_SPLIT, PIECE_GROUPS, SolvedDepths, VerifiedShape, against_baseline,
    solved_depths, verified_shape,
};
use nullmove_chess::{
    EpdEntry, PositionReport, Suite, SuiteReport, SuiteRow, parse_epd, run_suite_options,
};
use nullmove_fixtures::confidence::{SplitTest, split_tests};
use nullmove_optimized::DeepOptions;
use serde::{Deserialize, Serialize};

use super::{Config, MAX_DEPTH, parse_config, parse_depths};
use crate::common::{self, CliError, Io};
use crate::output_file::OutputFile;
use crate::progress::Progress;

/// The configuration every comparison is made against: plain alpha-beta.
pub const BASELINE: &str = "none";

/// Arguments of `nullmove chess suite`.
#[derive(Debug, clap::Args)]
#[allow(clippy::struct_excessive_bools)] // one switch per view and output
pub struct SuiteArgs {
    /// A suite shipped with the binary (`chess/data/`): wac, zugts or eet; may be repeated.
    #[arg(long, value_name = "NAME", value_parser = parse_suite)]
    suite: Vec<Suite>,
    /// An EPD file (positions with `bm`/`am`, e.g. chess/data/wac.epd); may be repeated.
    #[arg(long, value_name = "FILE")]
    epd: Vec<PathBuf>,
    /// The depth in plies: rows at this depth.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)),
          conflicts_with = "depths", required_unless_present = "depths")]
    depth: Option<u32>,
    /// Depths `A..=B` (or one number): rows at each, from one search to B per position and
    /// configuration.
    #[arg(long, value_name = "A..=B", value_parser = parse_depths)]
    depths: Option<RangeInclusive<u32>>,
    /// Configurations, comma-separated (all seven when absent): none, r2, r3, adaptive,
    /// verified, stockfish, npm.
    #[arg(long, value_name = "A,B", value_delimiter = ',', value_parser = parse_config)]
    configs: Vec<Config>,
    /// At most the first N positions of each suite (a suite with fewer is searched whole).
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Against none at the deepest depth, by pieces on the board: moves changed, solutions
    /// lost and gained, nodes; endgames with at most 12 pieces against the rest.
    #[arg(long)]
    by_pieces: bool,
    /// Per position: the depths at which each configuration solves it.
    #[arg(long)]
    per_position: bool,
    /// The tables in Markdown, as the book shows them (the first with a row per depth
    /// and a column per configuration).
    #[arg(long, conflicts_with = "json")]
    markdown: bool,
    /// Print one JSON document instead of tables.
    #[arg(long)]
    json: bool,
    /// The check extension in every search: a move that gives check is searched one ply
    /// deeper (off by default, as every committed figure).
    #[arg(long)]
    check_extension: bool,
    /// Late-move reductions in every search: late quiet moves searched shallower first
    /// (off by default, as every committed figure).
    #[arg(long)]
    lmr: bool,
    /// Also draw nodes and solutions against depth (and with --by-pieces the moves changed
    /// by pieces) as an SVG chart into FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

fn parse_suite(s: &str) -> Result<Suite, String> {
    s.parse::<Suite>().map_err(|e| e.to_string())
}

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

/// The options `--check-extension` and `--lmr` turned on, by their flags' names.
fn option_names(args: &SuiteArgs) -> Vec<String> {
    [(args.check_extension, "check-extension"), (args.lmr, "lmr")]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| name.to_owned())
        .collect()
}

/// One suite's positions, cut to `--limit`.
struct Source {
    name: String,
    entries: Vec<EpdEntry>,
}

/// Reads one source, each position's moves checked, errors naming the source.
fn read(name: String, text: &str) -> Result<Source, CliError> {
    let fail = |e: nullmove_chess::ChessError| CliError::Message(format!("{name}: {e}"));
    let entries = parse_epd(text).map_err(fail)?;
    if entries.is_empty() {
        return Err(CliError::Message(format!("{name}: no position in it")));
    }
    for e in &entries {
        e.best().map_err(fail)?;
        e.avoid().map_err(fail)?;
    }
    Ok(Source { name, entries })
}

/// The suites and files named, each cut to `--limit`.
fn sources(args: &SuiteArgs) -> Result<Vec<Source>, CliError> {
    if args.suite.is_empty() && args.epd.is_empty() {
        return Err(CliError::msg(
            "the following required argument was not provided: --suite <NAME> (wac, zugts, \
             eet) or --epd <FILE>",
        ));
    }
    let mut out = Vec::new();
    for &suite in &args.suite {
        out.push(read(suite.name().to_owned(), suite.text())?);
    }
    for path in &args.epd {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Message(format!("cannot read {name}: {e}")))?;
        out.push(read(name, &text)?);
    }
    for (i, s) in out.iter().enumerate() {
        if out[..i].iter().any(|t| t.name == s.name) {
            return Err(CliError::Message(format!("{} is given twice", s.name)));
        }
    }
    // A cap, as `head -n` is: a suite with fewer positions is searched whole, so one
    // `--limit` serves a script that runs several suites.
    if let Some(n) = args.limit {
        if n == 0 {
            return Err(CliError::msg("--limit 0 would search no position"));
        }
        for s in &mut out {
            s.entries.truncate(n);
        }
    }
    Ok(out)
}

/// The configurations asked (all by default), checked against the views that need some.
fn configurations(args: &SuiteArgs) -> Result<Vec<Config>, CliError> {
    let configs = if args.configs.is_empty() {
        Config::presets().map(|(_, guards)| guards).collect()
    } else {
        args.configs.clone()
    };
    let names: Vec<String> = configs.iter().map(ToString::to_string).collect();
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(CliError::Message(format!("--configs names {name} twice")));
        }
    }
    if args.by_pieces {
        if !names.iter().any(|n| n == BASELINE) {
            return Err(CliError::msg(
                "--by-pieces compares each configuration with none: add none to --configs",
            ));
        }
        if names.len() < 2 {
            return Err(CliError::msg(
                "--by-pieces compares each configuration with none: add another to --configs",
            ));
        }
    }
    Ok(configs)
}

/// The depths reported.
fn depth_range(args: &SuiteArgs) -> RangeInclusive<u32> {
    match (&args.depths, args.depth) {
        (Some(r), _) => r.clone(),
        (None, Some(d)) => d..=d,
        (None, None) => unreachable!("clap requires --depth or --depths"),
    }
}

/// The inputs validated: the sources, the configurations, the depths.
type Plan = (Vec<Source>, Vec<Config>, RangeInclusive<u32>);

fn plan(args: &SuiteArgs) -> Result<Plan, CliError> {
    Ok((sources(args)?, configurations(args)?, depth_range(args)))
}

/// Runs the suites and builds the document; `progress` counts positions finished.
pub(super) fn document(args: &SuiteArgs, progress: &Progress) -> Result<SuiteDoc, CliError> {
    let (sources, configs, depths) = plan(args)?;
    measure(args, &sources, &configs, &depths, progress)
}

fn measure(
    args: &SuiteArgs,
    sources: &[Source],
    configs: &[Config],
    depths: &RangeInclusive<u32>,
    progress: &Progress,
) -> Result<SuiteDoc, CliError> {
    let entries: Vec<EpdEntry> = sources
        .iter()
        .flat_map(|s| s.entries.iter().cloned())
        .collect();
    progress.set_len(entries.len() as u64);
    let options = DeepOptions::default()
        .with_check_extension(args.check_extension)
        .with_late_move_reductions(args.lmr);
    let all = run_suite_options(&entries, *depths.end(), configs, options, &|| {
        progress.add(1);
    })
    .map_err(|e| CliError::Message(e.to_string()))?;
    let reported = &all[*depths.start() as usize - 1..];
    let last = reported.last().expect("at least one depth");
    let by_pieces = args
        .by_pieces
        .then(|| -> Result<ByPieces, CliError> {
            let compare = |groups: &[RangeInclusive<u32>]| {
                against_baseline(last, BASELINE, groups)
                    .map_err(|e| CliError::Message(e.to_string()))
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
        suites: sources.iter().map(|s| s.name.clone()).collect(),
        limit: args.limit,
        configurations: configs.iter().map(ToString::to_string).collect(),
        options: option_names(args),
        rows: reported.iter().flat_map(|r| r.rows.clone()).collect(),
        positions: merged_positions(reported),
        verified_shape: reported.iter().filter_map(verified_shape).collect(),
        by_pieces,
        solved_depths: args.per_position.then(|| solved_depths(reported)),
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

/// Runs the suites with progress on a terminal, draws the chart if asked, prints.
pub(super) fn run(args: &SuiteArgs, io: &mut Io<'_>) -> Result<u8, CliError> {
    let (sources, configs, depths) = plan(args)?;
    let svg = args.svg.as_deref().map(OutputFile::create).transpose()?;
    let names: Vec<&str> = sources.iter().map(|s| s.name.as_str()).collect();
    let progress = Progress::on_terminal(
        io.terminal,
        0,
        "positions",
        format!(
            "searching {} to depth {}",
            names.join(" and "),
            depths.end()
        ),
    );
    let doc = measure(args, &sources, &configs, &depths, &progress);
    progress.finish();
    let doc = doc?;
    if let Some(file) = svg {
        file.commit(super::chart::draw(&doc)?.as_bytes())?;
    }
    if args.json {
        common::write_json(io.out, &doc)?;
    } else {
        super::render::render(&doc, args.markdown, io.out)?;
    }
    Ok(0)
}
