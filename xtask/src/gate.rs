//! The gate's own time: `.ci/run` from a clean clone of the commit (an empty `target/`, as CI
//! starts), each step timed from its `== step` heading to the next, and the counts of its
//! closing line.

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
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| format!(".ci/run: cannot read its output: {e}"))?;
        eprintln!("{line}");
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
    })
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
