//! `cargo bench` as data: criterion's report read into each benchmark's time and throughput,
//! each as its low end, estimate and high end (criterion's 95% confidence interval).

use serde::{Deserialize, Serialize};

/// What `cargo bench` measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Every benchmark, in the order criterion ran them.
    pub benchmarks: Vec<Benchmark>,
}

/// One benchmark.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Benchmark {
    /// Its id: `group/function/parameter`.
    pub id: String,
    /// Nanoseconds an iteration: low, estimate, high.
    pub time_ns: [f64; 3],
    /// Elements (nodes, in our benches) per second: low, estimate, high; `None` without a
    /// throughput.
    pub elements_per_second: Option<[f64; 3]>,
}

/// Reads criterion's report from `cargo bench`'s stdout.
pub fn summarize(text: &str) -> Result<Report, String> {
    let mut benchmarks: Vec<Benchmark> = Vec::new();
    let mut last_id: Option<String> = None;
    for line in text.lines() {
        // The change since the last run, in per cent: not a measurement of this run.
        if line.contains('%') && (line.contains("time:") || line.contains("thrpt:")) {
            continue;
        }
        if let Some((before, values)) = line.split_once("time:") {
            let id = match before.trim() {
                "" => last_id
                    .take()
                    .ok_or("a time with no benchmark's name before it")?,
                name => name.to_owned(),
            };
            benchmarks.push(Benchmark {
                time_ns: triple(values, time_unit)
                    .ok_or_else(|| format!("{id}: cannot read its time from {line:?}"))?,
                id,
                elements_per_second: None,
            });
        } else if let Some((_, values)) = line.split_once("thrpt:") {
            let last = benchmarks
                .last_mut()
                .ok_or("a throughput before any time")?;
            last.elements_per_second = Some(
                triple(values, element_unit)
                    .ok_or_else(|| format!("{}: cannot read {line:?}", last.id))?,
            );
        } else if !line.starts_with(char::is_whitespace) && !line.trim().is_empty() {
            last_id = Some(line.trim().to_owned());
        }
    }
    if benchmarks.is_empty() {
        return Err("cargo bench printed no criterion benchmark".to_owned());
    }
    Ok(Report { benchmarks })
}

/// `[a u b u c u]` with each value scaled by its unit.
fn triple(text: &str, unit: fn(&str) -> Option<f64>) -> Option<[f64; 3]> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let words: Vec<&str> = inner.split_whitespace().collect();
    if words.len() != 6 {
        return None;
    }
    let value = |i: usize| Some(words[2 * i].parse::<f64>().ok()? * unit(words[2 * i + 1])?);
    Some([value(0)?, value(1)?, value(2)?])
}

fn time_unit(unit: &str) -> Option<f64> {
    Some(match unit {
        "ps" => 1e-3,
        "ns" => 1.0,
        "µs" | "us" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => return None,
    })
}

fn element_unit(unit: &str) -> Option<f64> {
    Some(match unit {
        "elem/s" => 1.0,
        "Kelem/s" => 1e3,
        "Melem/s" => 1e6,
        "Gelem/s" => 1e9,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_report_lines_become_benchmarks() {
        let text = "\
Benchmarking depth 5 R 3/naive/plain: Analyzing
depth 5 R 3/naive/plain time:   [166.98 µs 167.42 µs 167.95 µs]
                        thrpt:  [10.640 Melem/s 10.673 Melem/s 10.701 Melem/s]
                 change:
                        time:   [-2.1069% -1.1364% -0.2188%] (p = 0.02 < 0.05)
                        thrpt:  [+0.2193% +1.1494% +2.1522%]
Found 3 outliers among 100 measurements (3.00%)
peer minimax 0.6 Connect Four/negamax/empty board
                        time:   [2.0000 ms 2.1000 ms 2.2000 ms]
";
        let report = summarize(text).unwrap();
        assert_eq!(report.benchmarks.len(), 2);
        let first = &report.benchmarks[0];
        assert_eq!(first.id, "depth 5 R 3/naive/plain");
        assert!((first.time_ns[1] - 167_420.0).abs() < 1e-6);
        assert!((first.elements_per_second.unwrap()[1] - 10.673e6).abs() < 1e-3);
        let second = &report.benchmarks[1];
        assert_eq!(
            second.id,
            "peer minimax 0.6 Connect Four/negamax/empty board"
        );
        assert!((second.time_ns[2] - 2.2e6).abs() < 1e-6);
        assert_eq!(second.elements_per_second, None);
    }

    #[test]
    fn a_report_without_benchmarks_is_an_error() {
        assert!(summarize("Finished\n").is_err());
        assert!(summarize("x time: [1 parsec 2 ns 3 ns]\n").is_err());
    }
}
