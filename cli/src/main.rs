//! `nullmove`: audit the page, search positions, print the game tree's statistics.
//!
//! Every subcommand prints a readable table by default and one JSON document with `--json`
//! (SPEC.md, "The command-line contract"). Bad input exits with status 2 and a one-line
//! message on stderr.

mod audit;
mod bench;
mod common;
mod guards;
mod kpk;
mod probes;
mod rules;
mod safeguards;
mod search;
mod sweep;
mod trace;
mod tree_stats;
mod zugzwang;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Null-move pruning as the algorithms page publishes it, reproduced and audited.
#[derive(Debug, Parser)]
#[command(name = "nullmove", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Every published claim of the page, checked (exit 1 when one differs).
    Audit(audit::Args),
    /// Search one position and report every root move.
    Search(search::Args),
    /// Statistics of the full game tree of the empty board (oracle).
    TreeStats(tree_stats::Args),
    /// The search's event log, one event a line, like the page's Step and Run.
    Trace(trace::Args),
    /// Plain against null-move node counts over depth limits and reductions.
    Sweep(sweep::Args),
    /// Every safeguard against plain alpha-beta over every reachable position: which guard?
    Safeguards(safeguards::Args),
    /// A fixed workload per engine: node total (the signature), speed, heap allocations.
    Bench(bench::Args),
    /// King and pawn against king: the exact table, zugzwangs, null move measured against them.
    Kpk(kpk::Args),
    /// Where one null-move search's nodes go: probes, cutoffs, the probes' own searches.
    Probes(probes::Args),
    /// The page's rules checked on the events of traced searches over a grid.
    Rules(rules::Args),
    /// Moving against passing by exact values: tic-tac-toe's (absent) zugzwang.
    Zugzwang(zugzwang::Args),
}

fn run(cli: Cli) -> Result<ExitCode, common::CliError> {
    match cli.command {
        Command::Audit(args) => audit::run(&args),
        Command::Search(args) => search::run(&args),
        Command::TreeStats(args) => tree_stats::run(&args),
        Command::Trace(args) => trace::run(&args),
        Command::Sweep(args) => sweep::run(&args),
        Command::Safeguards(args) => safeguards::run(&args),
        Command::Kpk(args) => kpk::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Probes(args) => probes::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Zugzwang(args) => zugzwang::run(&args),
    }
}

/// A reader that closes the pipe early (`nullmove audit | head`) is not an error: stop
/// quietly, as `trace` already does, instead of letting `println!` panic on `EPIPE`.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return common::clap_exit(&e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("nullmove: {e}");
            ExitCode::from(2)
        }
    }
}
