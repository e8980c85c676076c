//! `nullmove search`: one position, every root move, beside the oracle's exact values.

use nullmove_core::{Cell, Mode, SearchParams};

use crate::engine_args::EngineName;
use crate::error::CliError;
use crate::guards::GuardArgs;
use crate::output::{self, Io};
use crate::refusals::nothing_to_do;
use crate::search_args::SearchArgs;
use nullmove_report::format;
use nullmove_report::search::{MoveOut, Report, render};

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
    let board = &args.search.board;
    let depth = args.search.depth;
    let (report, engine, mode, reduction, guards) = if args.engine == EngineName::Oracle {
        let mut given = args.search.pruning_flags();
        given.extend(args.guards.given());
        if !given.is_empty() {
            return Err(nothing_to_do(
                &given,
                "with --engine oracle, which searches every move to the depth limit without \
                 pruning",
            ));
        }
        let params = SearchParams::new(depth, 0, Mode::Plain)
            .map_err(|e| CliError::Message(e.to_string()))?;
        let engine = args.engine.engine();
        (
            engine.search(board, &params),
            engine.name(),
            None,
            None,
            None,
        )
    } else {
        let params = args.search.params()?;
        args.guards.refuse_idle_in(&params)?;
        let chosen = args.guards.engine(args.engine)?;
        let engine = chosen.get();
        let null = params.mode() == Mode::Null;
        (
            engine.search(board, &params),
            engine.name(),
            Some(params.mode().to_string()),
            null.then_some(params.reduction()),
            null.then(|| chosen.guards().to_string()),
        )
    };
    let exact = nullmove_oracle::exact_root(board, depth);
    let exact_of = |cell: Cell| {
        exact
            .moves
            .iter()
            .find(|m| m.cell == cell)
            .map_or(exact.value, |m| m.value)
    };
    Ok(Report {
        board: board.to_string(),
        side_to_move: (!board.is_terminal()).then(|| board.side_to_move().to_string()),
        leaf: format::leaf_reason(board, depth),
        depth,
        reduction,
        mode,
        engine,
        guards,
        best_move: report.best_move,
        value: report.value,
        nodes: report.nodes,
        moves: report
            .moves
            .iter()
            .map(|m| MoveOut {
                cell: m.cell,
                value: m.value,
                exact: exact_of(m.cell),
            })
            .collect(),
        stats: report.stats,
        exact_best_move: exact.best_move,
        exact_value: exact.value,
    })
}

/// Runs the search and prints the report.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let out = document(args)?;
    output::emit(io.out, args.json, &out, render)?;
    Ok(0)
}
