//! `nullmove sweep`: plain against null-move node counts over a grid of depth limits and
//! reductions, on the empty board ("Complexity") or on every reachable position, as a
//! table, JSON, CSV and an SVG chart.

use std::ops::RangeInclusive;
use std::path::PathBuf;

use nullmove_experiments::sweep::{self, Grid, PositionSet, Sweep};

use crate::engine_args::EngineName;
use crate::error::CliError;
use crate::guards::{Chosen, GuardArgs};
use crate::output::{self, Io};
use crate::progress::Progress;
use nullmove_report::output_file::OutputFile;
use nullmove_report::sweep::{draw, render};

/// `empty` or `all` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PositionsArg {
    /// The empty board, the page's own sweep.
    Empty,
    /// Every one of the 4,520 non-terminal reachable positions.
    All,
}

impl From<PositionsArg> for PositionSet {
    fn from(p: PositionsArg) -> Self {
        match p {
            PositionsArg::Empty => Self::Empty,
            PositionsArg::All => Self::All,
        }
    }
}

/// The positions and the grid of depth limits and reductions a command searches, flattened
/// into `sweep` and `rules` so the flags are declared once.
#[derive(Debug, clap::Args)]
pub struct GridArgs {
    /// Which positions: the empty board, or all 4,520 non-terminal reachable positions. By
    /// default the empty board, the page's own sweep (`safeguards` defaults to all).
    #[arg(long, value_enum, default_value = "empty")]
    pub positions: PositionsArg,
    /// Depth limits, `A..=B` within 1..=999999 (or one number); by default the page's, up
    /// to a whole game.
    #[arg(long, default_value = "1..=9", value_parser = parse_depths, value_name = "A..=B")]
    pub depths: RangeInclusive<u32>,
    /// Reductions R, `A..=B` within 0..=999999 (or one number).
    #[arg(long, default_value = "0..=6", value_parser = parse_reductions, value_name = "A..=B")]
    pub reductions: RangeInclusive<u32>,
}

impl GridArgs {
    /// The positions and the validated grid.
    pub fn get(&self) -> Result<(PositionSet, Grid), CliError> {
        let grid = Grid::new(self.depths.clone(), self.reductions.clone())
            .map_err(|e| CliError::Message(e.to_string()))?;
        Ok((PositionSet::from(self.positions), grid))
    }
}

/// Arguments of `nullmove sweep`.
#[derive(Debug, clap::Args)]
pub struct Args {
    // --positions, --depths, --reductions.
    #[command(flatten)]
    grid: GridArgs,
    /// Which engine searches both modes.
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print `{"rows":[...]}` instead of a table.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV instead of a table.
    #[arg(long)]
    csv: bool,
    /// Also draw the sweep as an SVG chart into FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The safeguards, applied to the null-move search (optimized engine only); plain
    /// alpha-beta is what they are compared with.
    #[command(flatten)]
    guards: GuardArgs,
}

/// `--depths A..=B` for clap, with the grid's error as the message.
pub(crate) fn parse_depths(s: &str) -> Result<RangeInclusive<u32>, String> {
    sweep::parse_depths(s).map_err(|e| e.to_string())
}

/// `--reductions A..=B` for clap, with the grid's error as the message.
pub(crate) fn parse_reductions(s: &str) -> Result<RangeInclusive<u32>, String> {
    sweep::parse_reductions(s).map_err(|e| e.to_string())
}

/// The engine, its description, the positions and the grid the arguments ask for, validated.
fn plan(args: &Args) -> Result<(Chosen, String, PositionSet, Grid), CliError> {
    if args.engine == EngineName::Oracle {
        return Err(CliError::msg(
            "the sweep compares plain and null-move search; the oracle does neither \
             (use --engine optimized or naive)",
        ));
    }
    let (set, grid) = args.grid.get()?;
    args.guards
        .refuse_idle(*grid.depths().end(), *grid.reductions().end())?;
    let chosen = args.guards.engine(args.engine)?;
    let engine = match chosen.guards() {
        g if g.is_page() => chosen.get().name().to_owned(),
        g => format!("{}, guards {g}", chosen.get().name()),
    };
    Ok((chosen, engine, set, grid))
}

/// The document: one row per (depth limit, R) of the grid.
pub fn document(args: &Args) -> Result<Sweep, CliError> {
    let (chosen, _, set, grid) = plan(args)?;
    Ok(sweep::run(chosen.get(), set, &grid, &|| {}))
}

/// [`document`], abandoned once `stop` is set (`Ok(None)`): how a server stops a sweep
/// whose client has gone.
pub fn document_until(
    args: &Args,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<Option<Sweep>, CliError> {
    let (chosen, _, set, grid) = plan(args)?;
    Ok(sweep::run_until(chosen.get(), set, &grid, &|| {}, stop))
}

/// Runs the sweep and prints it.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let (chosen, engine, set, grid) = plan(args)?;
    let svg = args.svg.as_deref().map(OutputFile::create).transpose()?;
    let progress = Progress::on_terminal(
        io.terminal,
        sweep::work_items(set, &grid),
        "position x depth searches",
        format!("sweeping {}", set.name()),
    );
    let result = sweep::run(chosen.get(), set, &grid, &|| progress.add(1));
    progress.finish();

    if let Some(file) = svg {
        file.commit(draw(&result, set, &engine)?.as_bytes())?;
    }
    let out = &mut *io.out;
    if args.json {
        output::write_json(out, &result)?;
    } else if args.csv {
        write!(out, "{}", result.to_csv())?;
    } else {
        render(&result, set, &engine, out)?;
    }
    Ok(0)
}

/// The chart `--svg` writes for `args`, as SVG text: `result` is [`document`]'s sweep for
/// the same `args` (a server draws the document it already has).
pub fn chart(args: &Args, result: &Sweep) -> Result<String, CliError> {
    let (_, engine, set, _) = plan(args)?;
    Ok(draw(result, set, &engine)?)
}
