//! The chess suites' views: `nullmove chess suite`'s tables, in Markdown as the command prints
//! them with `--markdown`, and its chart as `--svg` draws it.

use nullmove_report::chess::suite::SuiteDoc;
use nullmove_report::chess::suite_chart::draw as suite_chart;
use nullmove_report::chess::suite_render::{
    SuiteTable, render as render_suite, write_table as write_suite_table,
};

use super::{Body, Chart, Measured, output, utf8};

fn doc(files: &[Measured<'_>]) -> Result<SuiteDoc, String> {
    output(
        &files[0],
        "a chess suite's document (nullmove chess suite --json)",
    )
}

/// Everything `--markdown` prints.
pub(super) fn whole(files: &[Measured<'_>]) -> Result<Body, String> {
    let mut out = Vec::new();
    render_suite(&doc(files)?, true, &mut out).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: utf8(out)?,
        chart: None,
    })
}

fn table(files: &[Measured<'_>], which: SuiteTable) -> Result<Body, String> {
    let mut out = Vec::new();
    write_suite_table(&doc(files)?, which, true, &mut out)
        .map_err(|e| format!("{}: {e}", files[0].file.path))?;
    Ok(Body {
        markdown: utf8(out)?,
        chart: None,
    })
}

pub(super) fn by_depth(files: &[Measured<'_>]) -> Result<Body, String> {
    table(files, SuiteTable::ByDepth)
}

pub(super) fn rows(files: &[Measured<'_>]) -> Result<Body, String> {
    table(files, SuiteTable::Rows)
}

pub(super) fn verified(files: &[Measured<'_>]) -> Result<Body, String> {
    table(files, SuiteTable::VerifiedShape)
}

pub(super) fn by_pieces(files: &[Measured<'_>]) -> Result<Body, String> {
    table(files, SuiteTable::ByPieces)
}

pub(super) fn split(files: &[Measured<'_>]) -> Result<Body, String> {
    table(files, SuiteTable::Split)
}

pub(super) fn split_tests(files: &[Measured<'_>]) -> Result<Body, String> {
    table(files, SuiteTable::SplitTests)
}

pub(super) fn per_position(files: &[Measured<'_>]) -> Result<Body, String> {
    table(files, SuiteTable::PerPosition)
}

/// The chart `--svg` draws.
pub(super) fn chart(files: &[Measured<'_>]) -> Result<Body, String> {
    let doc = doc(files)?;
    let svg = suite_chart(&doc).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: String::new(),
        chart: Some(Chart {
            alt: format!(
                "{}: nodes against plain alpha-beta and positions solved by depth, per configuration",
                doc.suites.join(" and ")
            ),
            svg,
        }),
    })
}
