//! `nullmove kpk --fen FEN` on the real binary, under the rules of
//! docs/src/specification.md for every command: the table's result with either side to
//! move, whether it is a zugzwang, the search report, and the safeguards ("Pitfalls", the
//! article's list) in chess's words (the same guard flags as `nullmove search`, the endgame
//! guard as `--no-null-without-pieces`); bad values exit 2 with one line.

use crate::support;

use serde_json::Value;
use support::{json, rejects, stdout};

/// The article's example one move earlier: Black Ke8 to move draws only with ...Ke7, into
/// the article's zugzwang (Ke5 Pe4 / ke7, White to move).
const BEFORE_ZUGZWANG: &str = "4k3/8/8/4K3/4P3/8/8/8 b - - 0 1";
/// The article's zugzwang itself.
const ZUGZWANG: &str = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1";

/// `kpk --fen FEN --json` with extra flags (depth limit 2, R 0 by default).
fn kpk(fen: &str, flags: &[&str]) -> Value {
    let mut args = vec!["kpk", "--fen", fen, "--json"];
    args.extend(flags);
    json(&args)
}

#[test]
fn json_reports_the_table_the_zugzwang_and_the_search() {
    let z = kpk(ZUGZWANG, &[]);
    assert_eq!(
        (&z["wdl"], &z["wdl_if_passed"], &z["zugzwang"]),
        (
            &Value::from("draw"),
            &Value::from("win"),
            &Value::from(true)
        )
    );
    let v = kpk(BEFORE_ZUGZWANG, &[]);
    assert_eq!(
        (&v["wdl"], &v["zugzwang"]),
        (&Value::from("draw"), &Value::from(false))
    );
    let s = &v["search"];
    for field in ["evaluation", "rule", "guards", "mode", "best_move"] {
        assert!(s[field].is_string(), "{field} in {s}");
    }
    for field in [
        "depth",
        "reduction",
        "value",
        "nodes",
        "null_probes",
        "null_cutoffs",
    ] {
        assert!(s[field].is_u64() || s[field].is_i64(), "{field} in {s}");
    }
    // No guard: null-move search calls the draw lost, through the probe at the zugzwang.
    assert_eq!(s["guards"], "none");
    assert_eq!(
        (&s["best_move"], &s["wrong"]),
        (&Value::from("e8d7"), &Value::from(true))
    );
    let unsound: Vec<&Value> = s["cutoffs"]
        .as_array()
        .expect("cutoffs")
        .iter()
        .filter(|c| c["unsound"] == true)
        .collect();
    assert_eq!(unsound.len(), 1, "{s}");
    assert_eq!(
        (&unsound[0]["node"], &unsound[0]["zugzwang"]),
        (&Value::from(ZUGZWANG), &Value::from(true))
    );
}

/// Which guards repair the article's example (as `kpk::sweep::article_fixture` finds): a
/// minimum probe depth, either verification, the low-material rule and the eval gate do; the
/// threat guard (no null move in check, on the page's rule) and the zero-window probe (the
/// same decision) do not.
#[test]
fn guards_on_the_articles_example() {
    let cases: [(&[&str], &str, bool); 7] = [
        (&["--min-probe-depth", "1"], "min-probe-depth=1", true),
        (&["--verify", "tn"], "verify=tn", true),
        (&["--verify", "stockfish:1"], "verify=stockfish:1", true),
        (
            &["--no-null-without-pieces"],
            "no-null-without-pieces",
            true,
        ),
        (&["--rule", "page", "--threat-guard"], "threat-guard", false),
        // The exact evaluation calls the zugzwang node a draw: below the bound, no probe.
        (&["--eval-gate"], "eval-gate", true),
        (&["--zero-window"], "zero-window", false),
    ];
    for (flags, guards, right) in cases {
        let s = &kpk(BEFORE_ZUGZWANG, flags)["search"];
        assert_eq!(s["guards"], guards, "{flags:?}");
        assert_eq!(s["wrong"], !right, "{flags:?}: {s}");
        if right {
            assert_eq!(s["best_move"], "e8e7", "{flags:?}");
        }
    }
    let all = kpk(
        BEFORE_ZUGZWANG,
        &[
            "--depth",
            "3",
            "--reduction",
            "1",
            "--rule",
            "page",
            "--min-probe-depth",
            "1",
            "--threat-guard",
            "--adaptive-r",
            "--verify",
            "stockfish:2",
        ],
    );
    assert_eq!(
        all["search"]["guards"],
        "min-probe-depth=1+threat-guard+adaptive-r+verify=stockfish:2"
    );
    // The low-material rule forbids every pass in K+P vs K: not one probe.
    let none = kpk(
        BEFORE_ZUGZWANG,
        &["--no-null-without-pieces", "--depth", "4"],
    );
    assert_eq!(none["search"]["null_probes"], 0);
}

