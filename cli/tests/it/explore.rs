//! `nullmove trace` and `nullmove sweep` against the real binary: the page's "Try it" log
//! and its "Complexity" sweep, with the one-line errors of docs/src/specification.md.

use crate::support;

use support::{pitfall, rejects, stdout};

/// `nullmove trace` of the pitfall in null-move mode, then `extra`.
fn trace(extra: &[&'static str]) -> Vec<&'static str> {
    pitfall("trace", "null", extra)
}

/// The probe after X's centre, its resolution and the prune, on consecutive lines.
#[test]
fn trace_of_the_pitfall() {
    let text = stdout(&trace(&[]));
    let lines: Vec<&str> = text.lines().collect();
    let prune = lines
        .iter()
        .position(|l| l.contains("prune: return alpha 9") && l.contains("X's move 4 is discarded"))
        .expect("the prune of the centre");
    assert!(lines[prune - 5].contains("O passes at depth 1, probed at depth 3, on the horizon"));
    assert!(lines[prune - 3].contains("heuristic 9"));
    assert!(lines[prune - 1].contains("probe resolved: score 9 <= alpha 9: fails low"));
    assert!(
        lines
            .last()
            .unwrap()
            .contains("worse for X than the oracle's 12")
    );
}

/// `--step` without a terminal on stdin behaves like Run; `--json` is JSON lines.
#[test]
fn step_without_a_terminal_runs_and_json_lines_parse() {
    assert_eq!(stdout(&trace(&["--step"])), stdout(&trace(&[])));
    let text = stdout(&trace(&["--json"]));
    let values: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON value a line"))
        .collect();
    assert_eq!(values[0]["event"], "call");
    assert!(values.iter().any(|v| v["event"] == "probe_start"));
    let last = values.last().unwrap();
    assert_eq!(last["event"], "root_report");
    assert_eq!(
        (last["best_move"].as_u64(), last["value"].as_i64()),
        (Some(0), Some(9))
    );
}

/// The sweep's heading counts its positions as every other count is printed, and a depth
/// limit past the game's end is a limit like any other (the page's rules allow any).
#[test]
fn sweep_heading_and_deep_limits() {
    let text = stdout(&[
        "sweep",
        "--positions",
        "all",
        "--depths",
        "1",
        "--reductions",
        "0",
    ]);
    assert!(
        text.starts_with("null-move pruning against plain alpha-beta on 4,520 non-terminal"),
        "{text}"
    );
    let deep = stdout(&["sweep", "--depths", "100", "--reductions", "0..=6"]);
    for nodes in ["20,866", "605,503", "64,950"] {
        assert!(deep.contains(nodes), "{nodes} in {deep}");
    }
}

#[test]
fn sweep_json_and_csv_carry_the_published_counts() {
    let text = stdout(&[
        "sweep",
        "--depths",
        "3..=5",
        "--reductions",
        "1..=3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 9);
    let fields = [
        "depth",
        "reduction",
        "positions",
        "nodes_plain",
        "nodes_null",
        "savings_percent",
        "value_changed",
        "worse_move",
    ];
    for r in rows {
        let keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), fields.len());
        assert!(fields.iter().all(|f| keys.contains(f)), "{r}");
    }
    let row = |d: u64, r: u64| {
        rows.iter()
            .find(|x| x["depth"] == d && x["reduction"] == r)
            .unwrap()
    };
    assert_eq!(
        (
            row(3, 1)["nodes_plain"].as_u64(),
            row(3, 1)["nodes_null"].as_u64()
        ),
        (Some(167), Some(78))
    );
    assert_eq!(row(5, 3)["savings_percent"].as_f64(), Some(55.1));
    let csv = stdout(&["sweep", "--depths", "9", "--reductions", "1..=4", "--csv"]);
    assert!(csv.starts_with("depth,reduction,positions,nodes_plain,nodes_null,savings_percent,value_changed,worse_move\n"));
    assert!(csv.contains("\n9,1,1,20866,80790,-287.2,0,0\n"), "{csv}");
    assert!(csv.contains("\n9,4,1,20866,19036,8.8,0,0\n"), "{csv}");
}

#[test]
fn sweep_draws_an_svg() {
    let dir = std::env::temp_dir().join(format!("nullmove-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("empty.svg");
    stdout(&["sweep", "--svg", path.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("nodes saved against R"));
    assert!(svg.contains("depth limit 9"));
    assert!(svg.contains("page: 55.1% saved"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_ranges_exit_2_with_one_line() {
    rejects(
        &["sweep", "--depths", "5..=3"],
        "depths: 5..=3 must satisfy 1 <= A <= B <= 999999",
    );
    rejects(&["sweep", "--depths", "0..=3"], "1 <= A <= B <= 999999");
    rejects(&["sweep", "--reductions", "2..4"], "expected A..=B");
    rejects(
        &["sweep", "--reductions", "0..=1000000"],
        "0 <= A <= B <= 999999",
    );
    rejects(&["sweep", "--positions", "some"], "possible values");
    rejects(&["sweep", "--json", "--csv"], "cannot be used with");
    rejects(&["sweep", "--engine", "oracle"], "the oracle");
    rejects(&trace(&["--engine", "oracle"]), "no events to trace");
}

/// The default engine (optimized) and the page's own function (naive) print the same trace
/// and the same sweep; only the trace's header names the engine.
#[test]
fn engines_agree_on_trace_and_sweep() {
    let a = stdout(&trace(&[]));
    let b = stdout(&trace(&["--engine", "naive"]));
    assert!(a.lines().next().unwrap().ends_with("engine optimized"));
    assert_eq!(
        a.lines().skip(1).collect::<Vec<_>>(),
        b.lines().skip(1).collect::<Vec<_>>()
    );
    let grid = [
        "sweep",
        "--depths",
        "2..=9",
        "--reductions",
        "0..=6",
        "--csv",
    ];
    let mut naive = grid.to_vec();
    naive.extend(["--engine", "naive"]);
    assert_eq!(stdout(&grid), stdout(&naive));
}
