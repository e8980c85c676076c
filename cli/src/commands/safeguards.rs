//! `nullmove safeguards`: every guard, combination and preset of the optimized engine
//! against plain alpha-beta over every reachable position, as a table, JSON and an SVG chart
//! of nodes saved against the worse-move rate.

use std::path::PathBuf;

use nullmove_experiments::safeguards::{self, Safeguards};
use nullmove_experiments::sweep::Grid;

use crate::commands::sweep::PositionsArg;
use crate::error::CliError;
use crate::output::{self, Io};
use crate::progress::Progress;
use nullmove_report::output_file::OutputFile;
use nullmove_report::safeguards::{draw, render};

/// Arguments of `nullmove safeguards`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which positions: all 4,520 non-terminal reachable positions, or the empty board. By
    /// default all, unlike `sweep` and `rules` (the page's empty board): a safeguard is
    /// judged by how often it still lets a worse move through, which one board cannot say.
    #[arg(long, value_enum, default_value = "all")]
    positions: PositionsArg,
    /// Print `{"rows":[...],"pitfall":[...],...}` instead of the tables.
    #[arg(long)]
    json: bool,
    /// Also draw nodes saved against the worse-move rate, one point per configuration, as
    /// an SVG chart into FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// The document: every configuration measured.
pub fn document(args: &Args) -> Result<Safeguards, CliError> {
    Ok(measure(args, &|| {}))
}

fn measure(args: &Args, progress: &(dyn Fn() + Sync)) -> Safeguards {
    safeguards::measure(
        args.positions.into(),
        &Grid::standard(),
        &safeguards::configurations(),
        progress,
    )
}

/// Measures every configuration and prints the table.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let svg = args.svg.as_deref().map(OutputFile::create).transpose()?;
    let progress = Progress::on_terminal(
        io.terminal,
        safeguards::work_items(
            args.positions.into(),
            &Grid::standard(),
            &safeguards::configurations(),
        ),
        "position x depth items",
        "measuring the safeguards",
    );
    let table = measure(args, &|| progress.add(1));
    progress.finish();

    if let Some(file) = svg {
        file.commit(draw(&table)?.as_bytes())?;
    }
    if args.json {
        output::write_json(io.out, &table)?;
    } else {
        render(&table, io.out)?;
    }
    Ok(0)
}
