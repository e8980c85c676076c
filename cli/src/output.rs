//! Where a command writes and how it prints its document: one JSON document with `--json`,
//! else the document's rendering.

use std::io::{self, Write};

use serde::Serialize;

use crate::error::CliError;

/// Where a command writes and what it may ask of the process's terminal.
pub struct Io<'a> {
    /// The command's output: tables, JSON, CSV.
    pub out: &'a mut dyn Write,
    /// Prompts (`trace --step`); the error line is written by the entry point.
    pub err: &'a mut dyn Write,
    /// Whether the process's own terminal belongs to this run: then progress bars appear on
    /// the process's stderr when it is a terminal, and `trace --step` reads stdin when it is
    /// one. `false` for in-process callers (tests, a server): no bar, no reading stdin.
    pub terminal: bool,
}

/// Writes one JSON document and a newline.
pub fn write_json<T: Serialize>(out: &mut dyn Write, value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::Message(format!("cannot write JSON: {e}")))?;
    writeln!(out, "{text}")?;
    Ok(())
}

/// Writes `doc` as one JSON document with `--json` (`json`), else as `render` draws it: how
/// every command prints its document.
pub fn emit<T: Serialize>(
    out: &mut dyn Write,
    json: bool,
    doc: &T,
    render: impl FnOnce(&T, &mut dyn Write) -> io::Result<()>,
) -> Result<(), CliError> {
    if json {
        write_json(out, doc)
    } else {
        Ok(render(doc, out)?)
    }
}
