//! `nullmove`: null-move pruning as one algorithms page publishes it, reproduced and
//! audited: the page's tic-tac-toe, zugzwang in K+P vs K, real chess, a UCI engine, matches.
//!
//! Every subcommand prints a readable table by default and one JSON document with `--json`
//! (docs/src/specification.md, "The command-line contract"). Bad input and failed writes
//! exit with status 2 and a one-line message on stderr.
//!
//! The binary is a thin wrapper over [`run_with`]: parsing (clap's definitions, [`Cli`]),
//! the flags' checks and refusals, dispatch to the commands ([`commands`], one module each)
//! and the terminal (progress, Ctrl-C, the trace's Step). Every document and its rendering
//! is `nullmove_report`'s, the work the library crates'. A caller that wants a command's JSON
//! document without the text turns its parameters into an argv, [`parse`]s it (a bad one
//! gives the command's own one-line error, `CliError`'s `Display`) and calls [`document`]:
//! what the web server of `nullmove serve` does through the interface this crate implements
//! for it ([`commands::serve::CommandLine`]).

pub mod build_info;
pub mod commands;
pub mod engine_args;
pub mod error;
pub mod examples;
mod guards;
pub mod output;
pub mod search_args;

pub mod progress;
pub mod refusals;

use std::ffi::OsString;
use std::io::{self, Write};

use clap::{Parser, Subcommand};

use commands::{
    audit, bench, chess, kpk, manual, probes, rules, safeguards, search, serve, sweep, trace,
    tree_stats, uci, zugzwang,
};
pub use error::CliError;
pub use output::Io;

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

/// Parses `args`, the subcommand and its arguments *without* the program name (as
/// `std::env::args_os().skip(1)` yields them): `["search", "--board", "...O.X...", ...]`.
///
/// Bad arguments give [`CliError::Message`] with clap's error as one line; `--help` and
/// `--version` give [`CliError::Info`] with the text to print.
pub fn parse<I, S>(args: I) -> Result<Command, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<OsString> + Clone,
{
    let argv = std::iter::once(OsString::from("nullmove")).chain(args.into_iter().map(Into::into));
    Cli::try_parse_from(argv)
        .map(|cli| cli.command)
        .map_err(|e| clap_error(&e))
}

/// Clap's help and version as [`CliError::Info`]; any usage error as one line.
pub(crate) fn clap_error(e: &clap::Error) -> CliError {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => CliError::Info(e.to_string()),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let names: Vec<String> = <Cli as clap::CommandFactory>::command()
                .get_subcommands()
                .map(|c| c.get_name().to_owned())
                .collect();
            CliError::Message(format!(
                "a subcommand is required: one of {} (see nullmove --help)",
                names.join(", ")
            ))
        }
        _ => CliError::Message(one_line(e)),
    }
}

/// Clap's paragraph as one line with the whole reason: the error, every item it lists
/// below it (the missing arguments), the accepted values and any tip; not the usage line or
/// the pointer to `--help`. A value quoted in the message is shown escaped when it holds a
/// control character (a board with a trailing newline), so it cannot break the line.
fn one_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let mut text = e.to_string();
    for kind in [
        ContextKind::InvalidValue,
        ContextKind::InvalidArg,
        ContextKind::InvalidSubcommand,
    ] {
        if let Some(ContextValue::String(v)) = e.get(kind)
            && v.contains(char::is_control)
        {
            text = text.replace(v.as_str(), &v.escape_debug().to_string());
        }
    }
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"));
    let mut message = lines
        .next()
        .unwrap_or("invalid arguments")
        .trim_start_matches("error: ")
        .to_owned();
    let (mut items, mut notes) = (Vec::new(), Vec::new());
    for line in lines {
        if line.starts_with('[') || line.starts_with("tip:") {
            notes.push(line);
        } else {
            items.push(line);
        }
    }
    if !items.is_empty() {
        message = format!("{message} {}", items.join(", "));
    }
    for note in notes {
        message = format!("{message}; {note}");
    }
    message
}

/// The JSON document `command` prints with `--json`, as a value, built without rendering or
/// writing anything: no table, no `--svg` file, no progress. `trace` gives its JSON lines as
/// one array, `{"events": [...]}`. Bad arguments give the command's one-line error.
///
/// # Example
/// ```
/// let command = nullmove::parse(["search", "--board", "...O.X...", "--depth", "3",
///     "--reduction", "1", "--mode", "null"]).unwrap();
/// let doc = nullmove::document(&command).unwrap();
/// assert_eq!((doc["best_move"].as_u64(), doc["value"].as_i64()), (Some(0), Some(9)));
/// let bad = nullmove::parse(["search", "--board", "XX", "--depth", "3"]).unwrap_err();
/// assert!(bad.to_string().contains("a board is 9 characters"));
/// ```
pub fn document(command: &Command) -> Result<serde_json::Value, CliError> {
    serde_json::from_slice(&document_json(command)?)
        .map_err(|e| CliError::Message(format!("cannot write JSON: {e}")))
}

