//! Real chess's documents: one position searched, test suites with their tables and chart,
//! the deep search's bench, and matches: their table, statistics, effort and charts.

pub mod bench;
pub mod clock_chart;
pub mod difference;
pub mod effort;
pub mod match_file;
pub mod match_merge;
pub mod match_render;
pub mod match_request;
pub mod position;
pub mod sprt;
pub mod sprt_path;
pub mod suite;
pub mod suite_chart;
pub mod suite_render;

use serde::Serialize;

use bench::BenchDoc;
use position::PositionDoc;
use suite::SuiteDoc;

/// The document of `nullmove chess`, by subcommand.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Document {
    /// `--fen`: one position searched.
    Position(PositionDoc),
    /// `suite`.
    Suite(SuiteDoc),
    /// `match` (and `match merge`).
    Match(serde_json::Value),
    /// `bench`.
    Bench(BenchDoc),
    /// `sprt`.
    Sprt(nullmove_elo::Summary),
}

/// Every configuration's name, in the order tables list them.
pub fn configuration_names() -> impl Iterator<Item = &'static str> {
    nullmove_optimized::Guards::presets().map(|(name, _)| name)
}