/// Flags that would change nothing are refused with the reason: the null move's rule, R and
/// guards in plain mode; anything that shapes a pass when the low-material rule forbids every
/// pass; the threat guard on the in-check rule, which it is; adaptive R with R 0.
#[test]
fn flags_that_change_nothing_are_refused() {
    let with = |flags: &[&str], needle: &str| {
        let mut args = vec!["kpk", "--fen", BEFORE_ZUGZWANG];
        args.extend(flags);
        rejects(&args, needle);
    };
    with(
        &["--mode", "plain", "--rule", "page", "--verify", "tn"],
        "--rule and --verify change nothing with --mode plain",
    );
    with(
        &["--mode", "plain", "--reduction", "1"],
        "--reduction changes nothing with --mode plain",
    );
    with(
        &["--no-null-without-pieces", "--verify", "tn"],
        "--verify changes nothing when no side may ever pass",
    );
    with(
        &["--rule", "non-pawn-material", "--reduction", "2"],
        "--reduction changes nothing when no side may ever pass",
    );
    with(
        &["--rule", "non-pawn-material", "--no-null-without-pieces"],
        "--no-null-without-pieces changes nothing when no side may ever pass",
    );
    with(
        &["--threat-guard"],
        "--threat-guard changes nothing with --rule in-check (the default)",
    );
    with(&["--adaptive-r"], "--adaptive-r changes nothing with R 0");
    // A third of the one ply left below the root is 0: the growing R is R.
    with(&["--depth-r"], "--depth-r changes nothing at depth limit 2");
    // Plain mode reports no rule, R or guards: it applied none.
    let v = kpk(BEFORE_ZUGZWANG, &["--mode", "plain"]);
    for key in ["rule", "reduction", "guards"] {
        assert!(v["search"].get(key).is_none(), "{key} in {v}");
    }
}

/// Every result from one point of view, White's (the side with the pawn), the same in the
/// table and the JSON: a Black-to-move draw is a "draw", and Black's moves that lose read
/// "White wins", never a bare "win".
#[test]
fn results_are_stated_from_whites_point_of_view() {
    let v = kpk(BEFORE_ZUGZWANG, &[]);
    assert_eq!(
        (&v["point_of_view"], &v["side_to_move"], &v["wdl"]),
        (
            &Value::from("white"),
            &Value::from("black"),
            &Value::from("draw")
        )
    );
    let text = stdout(&["kpk", "--fen", BEFORE_ZUGZWANG]);
    assert!(text.contains("from White's point of view"), "{text}");
    assert!(
        text.contains("table: draw; with White to move instead: White wins"),
        "{text}"
    );
    assert!(!text.contains("for White"), "{text}");
    let moves: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("move"))
        .skip(1)
        .take_while(|l| !l.starts_with("unsound"))
        .collect();
    assert_eq!(moves.len(), 5, "{text}");
    for line in moves {
        let result = if line.starts_with("e8e7") {
            "draw"
        } else {
            "White wins"
        };
        assert!(line.ends_with(result), "{line}");
    }
    for m in v["search"]["moves"].as_array().unwrap() {
        let wdl = if m["move"] == "e8e7" { "draw" } else { "win" };
        assert_eq!(m["wdl"], wdl, "{m}");
    }
}

