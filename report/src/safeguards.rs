//! `nullmove safeguards`' table and chart: every guard, combination and preset against
//! plain alpha-beta, nodes saved against the worse-move rate.

use std::io::Write;

use nullmove_experiments::safeguards::{SafeguardRow, Safeguards};
use nullmove_numbers::counted;
use nullmove_optimized::Guards;
use plotters::prelude::*;

use crate::Error;
use crate::chart::{Chart, SERIES, svg_error};

/// The safeguards' table, the pitfall's rows and the conclusion.
pub fn render(table: &Safeguards, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "null-move pruning with safeguards (optimized engine) against plain alpha-beta: {} x \
         depth limits 1..=9 x R 0..=6 = {} per configuration\n",
        counted(table.positions, "position", "positions"),
        counted(table.searches, "search", "searches")
    )?;
    write!(out, "{}", table.to_table())?;
    writeln!(
        out,
        "\nsaving = 100 * (plain - null) / plain over every search; cheaper_in = (depth \
         limit, R) cells where it visits fewer nodes than plain; value_changed and \
         worse_move count searches (worse: the chosen move is worth less, by the oracle's \
         exact depth-limited values, than the best); rate = worse_move / searches\n"
    )?;
    writeln!(out, "the page's pitfall, ...O.X..., depth limit 3, R 1:\n")?;
    write!(out, "{}", table.pitfall_table())?;
    writeln!(out, "\n{}", table.conclusion())
}

/// The colour of a configuration: by the guard it is built on; the presets apart.
fn colour(name: &str) -> RGBColor {
    if name == "page" {
        BLACK
    } else if Guards::presets().any(|(preset, _)| preset == name) {
        SERIES[5]
    } else if name.contains('+') {
        RGBColor(110, 110, 110)
    } else if name.starts_with("min-probe-depth") {
        SERIES[3]
    } else if name.starts_with("threat") {
        SERIES[1]
    } else if name.starts_with("min-empty") {
        SERIES[2]
    } else if name.starts_with("adaptive") {
        SERIES[4]
    } else {
        SERIES[0]
    }
}

/// Nodes saved against the worse-move rate, one labelled point per configuration: the
/// SVG's text.
pub fn draw(t: &Safeguards) -> Result<String, Error> {
    let mut svg = String::new();
    draw_into(t, &mut svg)?;
    Ok(svg)
}

fn draw_into(t: &Safeguards, svg: &mut String) -> Result<(), Error> {
    let root = SVGBackend::with_string(svg, (1200, 800)).into_drawing_area();
    root.fill(&WHITE).map_err(svg_error)?;
    let x_hi = t
        .rows
        .iter()
        .map(SafeguardRow::worse_rate)
        .fold(0.0, f64::max)
        * 1.25
        + 0.005;
    let ys = t.rows.iter().map(SafeguardRow::savings_percent);
    let y_lo = ys.clone().fold(0.0, f64::min) - 15.0;
    let y_hi = ys.fold(0.0, f64::max) + 15.0;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "Which guard? Nodes saved against worse moves, {} x depth limits 1..=9 x R \
                 0..=6 (a preset at its own R)",
                counted(t.positions, "position", "positions")
            ),
            ("sans-serif", 22),
        )
        .margin(16)
        .x_label_area_size(52)
        .y_label_area_size(80)
        .build_cartesian_2d(-0.004..x_hi, y_lo..y_hi)
        .map_err(svg_error)?;
    chart
        .configure_mesh()
        .x_desc("searches choosing a worse move than the oracle's best (%)")
        .y_desc("nodes saved against plain alpha-beta (%; below 0: extra nodes)")
        .x_label_formatter(&|x| format!("{x:.3}%"))
        .y_label_formatter(&|y| format!("{y:.0}%"))
        .draw()
        .map_err(svg_error)?;
    draw_references(&mut chart, x_hi, (y_lo, y_hi))?;
    draw_points(&mut chart, &t.rows)?;
    root.present().map_err(svg_error)?;
    Ok(())
}

/// The two lines a configuration is read against: plain alpha-beta (no saving) and never
/// a worse move (rate 0).
fn draw_references(
    chart: &mut Chart<'_, SVGBackend<'_>>,
    x_hi: f64,
    (y_lo, y_hi): (f64, f64),
) -> Result<(), Error> {
    chart
        .draw_series(LineSeries::new(
            [(-0.004, 0.0), (x_hi, 0.0)],
            BLACK.mix(0.5).stroke_width(1),
        ))
        .map_err(svg_error)?;
    chart
        .draw_series([Text::new(
            "plain alpha-beta: 0% saved, never a worse move",
            (x_hi * 0.45, 4.0),
            ("sans-serif", 14),
        )])
        .map_err(svg_error)?;
    chart
        .draw_series(LineSeries::new(
            [(0.0, y_lo), (0.0, y_hi)],
            SERIES[2].mix(0.5).stroke_width(1),
        ))
        .map_err(svg_error)?;
    chart
        .draw_series([Text::new(
            "never a worse move",
            (0.0015, y_lo + 8.0),
            ("sans-serif", 14).into_font().color(&SERIES[2]),
        )])
        .map_err(svg_error)?;
    Ok(())
}

/// One labelled point per configuration. Labels go to the right of their points, top to
/// bottom; a label that would overlap one placed before it moves down and is tied to its
/// point by a thin line (the safe configurations crowd the top left corner).
fn draw_points(chart: &mut Chart<'_, SVGBackend<'_>>, rows: &[SafeguardRow]) -> Result<(), Error> {
    let mut order: Vec<&SafeguardRow> = rows.iter().collect();
    order.sort_by(|a, b| b.savings_percent().total_cmp(&a.savings_percent()));
    let mut placed: Vec<(i32, i32, i32, i32)> = Vec::new();
    for r in order {
        let c = colour(&r.configuration);
        let at = (r.worse_rate(), r.savings_percent());
        let (px, py) = chart.backend_coord(&at);
        let width = 7 * r.configuration.len() as i32;
        let (x0, mut y0) = (px + 14, py - 7);
        while placed
            .iter()
            .any(|p| x0 < p.2 && p.0 < x0 + width && y0 < p.3 && p.1 < y0 + 14)
        {
            y0 += 2;
        }
        placed.push((x0, y0, x0 + width, y0 + 14));
        let (dx, dy) = (x0 - px, y0 - py);
        if dy > 0 {
            chart
                .draw_series([EmptyElement::at(at)
                    + PathElement::new(vec![(3, 3), (dx - 2, dy + 7)], c.mix(0.6).stroke_width(1))])
                .map_err(svg_error)?;
        }
        chart
            .draw_series([EmptyElement::at(at)
                + Circle::new((0, 0), 5, c.filled())
                + Text::new(
                    r.configuration.clone(),
                    (dx, dy),
                    ("sans-serif", 13).into_font().color(&c),
                )])
            .map_err(svg_error)?;
    }
    Ok(())
}
