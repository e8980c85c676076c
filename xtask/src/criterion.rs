//! `cargo bench` as data: the estimates criterion writes for each benchmark it runs
//! (`target/criterion/**/new/estimates.json`, beside `benchmark.json`, its id and throughput)
//! read into each benchmark's time and throughput, each as its low end, estimate and high end
//! (criterion's 95% confidence interval), at full precision.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

/// What `cargo bench` measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Every benchmark, in the order criterion ran them (finished them, as their files tell).
    pub benchmarks: Vec<Benchmark>,
}

/// One benchmark.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Benchmark {
    /// Its id: `group/function/parameter`.
    pub id: String,
    /// Nanoseconds an iteration: low, estimate, high (the slope of criterion's linear
    /// sampling where it has one, else the mean: what criterion prints as `time`).
    pub time_ns: [f64; 3],
    /// Elements (nodes, in our benches) per second: low, estimate, high; `None` without a
    /// throughput.
    pub elements_per_second: Option<[f64; 3]>,
}

/// Criterion's folder of estimates: `$CRITERION_HOME`, else `criterion` under
/// `$CARGO_TARGET_DIR` (from `root` when relative), else `root/target/criterion`, as
/// criterion itself chooses.
#[must_use]
pub fn home(root: &Path) -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return root.join(home);
    }
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root.join("target"), |target| root.join(target))
        .join("criterion")
}

/// Reads every benchmark under `home` whose estimates were written at or after `since`
/// (those of the run that started then), in the order they were written.
pub fn summarize(home: &Path, since: SystemTime) -> Result<Report, String> {
    let mut found = Vec::new();
    collect(home, since, &mut found)?;
    if found.is_empty() {
        return Err(format!(
            "cargo bench wrote no criterion estimates under {}",
            home.display()
        ));
    }
    found.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.id.cmp(&y.id)));
    Ok(Report {
        benchmarks: found.into_iter().map(|(_, b)| b).collect(),
    })
}

/// Walks `dir` for `new/estimates.json` files written since `since`.
fn collect(
    dir: &Path,
    since: SystemTime,
    found: &mut Vec<(SystemTime, Benchmark)>,
) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if !path.is_dir() {
            continue;
        }
        let estimates = path.join("estimates.json");
        if path.file_name().is_some_and(|n| n == "new") && estimates.is_file() {
            let written = std::fs::metadata(&estimates)
                .and_then(|m| m.modified())
                .map_err(|e| format!("{}: {e}", estimates.display()))?;
            if written >= since {
                found.push((written, benchmark(&path)?));
            }
        } else {
            collect(&path, since, found)?;
        }
    }
    Ok(())
}

/// One benchmark from its `new/` folder: `benchmark.json` and `estimates.json`.
fn benchmark(new: &Path) -> Result<Benchmark, String> {
    let read = |name: &str| -> Result<serde_json::Value, String> {
        let path = new.join(name);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    };
    of_files(&read("benchmark.json")?, &read("estimates.json")?)
        .map_err(|e| format!("{}: {e}", new.display()))
}

