//! `nullmove rules`: the page's settled rules ("Why it works", "Try it", "Complexity")
//! checked on the events of traced searches over a grid: no probe at the root, never two
//! null moves back to back, the probe's shape (board unchanged, side flipped, depth + 1 +
//! R, window kept), prunes, fall-throughs, O(d) nesting. Exit status 1 when one is broken.

use std::ops::RangeInclusive;
use std::process::ExitCode;

use nullmove_fixtures::numbers::count;
use nullmove_fixtures::rules::{self, RULES, Tally, rule_name};
use nullmove_fixtures::sweep::{Grid, PositionSet};
use serde::Serialize;

use crate::common::{self, CliError, EngineName};
use crate::sweep::{PositionsArg, parse_depths, parse_reductions};

/// Arguments of `nullmove rules`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which positions: the empty board, or all 4,520 non-terminal reachable positions.
    #[arg(long, value_enum, default_value = "empty")]
    positions: PositionsArg,
    /// Depth limits, `A..=B` within 1..=9 (or one number).
    #[arg(long, default_value = "1..=9", value_parser = parse_depths, value_name = "A..=B")]
    depths: RangeInclusive<u32>,
    /// Reductions R, `A..=B` within 0..=9 (or one number).
    #[arg(long, default_value = "0..=6", value_parser = parse_reductions, value_name = "A..=B")]
    reductions: RangeInclusive<u32>,
    /// Which engine's traces are checked.
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Out {
    positions: PositionSet,
    depths: String,
    reductions: String,
    engine: &'static str,
    tally: Tally,
}

/// Traces every search of the grid and prints what the rules saw.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    if args.engine == EngineName::Oracle {
        return Err(CliError::Message(
            "the oracle searches without a window or null move, so it has no events to check; \
             use --engine optimized or naive"
                .into(),
        ));
    }
    let grid = Grid::new(args.depths.clone(), args.reductions.clone())
        .map_err(|e| CliError::Message(e.to_string()))?;
    let set = PositionSet::from(args.positions);
    let settings: Vec<(u32, u32)> = grid
        .depths()
        .flat_map(|d| grid.reductions().map(move |r| (d, r)))
        .collect();
    let engine = args.engine.engine();
    let out = Out {
        positions: set,
        depths: format!("{}..={}", args.depths.start(), args.depths.end()),
        reductions: format!("{}..={}", args.reductions.start(), args.reductions.end()),
        engine: engine.name(),
        tally: rules::check(engine, &set.positions(), &settings),
    };
    if args.json {
        common::print_json(&out)?;
    } else {
        print_table(&out);
    }
    Ok(if out.tally.broken.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_table(out: &Out) {
    let t = &out.tally;
    let positions = match out.positions {
        PositionSet::Empty => "the empty board".to_owned(),
        PositionSet::All => "every non-terminal reachable position (4,520)".to_owned(),
    };
    println!(
        "the page's rules on {positions} x depth limits {} x R {}, both modes, engine {}: {} \
         searches, {} nodes\n",
        out.depths,
        out.reductions,
        out.engine,
        count(t.searches),
        count(t.nodes)
    );
    let rows = [
        ("probes", count(t.probes)),
        (
            "  below another probe's call",
            count(t.probes_below_a_probe),
        ),
        (
            "  leaves on the unchanged board",
            count(t.probe_leaves_on_unchanged_board),
        ),
        ("prunes", count(t.prunes)),
        ("probes that fell through", count(t.fall_throughs)),
        (
            "deepest nesting",
            format!(
                "plain {} at depth limit {}, null {} at depth limit {}",
                t.deepest_plain.0, t.deepest_plain.1, t.deepest_null.0, t.deepest_null.1
            ),
        ),
    ];
    for (name, value) in rows {
        println!("{name:<32} {value}");
    }
    println!("\n{:<22} {:>8}  first", "rule", "broken");
    for rule in RULES {
        let broken = t.broken.get(rule_name(rule));
        println!(
            "{:<22} {:>8}  {}",
            rule_name(rule),
            count(broken.map_or(0, |b| b.count)),
            broken.map_or("", |b| b.first.as_str())
        );
    }
}