/// A root move whose value only bounds it is marked, as `search` marks one: Black's moves
/// after the first fail high (White gets at least their value), the first is exact.
#[test]
fn bounds_are_marked_in_the_move_table() {
    let v = kpk(BEFORE_ZUGZWANG, &["--mode", "plain", "--depth", "3"]);
    let bounds: Vec<(&str, &str)> = v["search"]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["bound"].as_str().unwrap()))
        .collect();
    assert_eq!(
        bounds,
        [
            ("e8d7", "exact"),
            ("e8e7", "exact"),
            ("e8f7", "lower"),
            ("e8d8", "lower"),
            ("e8f8", "lower"),
        ]
    );
    let text = stdout(&[
        "kpk",
        "--fen",
        BEFORE_ZUGZWANG,
        "--mode",
        "plain",
        "--depth",
        "3",
    ]);
    let row = |mv: &str| {
        text.lines()
            .find(|l| l.starts_with(mv))
            .unwrap_or_else(|| panic!("{mv} in {text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
    };
    assert_eq!(row("e8e7"), ["e8e7", "0", "draw"]);
    assert_eq!(
        row("e8f7"),
        ["e8f7", "0", "bound:", "at", "least", "White", "wins"]
    );
}

/// A finished game and depth limit 0 say what happened, in the table and the JSON.
#[test]
fn edge_positions_say_what_happened() {
    let stalemate = "k7/P7/1K6/8/8/8/8/8 b - - 0 1";
    let v = kpk(stalemate, &[]);
    assert_eq!(v["leaf"], "game over: stalemate, a draw");
    let text = stdout(&["kpk", "--fen", stalemate]);
    assert!(text.contains("game over: stalemate, a draw"), "{text}");
    assert!(!text.contains("Black to move"), "{text}");
    let v = kpk(BEFORE_ZUGZWANG, &["--depth", "0"]);
    assert_eq!(v["leaf"], "depth limit 0: the root is a leaf");
    assert!(v["search"]["best_move"].is_null());
}

/// The threat guard is chess's in-check rule: on the page's literal rule it refuses the
/// pass in check the page would make, node for node what `--rule in-check` does.
#[test]
fn the_threat_guard_is_the_in_check_rule() {
    // White pushes e6+ below the root; Black, in check, may then pass under the page's rule.
    let fen = "8/3k4/8/4P3/8/8/8/4K3 w - - 0 1";
    let nodes = |flags: &[&str]| {
        let mut f = vec!["--depth", "3"];
        f.extend(flags);
        let s = &kpk(fen, &f)["search"];
        (s["nodes"].clone(), s["null_probes"].clone())
    };
    let page = nodes(&["--rule", "page"]);
    let in_check = nodes(&["--rule", "in-check"]);
    assert_ne!(
        page, in_check,
        "a pass in check happens under the page's rule"
    );
    assert_eq!(nodes(&["--rule", "page", "--threat-guard"]), in_check);
}

#[test]
fn the_table_names_the_guards() {
    let text = stdout(&["kpk", "--fen", BEFORE_ZUGZWANG, "--verify", "tn"]);
    assert!(text.contains("guards verify=tn"), "{text}");
    assert!(!text.contains("WRONG"), "{text}");
    let text = stdout(&["kpk", "--fen", BEFORE_ZUGZWANG]);
    assert!(
        text.contains("guards none") && text.contains("WRONG"),
        "{text}"
    );
}

#[test]
fn bad_guard_values_exit_2_with_one_line() {
    let with = |flags: &[&str], needle: &str| {
        let mut args = vec!["kpk", "--fen", BEFORE_ZUGZWANG];
        args.extend(flags);
        rejects(&args, needle);
    };
    with(
        &["--verify", "stockfish:0"],
        "stockfish:V (V in 1..=999999)",
    );
    // A V at or above the depth limit verifies nothing: refused with the search.
    with(
        &["--verify", "stockfish:10"],
        "with stockfish:10 at depth limit",
    );
    with(&["--verify", "always"], "--verify");
    with(&["--adaptive-r", "--depth-r"], "--depth-r");
    with(&["--min-probe-depth", "10"], "--min-probe-depth");
    with(&["--min-probe-depth=-1"], "--min-probe-depth");
    // Tic-tac-toe's endgame guard counts empty cells; chess's is --no-null-without-pieces.
    with(&["--min-empty", "3"], "--min-empty");
    // Guards belong to the position's search, not to the subcommands.
    rejects(&["kpk", "stats", "--verify", "tn"], "--verify");
    rejects(&["kpk", "--threat-guard"], "--fen");
}

/// `nullmove kpk sweep` of half the board with the exact evaluation, then `extra`.
fn half_board_sweep<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["kpk", "sweep", "--half-board", "--eval", "exact"];
    args.extend(extra);
    args
}

