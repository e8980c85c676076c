//! `nullmove chess suite`: test suites searched under each configuration, positions in
//! parallel, one search per position and configuration to the deepest depth asked (each
//! shallower depth's result is that search's iteration, exactly what a search to that depth
//! returns). The document holds the rows and positions of docs/src/specification.md, and on
//! request what null move changes by pieces on the board and the depths at which each
//! position is solved.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use nullmove_chess::Suite;
use nullmove_optimized::DeepOptions;
use nullmove_report::chess::suite::{SuiteDoc, SuitePlan, configurations, measure, sources};
use nullmove_report::chess::{suite_chart, suite_render};

use super::{Config, MAX_DEPTH, parse_config, parse_depths};
use crate::error::CliError;
use crate::output::{self, Io};
use crate::progress::Progress;
use nullmove_report::output_file::OutputFile;

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

/// The depths reported.
fn depth_range(args: &SuiteArgs) -> RangeInclusive<u32> {
    match (&args.depths, args.depth) {
        (Some(r), _) => r.clone(),
        (None, Some(d)) => d..=d,
        (None, None) => unreachable!("clap requires --depth or --depths"),
    }
}

/// The inputs validated into what the suite run measures.
fn plan(args: &SuiteArgs) -> Result<SuitePlan, CliError> {
    if args.suite.is_empty() && args.epd.is_empty() {
        return Err(CliError::msg(
            "the following required argument was not provided: --suite <NAME> (wac, zugts, \
             eet) or --epd <FILE>",
        ));
    }
    let options = [(args.check_extension, "check-extension"), (args.lmr, "lmr")];
    Ok(SuitePlan {
        sources: sources(&args.suite, &args.epd, args.limit)?,
        configs: configurations(&args.configs, args.by_pieces)?,
        depths: depth_range(args),
        limit: args.limit,
        options: options
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| name.to_owned())
            .collect(),
        deep: DeepOptions::default()
            .with_check_extension(args.check_extension)
            .with_late_move_reductions(args.lmr),
        by_pieces: args.by_pieces,
        per_position: args.per_position,
    })
}

/// Runs the plan with `progress` counting positions finished.
fn measured(plan: &SuitePlan, progress: &Progress) -> Result<SuiteDoc, CliError> {
    progress.set_len(plan.entries().len() as u64);
    Ok(measure(plan, &|| progress.add(1))?)
}

/// Runs the suites and builds the document; `progress` counts positions finished.
pub(super) fn document(args: &SuiteArgs, progress: &Progress) -> Result<SuiteDoc, CliError> {
    measured(&plan(args)?, progress)
}

/// Runs the suites with progress on a terminal, draws the chart if asked, prints.
pub(super) fn run(args: &SuiteArgs, io: &mut Io<'_>) -> Result<u8, CliError> {
    let plan = plan(args)?;
    let svg = args.svg.as_deref().map(OutputFile::create).transpose()?;
    let names: Vec<&str> = plan.sources.iter().map(|s| s.name.as_str()).collect();
    let progress = Progress::on_terminal(
        io.terminal,
        0,
        "positions",
        format!(
            "searching {} to depth {}",
            names.join(" and "),
            plan.depths.end()
        ),
    );
    let doc = measured(&plan, &progress);
    progress.finish();
    let doc = doc?;
    if let Some(file) = svg {
        file.commit(suite_chart::draw(&doc)?.as_bytes())?;
    }
    if args.json {
        output::write_json(io.out, &doc)?;
    } else {
        suite_render::render(&doc, args.markdown, io.out)?;
    }
    Ok(0)
}
