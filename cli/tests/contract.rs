//! The command-line contract of SPEC.md, run against the real binary.

mod support;

use support::{json, nullmove, pitfall};

/// Bad input: exit status 2, one line on stderr naming the problem, never a panic.
fn rejects(args: &[&str], needle: &str) {
    let out = support::one_line_error(args, needle);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn search_json_has_the_contract_fields() {
    for engine in ["naive", "oracle"] {
        for mode in ["plain", "null"] {
            let v = json(&pitfall("search", mode, &["--engine", engine, "--json"]));
            assert!(v["best_move"].is_u64(), "{v}");
            assert!(v["value"].is_i64());
            assert!(v["nodes"].is_u64());
            let moves = v["moves"].as_array().unwrap();
            let cells: Vec<u64> = moves.iter().map(|m| m["cell"].as_u64().unwrap()).collect();
            assert_eq!(cells, [0, 1, 2, 4, 6, 7, 8]);
            assert!(moves.iter().all(|m| m["value"].is_i64()));
        }
    }
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
    let v = json(&[
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
        "--json",
    ]);
    assert!(v["best_move"].is_null());
    assert_eq!(v["value"].as_i64(), Some(10));
    assert_eq!(v["nodes"].as_u64(), Some(1));
    let v = json(&[
        "search",
        "--board",
        ".........",
        "--depth",
        "0",
        "--reduction",
        "0",
        "--mode",
        "plain",
        "--engine",
        "naive",
        "--json",
    ]);
    assert!(v["best_move"].is_null());
    assert_eq!(v["value"].as_i64(), Some(0));
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
        (&[("--depth", "10")], "0..=9"),
        (&[("--reduction", "12")], "0..=9"),
        (&[("--mode", "fast")], "plain, null"),
        (&[("--engine", "magic")], "naive"),
    ];
    for (over, needle) in cases {
        let args = with(over);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        rejects(&args, needle);
    }
    rejects(&["search", "--board", "...O.X..."], "required");
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
/// nothing on stderr, status 0. The output of each command here is larger than a pipe holds.
#[test]
fn a_closed_output_pipe_is_not_a_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    for args in [
        vec!["audit", "--json"],
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
