//! What every chart of the command line shares: real numbers on both axes, one palette, a
//! named line with its dots and the legend that names it, one way to say a chart could not
//! be drawn.

use plotters::prelude::*;

use crate::Error;

/// A chart with real numbers on both axes: the sweep's panels, the safeguards' points, the
/// chess suites' panels.
pub type Chart<'a, DB> = ChartContext<
    'a,
    DB,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// The series colours, in order (matplotlib's "tab10" without its grey and olive): dark
/// enough to read on white, told apart by most readers.
pub const SERIES: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

/// A chart that could not be drawn, in one line.
pub fn svg_error(e: impl std::fmt::Display) -> Error {
    Error::Message(format!("cannot draw the SVG: {e}"))
}

/// An axis of whole numbers from `lo` to `hi` (depth limits, R), with room for the end
/// points' dots.
#[must_use]
pub fn whole_range(lo: u32, hi: u32) -> std::ops::Range<f64> {
    f64::from(lo) - 0.3..f64::from(hi) + 0.3
}

/// A tick label on such an axis: the whole numbers only.
#[must_use]
pub fn whole_label(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 && x >= 0.0 {
        format!("{x:.0}")
    } else {
        String::new()
    }
}

/// A line through `points` with a dot at each, in `colour`, named `name` in the legend: a
/// depth limit of the sweep's panels, a configuration of the chess suites'.
pub fn series<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    name: &str,
    colour: RGBColor,
    points: Vec<(f64, f64)>,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    chart
        .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
        .map_err(svg_error)?
        .label(name)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
    chart
        .draw_series(
            points
                .into_iter()
                .map(|p| Circle::new(p, 3, colour.filled())),
        )
        .map_err(svg_error)?;
    Ok(())
}

/// The legend of the series drawn, at `position`.
pub fn legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    position: SeriesLabelPosition,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.4))
        .position(position)
        .draw()
        .map_err(svg_error)
}

/// A category axis's tick: the name at each whole position, nothing between (the suites'
/// piece groups, the clocks' time controls).
#[must_use]
pub fn category_label(names: &[String], x: f64) -> String {
    let i = x.round();
    if (x - i).abs() < 1e-9 && i >= 0.0 {
        names.get(i as usize).cloned().unwrap_or_default()
    } else {
        String::new()
    }
}

/// An Elo tick: signed and whole.
#[must_use]
pub fn elo_label(v: f64) -> String {
    format!("{v:+.0}")
}

/// One match on an Elo chart: where it stands, its Elo, its 95% interval and its label.
pub struct EloPoint {
    /// Its place on the horizontal axis.
    pub x: f64,
    /// The first player's Elo.
    pub elo: f64,
    /// The Elo's 95% interval.
    pub interval: [f64; 2],
    /// What is written beside it.
    pub label: String,
}

/// The Elo axis that holds every interval and 0, with room above and below.
#[must_use]
pub fn elo_range<'a>(points: impl Iterator<Item = &'a EloPoint>) -> std::ops::Range<f64> {
    let (lo, hi) = points.fold((0.0_f64, 0.0_f64), |(lo, hi), p| {
        (lo.min(p.interval[0]), hi.max(p.interval[1]))
    });
    let pad = ((hi - lo) * 0.12).max(10.0);
    lo - pad..hi + pad
}

/// How a horizontal axis names its ticks.
pub type Labels<'l> = dyn Fn(&f64) -> String + 'l;

/// An Elo chart's frame: the caption, the horizontal axis `x` described as `x_desc` with
/// `x_labels` ticks named by `x_label`, the Elo axis, and the line where Elo is 0.
pub fn elo_frame<'a, DB: DrawingBackend + 'a>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
    (x_desc, x_labels, x_label): (&str, usize, &Labels<'_>),
) -> Result<Chart<'a, DB>, Error>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE).map_err(svg_error)?;
    let mut chart = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(52)
        .y_label_area_size(70)
        .build_cartesian_2d(x.clone(), y)
        .map_err(svg_error)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc("Elo of the first player")
        .x_labels(x_labels)
        .x_label_formatter(x_label)
        .y_label_formatter(&|v| elo_label(*v))
        .draw()
        .map_err(svg_error)?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(x.start, 0.0), (x.end, 0.0)],
            BLACK.mix(0.5).stroke_width(1),
        )))
        .map_err(svg_error)?;
    Ok(chart)
}

/// How an Elo chart marks its points: the half width of an interval's ends, the gap from a
/// point to its label, the label's type size.
#[derive(Debug, Clone, Copy)]
pub struct Marks {
    /// Half the width of each end of an interval's bar.
    pub tick: f64,
    /// From the point to its label, along the horizontal axis.
    pub gap: f64,
    /// The label's size in points.
    pub font: u32,
}

/// `points` named `name` in `colour`: each interval as a bar, each label beside its point,
/// and the line through them.
pub fn elo_series<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    (name, colour): (&str, RGBColor),
    points: &[EloPoint],
    marks: Marks,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    let tick = marks.tick;
    let bars = points.iter().flat_map(|p| {
        let ([a, b], x) = (p.interval, p.x);
        [
            PathElement::new(vec![(x, a), (x, b)], colour.stroke_width(2)),
            PathElement::new(vec![(x - tick, a), (x + tick, a)], colour.stroke_width(2)),
            PathElement::new(vec![(x - tick, b), (x + tick, b)], colour.stroke_width(2)),
        ]
    });
    chart.draw_series(bars).map_err(svg_error)?;
    let labels = points.iter().map(|p| {
        Text::new(
            p.label.clone(),
            (p.x + marks.gap, p.elo),
            ("sans-serif", marks.font).into_font().color(&BLACK),
        )
    });
    chart.draw_series(labels).map_err(svg_error)?;
    let mut line: Vec<(f64, f64)> = points.iter().map(|p| (p.x, p.elo)).collect();
    line.sort_by(|a, b| a.0.total_cmp(&b.0));
    series(chart, name, colour, line)
}
