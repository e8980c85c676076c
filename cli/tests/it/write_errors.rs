//! Failures to write, on the real binary (Linux): every subcommand writing into a full disk
//! (`/dev/full`) exits 2 with one line on stderr, and still exits 2, silently, when stderr is
//! full too; an output file is written whole or not at all, an older file standing.

use crate::support;

use support::{listing, match_args, pitfall};

use std::fs::{self, File};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// The cheapest run of each subcommand that still prints its document (the audit: one
/// claim, and the coverage of a text, here this repository's README).
fn every_subcommand() -> Vec<Vec<&'static str>> {
    let fen = "4k3/8/8/4K3/4P3/8/8/8 b - - 0 1";
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../arena/data/books/endgames.sample.epd"
    );
    vec![
        vec!["audit", "--claim", "headline-nodes"],
        vec!["audit", "--claim", "pitfall1-worse-move", "--json"],
        vec!["audit", "--page", readme],
        pitfall("search", "plain", &[]),
        pitfall("search", "null", &["--json"]),
        vec!["tree-stats"],
        pitfall("trace", "null", &[]),
        vec!["sweep", "--depths", "3", "--reductions", "1"],
        vec!["sweep", "--depths", "3", "--reductions", "1", "--csv"],
        vec!["safeguards", "--positions", "empty", "--json"],
        vec!["bench", "--json"],
        vec!["kpk", "--fen", fen],
        vec!["kpk", "stats"],
        vec!["kpk", "zugzwangs", "--json"],
        vec![
            "kpk",
            "sweep",
            "--half-board",
            "--depths",
            "1",
            "--reductions",
            "0",
            "--eval",
            "exact",
        ],
        vec![
            "probes",
            "--board",
            "...O.X...",
            "--depth",
            "3",
            "--reduction",
            "1",
        ],
        vec!["rules", "--depths", "3", "--reductions", "1", "--json"],
        vec!["zugzwang", "--depth", "2", "--board", "...O.X..."],
        vec!["chess", "--fen", fen, "--depth", "3"],
        vec!["chess", "bench", "--json"],
        vec![
            "chess",
            "suite",
            "--suite",
            "zugts",
            "--limit",
            "2",
            "--depth",
            "2",
            "--configs",
            "none,r3",
            "--by-pieces",
            "--json",
        ],
        vec!["chess", "sprt", "--wdl", "1055,4701,3469"],
        vec![
            "chess",
            "sprt",
            "--pentanomial",
            "230,4738,21769,4745,242",
            "--elo0=-1.25",
            "--elo1=0.25",
            "--json",
        ],
        vec!["--help"],
        vec!["completions", "bash"],
        vec!["man"],
        match_args("r3,none", book, "1", &["--nodes", "50"]),
        match_args("r3,none", book, "1", &["--nodes", "50", "--json"]),
    ]
}

/// Starts `nullmove ARGS` with stdout into `/dev/full`, stderr into `stderr`.
fn into_full_disk(args: &[&str], stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create("/dev/full").expect("/dev/full (Linux)"))
        .stderr(stderr)
        .spawn()
        .expect("the binary runs")
}

#[test]
fn a_full_disk_is_one_line_and_exit_2_for_every_subcommand() {
    // All at once: the longest measurements run beside the rest.
    let runs: Vec<(Vec<&str>, Child)> = every_subcommand()
        .into_iter()
        .map(|args| {
            let child = into_full_disk(&args, Stdio::piped());
            (args, child)
        })
        .collect();
    for (args, child) in runs {
        let out = child.wait_with_output().expect("the binary ends");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("nullmove: cannot write the output: No space left on device"),
            "{args:?}: {err}"
        );
    }
}

/// With stderr full as well the error line cannot be written: still exit 2, no panic (a
/// panic would exit 101).
#[test]
fn a_full_stderr_still_exits_2() {
    for args in every_subcommand() {
        let full = File::create("/dev/full").expect("/dev/full (Linux)");
        let out = into_full_disk(&args, full.into())
            .wait_with_output()
            .expect("the binary ends");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    // Bad input with a full stderr: the same.
    let out = Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .args(["search", "--board", "XX"])
        .stderr(File::create("/dev/full").expect("/dev/full (Linux)"))
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
}

/// A fresh folder under the system's temporary folder, removed by the caller.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nullmove-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The SVG cannot be completed (a file-size limit the SVG exceeds, as on a full disk): exit
/// 2 with one line, the old file intact, no temporary file left.
#[test]
fn a_failed_svg_write_keeps_the_old_file_and_leaves_nothing() {
    let dir = scratch("svg-limit");
    let path = dir.join("chart.svg");
    fs::write(&path, "the old chart").unwrap();
    let chess = [
        "chess", "suite", "--suite", "zugts", "--limit", "1", "--depth", "2",
    ];
    for args in [
        &["sweep", "--positions", "empty"][..],
        &["safeguards", "--positions", "empty"],
        &chess,
    ] {
        let command = args.join(" ");
        // Files up to 1 KiB, far below any chart.
        let out = support::with_small_files(&[args, &["--svg", path.to_str().unwrap()]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err.lines().count(), 1, "{command}: {err}");
        assert!(
            err.contains("cannot write") && err.contains("chart.svg"),
            "{err}"
        );
        assert!(
            out.stdout.is_empty(),
            "{command}: the table follows the chart"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "the old chart");
        assert_eq!(listing(&dir), ["chart.svg"], "{command}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// The rename itself fails (the target is a folder): exit 2, the folder as it was, no
/// temporary file left; a folder that does not exist is refused before any measurement.
#[test]
fn a_failed_rename_leaves_nothing_and_a_missing_folder_is_refused_at_once() {
    let dir = scratch("svg-rename");
    let target = dir.join("chart.svg");
    fs::create_dir(&target).unwrap();
    let out = support::one_line_error(
        &["sweep", "--svg", target.to_str().unwrap()],
        "cannot write",
    );
    assert!(out.stdout.is_empty());
    assert_eq!(listing(&dir), ["chart.svg"]);
    assert!(target.is_dir() && listing(&target).is_empty());

    let missing = dir.join("no such folder").join("chart.svg");
    support::rejects(
        &["safeguards", "--svg", missing.to_str().unwrap()],
        "No such file or directory",
    );
    assert_eq!(listing(&dir), ["chart.svg"]);
    fs::remove_dir_all(&dir).unwrap();
}

/// A successful write replaces the old file whole.
#[test]
fn a_good_svg_replaces_the_old_file() {
    let dir = scratch("svg-ok");
    let path = dir.join("chart.svg");
    fs::write(&path, "the old chart").unwrap();
    support::stdout(&[
        "sweep",
        "--depths",
        "3..=5",
        "--svg",
        path.to_str().unwrap(),
    ]);
    let svg = fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(listing(&dir), ["chart.svg"]);
    fs::remove_dir_all(&dir).unwrap();
}
