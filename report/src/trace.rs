//! `nullmove trace`'s document: one search's event log (the rendering of each event lives
//! in `nullmove_experiments::trace`, so the pitfall's snapshot and the command agree).

use serde::Serialize;

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