/// A benchmark from criterion's `benchmark.json` (its id and throughput) and
/// `estimates.json` (in nanoseconds).
pub fn of_files(
    benchmark: &serde_json::Value,
    estimates: &serde_json::Value,
) -> Result<Benchmark, String> {
    let id = benchmark
        .get("full_id")
        .and_then(serde_json::Value::as_str)
        .ok_or("benchmark.json has no full_id")?
        .to_owned();
    let typical = estimates
        .get("slope")
        .filter(|s| !s.is_null())
        .or_else(|| estimates.get("mean"))
        .ok_or("estimates.json has neither a slope nor a mean")?;
    let number = |pointer: &str| {
        typical
            .pointer(pointer)
            .and_then(serde_json::Value::as_f64)
            .ok_or_else(|| format!("estimates.json: no {pointer} in {typical}"))
    };
    let time_ns = [
        number("/confidence_interval/lower_bound")?,
        number("/point_estimate")?,
        number("/confidence_interval/upper_bound")?,
    ];
    // Per second, the interval turns over: the most elements at the least time.
    let elements_per_second = benchmark
        .pointer("/throughput/Elements")
        .and_then(serde_json::Value::as_f64)
        .map(|n| time_ns.map(|ns| n * 1e9 / ns))
        .map(|[low, estimate, high]| [high, estimate, low]);
    Ok(Benchmark {
        id,
        time_ns,
        elements_per_second,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `benchmark.json` and `estimates.json` as criterion 0.7 writes them (trimmed).
    fn files(throughput: &str, slope: &str) -> (serde_json::Value, serde_json::Value) {
        let benchmark = format!(
            r#"{{"group_id":"depth 5 R 3","function_id":"naive","value_str":"plain",
                "throughput":{throughput},"full_id":"depth 5 R 3/naive/plain",
                "directory_name":"depth 5 R 3/naive/plain","title":"depth 5 R 3/naive/plain"}}"#
        );
        let estimates = format!(
            r#"{{"mean":{{"confidence_interval":{{"confidence_level":0.95,
                "lower_bound":166000.0,"upper_bound":168000.0}},"point_estimate":167000.0,
                "standard_error":500.0}},
               "median":{{"confidence_interval":{{"confidence_level":0.95,
                "lower_bound":1.0,"upper_bound":3.0}},"point_estimate":2.0,"standard_error":0.5}},
               "slope":{slope}}}"#
        );
        (
            serde_json::from_str(&benchmark).expect("JSON"),
            serde_json::from_str(&estimates).expect("JSON"),
        )
    }

    #[test]
    // The figures are the file's, read and not computed: exactly equal.
    #[allow(clippy::float_cmp)]
    fn the_slope_is_the_time_and_elements_make_the_throughput_at_full_precision() {
        let slope = r#"{"confidence_interval":{"confidence_level":0.95,
            "lower_bound":166980.5,"upper_bound":167950.25},"point_estimate":167420.125,
            "standard_error":250.0}"#;
        let (benchmark, estimates) = files(r#"{"Elements":1777}"#, slope);
        let b = of_files(&benchmark, &estimates).expect("a benchmark");
        assert_eq!(b.id, "depth 5 R 3/naive/plain");
        assert_eq!(b.time_ns, [166_980.5, 167_420.125, 167_950.25]);
        let rate = b.elements_per_second.expect("a throughput");
        assert!((rate[1] - 1777.0 * 1e9 / 167_420.125).abs() < 1e-6);
        assert!(rate[0] < rate[1] && rate[1] < rate[2], "{rate:?}");
        assert!((rate[0] - 1777.0 * 1e9 / 167_950.25).abs() < 1e-6);
    }

    #[test]
    // The figures are the file's, read and not computed: exactly equal.
    #[allow(clippy::float_cmp)]
    fn without_a_slope_the_mean_and_without_elements_no_throughput() {
        let (benchmark, estimates) = files("null", "null");
        let b = of_files(&benchmark, &estimates).expect("a benchmark");
        assert_eq!(b.time_ns, [166_000.0, 167_000.0, 168_000.0]);
        assert_eq!(b.elements_per_second, None);
        let (benchmark, _) = files(r#"{"Bytes":64}"#, "null");
        let b = of_files(&benchmark, &estimates).expect("a benchmark");
        assert_eq!(b.elements_per_second, None);
        assert!(of_files(&serde_json::json!({}), &estimates).is_err());
        assert!(of_files(&benchmark, &serde_json::json!({"slope": null})).is_err());
    }

    #[test]
    fn only_the_estimates_written_since_the_run_began_are_read_in_their_order() {
        let home = std::env::temp_dir().join(format!("xtask-criterion-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        let write = |dir: &str, id: &str| {
            let new = home.join(dir).join("new");
            std::fs::create_dir_all(&new).expect("a folder");
            let (mut benchmark, estimates) = files("null", "null");
            benchmark["full_id"] = id.into();
            std::fs::write(new.join("benchmark.json"), benchmark.to_string()).expect("written");
            std::fs::write(new.join("estimates.json"), estimates.to_string()).expect("written");
        };
        write("old/plain", "old/plain");
        std::thread::sleep(std::time::Duration::from_millis(20));
        let since = SystemTime::now();
        std::thread::sleep(std::time::Duration::from_millis(20));
        write("g/z", "g/z");
        std::thread::sleep(std::time::Duration::from_millis(20));
        write("g/a", "g/a");
        let report = summarize(&home, since).expect("a report");
        let ids: Vec<&str> = report.benchmarks.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids, ["g/z", "g/a"]);
        assert!(
            summarize(
                &home,
                SystemTime::now() + std::time::Duration::from_secs(60)
            )
            .is_err()
        );
        std::fs::remove_dir_all(&home).expect("cleaned up");
    }
}
