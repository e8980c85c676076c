//! Elo against the clock: matches at several time controls, one point each with its 95%
//! interval and its game count, one line per pair of players. What null move is worth as the
//! search gets more time, the chart engine authors ask for first.

use plotters::prelude::*;

use super::match_render::MatchResult;
use crate::Error;
use crate::chart::{
    EloPoint, Marks, SERIES, category_label, elo_frame, elo_range, elo_series, legend, svg_error,
};
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
    let mut players: Vec<&str> = Vec::new();
    for p in &points {
        if !players.contains(&p.players.as_str()) {
            players.push(&p.players);
        }
    }
    let marked = |p: &Point| EloPoint {
        x: x_of(&p.control),
        elo: p.elo,
        interval: p.interval,
        label: format!("{:+.1} ({} games)", p.elo, count(p.games)),
    };
    let all: Vec<EloPoint> = points.iter().map(marked).collect();
    let names: Vec<String> = controls.iter().map(|(_, c)| format!("{c} s")).collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 600)).into_drawing_area();
        // Room on the right for the last point's label.
        let mut chart = elo_frame(
            &root,
            "Elo against the clock (95% intervals; games per point)",
            -0.5..controls.len() as f64 - 0.1,
            elo_range(all.iter()),
            (
                "time control (base + increment, seconds)",
                controls.len(),
                &|x| category_label(&names, *x),
            ),
        )?;
        let marks = Marks {
            tick: 0.05,
            gap: 0.08,
            font: 15,
        };
        for (i, name) in players.iter().enumerate() {
            let mine: Vec<EloPoint> = points
                .iter()
                .filter(|p| p.players == *name)
                .map(marked)
                .collect();
            elo_series(&mut chart, (name, SERIES[i % SERIES.len()]), &mine, marks)?;
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
            // The legend names what differs; settings both players share are counted.
            let players = super::effort::match_title(&names);
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
            let s = m.drawable(&format!("{players} at {control}"))?;
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
