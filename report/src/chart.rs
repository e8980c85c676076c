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
