//! `nullmove trace`: the page's "Try it" log, one search event a line, with Step and Run.
//!
//! The rendering lives in `nullmove_fixtures::trace_text` so that the snapshot of the
//! pitfall and this command print the same text.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use nullmove_fixtures::trace_text::{self, record};

use crate::common::{CliError, EngineName, SearchArgs};

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
}

/// Traces the search and prints its log.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    if args.engine == EngineName::Oracle {
        return Err(CliError::Message(
            "the oracle searches without a window or null move, so it has no events to trace; \
             use --engine optimized or naive"
                .into(),
        ));
    }
    let params = args.search.params()?;
    let engine = args.engine.engine();
    let trace = record(engine, &args.search.board, &params);
    let lines = if args.json {
        trace_text::json_lines(&trace)
    } else {
        trace_text::text_lines(&args.search.board, &params, engine.name(), &trace)
    };
    let interactive = args.step && io::stdin().is_terminal();
    match emit(&lines, interactive) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(CliError::Message(format!("cannot write the trace: {e}"))),
    }
}

/// Prints every line, or, when `interactive`, one line per Enter until `r` or `q`.
fn emit(lines: &[String], interactive: bool) -> io::Result<()> {
    let mut out = io::stdout().lock();
    if !interactive {
        for line in lines {
            writeln!(out, "{line}")?;
        }
        return out.flush();
    }
    eprintln!("Enter: next event · r then Enter: run to the end · q then Enter: quit");
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
        if input.read_line(&mut answer)? == 0 {
            // stdin closed: run to the end, as without a terminal.
            writeln!(out)?;
            running = true;
            continue;
        }
        match answer.trim() {
            "q" | "Q" => return Ok(()),
            "r" | "R" => running = true,
            _ => {}
        }
    }
    out.flush()
}
