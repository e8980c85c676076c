//! `nullmove zugzwang`: moving against passing in tic-tac-toe by the oracle's exact values,
//! the bet null-move pruning makes ("Why it works": having a move is never a disadvantage),
//! over every non-terminal reachable position, and at one board.

use std::process::ExitCode;

use nullmove_core::{Position, Value, heuristic};
use nullmove_fixtures::numbers::count;
use nullmove_fixtures::passing::{Passing, moving_and_passing, passing};
use serde::Serialize;

use crate::common::{self, CliError};

/// Arguments of `nullmove zugzwang`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Depth limit of both exact searches (9: the whole game, exact game values).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(0..=9))]
    depth: u32,
    /// Also compare moving with passing at this position.
    #[arg(long, value_parser = common::parse_board)]
    board: Option<Position>,
    /// Print one JSON document instead of lines.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct AtBoard {
    board: String,
    side_to_move: String,
    moving: Value,
    passing: Value,
    heuristic: Value,
}

#[derive(Serialize)]
struct Out {
    #[serde(flatten)]
    all: Passing,
    #[serde(skip_serializing_if = "Option::is_none")]
    at_board: Option<AtBoard>,
}

/// Compares moving with passing and prints the counts.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let at_board = args.board.map(|p| {
        let (moving, passing) = moving_and_passing(&p, args.depth);
        AtBoard {
            board: p.to_string(),
            side_to_move: p.side_to_move().to_string(),
            moving,
            passing,
            heuristic: heuristic(p.board()),
        }
    });
    let out = Out {
        all: passing(args.depth),
        at_board,
    };
    if args.json {
        common::print_json(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let a = &out.all;
    println!(
        "moving against passing by the oracle's exact values at depth limit {}: passing is \
         better in {} of {} non-terminal reachable positions{}",
        a.depth,
        count(a.passing_better),
        count(a.positions),
        a.first
            .as_ref()
            .map_or(String::new(), |f| format!(" (the first: {f})"))
    );
    if let Some(b) = &out.at_board {
        println!(
            "{}: {} to move; moving is worth {}, passing {}; its heuristic is {}",
            b.board, b.side_to_move, b.moving, b.passing, b.heuristic
        );
    }
    Ok(ExitCode::SUCCESS)
}
