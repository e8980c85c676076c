//! `nullmove bench`'s document: a fixed workload, as a chess engine's `bench` command runs one.
//!
//! The workload is every one of the 4,520 non-terminal reachable positions, searched at every
//! depth limit 1..=9 with every reduction 0..=6 in both modes (the differential test's grid).
//! Its total node count, 43,774,555, is the signature: it changes only when the search
//! does. Per engine the command reports that total, the seconds the searches took, nodes per
//! second, and the heap allocations made while searching, counted by the binary's global
//! allocator (`nullmove_counting`). The position list and the parameter grid are built before timing.

use std::io::{self, Write};
use std::time::Instant;

use nullmove_core::{Engine, Mode, Position, SearchParams};
use nullmove_counting::CountingAllocator;
use nullmove_optimized::games::tictactoe::{Mark, TicTacToe};
use nullmove_optimized::{Config, Searcher};
use serde::{Deserialize, Serialize};

use crate::format::count;
use crate::table::{Table, left, right};

/// One engine's run of the workload.
#[derive(Debug, Serialize, Deserialize)]
pub struct EngineRun {
    /// The engine's name.
    pub engine: String,
    /// The node total: the signature.
    pub nodes: u64,
    /// Seconds the searches took.
    pub seconds: f64,
    /// Nodes per second.
    pub nodes_per_second: f64,
    /// Heap allocations made while searching.
    pub allocations: u64,
}

/// The document of `nullmove bench` (read back from its JSON, too, by whoever renders a
/// stored run).
#[derive(Debug, Serialize, Deserialize)]
pub struct Report {
    /// One run per engine asked for.
    pub engines: Vec<EngineRun>,
    /// Positions in the workload; not in the JSON, since the workload is fixed.
    #[serde(skip_serializing, default = "workload_positions")]
    pub positions: usize,
    /// Searches per position; not in the JSON, since the workload is fixed.
    #[serde(skip_serializing, default = "workload_searches")]
    pub searches_per_position: usize,
}

/// The fixed workload's positions.
fn workload_positions() -> usize {
    workload().0.len()
}

/// The fixed workload's searches per position.
fn workload_searches() -> usize {
    workload().1.len()
}

/// The fixed workload: (position, parameters) pairs, built once.
fn workload() -> (Vec<Position>, Vec<SearchParams>) {
    let grid = (1..=9)
        .flat_map(|d| (0..=6).flat_map(move |r| [Mode::Plain, Mode::Null].map(|m| (d, r, m))))
        .map(|(d, r, m)| SearchParams::new(d, r, m).expect("the grid is in range"))
        .collect();
    (Position::all_nonterminal(), grid)
}

/// Times `search` over the workload, counting nodes and allocations.
fn run_engine(
    name: &'static str,
    positions: &[Position],
    grid: &[SearchParams],
    mut search: impl FnMut(&Position, &SearchParams) -> u64,
) -> EngineRun {
    let allocations_before = CountingAllocator::count();
    let start = Instant::now();
    let mut nodes = 0;
    for p in positions {
        for params in grid {
            nodes += search(std::hint::black_box(p), params);
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let allocations = CountingAllocator::count() - allocations_before;
    EngineRun {
        engine: name.to_owned(),
        nodes,
        seconds,
        nodes_per_second: nodes as f64 / seconds,
        allocations,
    }
}

/// The naive engine as every command runs it: `Engine::search`, report and all.
fn naive(p: &Position, params: &SearchParams) -> u64 {
    nullmove_naive::NaiveEngine.search(p, params).nodes
}

/// The optimized searcher as a library user calls it, one `Searcher` for the whole workload
/// so its memory is reused: the whole search, the report's root moves and line included.
fn optimized(searcher: &mut Searcher<Mark>, p: &Position, params: &SearchParams) -> u64 {
    let report = searcher.search(TicTacToe::from(p), &Config::from(params));
    std::hint::black_box(report).stats.nodes
}

/// Runs the workload on the engines asked: the page's naive search, the optimized one, or
/// both (naive first).
#[must_use]
pub fn measure(naive_engine: bool, optimized_engine: bool) -> Report {
    let (positions, grid) = workload();
    let mut engines = Vec::with_capacity(2);
    if naive_engine {
        engines.push(run_engine("naive", &positions, &grid, naive));
    }
    if optimized_engine {
        // Memory for the deepest search and the most root moves, before timing.
        let mut searcher = Searcher::new();
        searcher.reserve(9, 9);
        engines.push(run_engine("optimized", &positions, &grid, |p, params| {
            optimized(&mut searcher, p, params)
        }));
    }
    Report {
        engines,
        positions: positions.len(),
        searches_per_position: grid.len(),
    }
}

/// The table both benches print: what ran (`engine`, `configuration`; at least `width`
/// wide), its node total, the seconds, nodes per second and heap allocations, in a fixed
/// layout (a row widens it only past its width).
#[must_use]
pub fn speed_table(what: &str, width: usize) -> Table {
    Table::new(vec![
        left(what).at_least(width),
        right("nodes").at_least(12),
        right("seconds").at_least(9),
        right("nodes/second").at_least(14),
        right("allocations").at_least(12),
    ])
    .gap(" ")
}

/// One row of [`speed_table`]; a total has no allocations of its own.
pub fn speed_row(
    what: &str,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    allocations: Option<u64>,
) -> Vec<String> {
    vec![
        what.to_owned(),
        count(nodes),
        format!("{seconds:.3}"),
        count(nodes_per_second.round() as u64),
        allocations.map(count).unwrap_or_default(),
    ]
}

/// The runs as a table, and the speed-up when both engines ran.
pub fn render(out: &Report, w: &mut dyn Write) -> io::Result<()> {
    writeln!(
        w,
        "workload: {} positions x {} searches (depth limits 1..=9, R 0..=6, plain and null)\n",
        count(out.positions as u64),
        out.searches_per_position
    )?;
    let mut table = speed_table("engine", 10);
    for e in &out.engines {
        table.push(speed_row(
            &e.engine,
            e.nodes,
            e.seconds,
            e.nodes_per_second,
            Some(e.allocations),
        ));
    }
    table.write(false, w)?;
    if let [naive, optimized] = &out.engines[..] {
        let same = if naive.nodes == optimized.nodes {
            "identical node totals"
        } else {
            "NODE TOTALS DIFFER"
        };
        writeln!(
            w,
            "\noptimized / naive: {:.1}x nodes per second, {same}",
            optimized.nodes_per_second / naive.nodes_per_second
        )?;
    }
    Ok(())
}
