//! `nullmove bench` against docs/src/specification.md, "The command-line contract": one
//! JSON document
//! `{"engines":[{"engine","nodes","seconds","nodes_per_second","allocations"}]}`, the
//! workload's node signature, identical totals for both engines, zero allocations for the
//! optimized search and a non-zero count for naive (so the counter is shown to count).

use crate::support;

use serde_json::Value;
use support::nullmove;

/// The signature: every non-terminal position x depth limits 1..=9 x R 0..=6 x both modes.
const SIGNATURE: u64 = 43_774_555;

#[test]
fn bench_all_reports_both_engines_with_identical_totals() {
    let out = nullmove(&["bench", "--engine", "all", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let engines = doc["engines"].as_array().expect("an engines array");
    let names: Vec<&str> = engines
        .iter()
        .map(|e| e["engine"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["naive", "optimized"]);
    for e in engines {
        let fields: Vec<&str> = e.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            fields.len(),
            5,
            "exactly engine, nodes, seconds, nodes_per_second, allocations: {fields:?}"
        );
        assert_eq!(e["nodes"].as_u64(), Some(SIGNATURE), "{e}");
        let (seconds, rate) = (
            e["seconds"].as_f64().unwrap(),
            e["nodes_per_second"].as_f64().unwrap(),
        );
        assert!(
            seconds > 0.0 && (rate * seconds - SIGNATURE as f64).abs() < 1.0,
            "{e}"
        );
    }
    assert_eq!(
        engines[1]["allocations"].as_u64(),
        Some(0),
        "the optimized search allocates"
    );
    assert!(
        engines[0]["allocations"].as_u64().unwrap() > SIGNATURE / 2,
        "the page's mirror allocates a fresh array per node: {}",
        engines[0]
    );
}

#[test]
fn bench_defaults_to_optimized_and_prints_a_table() {
    let out = nullmove(&["bench"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("optimized") && text.contains("43,774,555"),
        "{text}"
    );
    assert!(!text.contains("naive"), "{text}");
}

#[test]
fn bench_rejects_an_unknown_engine_in_one_line() {
    support::one_line_error(&["bench", "--engine", "oracle"], "naive, optimized, all");
}
