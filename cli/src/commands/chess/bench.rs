//! `nullmove chess bench`: the deep search's signature on chess, a fixed workload under
//! every configuration (`nullmove_report::chess::bench`).

use nullmove_report::chess::bench::{BenchDoc, measure, render};

use crate::error::CliError;
use crate::output::{self, Io};

/// Arguments of `nullmove chess bench`: the workload is fixed, so that its total is a
/// signature.
#[derive(Debug, clap::Args)]
pub struct BenchArgs {
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

/// Runs the workload under every configuration.
pub fn document(_args: &BenchArgs) -> Result<BenchDoc, CliError> {
    Ok(measure()?)
}

/// Runs `nullmove chess bench`.
pub fn run(args: &BenchArgs, io: &mut Io<'_>) -> Result<u8, CliError> {
    let doc = document(args)?;
    output::emit(io.out, args.json, &doc, render)?;
    Ok(0)
}
