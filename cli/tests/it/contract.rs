//! The command-line contract of docs/src/specification.md, run against the real binary.

use crate::support;

use support::{at_pitfall, json, nullmove, pitfall, stdout};

/// Bad input: exit status 2, one line on stderr naming the problem, never a panic.
fn rejects(args: &[&str], needle: &str) {
    let out = support::one_line_error(args, needle);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn search_json_has_the_contract_fields() {
    let oracle = [
        "search",
        "--board",
        "...O.X...",
        "--depth",
        "3",
        "--engine",
        "oracle",
        "--json",
    ];
    for args in [
        pitfall("search", "plain", &["--engine", "naive", "--json"]),
        pitfall("search", "null", &["--engine", "naive", "--json"]),
        oracle.to_vec(),
    ] {
        let v = json(&args);
        assert!(v["best_move"].is_u64(), "{v}");
        assert!(v["value"].is_i64());
        assert!(v["nodes"].is_u64());
        let moves = v["moves"].as_array().unwrap();
        let cells: Vec<u64> = moves.iter().map(|m| m["cell"].as_u64().unwrap()).collect();
        assert_eq!(cells, [0, 1, 2, 4, 6, 7, 8]);
        assert!(moves.iter().all(|m| m["value"].is_i64()));
    }
}

/// The JSON reports only what the search applied: no mode, R or guards for the oracle
/// (it does not prune), no R or guards for plain alpha-beta.
#[test]
fn search_json_reports_only_what_was_applied() {
    let keys = |args: &[&str]| {
        let v = json(&[args, &["--json"]].concat());
        ["mode", "reduction", "guards"].map(|k| v.get(k).is_some())
    };
    assert_eq!(
        keys(&at_pitfall("search", &["--engine", "oracle"])),
        [false, false, false]
    );
    assert_eq!(keys(&pitfall("search", "plain", &[])), [true, false, false]);
    assert_eq!(keys(&pitfall("search", "null", &[])), [true, true, true]);
}

/// A flag that would change nothing is refused with its reason, never echoed.
#[test]
fn flags_that_change_nothing_are_refused() {
    let oracle = at_pitfall("search", &["--engine", "oracle"]);
    rejects(
        &[&oracle[..], &["--mode", "null"]].concat(),
        "--mode changes nothing with --engine oracle",
    );
    rejects(
        &[&oracle[..], &["--reduction", "1", "--min-probe-depth", "1"]].concat(),
        "--reduction and --min-probe-depth change nothing with --engine oracle",
    );
    rejects(
        &pitfall(
            "search",
            "plain",
            &["--verify", "tn", "--adaptive-r", "--threat-guard"],
        ),
        "--threat-guard, --adaptive-r and --verify change nothing with --mode plain",
    );
    rejects(
        &pitfall("trace", "plain", &["--reduction", "1"]),
        "--reduction does nothing with --mode plain",
    );
    // The trace applies the search's rules, the guards that engines add included.
    rejects(
        &pitfall(
            "trace",
            "plain",
            &["--eval-gate", "--zero-window", "--depth-r"],
        ),
        "--depth-r, --eval-gate and --zero-window change nothing with --mode plain",
    );
    rejects(
        &pitfall("trace", "null", &["--depth-r"]),
        "--depth-r changes nothing at depth limit 3",
    );
    // Every position with a move has an empty cell: one empty cell refuses no pass.
    for command in ["search", "trace"] {
        rejects(
            &pitfall(command, "null", &["--min-empty", "1"]),
            "--min-empty changes nothing at 1",
        );
    }
    rejects(
        &["sweep", "--min-empty", "1"],
        "--min-empty changes nothing at 1",
    );
    rejects(
        &at_pitfall(
            "search",
            &["--mode", "null", "--reduction", "0", "--adaptive-r"],
        ),
        "--adaptive-r changes nothing with R 0",
    );
    rejects(
        &pitfall("search", "null", &["--verify", "stockfish:3"]),
        "--verify changes nothing with stockfish:3 at depth limit 3",
    );
    rejects(
        &at_pitfall("search", &["--mode", "null"]),
        "not provided: --reduction",
    );
    rejects(&at_pitfall("search", &[]), "not provided: --mode");
}

/// The pitfall, move by move, from the command line ("Pitfalls").
#[test]
fn search_shows_the_pitfall_in_both_modes() {
    let run = |mode: &str| json(&pitfall("search", mode, &["--engine", "naive", "--json"]));
    let (plain, null) = (run("plain"), run("null"));
    assert_eq!(
        (plain["best_move"].as_u64(), plain["value"].as_i64()),
        (Some(4), Some(12))
    );
    assert_eq!(
        (null["best_move"].as_u64(), null["value"].as_i64()),
        (Some(0), Some(9))
    );
    // Beside every move, the oracle's exact value: cell 4 is worth 12, the rest 9.
    for m in null["moves"].as_array().unwrap() {
        let exact = if m["cell"] == 4 { 12 } else { 9 };
        assert_eq!(m["exact"].as_i64(), Some(exact), "{m}");
    }
    let table = nullmove(&pitfall("search", "null", &["--engine", "naive"]));
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("worse than the oracle's 12"), "{text}");
}

