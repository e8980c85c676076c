//! `nullmove trace`: the page's "Try it" log, one search event a line, with Step and Run.
//!
//! The rendering lives in `nullmove_experiments::trace` so that the snapshot of the
//! pitfall and this command print the same text.

use std::io::{self, BufRead, IsTerminal};

use crate::engine_args::EngineName;
use crate::error::CliError;
use crate::guards::GuardArgs;
use crate::output::Io;
use crate::refusals::null_move_engine;
use crate::search_args::SearchArgs;
use nullmove_report::trace::{Document, traced};

/// Arguments of `nullmove trace`.
#[derive(Debug, clap::Args)]
pub struct Args {
    // --board, --depth, --reduction, --mode.
    #[command(flatten)]
    search: SearchArgs,
    /// Which engine searches (the oracle has no events to trace).
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Step through the log like the page's Step button: Enter shows the next event, `r`
    /// runs to the end, `q` quits. Without a terminal on stdin it behaves like Run.
    #[arg(long)]
    step: bool,
    /// Emit the events as JSON lines, the root report last.
    #[arg(long)]
    json: bool,
    /// The safeguards (optimized engine only; all off: the page's search).
    #[command(flatten)]
    guards: GuardArgs,
}

/// Traces the search.
pub fn document(args: &Args) -> Result<Document, CliError> {
    document_within(args, usize::MAX)
}

/// Traces the search, refusing a trace of more than `max_events` events (the root report
/// counts as one) after counting them and before recording or rendering any: how a server
/// bounds the memory and time one request may take.
pub fn document_within(args: &Args, max_events: usize) -> Result<Document, CliError> {
    null_move_engine(args.engine, "events to trace")?;
    let params = args.search.params()?;
    args.guards.refuse_idle_in(&params)?;
    let chosen = args.guards.engine(args.engine)?;
    let engine = chosen.get();
    Ok(traced(
        engine,
        chosen.guards(),
        &args.search.board,
        &params,
        max_events,
    )?)
}

/// Traces the search and prints its log.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let doc = document(args)?;
    let lines = if args.json { doc.json_lines } else { doc.text };
    let interactive = args.step && io.terminal && io::stdin().is_terminal();
    emit(&lines, interactive, io)?;
    Ok(0)
}

/// Prints every line, or, when `interactive`, one line per Enter until `r` or `q`.
fn emit(lines: &[String], interactive: bool, io: &mut Io<'_>) -> Result<(), CliError> {
    let out = &mut *io.out;
    if !interactive {
        for line in lines {
            writeln!(out, "{line}")?;
        }
        return Ok(out.flush()?);
    }
    writeln!(
        io.err,
        "Enter: next event · r then Enter: run to the end · q then Enter: quit"
    )?;
    let mut input = io::stdin().lock();
    let mut running = false;
    for line in lines {
        if running {
            writeln!(out, "{line}")?;
            continue;
        }
        // The line, then the reader's Enter ends it.
        write!(out, "{line} ")?;
        out.flush()?;
        let mut answer = String::new();
        let read = input
            .read_line(&mut answer)
            .map_err(|e| CliError::Message(format!("cannot read the terminal: {e}")))?;
        if read == 0 {
            // stdin closed: run to the end, as without a terminal.
            writeln!(out)?;
            running = true;
            continue;
        }
        match answer.trim() {
            "q" | "Q" => return Ok(out.flush()?),
            "r" | "R" => running = true,
            _ => {}
        }
    }
    Ok(out.flush()?)
}
