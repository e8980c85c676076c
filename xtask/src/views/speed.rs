//! The speed views: `nullmove bench`'s and `nullmove chess bench`'s tables as the commands
//! print them, and criterion's benchmarks as one table.

use nullmove_report::bench::{Report, render};
use nullmove_report::chess::bench::{BenchDoc, render as render_bench};
use nullmove_report::format::count;
use nullmove_report::table::{Table, left, right};

use super::{Body, Measured, output, text_block, utf8};
use crate::criterion;

/// `nullmove bench`'s table.
pub(super) fn bench(files: &[Measured<'_>]) -> Result<Body, String> {
    let doc: Report = output(&files[0], "nullmove bench's document")?;
    let mut out = Vec::new();
    render(&doc, &mut out).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: text_block(&utf8(out)?),
        chart: None,
    })
}

/// `nullmove chess bench`'s table.
pub(super) fn chess_bench(files: &[Measured<'_>]) -> Result<Body, String> {
    let doc: BenchDoc = output(&files[0], "nullmove chess bench's document")?;
    let mut out = Vec::new();
    render_bench(&doc, &mut out).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: text_block(&utf8(out)?),
        chart: None,
    })
}

/// Nanoseconds in the unit that reads best.
fn time(ns: f64) -> String {
    let (value, unit) = match ns {
        x if x >= 1e9 => (x / 1e9, "s"),
        x if x >= 1e6 => (x / 1e6, "ms"),
        x if x >= 1e3 => (x / 1e3, "µs"),
        x => (x, "ns"),
    };
    format!("{} {unit}", three(value))
}

/// Three significant figures.
fn three(x: f64) -> String {
    if x >= 100.0 {
        count(x.round() as u64)
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// Every benchmark of every file, a row each: time and nodes per second, each with
/// criterion's interval.
pub(super) fn criterion(files: &[Measured<'_>]) -> Result<Body, String> {
    let mut t = Table::new(vec![
        left("benchmark"),
        right("time"),
        right("95% interval"),
        right("M nodes/s"),
        right("95% interval"),
    ]);
    for m in files {
        let report: criterion::Report = output(m, "a summary of cargo bench")?;
        for b in &report.benchmarks {
            let [lo, est, hi] = b.time_ns;
            let (rate, rate_interval) = b.elements_per_second.map_or_else(
                || ("-".to_owned(), "-".to_owned()),
                |[lo, est, hi]| {
                    (
                        three(est / 1e6),
                        format!("{} to {}", three(lo / 1e6), three(hi / 1e6)),
                    )
                },
            );
            t.push(vec![
                b.id.clone(),
                time(est),
                format!("{} to {}", time(lo), time(hi)),
                rate,
                rate_interval,
            ]);
        }
    }
    let mut out = Vec::new();
    t.write(true, &mut out).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: utf8(out)?,
        chart: None,
    })
}
