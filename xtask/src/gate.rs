//! The gate's own time: `.ci/run` from a clean clone of the commit (an empty `target/`, as CI
//! starts), each step timed from its `== step` heading to the next, and the counts of its
//! closing line. The page's texts and Ethereal's archive are found where the tree's own
//! gate finds them.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::provenance::output_of;

/// The gate's run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Each step, in order, with its wall time.
    pub steps: Vec<Step>,
    /// Tests passed, failed and ignored, as its closing line counts them.
    pub tests: Tests,
    /// Its closing line.
    pub summary: String,
    /// How `cargo test --workspace` spent its time: building, then running the test
    /// binaries (absent from reports of gates before it was read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test_phase: Option<TestPhase>,
}

/// The test step's time, as `cargo test` prints it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestPhase {
    /// The build, from the `Finished` line (`in 3m 49s`).
    pub build_seconds: f64,
    /// The test binaries' own times (each harness's `finished in`), summed: the doc tests'
    /// runs included, their compilation not.
    pub binaries_seconds: f64,
    /// The harnesses that ran (unit tests, integration-test binaries, doc tests).
    pub harnesses: u64,
    /// The longest five, slowest first: what `cargo test` printed before each
    /// (`tests/it/main.rs (target/debug/deps/it-...)`) and its seconds.
    pub longest: Vec<Step>,
}

/// One step of the gate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// Its heading.
    pub step: String,
    /// Its wall time in seconds.
    pub seconds: f64,
}

/// The tests the gate counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tests {
    /// Passed.
    pub passed: u64,
    /// Failed.
    pub failed: u64,
    /// Ignored.
    pub ignored: u64,
}

/// Clones `root` at `commit` into a scratch folder, runs its `.ci/run` there and reads the
/// steps' times; the page's texts are found where the tests of `root` find them.
pub fn run_from_clean_clone(root: &Path, commit: &str) -> Result<Report, String> {
    let scratch = std::env::temp_dir().join(format!("nullmove-gate-{}", std::process::id()));
    let clone = scratch.join("nullmove");
    let result = (|| {
        std::fs::create_dir_all(&scratch)
            .map_err(|e| format!("cannot make {}: {e}", scratch.display()))?;
        let source = root.to_string_lossy();
        let target = clone.to_string_lossy();
        output_of(
            &scratch,
            "git",
            &["clone", "--quiet", "--no-checkout", &source, &target],
        )?;
        output_of(&clone, "git", &["checkout", "--quiet", "--detach", commit])?;
        run_gate(root, &clone)
    })();
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

fn run_gate(root: &Path, clone: &Path) -> Result<Report, String> {
    let mut command = Command::new(clone.join(".ci/run"));
    command.current_dir(clone).env_remove("CARGO_TARGET_DIR");
    let texts = root.join("../shared/page");
    if let Ok(texts) = texts.canonicalize() {
        command.env("NULLMOVE_PAGE_DIR", texts);
    }
    // Ethereal's archive, where the tree's own gate finds it: the clone has no shared
    // folder beside it.
    if let Ok(archive) = crate::ethereal::default_archive(root).canonicalize() {
        command.env("NULLMOVE_ETHEREAL_ARCHIVE", archive);
    }
    eprintln!(
        "xtask: running .ci/run in a clean clone at {}",
        clone.display()
    );
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run .ci/run: {e}"))?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut steps: Vec<(String, Instant)> = Vec::new();
    let mut summary = None;
    let mut phase = PhaseReader::default();
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!(".ci/run: cannot read its output: {e}"))?;
        eprintln!("{line}");
        phase.read(&line);
        if let Some(rest) = line.strip_prefix("== ") {
            if rest.starts_with("ci:") {
                summary = Some((line.clone(), Instant::now()));
            } else {
                steps.push((rest.to_owned(), Instant::now()));
            }
        }
    }
    let status = child.wait().map_err(|e| format!(".ci/run: {e}"))?;
    let (summary, end) = summary.ok_or(".ci/run printed no closing line")?;
    if !status.success() {
        return Err(format!("the gate failed ({status}): {summary}"));
    }
    let timed = steps
        .iter()
        .enumerate()
        .map(|(i, (step, start))| {
            let next = steps.get(i + 1).map_or(end, |(_, t)| *t);
            Step {
                step: step.clone(),
                seconds: (next.duration_since(*start).as_secs_f64() * 10.0).round() / 10.0,
            }
        })
        .collect();
    Ok(Report {
        steps: timed,
        tests: counts(&summary)?,
        summary,
        test_phase: Some(phase.finish()?),
    })
}

