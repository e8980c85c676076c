//! The views a generated section names: each renders result files with the same types and
//! renderers the command itself prints with (the CLI's library), then the tool adds where the
//! figures come from. A view receives the files that are measured; those still planned are
//! named under it as not yet measured.

mod matches;
mod provenance;
mod records;
mod speed;
mod suites;

use crate::result::{ResultFile, Run};

pub use provenance::{Detail, provenance_lines};

/// A chart a view draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    /// What it shows, for the image's alternative text.
    pub alt: String,
    /// The SVG.
    pub svg: String,
}

/// What a view renders: Markdown, and the chart it links to, if any.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Body {
    /// The Markdown (a table, a text block), empty for a chart alone.
    pub markdown: String,
    /// The chart, drawn into the images folder and linked below the Markdown.
    pub chart: Option<Chart>,
}

/// A view's renderer: the measured files (at least one) to what it shows.
type Render = fn(&[Measured<'_>]) -> Result<Body, String>;

/// A measured result: its file and its run.
#[derive(Clone, Copy)]
pub struct Measured<'a> {
    /// The file.
    pub file: &'a ResultFile,
    /// Its run.
    pub run: &'a Run,
}

/// How many files a view takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Files {
    One,
    Many,
}

/// Every view: its name, how many files it takes, its renderer.
const VIEWS: [(&str, Files, Render); 21] = [
    ("suite", Files::One, suites::whole),
    ("suite-by-depth", Files::One, suites::by_depth),
    ("suite-rows", Files::One, suites::rows),
    ("suite-verified", Files::One, suites::verified),
    ("suite-by-pieces", Files::One, suites::by_pieces),
    ("suite-split", Files::One, suites::split),
    ("suite-split-tests", Files::One, suites::split_tests),
    ("suite-per-position", Files::One, suites::per_position),
    ("suite-chart", Files::One, suites::chart),
    ("bench", Files::One, speed::bench),
    ("chess-bench", Files::One, speed::chess_bench),
    ("criterion", Files::Many, speed::criterion),
    ("example", Files::One, records::example),
    ("match", Files::One, matches::one),
    ("matches", Files::Many, matches::table),
    ("clock-chart", Files::Many, matches::clock_chart),
    ("effort", Files::Many, matches::effort),
    ("effort-chart", Files::Many, matches::effort_chart),
    ("differences", Files::Many, matches::differences),
    ("mutants", Files::Many, records::mutants),
    ("gate", Files::One, records::gate),
];

/// Every view's name.
pub fn names() -> impl Iterator<Item = &'static str> {
    VIEWS.iter().map(|(name, _, _)| *name)
}

/// Renders `view` over `files` (in the section's order): its body from the measured ones.
/// `None` when none is measured yet.
pub fn render(view: &str, files: &[&ResultFile]) -> Result<Option<Body>, String> {
    let (_, count, render) = VIEWS
        .iter()
        .find(|(name, _, _)| *name == view)
        .ok_or_else(|| {
            format!(
                "no view {view:?}: one of {}",
                names().collect::<Vec<_>>().join(", ")
            )
        })?;
    if *count == Files::One && files.len() != 1 {
        return Err(format!(
            "the view {view} takes one file, not {}",
            files.len()
        ));
    }
    let measured: Vec<Measured<'_>> = files
        .iter()
        .filter_map(|&file| file.run.as_ref().map(|run| Measured { file, run }))
        .collect();
    if measured.is_empty() {
        return Ok(None);
    }
    render(&measured).map(Some)
}

/// The output of `m` as `T`, or an error naming the file and what it should have been.
fn output<T: serde::de::DeserializeOwned>(m: &Measured<'_>, what: &str) -> Result<T, String> {
    serde_json::from_value(m.run.output.clone())
        .map_err(|e| format!("{}: not {what}: {e}", m.file.path))
}

/// `text` as a fenced text block.
fn text_block(text: &str) -> String {
    format!("```text\n{}\n```\n", text.trim_end())
}

/// Bytes a renderer wrote, as text.
fn utf8(bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| e.to_string())
}
