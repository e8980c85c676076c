//! `nullmove search`: one position, every root move, beside the oracle's exact values.

use std::process::ExitCode;

use nullmove_core::{Cell, Position, Value};
use serde::Serialize;

use crate::common::{self, CliError, EngineName, SearchArgs};
use crate::guards::GuardArgs;

/// Arguments of `nullmove search`.
#[derive(Debug, clap::Args)]
pub struct Args {
    // --board, --depth, --reduction, --mode.
    #[command(flatten)]
    search: SearchArgs,
    /// Which engine searches (the oracle ignores mode and reduction).
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
    /// The safeguards (optimized engine only; all off: the page's search).
    #[command(flatten)]
    guards: GuardArgs,
}

#[derive(Serialize)]
struct MoveOut {
    cell: Cell,
    value: Value,
    /// The oracle's exact depth-limited value of this move.
    exact: Value,
}

#[derive(Serialize)]
struct Out {
    board: String,
    side_to_move: String,
    depth: u32,
    reduction: u32,
    mode: String,
    engine: &'static str,
    /// The safeguards on, in the command line's words (`page` when none).
    guards: String,
    best_move: Option<Cell>,
    value: Value,
    nodes: u64,
    moves: Vec<MoveOut>,
    stats: nullmove_core::Stats,
    /// The oracle's best move and exact value, for comparison.
    exact_best_move: Option<Cell>,
    exact_value: Value,
}

/// Runs the search and prints the report.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let params = args.search.params()?;
    let chosen = args.guards.engine(args.engine)?;
    let engine = chosen.get();
    let report = engine.search(&args.search.board, &params);
    let exact = nullmove_oracle::exact_root(&args.search.board, args.search.depth);
    let exact_of = |cell: Cell| {
        exact
            .moves
            .iter()
            .find(|m| m.cell == cell)
            .map_or(exact.value, |m| m.value)
    };
    let out = Out {
        board: args.search.board.to_string(),
        side_to_move: args.search.board.side_to_move().to_string(),
        depth: args.search.depth,
        reduction: args.search.reduction,
        mode: params.mode().to_string(),
        engine: engine.name(),
        guards: chosen.guards().to_string(),
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
    };
    if args.json {
        common::print_json(&out)?;
    } else {
        print_table(&args.search.board, &out);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_table(board: &Position, out: &Out) {
    println!("{}", common::draw_board(board));
    let guards = if out.guards == "page" {
        String::new()
    } else {
        format!(" · guards {}", out.guards)
    };
    println!(
        "\n{} to move · depth limit {} · R {} · mode {} · engine {}{guards}\n",
        out.side_to_move, out.depth, out.reduction, out.mode, out.engine
    );
    println!("{:>4}  {:>6}  {:>6}", "cell", "value", "exact");
    for m in &out.moves {
        let mut notes = Vec::new();
        if Some(m.cell) == out.best_move {
            notes.push("chosen");
        }
        if m.value != m.exact {
            notes.push("bound");
        }
        if Some(m.cell) == out.exact_best_move {
            notes.push("oracle's best");
        }
        println!(
            "{:>4}  {:>6}  {:>6}  {}",
            m.cell,
            common::show_value(m.value),
            m.exact,
            notes.join(", ")
        );
    }
    let best = out
        .best_move
        .map_or_else(|| "none".to_owned(), |c| c.to_string());
    println!(
        "\nbest move {best} · value {} · nodes {} (null probes {}, null cutoffs {}, beta cutoffs {})",
        out.value, out.nodes, out.stats.null_probes, out.stats.null_cutoffs, out.stats.beta_cutoffs
    );
    let exact_best = out
        .exact_best_move
        .map_or_else(|| "none".to_owned(), |c| c.to_string());
    println!(
        "oracle: best move {exact_best} · exact value {}",
        out.exact_value
    );
    if let (Some(chosen), Some(_)) = (out.best_move, out.exact_best_move) {
        let chosen_exact = out
            .moves
            .iter()
            .find(|m| m.cell == chosen)
            .map_or(out.exact_value, |m| m.exact);
        if chosen_exact != out.exact_value {
            println!(
                "the chosen move {chosen} is worth {chosen_exact} exactly, worse than the oracle's {}",
                out.exact_value
            );
        }
    }
}
