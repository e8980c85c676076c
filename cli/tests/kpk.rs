//! `nullmove kpk --fen FEN` against issue 6's contract, run on the real binary: the table's
//! result with either side to move, whether it is a zugzwang, the search report, and the
//! safeguards of issue 5 in chess's words (the same guard flags as `nullmove search`, the
//! endgame guard as `--no-null-without-pieces`); bad values exit 2 with one line.

mod support;

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
/// threat guard (no null move in check), adaptive R (R 0 stays 0), a growing R (R 0 at two
/// plies from the limit) and the zero-window probe (the same decision) do not.
#[test]
fn guards_on_the_articles_example() {
    let cases: [(&[&str], &str, bool); 9] = [
        (&["--min-probe-depth", "1"], "min-probe-depth=1", true),
        (&["--verify", "tn"], "verify=tn", true),
        (&["--verify", "stockfish:1"], "verify=stockfish:1", true),
        (
            &["--no-null-without-pieces"],
            "no-null-without-pieces",
            true,
        ),
        (&["--threat-guard"], "threat-guard", false),
        (&["--adaptive-r"], "adaptive-r", false),
        // The exact evaluation calls the zugzwang node a draw: below the bound, no probe.
        (&["--eval-gate"], "eval-gate", true),
        (&["--zero-window"], "zero-window", false),
        (&["--depth-r"], "depth-r", false),
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
            "--min-probe-depth",
            "1",
            "--threat-guard",
            "--no-null-without-pieces",
            "--adaptive-r",
            "--verify",
            "stockfish:2",
        ],
    );
    assert_eq!(
        all["search"]["guards"],
        "min-probe-depth=1+threat-guard+no-null-without-pieces+adaptive-r+verify=stockfish:2"
    );
    // The low-material rule forbids every pass in K+P vs K: not one probe.
    let none = kpk(
        BEFORE_ZUGZWANG,
        &["--no-null-without-pieces", "--depth", "4"],
    );
    assert_eq!(none["search"]["null_probes"], 0);
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
    with(&["--verify", "stockfish:0"], "stockfish:V (V in 1..=9)");
    with(&["--verify", "stockfish:10"], "stockfish:V (V in 1..=9)");
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
