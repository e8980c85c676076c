//! `nullmove probes`: where one null-move search's nodes go, beside plain alpha-beta's: how
//! many nodes probe, how many probes cut, how many nodes the probes' own searches hold, and
//! what the real moves after a probe that did not cut cost ("Pitfalls": "the probe itself
//! is the cost").

use nullmove_core::{Mode, Position, SearchParams};
use nullmove_experiments::probes::anatomy;

use crate::engine_args::EngineName;
use crate::error::CliError;
use crate::output::{self, Io};
use crate::refusals::null_move_engine;
use crate::search_args;
use nullmove_report::format;
use nullmove_report::probes::{Report, render};

/// Arguments of `nullmove probes`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, nine characters row-major (`X`, `O`, `.`), e.g. `.........`.
    #[arg(long, value_parser = search_args::parse_board)]
    board: Position,
    /// Depth limit (the page's `depthLimit`), 0..=999999; required, as in `search`.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(SearchParams::MAX)))]
    depth: u32,
    /// Reduction R of the null-move probe, 0..=999999; required, as in `search` with --mode
    /// null (plain alpha-beta, searched beside it, never probes).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(SearchParams::MAX)))]
    reduction: u32,
    /// Which engine searches (the oracle has no probes).
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

/// Searches both modes and takes each search apart.
pub fn document(args: &Args) -> Result<Report, CliError> {
    let engine = null_move_engine(args.engine, "probes")?;
    let params = |mode, reduction| {
        SearchParams::new(args.depth, reduction, mode).map_err(|e| CliError::Message(e.to_string()))
    };
    let board = &args.board;
    Ok(Report {
        board: board.to_string(),
        side_to_move: (!board.is_terminal()).then(|| board.side_to_move()),
        leaf: format::leaf_reason(board, args.depth),
        depth: args.depth,
        reduction: args.reduction,
        engine: engine.name(),
        plain: anatomy(engine, board, &params(Mode::Plain, 0)?),
        null: anatomy(engine, board, &params(Mode::Null, args.reduction)?),
    })
}

/// Searches both modes and prints where the nodes go.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let report = document(args)?;
    output::emit(io.out, args.json, &report, render)?;
    Ok(0)
}
