//! The safeguards on the command line, run against the real binary: guard flags on
//! `search` and `sweep`, refused for any engine but the optimized one, and `nullmove
//! safeguards` (on the empty board here; the all-positions table is pinned by the fixtures
//! crate's snapshots).

use crate::support;

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
    let engines = search(&["--eval-gate", "--zero-window"]);
    assert_eq!(engines["guards"], "eval-gate+zero-window");
    assert_eq!(engines["best_move"].as_u64(), Some(0));
    rejects(
        &pitfall("search", "null", &["--adaptive-r", "--depth-r"]),
        "--depth-r",
    );
    // The growing R adds a third of the plies left: nothing below depth limit 4.
    rejects(
        &pitfall("search", "null", &["--depth-r"]),
        "--depth-r changes nothing at depth limit 3",
    );
    // The headline's R 3 grows to 4 with four plies left, so no probe fits under depth
    // limit 5: plain alpha-beta's 1,787 nodes, not the page's 803.
    let headline = |extra: &[&str]| {
        let mut args = vec![
            "search",
            "--board",
            ".........",
            "--depth",
            "5",
            "--reduction",
            "3",
            "--mode",
            "null",
            "--json",
        ];
        args.extend(extra);
        json(&args)
    };
    assert_eq!(headline(&[])["nodes"], 803);
    let growing = headline(&["--depth-r"]);
    assert_eq!(growing["guards"], "depth-r");
    assert_eq!(
        (&growing["nodes"], &growing["stats"]["null_probes"]),
        (&Value::from(1787), &Value::from(0))
    );
}

#[test]
fn guards_need_the_optimized_engine() {
    let args = pitfall("search", "null", &["--engine", "naive", "--threat-guard"]);
    rejects(&args, "--threat-guard needs the optimized engine");
    let args = pitfall("search", "null", &["--engine", "oracle", "--threat-guard"]);
    rejects(
        &args,
        "--mode, --reduction and --threat-guard change nothing with --engine oracle",
    );
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
        "with stockfish:10 at depth limit 3",
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

/// `nullmove safeguards --json` keeps its contract, field for field, in every row the
/// command prints.
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
    // One position, said in the singular; the page's rule errs once there.
    assert!(svg.contains("1 position x depth limits"));
    for words in [
        ": 1 position x depth limits 1..=9",
        "Over 63 searches (1 position, depth limits",
        "chooses a worse move in 1 search (",
    ] {
        assert!(text.contains(words), "{words:?} in {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// No flag names a preset (each fixes its own R, and at tic-tac-toe's depth limits some of
/// their guards cannot act, which the commands refuse), but every preset is the guard flags
/// that make it up: the command's search is the library's with the preset, node for node.
/// The endgame guard at one unit is left out: in tic-tac-toe a position with a move has an
/// empty cell, so `stockfish` and `npm` never refuse a pass for it; so is Stockfish's
/// verification from 14 plies left, which no depth limit up to 9 reaches.
#[test]
fn every_preset_is_spelled_by_flags() {
    use nullmove_core::Position;
    use nullmove_optimized::games::tictactoe::TicTacToe;
    use nullmove_optimized::{Config, Guards};
    let spelled: [(&str, &[&str]); 7] = [
        ("none", &["--mode", "plain"]),
        ("r2", &["--reduction", "2", "--threat-guard"]),
        ("r3", &["--reduction", "3", "--threat-guard"]),
        (
            "adaptive",
            &["--reduction", "3", "--threat-guard", "--adaptive-r"],
        ),
        (
            "verified",
            &["--reduction", "3", "--threat-guard", "--verify", "tn"],
        ),
        (
            "stockfish",
            &[
                "--reduction",
                "3",
                "--threat-guard",
                "--depth-r",
                "--eval-r",
                "100",
                "--eval-gate",
                "--zero-window",
                "--non-pv",
            ],
        ),
        ("npm", &["--reduction", "3"]),
    ];
    assert_eq!(
        spelled.map(|(name, _)| name).to_vec(),
        Guards::presets().map(|(name, _)| name).collect::<Vec<_>>()
    );
    for board in [".........", "...O.X...", "X...O...."] {
        for (name, flags) in spelled {
            let preset: Guards = name.parse().expect("a preset");
            let position: Position = board.parse().expect("a board");
            let library = nullmove_optimized::search(
                TicTacToe::from(&position),
                &Config::new(9).with_guards(preset),
            );
            let mut args = vec!["search", "--board", board, "--depth", "9", "--json"];
            if name != "none" {
                args.extend(["--mode", "null"]);
            }
            args.extend(flags);
            let cli = json(&args);
            assert_eq!(
                (
                    &cli["value"],
                    &cli["stats"]["nodes"],
                    &cli["stats"]["null_probes"]
                ),
                (
                    &Value::from(library.value),
                    &Value::from(library.stats.nodes),
                    &Value::from(library.stats.null_probes)
                ),
                "{name} on {board}: {args:?}"
            );
        }
    }
}
