//! The safeguards on the command line, run against the real binary: guard flags on
//! `search` and `sweep`, refused for any engine but the optimized one, and `nullmove
//! safeguards` (on the empty board here; the all-positions table is pinned by the fixtures
//! crate's snapshots).

mod support;

use serde_json::Value;
use support::{json, nullmove, pitfall, rejects};

fn search(extra: &[&str]) -> Value {
    let mut args = pitfall("search", "null", extra);
    args.push("--json");
    json(&args)
}

#[test]
fn search_with_guards_on_the_pitfall() {
    let page = search(&[]);
    assert_eq!(
        (page["best_move"].as_u64(), page["value"].as_i64()),
        (Some(0), Some(9))
    );
    assert_eq!(page["guards"], "page");
    let k1 = search(&["--min-probe-depth", "1"]);
    assert_eq!(
        (k1["best_move"].as_u64(), k1["value"].as_i64()),
        (Some(4), Some(12))
    );
    assert_eq!(k1["guards"], "min-probe-depth=1");
    let tn = search(&["--verify", "tn", "--threat-guard"]);
    assert_eq!(tn["guards"], "threat-guard+verify=tn");
    assert_eq!(tn["best_move"].as_u64(), Some(0));
    let all = search(&[
        "--min-probe-depth",
        "2",
        "--threat-guard",
        "--min-empty",
        "4",
        "--adaptive-r",
        "--verify",
        "stockfish:2",
    ]);
    assert_eq!(
        all["guards"],
        "min-probe-depth=2+threat-guard+min-empty=4+adaptive-r+verify=stockfish:2"
    );
    // The guards engines add: at the pitfall's pruned node (heuristic 9, alpha 9) the
    // evaluation reaches the bound, so the eval gate probes and prunes as the page does.
    let engines = search(&["--eval-gate", "--zero-window", "--depth-r"]);
    assert_eq!(engines["guards"], "depth-r+eval-gate+zero-window");
    assert_eq!(engines["best_move"].as_u64(), Some(0));
    rejects(
        &pitfall("search", "null", &["--adaptive-r", "--depth-r"]),
        "--depth-r",
    );
}

#[test]
fn guards_need_the_optimized_engine() {
    for engine in ["naive", "oracle"] {
        let args = pitfall("search", "null", &["--engine", engine, "--threat-guard"]);
        rejects(&args, "--threat-guard needs the optimized engine");
    }
    rejects(
        &[
            "sweep",
            "--engine",
            "naive",
            "--verify",
            "tn",
            "--min-empty",
            "3",
        ],
        "--min-empty --verify need the optimized engine",
    );
    rejects(
        &pitfall("search", "null", &["--verify", "stockfish:10"]),
        "stockfish:V (V in 1..=9)",
    );
    rejects(
        &pitfall("search", "null", &["--min-probe-depth", "12"]),
        "--min-probe-depth",
    );
}

/// With guard flags `sweep --json` keeps its row schema and compares the guarded search
/// with plain alpha-beta.
#[test]
fn sweep_with_guards_keeps_its_schema() {
    let args = ["sweep", "--depths", "3", "--reductions", "1", "--json"];
    let page = json(&args);
    let mut guarded_args = args.to_vec();
    guarded_args.extend(["--min-probe-depth", "1"]);
    let guarded = json(&guarded_args);
    let row = &guarded["rows"][0];
    let mut keys: Vec<&str> = row
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "depth",
            "nodes_null",
            "nodes_plain",
            "positions",
            "reduction",
            "savings_percent",
            "value_changed",
            "worse_move"
        ]
    );
    // Plain alpha-beta is the same; the guarded null-move search is not the page's.
    assert_eq!(row["nodes_plain"], page["rows"][0]["nodes_plain"]);
    assert_eq!(page["rows"][0]["nodes_null"], 78); // "Complexity": 78 against 167
    assert_ne!(row["nodes_null"], page["rows"][0]["nodes_null"]);
}

#[test]
fn safeguards_json_rows() {
    let v = json(&["safeguards", "--positions", "empty", "--json"]);
    let rows = v["rows"].as_array().expect("rows");
    assert!(rows.len() > 5);
    for r in rows {
        let mut keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "configuration",
                "nodes_null",
                "nodes_plain",
                "value_changed",
                "worse_move",
                "worst_cell"
            ]
        );
    }
    assert_eq!(rows[0]["configuration"], "page");
    assert_eq!(v["positions"], 1);
    // The pitfall under every configuration, the page's first and unfixed.
    assert_eq!(v["pitfall"][0]["fixed"], false);
    assert_eq!(v["pitfall"][0]["best_move"], 0);
}

#[test]
fn safeguards_svg() {
    let dir = std::env::temp_dir().join(format!("nullmove-safeguards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("safeguards.svg");
    let out = nullmove(&[
        "safeguards",
        "--positions",
        "empty",
        "--svg",
        path.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..svg.len().min(80)]);
    assert!(svg.contains("Which guard?") && svg.contains("min-probe-depth=1"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the page's pitfall"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
