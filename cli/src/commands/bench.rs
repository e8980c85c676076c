//! `nullmove bench`: a fixed workload, as a chess engine's `bench` command runs one
//! (`nullmove_report::bench`); the binary counts the heap allocations made while searching.

use nullmove_counting::CountingAllocator;
use nullmove_report::bench::{Report, measure, render};

use crate::error::CliError;
use crate::output::{self, Io};

/// Counts the heap allocations of each thread, so `bench` can report those made during a
/// search (which runs on the main thread). Counting costs one thread-local increment per
/// allocation, which no other command notices.
#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Which engines `bench` runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchEngine {
    /// The page's JavaScript, line for line.
    Naive,
    /// The generic, allocation-free searcher on bitboards.
    Optimized,
    /// Both, naive first.
    All,
}

/// Arguments of `nullmove bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Which engine to run.
    #[arg(long, value_enum, default_value = "optimized")]
    engine: BenchEngine,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

/// Runs the workload on the chosen engines.
pub fn document(args: &Args) -> Result<Report, CliError> {
    Ok(measure(
        matches!(args.engine, BenchEngine::Naive | BenchEngine::All),
        matches!(args.engine, BenchEngine::Optimized | BenchEngine::All),
    ))
}

/// Runs the workload on the chosen engines and prints the result.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let out = document(args)?;
    output::emit(io.out, args.json, &out, render)?;
    Ok(0)
}
