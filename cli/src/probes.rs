//! `nullmove probes`: where one null-move search's nodes go, beside plain alpha-beta's: how
//! many nodes probe, how many probes cut, how many nodes the probes' own searches hold, and
//! what the real moves after a probe that did not cut cost ("Pitfalls": "the probe itself
//! is the cost").

use std::process::ExitCode;

use nullmove_core::{Cell, Mode, Player, Position, SearchParams};
use nullmove_fixtures::anatomy::{Anatomy, anatomy};
use nullmove_fixtures::numbers::{count, percent, ratio};
use serde::Serialize;

use crate::common::{self, CliError, EngineName};

/// Arguments of `nullmove probes`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, nine characters row-major (`X`, `O`, `.`), e.g. `.........`.
    #[arg(long, value_parser = common::parse_board)]
    board: Position,
    /// Depth limit (the page's `depthLimit`), 0..=9.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=9))]
    depth: u32,
    /// Reduction R of the null-move probe, 0..=9.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=9))]
    reduction: u32,
    /// Which engine searches (the oracle has no probes).
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Out {
    board: String,
    side_to_move: Player,
    depth: u32,
    reduction: u32,
    engine: &'static str,
    plain: Anatomy,
    null: Anatomy,
}

/// The engine behind `name`, refused when it is the oracle, which has no null move and so
/// no `what` (probes, events) to show.
pub(crate) fn null_move_engine(
    name: EngineName,
    what: &str,
) -> Result<&'static dyn nullmove_core::Engine, CliError> {
    if name == EngineName::Oracle {
        return Err(CliError::Message(format!(
            "the oracle searches without a window or null move, so it has no {what}; use \
             --engine optimized or naive"
        )));
    }
    Ok(name.engine())
}

/// Searches both modes and prints where the nodes go.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let engine = null_move_engine(args.engine, "probes")?;
    let params = |mode| {
        SearchParams::new(args.depth, args.reduction, mode)
            .map_err(|e| CliError::Message(e.to_string()))
    };
    let out = Out {
        board: args.board.to_string(),
        side_to_move: args.board.side_to_move(),
        depth: args.depth,
        reduction: args.reduction,
        engine: engine.name(),
        plain: anatomy(engine, &args.board, &params(Mode::Plain)?),
        null: anatomy(engine, &args.board, &params(Mode::Null)?),
    };
    if args.json {
        common::print_json(&out)?;
    } else {
        print_table(&args.board, &out);
    }
    Ok(ExitCode::SUCCESS)
}

fn cells(p: &Position, player: Player) -> String {
    let cells: Vec<String> = (0..9u8)
        .filter(|&c: &Cell| p.get(c) == Some(player))
        .map(|c| c.to_string())
        .collect();
    if cells.is_empty() {
        "none".into()
    } else {
        cells.join(" and ")
    }
}

fn print_table(p: &Position, out: &Out) {
    println!(
        "{}: {} to move · X on {} · O on {} · {} moves · depth limit {} · R {} · engine {}\n",
        out.board,
        out.side_to_move,
        cells(p, Player::X),
        cells(p, Player::O),
        p.moves().count(),
        out.depth,
        out.reduction,
        out.engine
    );
    let (a, n) = (&out.plain, &out.null);
    println!("{:<28} {:>12} {:>12}", "", "plain", "null");
    let rows = [
        ("nodes", a.nodes, n.nodes),
        ("nodes that search on", a.interior(), n.interior()),
        ("heuristic leaves", a.heuristic_leaves, n.heuristic_leaves),
        ("terminal leaves", a.terminal_leaves, n.terminal_leaves),
    ];
    for (name, x, y) in rows {
        println!("{name:<28} {:>12} {:>12}", count(x), count(y));
    }
    println!(
        "\nprobes: {} of {} nodes ({}), of the {} nodes that search on ({})",
        count(n.probes),
        count(n.nodes),
        percent(n.probes, n.nodes),
        count(n.interior()),
        percent(n.probes, n.interior())
    );
    println!(
        "null cutoffs: {} of {} probes ({})",
        count(n.cutoffs),
        count(n.probes),
        percent(n.cutoffs, n.probes)
    );
    println!(
        "inside probes: {} nodes ({} plain's {}, {} the {} outside), {} heuristic calls",
        count(n.nodes_in_probes),
        ratio(n.nodes_in_probes, a.nodes),
        count(a.nodes),
        ratio(n.nodes_in_probes, n.nodes_outside_probes()),
        count(n.nodes_outside_probes()),
        count(n.heuristic_in_probes)
    );
    println!(
        "outside probes: {} nodes (plain: {}), {} heuristic calls",
        count(n.nodes_outside_probes()),
        count(a.nodes),
        count(n.heuristic_outside_probes())
    );
    println!(
        "probes that did not cut: {}, searching {} nodes; the same nodes' real moves then \
         searched {} ({})",
        count(n.fell_through),
        count(n.fell_through_probe_nodes),
        count(n.fell_through_move_nodes),
        ratio(n.fell_through_probe_nodes, n.fell_through_move_nodes)
    );
}
