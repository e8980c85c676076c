//! `nullmove`: audit the page, search positions, print the game tree's statistics.
//!
//! Every subcommand prints a readable table by default and one JSON document with `--json`
//! (SPEC.md, "The command-line contract"). Bad input and failed writes exit with status 2
//! and a one-line message on stderr.
//!
//! The binary is a thin wrapper over [`run_with`]: parsing (clap's definitions, [`Cli`]),
//! dispatch to the commands ([`commands`], one module each) and rendering (`render`: the
//! one table renderer and the chart helpers); the work is the library crates'. Each command
//! module separates building its document (`document`, a `Serialize` value from validated
//! arguments) from rendering it (`render`, into a writer), so a caller that wants the JSON
//! document without the text turns its parameters into an argv, [`parse`]s it (a bad one
//! gives the command's own one-line error, `CliError`'s `Display`) and calls [`document`]
//! (or the command's own `document` for the typed value): what the web server of `nullmove
//! serve` does through the interface this crate implements for it
//! ([`commands::serve::CommandLine`]).

pub mod commands;
pub mod common;
mod guards;
pub mod output_file;
pub mod progress;
pub mod refusals;
pub mod render;

use std::ffi::OsString;
use std::io::{self, Write};

use clap::{Parser, Subcommand};

use commands::{
    audit, bench, chess, kpk, probes, rules, safeguards, search, serve, sweep, trace, tree_stats,
    uci, zugzwang,
};
pub use common::{CliError, Io};

/// Null-move pruning as the algorithms page publishes it, reproduced and audited.
#[derive(Debug, Parser)]
#[command(name = "nullmove", version, about)]
pub struct Cli {
    /// The subcommand and its arguments.
    #[command(subcommand)]
    pub command: Command,
}

/// Every subcommand with its arguments.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Every claim of the page and its companion article, checked (exit 1 when one differs);
    /// with --page/--article, their coverage (exit 1 when incomplete).
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
    /// Real chess: one position searched under a null-move configuration, or a test suite
    /// under each (nodes, solutions, what null move changes by pieces on the board); a
    /// match's Elo and SPRT from its counts.
    Chess(chess::Args),
    /// Where one null-move search's nodes go: probes, cutoffs, the probes' own searches.
    Probes(probes::Args),
    /// The page's rules checked on the events of traced searches over a grid (exit 1 when
    /// one is broken).
    Rules(rules::Args),
    /// Moving against passing by exact values: tic-tac-toe's (absent) zugzwang.
    Zugzwang(zugzwang::Args),
    /// The page's "Try it" widget in a browser, and a JSON API with the commands' documents.
    Serve(serve::Args),
    /// The chess engine for GUIs and match tools: the UCI protocol on stdin and stdout
    /// (options `NullMove`, `Hash`, `Move Overhead`).
    Uci(uci::Args),
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
        if let Some(ContextValue::String(v)) = e.get(kind) {
            if v.contains(char::is_control) {
                text = text.replace(v.as_str(), &v.escape_debug().to_string());
            }
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
