//! `nullmove search`: one position, every root move, beside the oracle's exact values.

use crate::engine_args::EngineName;
use crate::error::CliError;
use crate::guards::GuardArgs;
use crate::output::{self, Io};
use crate::refusals::nothing_to_do;
use crate::search_args::SearchArgs;
use nullmove_report::search::{Report, render};

/// Arguments of `nullmove search`.
#[derive(Debug, clap::Args)]
pub struct Args {
    // --board, --depth, --reduction, --mode.
    #[command(flatten)]
    search: SearchArgs,
    /// Which engine searches (the oracle takes no mode, reduction or guard: it does not
    /// prune).
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
    /// The safeguards (optimized engine, null mode only; all off: the page's search).
    #[command(flatten)]
    guards: GuardArgs,
}

/// Searches and builds the report.
pub fn document(args: &Args) -> Result<Report, CliError> {
    let (board, depth) = (&args.search.board, args.search.depth);
    if args.engine == EngineName::Oracle {
        let mut given = args.search.pruning_flags();
        given.extend(args.guards.given());
        if !given.is_empty() {
            return Err(nothing_to_do(
                &given,
                "with --engine oracle, which searches every move to the depth limit without \
                 pruning",
            ));
        }
        return Ok(Report::of(args.engine.engine(), board, depth, None)?);
    }
    let params = args.search.params()?;
    args.guards.refuse_idle_in(&params)?;
    let chosen = args.guards.engine(args.engine)?;
    let guards = chosen.guards().to_string();
    Ok(Report::of(
        chosen.get(),
        board,
        depth,
        Some((&params, guards)),
    )?)
}

/// Runs the search and prints the report.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let out = document(args)?;
    output::emit(io.out, args.json, &out, render)?;
    Ok(0)
}
