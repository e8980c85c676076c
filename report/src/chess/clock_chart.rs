//! Elo against the clock: matches at several time controls, one point each with its 95%
//! interval and its game count, one line per pair of players. What null move is worth as the
//! search gets more time, the chart engine authors ask for first.

use plotters::prelude::*;

use super::match_render::MatchResult;
use crate::Error;
use crate::chart::{SERIES, legend, series, svg_error};
use crate::format::count;

/// One match at a clock: where it stands on the chart.
struct Point {
    players: String,
    control: String,
    base_seconds: f64,
    elo: f64,
    interval: [f64; 2],
    games: u64,
}

/// The chart as SVG text; every match must be played at a clock and have an Elo that is
/// finite at both ends of its interval.
pub fn clock_chart(matches: &[MatchResult]) -> Result<String, Error> {
    let points = points(matches)?;
    let mut controls: Vec<(f64, String)> = points
        .iter()
        .map(|p| (p.base_seconds, p.control.clone()))
        .collect();
    controls.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    controls.dedup();
    let x_of = |control: &str| controls.iter().position(|(_, c)| c == control).unwrap_or(0) as f64;
    let lo = points.iter().map(|p| p.interval[0]).fold(0.0_f64, f64::min);
    let hi = points.iter().map(|p| p.interval[1]).fold(0.0_f64, f64::max);
    let pad = ((hi - lo) * 0.12).max(10.0);
    let mut players: Vec<&str> = Vec::new();
    for p in &points {
        if !players.contains(&p.players.as_str()) {
            players.push(&p.players);
        }
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 600)).into_drawing_area();
        root.fill(&WHITE).map_err(svg_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Elo against the clock (95% intervals; games per point)",
                ("sans-serif", 22),
            )
            .margin(16)
            .x_label_area_size(52)
            .y_label_area_size(70)
            // Room on the right for the last point's label.
            .build_cartesian_2d(-0.5..controls.len() as f64 - 0.1, lo - pad..hi + pad)
            .map_err(svg_error)?;
        let names: Vec<String> = controls.iter().map(|(_, c)| format!("{c} s")).collect();
        chart
            .configure_mesh()
            .x_desc("time control (base + increment, seconds)")
            .y_desc("Elo of the first player")
            .x_labels(controls.len())
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-9 && i >= 0.0 {
                    names.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|v| format!("{v:+.0}"))
            .draw()
            .map_err(svg_error)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(-0.5, 0.0), (controls.len() as f64 - 0.1, 0.0)],
                BLACK.mix(0.5).stroke_width(1),
            )))
            .map_err(svg_error)?;
        for (i, name) in players.iter().enumerate() {
            let colour = SERIES[i % SERIES.len()];
            let mine: Vec<&Point> = points.iter().filter(|p| p.players == *name).collect();
            let bars = mine.iter().flat_map(|p| {
                let x = x_of(&p.control);
                let [a, b] = p.interval;
                [
                    PathElement::new(vec![(x, a), (x, b)], colour.stroke_width(2)),
                    PathElement::new(vec![(x - 0.05, a), (x + 0.05, a)], colour.stroke_width(2)),
                    PathElement::new(vec![(x - 0.05, b), (x + 0.05, b)], colour.stroke_width(2)),
                ]
            });
            chart.draw_series(bars).map_err(svg_error)?;
            let labels = mine.iter().map(|p| {
                Text::new(
                    format!("{:+.1} ({} games)", p.elo, count(p.games)),
                    (x_of(&p.control) + 0.08, p.elo),
                    ("sans-serif", 15).into_font().color(&BLACK),
                )
            });
            chart.draw_series(labels).map_err(svg_error)?;
            let mut line: Vec<(f64, f64)> =
                mine.iter().map(|p| (x_of(&p.control), p.elo)).collect();
            line.sort_by(|a, b| a.0.total_cmp(&b.0));
            series(&mut chart, name, colour, line)?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().map_err(svg_error)?;
    }
    Ok(svg)
}

/// Each match as a point, in the order given.
fn points(matches: &[MatchResult]) -> Result<Vec<Point>, Error> {
    if matches.is_empty() {
        return Err(Error::msg("no match to draw"));
    }
    matches
        .iter()
        .map(|m| {
            let names: Vec<&str> = m.fields.players.iter().map(|p| p.name.as_str()).collect();
            let players = names.join(" against ");
            let Some(control) = m.fields.time_control.clone() else {
                return Err(Error::Message(format!(
                    "{players}: a match at a fixed node count has no clock to draw it against"
                )));
            };
            let base_seconds = control
                .split('+')
                .next()
                .and_then(|b| b.parse::<f64>().ok())
                .ok_or_else(|| Error::Message(format!("{control}: not a time control")))?;
            let Some(s) = &m.stats else {
                return Err(Error::Message(format!(
                    "{players} at {control}: no pair finished"
                )));
            };
            if !(s.elo.is_finite() && s.elo_95.iter().all(|v| v.is_finite())) {
                return Err(Error::Message(format!(
                    "{players} at {control}: an infinite Elo cannot be drawn"
                )));
            }
            Ok(Point {
                players,
                control,
                base_seconds,
                elo: s.elo,
                interval: s.elo_95,
                games: s.games,
            })
        })
        .collect()
}
