//! `nullmove sweep`'s table and chart: plain against null-move node counts over a grid of
//! depth limits and reductions, the cost against R per depth limit and, over every
//! position, the worse-move rate beside it.

use std::io::Write;

use nullmove_experiments::sweep::{PositionSet, Sweep, SweepRow};
use plotters::prelude::*;

use crate::Error;
use crate::chart::{Chart, SERIES, legend, series, svg_error, whole_label, whole_range};
use crate::format;

/// The sweep as a table with a heading and the legend.
pub fn render(
    result: &Sweep,
    set: PositionSet,
    engine: &str,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let what = match set {
        PositionSet::Empty => "the empty board".to_owned(),
        PositionSet::All => format!(
            "{} non-terminal reachable positions",
            format::count(positions(result))
        ),
    };
    writeln!(
        out,
        "null-move pruning against plain alpha-beta on {what}, engine {engine}\n"
    )?;
    write!(out, "{}", result.to_table())?;
    writeln!(
        out,
        "\nsaving = 100 * (plain - null) / plain; ratio = null / plain; value_changed counts \
         positions whose root value differs between the modes, worse_move those where null \
         move's chosen move is worth less, by the oracle, than its best"
    )
}

fn positions(s: &Sweep) -> u64 {
    s.rows.first().map_or(0, |r| r.positions)
}

/// One colour per depth limit: grey for depth 1, then the series colours in turn.
fn depth_colour(depth: u32) -> RGBColor {
    match (depth as usize + SERIES.len()) % (SERIES.len() + 1) {
        0 => RGBColor(120, 120, 120),
        i => SERIES[i - 1],
    }
}

/// The rows of one depth limit, in R order.
fn by_depth(s: &Sweep) -> Vec<(u32, Vec<&SweepRow>)> {
    let mut out: Vec<(u32, Vec<&SweepRow>)> = Vec::new();
    for r in &s.rows {
        match out.last_mut() {
            Some((d, rows)) if *d == r.depth => rows.push(r),
            _ => out.push((r.depth, vec![r])),
        }
    }
    out
}

/// The chart's size in pixels: all positions add a second panel.
fn chart_size(set: PositionSet) -> (u32, u32) {
    match set {
        PositionSet::Empty => (900, 640),
        PositionSet::All => (1500, 640),
    }
}

/// Draws the cost of null-move search against R, one line per depth limit; for `all`,
/// the worse-move rate beside it: the SVG's text.
pub fn draw(s: &Sweep, set: PositionSet, engine: &str) -> Result<String, Error> {
    let wide = set == PositionSet::All;
    let size = chart_size(set);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(svg_error)?;
        let title = match set {
            PositionSet::Empty => {
                "Null-move pruning on the empty board: nodes saved against R".to_owned()
            }
            PositionSet::All => format!(
                "Null-move pruning over all {} non-terminal reachable positions: nodes and worse moves against R",
                positions(s)
            ),
        };
        let root = root.titled(&title, ("sans-serif", 24)).map_err(svg_error)?;
        let (left, right) = if wide {
            let (l, r) = root.split_horizontally(size.0 * 11 / 20);
            (l, Some(r))
        } else {
            (root.clone(), None)
        };
        draw_cost(&left, s, engine)?;
        if let Some(right) = right {
            draw_worse(&right, s)?;
        }
        root.present().map_err(svg_error)?;
    }
    Ok(svg)
}

fn r_range(s: &Sweep) -> std::ops::Range<f64> {
    let lo = s.rows.iter().map(|r| r.reduction).min().unwrap_or(0);
    let hi = s.rows.iter().map(|r| r.reduction).max().unwrap_or(0);
    whole_range(lo, hi)
}

/// The y axis of the cost chart is `log2(null / plain)`, so that a 2x saving and a 2x cost
/// are equally far from break-even; ticks at whole powers of two print the ratio and, below
/// break-even, the saving it means.
fn ratio_label(y: f64) -> String {
    if (y - y.round()).abs() > 1e-9 {
        return String::new();
    }
    let ratio = 2f64.powf(y.round());
    if y.round() == 0.0 {
        "1x = even".to_owned()
    } else if ratio < 1.0 {
        format!("{ratio}x = {:.0}% saved", (1.0 - ratio) * 100.0)
    } else {
        format!("{ratio}x the nodes")
    }
}