#[test]
fn terminal_and_depth_zero_roots_have_no_best_move() {
    let over = [
        "search",
        "--board",
        "XXXOO....",
        "--depth",
        "3",
        "--reduction",
        "1",
        "--mode",
        "null",
        "--engine",
        "naive",
    ];
    let v = json(&[&over[..], &["--json"]].concat());
    assert!(v["best_move"].is_null());
    assert_eq!(v["value"].as_i64(), Some(10));
    assert_eq!(v["nodes"].as_u64(), Some(1));
    // A finished board has no side to move: the report says who won instead.
    assert!(v["side_to_move"].is_null(), "{v}");
    assert_eq!(v["leaf"], "game over: X won");
    let text = stdout(&over);
    assert!(text.contains("game over: X won"), "{text}");
    assert!(!text.contains("to move"), "{text}");

    let leaf = [
        "search",
        "--board",
        ".........",
        "--depth",
        "0",
        "--mode",
        "plain",
        "--engine",
        "naive",
    ];
    let v = json(&[&leaf[..], &["--json"]].concat());
    assert!(v["best_move"].is_null());
    assert_eq!(v["value"].as_i64(), Some(0));
    assert_eq!(v["side_to_move"], "X");
    assert_eq!(v["leaf"], "depth limit 0: the root is a leaf");
    let text = stdout(&leaf);
    assert!(
        text.contains("depth limit 0: the root is a leaf, no move to search"),
        "{text}"
    );
    assert!(!text.contains("best move none"), "{text}");
    // A root with moves carries no `leaf`.
    let v = json(&pitfall("search", "null", &["--json"]));
    assert!(v.get("leaf").is_none(), "{v}");
}

#[test]
fn tree_stats_json_is_the_contract() {
    let v = json(&["tree-stats", "--json"]);
    for (k, n) in [
        ("nodes", 549_946),
        ("games", 255_168),
        ("x_wins", 131_184),
        ("o_wins", 77_904),
        ("draws", 46_080),
        ("positions", 5_478),
        ("nonterminal_positions", 4_520),
        ("value", 0),
    ] {
        assert_eq!(v[k].as_i64(), Some(n), "{k}");
    }
}

#[test]
fn bad_input_exits_2_with_one_line() {
    let with = |over: &[(&str, &str)]| {
        let mut args: Vec<String> = vec!["search".into()];
        let mut base = vec![
            ("--board", "...O.X..."),
            ("--depth", "3"),
            ("--reduction", "1"),
            ("--mode", "null"),
            ("--engine", "naive"),
        ];
        for (k, v) in over {
            base.retain(|(bk, _)| bk != k);
            base.push((k, v));
        }
        for (k, v) in base {
            args.push(k.into());
            args.push(v.into());
        }
        args
    };
    let cases: [(&[(&str, &str)], &str); 9] = [
        (&[("--board", "XX")], "9 characters"),
        (&[("--board", "X.Z......")], "'Z'"),
        (&[("--board", "XX.......")], "impossible counts"),
        (&[("--board", "XXXOOO...")], "both X and O"),
        (&[("--board", "XXXOO.O..")], "moved after"),
        (&[("--depth", "1000000")], "0..=999999"),
        (&[("--reduction", "1000000")], "0..=999999"),
        (&[("--mode", "fast")], "plain, null"),
        (&[("--engine", "magic")], "naive"),
    ];
    for (over, needle) in cases {
        let args = with(over);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        rejects(&args, needle);
    }
    // A missing argument is named; a value with a newline keeps its reason on the one line.
    rejects(
        &["search", "--board", "...O.X..."],
        "required arguments were not provided: --depth <DEPTH>",
    );
    rejects(
        &["trace", "--depth", "3"],
        "required arguments were not provided: --board <BOARD>",
    );
    rejects(
        &["search", "--board", "...O.X...\n", "--depth", "3"],
        r"invalid value '...O.X...\n' for '--board <BOARD>': a board is 9 characters",
    );
    rejects(&[], "a subcommand is required: one of audit, search");
    rejects(&["frobnicate"], "frobnicate");
    rejects(
        &[
            "search",
            "--depth",
            "-1",
            "--board",
            "...O.X...",
            "--reduction",
            "1",
            "--mode",
            "null",
        ],
        "-1",
    );
}

/// A reader that stops early (`nullmove ... | head -1`) ends the command quietly: no panic,
/// nothing on stderr, status 0. The output of each command here is larger than a pipe holds
/// (the audit's coverage of this repository's README, which fails, still ends with 0), or
/// follows a measurement the reader does not wait for (one claim of the audit).
#[test]
fn a_closed_output_pipe_is_not_a_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    for args in [
        vec!["audit", "--json", "--page", readme],
        vec!["audit", "--json", "--claim", "headline-nodes"],
        vec!["sweep", "--json"],
        vec![
            "trace",
            "--board",
            ".........",
            "--depth",
            "9",
            "--reduction",
            "1",
            "--mode",
            "null",
        ],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nullmove"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        drop(child.stdout.take());
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}