/// [`document`] as compact JSON text, its fields in the order `--json` prints them: what
/// `nullmove serve` answers with.
pub fn document_json(command: &Command) -> Result<Vec<u8>, CliError> {
    fn json<T: serde::Serialize>(doc: Result<T, CliError>) -> Result<Vec<u8>, CliError> {
        serde_json::to_vec(&doc?).map_err(|e| CliError::Message(format!("cannot write JSON: {e}")))
    }
    match command {
        Command::Audit(args) => json(audit::document(args)),
        Command::Search(args) => json(search::document(args)),
        Command::TreeStats(args) => json(tree_stats::document(args)),
        Command::Trace(args) => json(trace::document(args)),
        Command::Sweep(args) => json(sweep::document(args)),
        Command::Safeguards(args) => json(safeguards::document(args)),
        Command::Bench(args) => json(bench::document(args)),
        Command::Kpk(args) => json(kpk::document(args)),
        Command::Chess(args) => json(chess::document(args)),
        Command::Probes(args) => json(probes::document(args)),
        Command::Rules(args) => json(rules::document(args)),
        Command::Zugzwang(args) => json(zugzwang::document(args)),
        Command::Serve(_) => Err(CliError::msg(
            "serve runs a web server and has no JSON document of its own",
        )),
        Command::Uci(_) => Err(CliError::msg(
            "uci speaks a protocol and has no JSON document of its own",
        )),
        Command::Completions(_) | Command::Man(_) => Err(CliError::msg(
            "completions and man print text for a shell or man, and have no JSON document",
        )),
    }
}

/// Runs one command; returns its exit status.
fn dispatch(command: &Command, io: &mut Io<'_>) -> Result<u8, CliError> {
    match command {
        Command::Audit(args) => audit::run(args, io),
        Command::Search(args) => search::run(args, io),
        Command::TreeStats(args) => tree_stats::run(args, io),
        Command::Trace(args) => trace::run(args, io),
        Command::Sweep(args) => sweep::run(args, io),
        Command::Safeguards(args) => safeguards::run(args, io),
        Command::Kpk(args) => kpk::run(args, io),
        Command::Chess(args) => chess::run(args, io),
        Command::Bench(args) => bench::run(args, io),
        Command::Probes(args) => probes::run(args, io),
        Command::Rules(args) => rules::run(args, io),
        Command::Zugzwang(args) => zugzwang::run(args, io),
        Command::Serve(args) => serve::run(args, io),
        Command::Uci(args) => uci::run(args, io),
        Command::Completions(args) => manual::completions(args, io),
        Command::Man(args) => manual::man(args, io),
    }
}

/// Runs `nullmove` in process: `args` *without* the program name (`["search", "--board",
/// "...O.X...", "--depth", "3", "--reduction", "1", "--mode", "null"]`), output to `out`,
/// the error line to `err`. Returns the exit status: 0, 1 (`audit` when a claim differs,
/// `audit --page` when a text is not covered, `rules` when a rule is broken) or
/// 2 (bad input, a failed write; then one line on `err`). No progress bar is drawn and
/// stdin is never read (see [`run_with`]).
pub fn run<I, S>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> u8
where
    I: IntoIterator<Item = S>,
    S: Into<OsString> + Clone,
{
    run_with(
        args,
        &mut Io {
            out,
            err,
            terminal: false,
        },
    )
}

/// [`run`] with the streams and terminal access in `io`; the binary calls it with
/// `terminal: true`.
pub fn run_with<I, S>(args: I, io: &mut Io<'_>) -> u8
where
    I: IntoIterator<Item = S>,
    S: Into<OsString> + Clone,
{
    let result = parse(args).and_then(|command| {
        let status = dispatch(&command, io)?;
        io.out.flush()?;
        Ok(status)
    });
    match result {
        Ok(status) => status,
        Err(CliError::Info(text)) => match write!(io.out, "{text}").and_then(|()| io.out.flush()) {
            Ok(()) => 0,
            Err(e) => report(io.err, &CliError::Write(e)),
        },
        Err(e) => report(io.err, &e),
    }
}

/// Writes the error line and returns the exit status: a reader that stopped early (`| head`)
/// is not an error, so a broken pipe ends quietly with 0; anything else is 2. A stderr that
/// cannot take the line still gives 2.
fn report(err: &mut dyn Write, e: &CliError) -> u8 {
    if matches!(e, CliError::Write(w) if w.kind() == io::ErrorKind::BrokenPipe) {
        return 0;
    }
    let _ = writeln!(err, "nullmove: {e}").and_then(|()| err.flush());
    2
}