/// Reads `cargo test`'s lines as they come: the build's `Finished` line, then each
/// harness's `Running`/`Doc-tests` heading and its `test result: ... finished in Ns`.
#[derive(Default)]
struct PhaseReader {
    build: Option<f64>,
    heading: Option<String>,
    harnesses: Vec<Step>,
}

impl PhaseReader {
    fn read(&mut self, line: &str) {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("Finished `test` profile") {
            if self.build.is_none() {
                self.build = rest.rsplit_once(" in ").and_then(|(_, t)| seconds_of(t));
            }
        } else if let Some(name) = line
            .strip_prefix("Running ")
            .or_else(|| line.strip_prefix("Doc-tests "))
        {
            self.heading = Some(name.to_owned());
        } else if line.starts_with("test result: ") {
            let seconds = line
                .rsplit_once("finished in ")
                .and_then(|(_, t)| t.strip_suffix('s'))
                .and_then(|t| t.parse::<f64>().ok());
            if let (Some(step), Some(seconds)) = (self.heading.take(), seconds) {
                self.harnesses.push(Step { step, seconds });
            }
        }
    }

    fn finish(mut self) -> Result<TestPhase, String> {
        let build_seconds = self
            .build
            .ok_or("cargo test printed no `Finished` line for the test profile")?;
        if self.harnesses.is_empty() {
            return Err("cargo test printed no test result".to_owned());
        }
        let binaries_seconds: f64 = self.harnesses.iter().map(|h| h.seconds).sum();
        let harnesses = self.harnesses.len() as u64;
        self.harnesses
            .sort_by(|a, b| b.seconds.total_cmp(&a.seconds));
        self.harnesses.truncate(5);
        Ok(TestPhase {
            build_seconds,
            binaries_seconds: (binaries_seconds * 10.0).round() / 10.0,
            harnesses,
            longest: self.harnesses,
        })
    }
}

/// Cargo's `3m 49s`, `12.34s` or `1h 02m 03s` in seconds.
fn seconds_of(text: &str) -> Option<f64> {
    let mut seconds = 0.0;
    for part in text.split_whitespace() {
        let (number, unit) = part.split_at(part.find(|c: char| c.is_ascii_alphabetic())?);
        let n: f64 = number.parse().ok()?;
        seconds += n * match unit {
            "h" => 3600.0,
            "m" => 60.0,
            "s" => 1.0,
            _ => return None,
        };
    }
    Some(seconds)
}

/// `tests: 543 passed, 0 failed, 2 ignored` from the closing line.
fn counts(summary: &str) -> Result<Tests, String> {
    let tests = summary.split_once("tests: ").map_or("", |(_, t)| t);
    let number = |word: &str| -> Result<u64, String> {
        let before = tests
            .split_once(&format!(" {word}"))
            .map(|(b, _)| b)
            .ok_or_else(|| format!("the closing line counts no tests {word}: {summary}"))?;
        before
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("the closing line counts no tests {word}: {summary}"))
    };
    Ok(Tests {
        passed: number("passed")?,
        failed: number("failed")?,
        ignored: number("ignored")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::float_cmp)] // sums of printed decimals, rounded to tenths: exact
    fn the_test_step_is_read_as_cargo_prints_it() {
        let mut phase = PhaseReader::default();
        for line in [
            "   Compiling nullmove v0.1.0 (/tmp/x/cli)",
            "    Finished `test` profile [optimized] target(s) in 3m 49s",
            "     Running unittests src/lib.rs (target/debug/deps/nullmove_core-c5945ce2)",
            "test result: ok. 25 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.49s",
            "     Running tests/it/main.rs (target/debug/deps/it-228076a6)",
            "test result: ok. 139 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 54.83s",
            "   Doc-tests nullmove_core",
            "test result: ok. 12 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s",
        ] {
            phase.read(line);
        }
        let phase = phase.finish().unwrap();
        assert_eq!(phase.build_seconds, 229.0);
        assert_eq!((phase.binaries_seconds, phase.harnesses), (55.3, 3));
        assert_eq!(
            phase.longest[0].step,
            "tests/it/main.rs (target/debug/deps/it-228076a6)"
        );
        assert_eq!(seconds_of("1h 02m 03s"), Some(3723.0));
        assert_eq!(seconds_of("12.5s"), Some(12.5));
        assert_eq!(seconds_of("soon"), None);
        assert!(PhaseReader::default().finish().is_err());
    }

    #[test]
    fn the_closing_line_gives_the_counts() {
        let line =
            "== ci: 7 of 7 steps passed; tests: 543 passed, 0 failed, 2 ignored; 11 min 27 s";
        assert_eq!(
            counts(line).unwrap(),
            Tests {
                passed: 543,
                failed: 0,
                ignored: 2
            }
        );
        assert!(counts("== ci: FAILED").is_err());
    }
}