/// Where a row sits on the cost chart's axis.
fn log_cost(r: &SweepRow) -> f64 {
    r.cost_ratio().log2()
}

fn draw_cost<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    s: &Sweep,
    engine: &str,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    let ys = s.rows.iter().map(log_cost);
    let lo = ys.clone().fold(0.0_f64, f64::min).floor() - 0.25;
    let hi = ys.fold(0.0_f64, f64::max).ceil() + 0.25;
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!(
                "nodes of null-move search / nodes of plain alpha-beta{} ({engine} engine)",
                if positions(s) > 1 { ", summed" } else { "" }
            ),
            ("sans-serif", 17),
        )
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(120)
        .build_cartesian_2d(r_range(s), lo..hi)
        .map_err(svg_error)?;
    chart
        .configure_mesh()
        .x_desc("reduction R (extra plies a null-move probe skips)")
        .y_desc("null-move nodes / plain nodes (log scale)")
        .x_label_formatter(&|x| whole_label(*x))
        .y_label_formatter(&|y| ratio_label(*y))
        .x_labels(12)
        .y_labels(((hi - lo) * 2.0) as usize + 1)
        .draw()
        .map_err(svg_error)?;
    let x = r_range(s);
    chart
        .draw_series(LineSeries::new(
            [(x.start, 0.0), (x.end, 0.0)],
            BLACK.mix(0.6).stroke_width(1),
        ))
        .map_err(svg_error)?;
    draw_depth_lines(&mut chart, s, log_cost)?;
    // The page's published combinations, labelled with its own numbers' sources.
    for (d, r, text) in [
        (3, 1, "page: 53.3% saved"),
        (5, 3, "page: 55.1% saved"),
        (9, 1, "page: 3.9x cost"),
        (9, 4, "page: 8.8% saved"),
    ] {
        if let Some(row) = s.row(d, r).filter(|row| row.positions == 1) {
            let at = (f64::from(r), log_cost(row));
            chart
                .draw_series([EmptyElement::at(at)
                    + Circle::new((0, 0), 7, BLACK.stroke_width(2))
                    + Text::new(format!("{text} (d{d} R{r})"), (10, -4), ("sans-serif", 13))])
                .map_err(svg_error)?;
        }
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}

fn draw_worse<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    s: &Sweep,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    let rate = |r: &SweepRow| 100.0 * r.worse_move as f64 / r.positions as f64;
    let hi = s.rows.iter().map(rate).fold(0.0_f64, f64::max).max(0.1) * 1.15;
    let mut chart = ChartBuilder::on(area)
        .caption(
            "worse move: null-move search picks a move the oracle rates lower",
            ("sans-serif", 17),
        )
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(70)
        .build_cartesian_2d(r_range(s), 0.0..hi)
        .map_err(svg_error)?;
    chart
        .configure_mesh()
        .x_desc("reduction R")
        .y_desc("positions with a worse move (%)")
        .x_label_formatter(&|x| whole_label(*x))
        .y_label_formatter(&|y| format!("{y:.2}%"))
        .x_labels(12)
        .draw()
        .map_err(svg_error)?;
    draw_depth_lines(&mut chart, s, rate)?;
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}

/// One line with a dot per R for each depth limit, `y` giving the measure plotted, each
/// line named in the legend.
fn draw_depth_lines<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    s: &Sweep,
    y: impl Fn(&SweepRow) -> f64,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    for (depth, rows) in by_depth(s) {
        let points = rows
            .iter()
            .map(|r| (f64::from(r.reduction), y(r)))
            .collect();
        series(
            chart,
            &format!("depth limit {depth}"),
            depth_colour(depth),
            points,
        )?;
    }
    Ok(())
}
