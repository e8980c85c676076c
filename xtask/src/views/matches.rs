//! The matches' views: one match as `nullmove chess match` prints it, several in one table,
//! and Elo against the clock.

use nullmove_report::chess::clock_chart::clock_chart as draw_clock;
use nullmove_report::chess::difference::differences_table;
use nullmove_report::chess::effort::{effort_chart as draw_effort, effort_table};
use nullmove_report::chess::match_render::{
    MatchResult, matches_table, render_document as render_match,
};

use super::{Body, Chart, Measured, text_block, utf8};

fn result(m: &Measured<'_>) -> Result<MatchResult, String> {
    MatchResult::from_document(&m.run.output).map_err(|e| format!("{}: {e}", m.file.path))
}

/// One match's table, as the command prints it.
pub(super) fn one(files: &[Measured<'_>]) -> Result<Body, String> {
    let mut out = Vec::new();
    render_match(&files[0].run.output, &mut out)
        .map_err(|e| format!("{}: {e}", files[0].file.path))?;
    Ok(Body {
        markdown: text_block(&utf8(out)?),
        chart: None,
    })
}

/// A row per match.
pub(super) fn table(files: &[Measured<'_>]) -> Result<Body, String> {
    let results = files.iter().map(result).collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::new();
    matches_table(&results)
        .write(true, &mut out)
        .map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: utf8(out)?,
        chart: None,
    })
}

/// Elo against the time control.
pub(super) fn clock_chart(files: &[Measured<'_>]) -> Result<Body, String> {
    let results = files.iter().map(result).collect::<Result<Vec<_>, _>>()?;
    let svg = draw_clock(&results).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: String::new(),
        chart: Some(Chart {
            alt: "Elo against the time control, each point with its 95% interval and game count"
                .to_owned(),
            svg,
        }),
    })
}

/// Each player's depth, nodes and time a move, beside the match's Elo.
pub(super) fn effort(files: &[Measured<'_>]) -> Result<Body, String> {
    let results = files.iter().map(result).collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::new();
    effort_table(&results)
        .map_err(|e| e.to_string())?
        .write(true, &mut out)
        .map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: utf8(out)?,
        chart: None,
    })
}

/// Elo against nodes a move, fixed-node and clock matches on one axis.
pub(super) fn effort_chart(files: &[Measured<'_>]) -> Result<Body, String> {
    let results = files.iter().map(result).collect::<Result<Vec<_>, _>>()?;
    let svg = draw_effort(&results).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: String::new(),
        chart: Some(Chart {
            alt: "Elo against nodes a move, at fixed node counts and at clocks, each point with \
                  its 95% interval and game count"
                .to_owned(),
            svg,
        }),
    })
}

/// Each match's Elo less the first's, with the interval of two independent samples.
pub(super) fn differences(files: &[Measured<'_>]) -> Result<Body, String> {
    let results = files.iter().map(result).collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::new();
    differences_table(&results)
        .map_err(|e| e.to_string())?
        .write(true, &mut out)
        .map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: utf8(out)?,
        chart: None,
    })
}
