//! Aspiration windows and the history heuristic, each on and off, measured as the deep
//! searcher's defaults were chosen: nodes to a fixed depth and positions solved over WAC's
//! first positions, each searched from a cleared table (as `nullmove chess suite` does).
//!
//! ```sh
//! cargo run --release -p nullmove-chess --example search_options -- --depth 8 --limit 50 --config r3
//! ```
//!
//! One search per position and switch setting to the depth asked; every shallower depth's
//! row is that search's iteration (iterative deepening is deterministic). Positions run in
//! parallel; the figures do not depend on how many threads.

use std::process::ExitCode;

use clap::Parser;
use nullmove_chess::{ChessGame, EpdEntry, Guards, Suite};
use nullmove_optimized::{
    Config, DEFAULT_ASPIRATION, DEFAULT_TT_BITS, DeepOptions, DeepSearcher, MAX_DEPTH,
};
use rayon::prelude::*;

/// What to measure.
#[derive(Parser)]
#[command(
    name = "search_options",
    about = "Aspiration windows and the history heuristic, each on and off: nodes and \
             positions solved over WAC's first positions"
)]
struct Args {
    /// The deepest search, every shallower depth a row of its own.
    #[arg(long, default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// WAC's first positions searched.
    #[arg(long, default_value_t = 50,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    limit: usize,
    /// The null-move preset (none, r2, r3, adaptive, verified, stockfish, npm).
    #[arg(long = "config", value_name = "PRESET", default_value = "r3",
          value_parser = Guards::preset)]
    guards: Guards,
    /// The aspiration window's half-width.
    #[arg(long, default_value_t = DEFAULT_ASPIRATION,
          value_parser = clap::value_parser!(i32).range(1..))]
    width: i32,
}

/// The four settings, named.
fn settings(width: i32) -> [(&'static str, DeepOptions); 4] {
    let off = DeepOptions::default()
        .with_aspiration(None)
        .with_quiet_history(false);
    [
        ("neither", off),
        ("aspiration", off.with_aspiration(Some(width))),
        ("history", off.with_quiet_history(true)),
        (
            "both",
            off.with_aspiration(Some(width)).with_quiet_history(true),
        ),
    ]
}

/// Per depth: nodes (all iterations so far), solved, aspiration re-searches.
type Rows = Vec<(u64, u32, u64)>;

/// One position under one setting, every depth up to `args.depth`.
fn one(entry: &EpdEntry, options: DeepOptions, args: &Args) -> Result<Rows, String> {
    let board = entry.board().map_err(|e| e.to_string())?;
    let (best, avoid) = (
        entry.best().map_err(|e| e.to_string())?,
        entry.avoid().map_err(|e| e.to_string())?,
    );
    let mut searcher = DeepSearcher::with_table(ChessGame::new(board), Some(DEFAULT_TT_BITS))
        .with_options(options);
    let config = Config::new(args.depth).with_guards(args.guards);
    let mut rows = Vec::new();
    searcher
        .search(&config, |it| {
            let solved = it
                .root
                .best_move
                .is_some_and(|m| (best.is_empty() || best.contains(&m)) && !avoid.contains(&m));
            let stats = it.root.stats;
            rows.push((
                stats.shared.nodes,
                u32::from(solved),
                stats.aspiration_researches,
            ));
        })
        .map_err(|e| e.to_string())?;
    rows.resize(args.depth as usize, *rows.last().unwrap_or(&(0, 0, 0)));
    Ok(rows)
}

fn run() -> Result<(), String> {
    let args = Args::parse();
    let entries: Vec<EpdEntry> = Suite::Wac
        .entries()
        .map_err(|e| e.to_string())?
        .into_iter()
        .take(args.limit)
        .collect();
    println!(
        "WAC's first {} positions, {}, aspiration half-width {}; nodes (all iterations) and solved",
        entries.len(),
        args.guards,
        args.width
    );
    println!("| setting | depth | nodes | against neither | solved | re-searches |");
    println!("|---|---|---|---|---|---|");
    let mut baseline: Vec<u64> = Vec::new();
    for (name, options) in settings(args.width) {
        let per: Vec<Rows> = entries
            .par_iter()
            .map(|e| one(e, options, &args))
            .collect::<Result<_, _>>()?;
        for d in 0..args.depth as usize {
            let nodes: u64 = per.iter().map(|r| r[d].0).sum();
            let solved: u32 = per.iter().map(|r| r[d].1).sum();
            let again: u64 = per.iter().map(|r| r[d].2).sum();
            if baseline.len() <= d {
                baseline.push(nodes);
            }
            println!(
                "| {name} | {} | {nodes} | {:.3}x | {solved} | {again} |",
                d + 1,
                nodes as f64 / baseline[d] as f64
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("search_options: {e}");
            ExitCode::from(2)
        }
    }
}
