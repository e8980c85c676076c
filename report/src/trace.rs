//! `nullmove trace`'s document: one search's event log (the rendering of each event lives
//! in `nullmove_experiments::trace`, so the pitfall's snapshot and the command agree).

use nullmove_core::{Engine, Position, SearchParams};
use nullmove_experiments::trace::{json_lines, leaf_reason, record, text_lines};
use serde::Serialize;

use crate::Error;
use crate::format::TicTacToeGuards;

/// The document of `nullmove trace`: the search's events as `--json` prints them, one
/// value a line there, one array here; and the text log.
#[derive(Debug, Serialize)]
pub struct Document {
    /// Every event (tagged `"event"`), then the root report (`"event": "root_report"`).
    pub events: Vec<serde_json::Value>,
    /// The same, one JSON value a line, in the engine's field order.
    #[serde(skip)]
    pub json_lines: Vec<String>,
    /// The log as text, one event a line, header and report included.
    #[serde(skip)]
    pub text: Vec<String>,
}

/// `engine`'s search of `board` under `params` (with `guards`, named in the log's header)
/// recorded event by event; refused when it holds more than `max_events` events.
pub fn traced(
    engine: &dyn Engine,
    guards: TicTacToeGuards,
    board: &Position,
    params: &SearchParams,
    max_events: usize,
) -> Result<Document, Error> {
    if max_events < usize::MAX {
        let mut events = 1;
        engine.search_traced(board, params, &mut |_| events += 1);
        if events > max_events {
            return Err(Error::Message(format!(
                "the trace has {events} events, more than the {max_events} allowed here; \
                 `nullmove trace` prints it whole in a terminal"
            )));
        }
    }
    let trace = record(engine, board, params);
    let json_lines = json_lines(&trace);
    let events = json_lines
        .iter()
        .map(|l| serde_json::from_str(l))
        .collect::<Result<_, _>>()
        .map_err(|e| Error::Message(format!("cannot write JSON: {e}")))?;
    let name = match guards {
        g if g.is_page() => engine.name().to_owned(),
        g => format!("{}, guards {g}", engine.name()),
    };
    let mut text = text_lines(board, params, &name, &trace);
    if let Some(leaf) = leaf_reason(board, params.depth_limit()) {
        text.push(format!("{leaf}, no move to search"));
    }
    Ok(Document {
        events,
        json_lines,
        text,
    })
}
