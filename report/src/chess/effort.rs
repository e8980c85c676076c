//! What each player of a match searched (depth, nodes and time a move) and Elo against that
//! effort: fixed-node matches at their nodes and clock matches at the nodes their first
//! player searched a move, on one logarithmic axis. Why fixed nodes and a clock disagree
//! about null move is a question of these numbers.

use plotters::prelude::*;

use super::match_render::MatchResult;
use crate::Error;
use crate::chart::{EloPoint, Marks, SERIES, elo_frame, elo_range, elo_series, legend, svg_error};
use crate::format::count;
use crate::format::elo_interval;
use crate::table::{Table, left, right};

/// A row per player of each match: its depth, nodes, time a move and time a node, beside
/// the match's control and Elo. A match that recorded no effort is refused by name.
pub fn effort_table(matches: &[MatchResult]) -> Result<Table, Error> {
    let mut table = Table::new(vec![
        left("match"),
        left("book"),
        left("control"),
        right("games"),
        left("Elo (95%)"),
        left("player"),
        right("depth"),
        right("nodes a move"),
        right("ms a move"),
        right("ns a node"),
    ]);
    for m in matches {
        let point = Point::of(m)?;
        let names: Vec<&str> = m.fields.effort.iter().map(|e| e.name.as_str()).collect();
        let (short, _) = short_names(&names);
        for (i, (e, name)) in m.fields.effort.iter().zip(short).enumerate() {
            let mut row = if i == 0 {
                vec![
                    point.players.clone(),
                    m.fields.book.clone(),
                    point.control.clone(),
                    count(point.games),
                    elo_interval(point.elo, point.interval),
                ]
            } else {
                vec![String::new(); 5]
            };
            let fixed = |v: Option<f64>, digits: usize| {
                v.map_or_else(|| "-".to_owned(), |v| format!("{v:.digits$}"))
            };
            row.extend([
                name,
                fixed(e.mean_depth, 2),
                e.nodes_per_move
                    .map_or_else(|| "-".to_owned(), |n| count(n.round() as u64)),
                fixed(e.ms_per_move, 1),
                fixed(e.ns_per_node, 0),
            ]);
            table.push(row);
        }
    }
    Ok(table)
}

/// One match where the chart puts it.
struct Point {
    players: String,
    control: String,
    clock: bool,
    /// The first player's nodes a move: the match's limit, or what it searched at a clock.
    nodes: f64,
    elo: f64,
    interval: [f64; 2],
    games: u64,
}

impl Point {
    fn of(m: &MatchResult) -> Result<Self, Error> {
        let f = &m.fields;
        let names: Vec<&str> = f.players.iter().map(|p| p.name.as_str()).collect();
        let players = match_title(&names);
        let control = super::match_render::control_cell(f)
            .ok_or_else(|| Error::Message(format!("{players}: no control")))?;
        let measured = f.effort.first().and_then(|e| e.nodes_per_move);
        let Some(nodes) = f.nodes.map(|n| n as f64).or(measured) else {
            return Err(Error::Message(format!(
                "{players} at {control}: the match recorded no effort (nodes a move), which \
                 places a clock match on the chart; play it again with this build"
            )));
        };
        let s = m.drawable(&format!("{players} at {control}"))?;
        Ok(Self {
            players,
            control,
            clock: f.time_control.is_some(),
            nodes,
            elo: s.elo,
            interval: s.elo_95,
            games: s.games,
        })
    }
}

/// Elo against the first player's nodes a move (log scale), one line for the fixed-node
/// matches and one for the clock matches, each point with its 95% interval and games.
pub fn effort_chart(matches: &[MatchResult]) -> Result<String, Error> {
    if matches.is_empty() {
        return Err(Error::msg("no match to draw"));
    }
    let points = matches
        .iter()
        .map(Point::of)
        .collect::<Result<Vec<_>, _>>()?;
    let marked = |p: &Point| EloPoint {
        x: p.nodes.log10(),
        elo: p.elo,
        interval: p.interval,
        label: format!("{}: {:+.1} ({})", p.control, p.elo, count(p.games)),
    };
    let all: Vec<EloPoint> = points.iter().map(marked).collect();
    let (x_lo, x_hi) = all
        .iter()
        .map(|p| p.x)
        .fold((f64::MAX, f64::MIN), |(a, b), v| (a.min(v), b.max(v)));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 600)).into_drawing_area();
        let mut chart = elo_frame(
            &root,
            "Elo against nodes a move (95% intervals; games per point)",
            x_lo - 0.25..x_hi + 0.6,
            elo_range(all.iter()),
            ("nodes a move, the first player's (log scale)", 12, &|v| {
                count(10_f64.powf(*v).round() as u64)
            }),
        )?;
        let marks = Marks {
            tick: 0.03,
            gap: 0.04,
            font: 13,
        };
        for (i, clock) in [false, true].into_iter().enumerate() {
            let mine: Vec<EloPoint> = points
                .iter()
                .filter(|p| p.clock == clock)
                .map(marked)
                .collect();
            if mine.is_empty() {
                continue;
            }
            let name = if clock {
                "at a clock (its measured nodes a move)"
            } else {
                "at a fixed node count"
            };
            elo_series(&mut chart, (name, SERIES[i]), &mine, marks)?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().map_err(svg_error)?;
    }
    Ok(svg)
}

/// The two players' names without the `:Option=value` settings they share, which the
/// full engine's long names repeat on both sides, and how many were left out.
pub(super) fn short_names(names: &[&str]) -> (Vec<String>, usize) {
    let split: Vec<Vec<&str>> = names.iter().map(|n| n.split(':').collect()).collect();
    let shared: Vec<&str> = split
        .first()
        .map(|first| {
            first
                .iter()
                .skip(1)
                .filter(|o| {
                    o.contains('=') && split.iter().all(|s| s.iter().skip(1).any(|x| x == *o))
                })
                .copied()
                .collect()
        })
        .unwrap_or_default();
    let short = split
        .iter()
        .map(|parts| {
            let mut kept = vec![parts[0]];
            kept.extend(parts.iter().skip(1).filter(|o| !shared.contains(o)));
            kept.join(":")
        })
        .collect();
    (short, shared.len())
}

/// `A against B`, with the settings both share counted, not repeated.
#[must_use]
pub fn match_title(names: &[&str]) -> String {
    let (short, shared) = short_names(names);
    let title = short.join(" against ");
    match shared {
        0 => title,
        1 => format!("{title}, one setting shared"),
        n => format!("{title}, {n} settings shared"),
    }
}
