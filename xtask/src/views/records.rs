//! The views of results that are not a `nullmove` document: an example's printed output, the
//! mutation runs' counts, the gate's steps.

use std::fmt::Write as _;

use nullmove_report::format::count;
use nullmove_report::table::{Table, left, right};
use serde::{Deserialize, Serialize};

use super::{Body, Measured, output, text_block, utf8};
use crate::{example as example_report, gate as gate_report};

/// What the example printed.
pub(super) fn example(files: &[Measured<'_>]) -> Result<Body, String> {
    let report: example_report::Report = output(&files[0], "an example's report")?;
    Ok(Body {
        markdown: text_block(&report.text),
        chart: None,
    })
}

/// A mutation run's counts (cargo-mutants): the output of a `results/mutants/` file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MutationRun {
    /// The tool and its version.
    pub tool: String,
    /// What was mutated, part by part.
    pub parts: Vec<Part>,
}

/// One part's mutants by outcome.
#[allow(clippy::struct_field_names)] // `part` is what the report calls it
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// The files mutated (`optimized/src/deep/`).
    pub part: String,
    /// Mutants listed.
    pub mutants: u64,
    /// Caught by the first pass's targets.
    pub caught: u64,
    /// Timed out in the first pass (a detection).
    pub timeouts: u64,
    /// Did not build.
    pub unviable: u64,
    /// Survived the first pass, then detected by slower targets, doc examples or tests
    /// added for them (each applied by hand and seen to fail).
    pub then_detected: u64,
    /// Argued to change nothing.
    pub equivalent: u64,
    /// Viable, not equivalent, not detected.
    pub missed: u64,
    /// The same by file, where the run counted them so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_file: Vec<Part>,
}

impl Part {
    fn detected(&self) -> u64 {
        self.caught + self.timeouts + self.then_detected
    }

    fn viable(&self) -> u64 {
        self.mutants - self.unviable - self.equivalent
    }

    fn add(&mut self, o: &Part) {
        self.mutants += o.mutants;
        self.caught += o.caught;
        self.timeouts += o.timeouts;
        self.unviable += o.unviable;
        self.then_detected += o.then_detected;
        self.equivalent += o.equivalent;
        self.missed += o.missed;
    }
}

/// A row per part of every file, and their sum when there are several.
pub(super) fn mutants(files: &[Measured<'_>]) -> Result<Body, String> {
    let mut parts = Vec::new();
    for m in files {
        let run: MutationRun = output(m, "a mutation run's counts")?;
        for p in run.parts {
            if p.detected() + p.missed != p.viable() {
                return Err(format!(
                    "{}: {}: detected and missed ({} and {}) are not the {} viable mutants that \
                     are not equivalent",
                    m.file.path,
                    p.part,
                    p.detected(),
                    p.missed,
                    p.viable()
                ));
            }
            parts.push(p);
        }
    }
    let mut t = Table::new(vec![
        left("part"),
        right("mutants"),
        right("caught"),
        right("timeouts"),
        right("unviable"),
        right("then detected"),
        right("equivalent"),
        right("missed"),
        right("detected"),
    ]);
    let mut together = Part {
        part: "together".to_owned(),
        mutants: 0,
        caught: 0,
        timeouts: 0,
        unviable: 0,
        then_detected: 0,
        equivalent: 0,
        missed: 0,
        by_file: Vec::new(),
    };
    for p in &parts {
        together.add(p);
    }
    let several = parts.len() > 1;
    for p in parts.iter().chain(several.then_some(&together)) {
        let name = if p.part == "together" {
            p.part.clone()
        } else {
            format!("`{}`", p.part)
        };
        t.push(vec![
            name,
            count(p.mutants),
            count(p.caught),
            count(p.timeouts),
            count(p.unviable),
            count(p.then_detected),
            count(p.equivalent),
            count(p.missed),
            format!(
                "{} of {} ({:.1}%)",
                count(p.detected()),
                count(p.viable()),
                100.0 * p.detected() as f64 / p.viable().max(1) as f64
            ),
        ]);
    }
    let mut out = Vec::new();
    t.write(true, &mut out).map_err(|e| e.to_string())?;
    Ok(Body {
        markdown: utf8(out)?,
        chart: None,
    })
}

/// The gate's steps and their times, the tests it counted.
pub(super) fn gate(files: &[Measured<'_>]) -> Result<Body, String> {
    let report: gate_report::Report = output(&files[0], "the gate's report")?;
    let mut t = Table::new(vec![left("step"), right("seconds")]);
    // A gate that builds the tests in a step of their own, beside the installs before it.
    let apart = report.steps.iter().any(|s| s.step == "building the tests");
    for s in &report.steps {
        t.push(vec![s.step.clone(), format!("{:.1}", s.seconds)]);
        let Some(phase) = &report.test_phase else {
            continue;
        };
        if apart && s.step == "building the tests" {
            t.push(vec![
                "the build's own time, begun in the step before".to_owned(),
                format!("{:.1}", phase.build_seconds),
            ]);
        }
        // The test step's parts, under it.
        if s.step.starts_with("cargo test") {
            if !apart {
                t.push(vec![
                    "of which building the tests".to_owned(),
                    format!("{:.1}", phase.build_seconds),
                ]);
            }
            t.push(vec![
                format!(
                    "of which the test binaries ({} harnesses, their own times summed)",
                    phase.harnesses
                ),
                format!("{:.1}", phase.binaries_seconds),
            ]);
        }
    }
    let total: f64 = report.steps.iter().map(|s| s.seconds).sum();
    t.push(vec!["the whole gate".to_owned(), format!("{total:.1}")]);
    let mut out = Vec::new();
    t.write(true, &mut out).map_err(|e| e.to_string())?;
    let tests = report.tests;
    let mut markdown = utf8(out)?;
    let _ = writeln!(
        markdown,
        "\nTests: {} passed, {} failed, {} ignored.",
        count(tests.passed),
        count(tests.failed),
        count(tests.ignored)
    );
    Ok(Body {
        markdown,
        chart: None,
    })
}