/// `kpk sweep` takes `--depths` and `--reductions` like `sweep`: one row per configuration,
/// depth limit and R asked for; without a terminal it draws no progress.
#[test]
fn sweep_takes_depths_and_reductions() {
    let out = support::nullmove(&half_board_sweep(&[
        "--depths",
        "1..=2",
        "--reductions",
        "0",
        "--json",
    ]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "no progress off a terminal");
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let rows = v["rows"].as_array().expect("rows");
    let configurations = nullmove_kpk::sweep::configurations();
    assert_eq!(rows.len(), 2 * configurations.len());
    // R as asked, but a preset keeps its own.
    for r in rows {
        let c = configurations
            .iter()
            .find(|c| r["configuration"] == c.name)
            .expect("a configuration's row");
        let reduction = if c.own_reduction {
            c.guards.reduction
        } else {
            0
        };
        assert_eq!(
            (&r["reduction"], &r["evaluation"]),
            (&Value::from(reduction), &Value::from("exact")),
            "{r}"
        );
    }
    // Depth limit 1 never probes below the root: null move cannot err.
    assert!(
        rows.iter()
            .filter(|r| r["depth"] == 1)
            .all(|r| r["wrong_null_only"] == 0)
    );
    rejects(
        &["kpk", "sweep", "--depths", "0..=3"],
        "1 <= A <= B <= 999999",
    );
    rejects(&["kpk", "sweep", "--reductions", "2..4"], "expected A..=B");
}

/// A preset searches at its own R whatever `--reductions` asks: the table marks its R and
/// says why, and the totals list only the R each configuration was searched at.
#[test]
fn a_presets_own_r_is_marked() {
    let args = half_board_sweep(&[
        "--depths",
        "1",
        "--reductions",
        "0",
        "--configurations",
        "page,r3",
    ]);
    let text = stdout(&args);
    let r3 = text
        .lines()
        .find(|l| l.starts_with("r3 "))
        .expect("the preset's row");
    assert_eq!(r3.split_whitespace().nth(3), Some("3*"), "{r3}");
    let page = text
        .lines()
        .find(|l| l.starts_with("page "))
        .expect("a row");
    assert_eq!(page.split_whitespace().nth(3), Some("0"), "{page}");
    assert!(
        text.contains(
            "\n* a preset fixes its own R (none, r2, r3, adaptive, verified, stockfish, npm): \
             it is searched at that R only, whatever --reductions asks\n"
        ),
        "{text}"
    );
    let mut json_args = args.clone();
    json_args.push("--json");
    let v = json(&json_args);
    let totals: Vec<(String, Value)> = v["totals"]
        .as_array()
        .expect("totals")
        .iter()
        .map(|t| (t["configuration"].to_string(), t["reduction"].clone()))
        .collect();
    let key = |name: &str, r: Value| (format!("\"{name}\""), r);
    assert_eq!(
        totals,
        [
            key("page", Value::Null),
            key("page", 0.into()),
            key("r3", Value::Null),
            key("r3", 3.into()),
        ]
    );
}

/// `kpk sweep --configurations` keeps the configurations named, in the sweep's order, and
/// the totals sum the rows: per configuration over every R, then at each R.
#[test]
fn sweep_takes_configurations_and_sums_them() {
    let v = json(&half_board_sweep(&[
        "--depths",
        "2",
        "--reductions",
        "0..=1",
        "--configurations",
        "in_check,page",
        "--json",
    ]));
    let rows = v["rows"].as_array().expect("rows");
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r["configuration"].as_str().expect("a name"))
        .collect();
    assert_eq!(names, ["page", "page", "in_check", "in_check"]);
    let totals = v["totals"].as_array().expect("totals");
    let keys: Vec<(String, Value)> = totals
        .iter()
        .map(|t| (t["configuration"].to_string(), t["reduction"].clone()))
        .collect();
    let key = |name: &str, r: Value| (format!("\"{name}\""), r);
    assert_eq!(
        keys,
        [
            key("page", Value::Null),
            key("page", 0.into()),
            key("page", 1.into()),
            key("in_check", Value::Null),
            key("in_check", 0.into()),
            key("in_check", 1.into()),
        ]
    );
    let sum = |field: &str| rows[0][field].as_u64().unwrap() + rows[1][field].as_u64().unwrap();
    for (total, row) in [
        ("nodes_null", "nodes_null"),
        ("wrong_null_only", "wrong_null_only"),
    ] {
        assert_eq!(totals[0][total].as_u64(), Some(sum(row)), "{total}");
    }
    assert_eq!(totals[1]["nodes_null"], rows[0]["nodes_null"]);
    let text = stdout(&half_board_sweep(&[
        "--depths",
        "2",
        "--reductions",
        "0",
        "--configurations",
        "page",
    ]));
    assert!(text.contains("\ntotals "), "{text}");
    assert!(text.contains("3,461,092"), "{text}");
}
