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
//! for it ([`commands::serve::documents::CommandLine`]).

pub mod build_info;
pub mod commands;
mod definitions;
mod document;
pub mod engine_args;
pub mod error;
pub mod examples;
mod guards;
pub mod output;
mod parse;
pub mod search_args;

pub mod progress;
pub mod refusals;

use std::ffi::OsString;
use std::io::{self, Write};

use clap::CommandFactory;

#[cfg(feature = "serve")]
use commands::serve::documents::CommandLine;
use commands::{
    audit, bench, chess, kpk, manual, probes, rules, safeguards, search, serve, sweep, trace,
    tree_stats, uci, zugzwang,
};
pub use definitions::{AFTER_HELP, Cli, Command};
pub use document::{document, document_json};
pub use error::CliError;
pub use output::Io;
pub use parse::parse;

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
        #[cfg(feature = "serve")]
        Command::Serve(args) => {
            let (page, article) = args.texts();
            serve::run(args, io, CommandLine::with_texts(page, article))
        }
        #[cfg(not(feature = "serve"))]
        Command::Serve(args) => serve::run(args, io),
        Command::Uci(args) => uci::run(args, io),
        Command::Completions(args) => manual::completions(args, &mut Cli::command(), io),
        Command::Man(args) => manual::man(args, Cli::command(), io),
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
