//! The chart `nullmove chess suite --svg` draws: per configuration, nodes against depth
//! (as a share of plain alpha-beta's when it was searched) and positions solved against
//! depth; with `--by-pieces`, the moves null move changes by pieces on the board.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::configuration_names;
use super::suite::{BASELINE, SuiteDoc};
use crate::Error;
use crate::chart::{
    Chart, SERIES, category_label, legend, series, svg_error, whole_label, whole_range,
};

/// One colour per configuration, the same in every chart (the order of docs/src/specification.md).
fn colour(configuration: &str) -> RGBColor {
    match configuration_names().position(|c| c == configuration) {
        // Plain alpha-beta, the baseline, in dark grey.
        Some(0) | None => RGBColor(60, 60, 60),
        Some(i) => SERIES[(i - 1) % SERIES.len()],
    }
}

/// The chart as SVG text.
pub fn draw(doc: &SuiteDoc) -> Result<String, Error> {
    let panels = if doc.by_pieces.is_some() { 3 } else { 2 };
    let size = (700 * panels, 600);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(svg_error)?;
        let title = format!(
            "{}: {} positions under each null-move configuration",
            doc.suites.join(" and "),
            doc.positions.len()
        );
        let root = root.titled(&title, ("sans-serif", 24)).map_err(svg_error)?;
        let areas = root.split_evenly((1, panels as usize));
        draw_nodes(&areas[0], doc)?;
        draw_solved(&areas[1], doc)?;
        if panels == 3 {
            draw_changed(&areas[2], doc)?;
        }
        root.present().map_err(svg_error)?;
    }
    Ok(svg)
}

fn depth_range(doc: &SuiteDoc) -> std::ops::Range<f64> {
    let depths = doc.depths();
    whole_range(depths[0], depths[depths.len() - 1])
}

/// Nodes against depth: `log2(nodes / none's)` when none was searched (below 0 saves),
/// else `log10(nodes)`.
fn draw_nodes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    doc: &SuiteDoc,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    let relative = doc.configurations.iter().any(|c| c == BASELINE);
    let y = |configuration: &str, depth: u32| -> Option<f64> {
        let nodes = doc.row(configuration, depth)?.nodes.max(1) as f64;
        if relative {
            Some((nodes / doc.row(BASELINE, depth)?.nodes.max(1) as f64).log2())
        } else {
            Some(nodes.log10())
        }
    };
    let points: Vec<f64> = doc
        .rows
        .iter()
        .filter_map(|r| y(&r.configuration, r.depth))
        .collect();
    let lo = points.iter().copied().fold(0.0_f64, f64::min).floor() - 0.25;
    let hi = points.iter().copied().fold(0.0_f64, f64::max).ceil() + 0.25;
    let (caption, desc) = if relative {
        (
            "nodes / nodes of plain alpha-beta (none)",
            "share of none's nodes (log scale)",
        )
    } else {
        ("nodes", "nodes (log scale)")
    };
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(90)
        .build_cartesian_2d(depth_range(doc), lo..hi)
        .map_err(svg_error)?;
    let label = move |v: &f64| -> String {
        if (v - v.round()).abs() > 1e-9 {
            return String::new();
        }
        if relative {
            let r = 2f64.powf(v.round());
            if r >= 1.0 {
                format!("{r}x")
            } else {
                format!("1/{}", (1.0 / r).round())
            }
        } else {
            format!("1e{}", v.round())
        }
    };
    chart
        .configure_mesh()
        .x_desc("depth (plies)")
        .y_desc(desc)
        .x_label_formatter(&|x| whole_label(*x))
        .y_label_formatter(&label)
        .y_labels(((hi - lo) * 2.0) as usize + 1)
        .draw()
        .map_err(svg_error)?;
    lines(&mut chart, doc, |c, d| y(c, d))?;
    legend(&mut chart, SeriesLabelPosition::LowerLeft)
}

/// Positions solved (percent of the suite) against depth.
fn draw_solved<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    doc: &SuiteDoc,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    let y = |configuration: &str, depth: u32| -> Option<f64> {
        let r = doc.row(configuration, depth)?;
        Some(100.0 * r.solved as f64 / r.positions.max(1) as f64)
    };
    let hi = doc
        .rows
        .iter()
        .filter_map(|r| y(&r.configuration, r.depth))
        .fold(0.0_f64, f64::max)
        .max(1.0)
        * 1.1;
    let mut chart = ChartBuilder::on(area)
        .caption("positions solved", ("sans-serif", 17))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(70)
        .build_cartesian_2d(depth_range(doc), 0.0..hi.min(105.0))
        .map_err(svg_error)?;
    chart
        .configure_mesh()
        .x_desc("depth (plies)")
        .y_desc("solved (% of positions)")
        .x_label_formatter(&|x| whole_label(*x))
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .draw()
        .map_err(svg_error)?;
    lines(&mut chart, doc, |c, d| y(c, d))?;
    legend(&mut chart, SeriesLabelPosition::LowerRight)
}

/// The moves changed against none (percent of the group's positions) by pieces.
fn draw_changed<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    doc: &SuiteDoc,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    let Some(b) = &doc.by_pieces else {
        return Ok(());
    };
    let mut groups: Vec<(u32, u32)> = b.groups.iter().map(|c| c.pieces).collect();
    groups.sort_unstable();
    groups.dedup();
    let rate = |c: &nullmove_chess::analysis::Change| {
        100.0 * c.changed_move as f64 / c.positions.max(1) as f64
    };
    let hi = b.groups.iter().map(rate).fold(0.0_f64, f64::max).max(1.0) * 1.15;
    let names: Vec<String> = groups.iter().map(|(a, z)| format!("{a}-{z}")).collect();
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!("move changed against none at depth {}", b.depth),
            ("sans-serif", 17),
        )
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.3..groups.len() as f64 - 0.7, 0.0..hi)
        .map_err(svg_error)?;
    chart
        .configure_mesh()
        .x_desc("pieces on the board (kings and pawns included)")
        .y_desc("move changed (% of positions)")
        .x_labels(groups.len())
        .x_label_formatter(&|x| category_label(&names, *x))
        .y_label_formatter(&|v| format!("{v:.0}%"))
        .draw()
        .map_err(svg_error)?;
    for configuration in doc.configurations.iter().filter(|c| *c != BASELINE) {
        let points: Vec<(f64, f64)> = b
            .groups
            .iter()
            .filter(|c| &c.configuration == configuration)
            .filter_map(|c| {
                let i = groups.iter().position(|g| *g == c.pieces)?;
                Some((i as f64, rate(c)))
            })
            .collect();
        series(&mut chart, configuration, colour(configuration), points)?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}

/// One line per configuration over the depths reported.
fn lines<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    doc: &SuiteDoc,
    y: impl Fn(&str, u32) -> Option<f64>,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    for configuration in &doc.configurations {
        let points: Vec<(f64, f64)> = doc
            .depths()
            .into_iter()
            .filter_map(|d| Some((f64::from(d), y(configuration, d)?)))
            .collect();
        series(chart, configuration, colour(configuration), points)?;
    }
    Ok(())
}
