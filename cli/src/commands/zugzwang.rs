//! `nullmove zugzwang`: moving against passing in tic-tac-toe by the oracle's exact values,
//! the bet null-move pruning makes ("Why it works": having a move is never a disadvantage),
//! over every non-terminal reachable position, and at one board.

use nullmove_core::{Position, SearchParams, heuristic};
use nullmove_experiments::zugzwang::{moving_and_passing, passing};

use crate::error::CliError;
use crate::output::{self, Io};
use crate::search_args;
use nullmove_report::format;
use nullmove_report::zugzwang::{AtBoard, Report, render};

/// Arguments of `nullmove zugzwang`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Depth limit of both exact searches (9 or more: the whole game, exact game values).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(0..=i64::from(SearchParams::MAX)))]
    depth: u32,
    /// Also compare moving with passing at this position (one whose game is not over).
    #[arg(long, value_parser = search_args::parse_board)]
    board: Option<Position>,
    /// Print one JSON document instead of lines.
    #[arg(long)]
    json: bool,
}

/// Compares moving with passing everywhere, and at `--board`; a finished game is refused,
/// as nobody moves or passes there.
pub fn document(args: &Args) -> Result<Report, CliError> {
    let at_board = match args.board {
        Some(p) if p.is_terminal() => {
            let reason = format::leaf_reason(&p, args.depth).unwrap_or_default();
            return Err(CliError::Message(format!(
                "--board {p}: {reason}, so nobody moves or passes there (give a position \
                 whose game is not over)"
            )));
        }
        Some(p) => {
            let (moving, passing) = moving_and_passing(&p, args.depth);
            Some(AtBoard {
                board: p.to_string(),
                side_to_move: p.side_to_move(),
                moving,
                passing,
                heuristic: heuristic(p.board()),
            })
        }
        None => None,
    };
    Ok(Report {
        all: passing(args.depth),
        at_board,
    })
}

/// Compares moving with passing and prints the counts.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let report = document(args)?;
    output::emit(io.out, args.json, &report, render)?;
    Ok(0)
}
