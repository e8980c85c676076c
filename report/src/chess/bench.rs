//! `nullmove chess bench`'s document: the deep search's signature on chess, as `nullmove bench` is the
//! page's search's on tic-tac-toe: a fixed workload (`nullmove_chess::bench_run`), each
//! configuration's node total (the signature a commit that changes it must name), the time
//! in the searches, nodes per second, and the heap allocations made while searching,
//! counted by the binary's global allocator (`nullmove_counting`).

use std::io::{self, Write};

use nullmove_chess::{
    BENCH_DEPTH, BENCH_SUITES, BENCH_TABLE_BITS, bench_positions, bench_run, bench_searcher,
};
use nullmove_counting::CountingAllocator;
use serde::{Deserialize, Serialize};

use nullmove_optimized::Guards;

use crate::Error;
use crate::bench::{speed_row, speed_table};

/// The first positions of one suite.
#[derive(Debug, Serialize, Deserialize)]
pub struct SuitePart {
    /// The suite's name.
    pub suite: String,
    /// How many of its first positions.
    pub first: usize,
}

/// One configuration over the workload.
#[derive(Debug, Serialize, Deserialize)]
pub struct ConfigRun {
    /// The configuration's name.
    pub configuration: String,
    /// Nodes over every position: its part of the signature.
    pub nodes: u64,
    /// Seconds in the searches.
    pub seconds: f64,
    /// Nodes per second.
    pub nodes_per_second: f64,
    /// Heap allocations made while searching.
    pub allocations: u64,
}

/// The document of `nullmove chess bench` (read back from its JSON, too, by whoever renders
/// a stored run).
#[derive(Debug, Serialize, Deserialize)]
pub struct BenchDoc {
    /// The positions: the first of each suite.
    pub positions: Vec<SuitePart>,
    /// The depth every position is searched to.
    pub depth: u32,
    /// The table: `2^table_bits` slots, cleared before each search.
    pub table_bits: u32,
    /// One run per configuration, in the order tables list them.
    pub configurations: Vec<ConfigRun>,
    /// Nodes over every configuration: the signature.
    pub nodes: u64,
    /// Seconds in the searches, over every configuration.
    pub seconds: f64,
    /// Nodes per second over every configuration.
    pub nodes_per_second: f64,
}

/// Runs the workload under every configuration.
pub fn measure() -> Result<BenchDoc, Error> {
    let positions = bench_positions().map_err(|e| Error::msg(e.to_string()))?;
    let mut searcher = bench_searcher();
    let mut configurations = Vec::new();
    for (name, guards) in Guards::presets() {
        let before = CountingAllocator::count();
        let run =
            bench_run(&mut searcher, &positions, guards).map_err(|e| Error::msg(e.to_string()))?;
        let allocations = CountingAllocator::count() - before;
        let seconds = run.time.as_secs_f64();
        configurations.push(ConfigRun {
            configuration: name.to_owned(),
            nodes: run.nodes,
            seconds,
            nodes_per_second: run.nodes as f64 / seconds,
            allocations,
        });
    }
    let nodes = configurations.iter().map(|c| c.nodes).sum();
    let seconds = configurations.iter().map(|c| c.seconds).sum();
    Ok(BenchDoc {
        positions: BENCH_SUITES
            .iter()
            .map(|&(suite, first)| SuitePart {
                suite: suite.name().to_owned(),
                first,
            })
            .collect(),
        depth: BENCH_DEPTH,
        table_bits: BENCH_TABLE_BITS,
        configurations,
        nodes,
        seconds,
        nodes_per_second: nodes as f64 / seconds,
    })
}

/// The runs as a table, the signature last.
pub fn render(doc: &BenchDoc, w: &mut dyn Write) -> io::Result<()> {
    let parts: Vec<String> = doc
        .positions
        .iter()
        .map(|p| format!("the first {} of {}", p.first, p.suite))
        .collect();
    writeln!(
        w,
        "workload: {}, each configuration to depth {} from a cleared table of 2^{} slots\n",
        parts.join(" and "),
        doc.depth,
        doc.table_bits
    )?;
    let mut table = speed_table("configuration", 14);
    for c in &doc.configurations {
        table.push(speed_row(
            &c.configuration,
            c.nodes,
            c.seconds,
            c.nodes_per_second,
            Some(c.allocations),
        ));
    }
    table.push(speed_row(
        "total",
        doc.nodes,
        doc.seconds,
        doc.nodes_per_second,
        None,
    ));
    table.write(false, w)?;
    writeln!(w, "\nsignature: {} nodes", doc.nodes)
}
