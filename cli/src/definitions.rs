//! The command line's definitions, as clap reads them: the program ([`Cli`]), every command
//! with its arguments ([`Command`]) and what the main help ends with ([`AFTER_HELP`]).

use clap::{Parser, Subcommand};

use crate::build_info;
use crate::commands::{
    audit, bench, chess, kpk, manual, probes, rules, safeguards, search, serve, sweep, trace,
    tree_stats, uci, zugzwang,
};
use crate::examples;

/// The command line: the subcommand and its arguments. Its help says what the tool is (the
/// crate's description), lists the commands with one line each, and ends with examples to
/// start from and the contract every command keeps ([`AFTER_HELP`]).
#[derive(Debug, Parser)]
#[command(
    name = "nullmove",
    version = build_info::VERSION.as_str(),
    long_version = build_info::LONG_VERSION.as_str(),
    about,
    after_help = AFTER_HELP,
    max_term_width = 100
)]
pub struct Cli {
    /// The subcommand and its arguments.
    #[command(subcommand)]
    pub command: Command,
}

/// What `nullmove --help` prints under the commands: a first example of each kind of work,
/// and what every command shares (a table or `--json`, exit status 2 on bad input).
pub const AFTER_HELP: &str = include_str!("../help/nullmove.txt").trim_ascii_end();

/// Every subcommand with its arguments. The first line of each is its line in `nullmove
/// --help`; the rest shows in the command's own `--help`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Every claim of the page and its companion article, checked, one row each.
    ///
    /// Exit status 1 when a claim differs from what is measured, else 0. With --page or
    /// --article, the texts' coverage instead: every sentence checked by a claim or listed
    /// as not checkable (exit 1 when one is unaccounted for).
    #[command(after_help = examples::AUDIT)]
    Audit(audit::Args),
    /// One tic-tac-toe position searched: every root move beside its exact value.
    ///
    /// The page's function at the root: each root move with the value its child call
    /// returned (a bound where it failed low), the move chosen, the nodes, and beside them
    /// the oracle's exact depth-limited value of every move.
    #[command(after_help = examples::SEARCH)]
    Search(search::Args),
    /// The full game tree of the empty board, counted by the oracle.
    #[command(after_help = examples::TREE_STATS)]
    TreeStats(tree_stats::Args),
    /// One search's event log, one event a line, like the page's Step and Run.
    #[command(after_help = examples::TRACE)]
    Trace(trace::Args),
    /// Plain against null-move node counts over depth limits and reductions.
    ///
    /// The page's own sweep on the empty board by default; with --positions all, over
    /// every non-terminal reachable position.
    #[command(after_help = examples::SWEEP)]
    Sweep(sweep::Args),
    /// Every safeguard against plain alpha-beta: nodes saved, worse moves, the pitfall.
    #[command(after_help = examples::SAFEGUARDS)]
    Safeguards(safeguards::Args),
    /// A fixed workload per engine: the node total (a signature), speed, allocations.
    #[command(after_help = examples::BENCH)]
    Bench(bench::Args),
    /// King and pawn against king: null move measured against the exact table.
    ///
    /// One position (--fen) searched and judged by the table; the table's counts (stats),
    /// its mutual zugzwangs (zugzwangs), and every position searched (sweep).
    #[command(after_help = examples::KPK)]
    Kpk(kpk::Args),
    /// Real chess: one position, test suites, matches, Elo and SPRT.
    ///
    /// Without a subcommand, one position (--fen) searched to --depth under one null-move
    /// configuration; suite, match, bench and sprt do the rest.
    #[command(after_help = examples::CHESS)]
    Chess(chess::Args),
    /// Where one null-move search's nodes go: probes, cutoffs, what the probes cost.
    #[command(after_help = examples::PROBES)]
    Probes(probes::Args),
    /// The page's rules checked on every event of traced searches (exit 1 if one breaks).
    #[command(after_help = examples::RULES)]
    Rules(rules::Args),
    /// Moving against passing by exact values: tic-tac-toe has no zugzwang.
    #[command(after_help = examples::ZUGZWANG)]
    Zugzwang(zugzwang::Args),
    /// The page's "Try it" in a browser, and a JSON API with the commands' documents.
    #[command(after_help = examples::SERVE)]
    Serve(serve::Args),
    /// The chess engine for GUIs and match tools: UCI on stdin and stdout.
    ///
    /// Options: `NullMove` (a configuration: none, r2, r3, adaptive, verified, stockfish or
    /// npm; r3 by default, as `nullmove chess --config`), `Hash` (MiB), `Move Overhead` (ms).
    /// A line it cannot use gets an `info string` line, and the engine goes on.
    #[command(after_help = examples::UCI)]
    Uci(uci::Args),
    /// Shell completions on stdout: bash, zsh, fish, elvish or powershell.
    ///
    /// Generated from the same definitions as the help, so they complete every command and
    /// flag `--help` lists.
    #[command(after_help = examples::COMPLETIONS)]
    Completions(manual::CompletionsArgs),
    /// The manual page, in roff: nullmove(1) on stdout, or every page into a folder.
    ///
    /// Generated from the same definitions as the help: one page for nullmove and one for
    /// each command (nullmove-audit(1), nullmove-chess-match(1), ...).
    #[command(after_help = examples::MAN)]
    Man(manual::ManArgs),
}
