//! `nullmove rules`: the page's settled rules ("Why it works", "Try it", "Complexity")
//! checked on the events of traced searches over a grid: no probe at the root, never two
//! null moves back to back, the probe's shape (board unchanged, side flipped, depth + 1 +
//! R, window kept), prunes, fall-throughs, O(d) nesting. Exit status 1 when one is broken.

use nullmove_experiments::rules::{self};

use crate::commands::sweep::GridArgs;
use crate::engine_args::EngineName;
use crate::error::CliError;
use crate::output::{self, Io};
use crate::refusals::null_move_engine;
use nullmove_report::rules::{Report, render};

/// Arguments of `nullmove rules`.
#[derive(Debug, clap::Args)]
pub struct Args {
    // --positions, --depths, --reductions.
    #[command(flatten)]
    grid: GridArgs,
    /// Which engine's traces are checked.
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

/// Traces every search of the grid, both modes, and checks the rules on its events.
pub fn document(args: &Args) -> Result<Report, CliError> {
    let engine = null_move_engine(args.engine, "events to check")?;
    let (set, grid) = args.grid.get()?;
    let settings: Vec<(u32, u32)> = grid
        .depths()
        .flat_map(|d| grid.reductions().map(move |r| (d, r)))
        .collect();
    Ok(Report {
        positions: set,
        depths: format!("{}..={}", grid.depths().start(), grid.depths().end()),
        reductions: format!(
            "{}..={}",
            grid.reductions().start(),
            grid.reductions().end()
        ),
        engine: engine.name(),
        tally: rules::check(engine, &set.positions(), &settings),
    })
}

/// Checks the rules and prints what they saw; exit status 1 when one is broken.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let report = document(args)?;
    output::emit(io.out, args.json, &report, render)?;
    Ok(u8::from(!report.tally.broken.is_empty()))
}
