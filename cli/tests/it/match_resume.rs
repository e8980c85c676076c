//! A match stopped part-way (SIGKILL at any moment, SIGTERM) leaves its `--out` file whole or
//! absent, never half-written, nor a half PGN; `--resume` goes on from what it wrote, keeps
//! every finished pair without playing it again, and at fixed nodes gives the uninterrupted
//! run game for game; it refuses a file of another match.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::{json as run_json, listing, match_args, rejects};

/// The book of every match here.
const BOOK: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../arena/data/books/noob_3moves.sample.epd"
);

/// A fresh folder under the target directory.
fn tempdir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("match_resume_{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The match of these tests, `pairs` pairs at 300 nodes, one game at a time, then `extra`.
fn args<'a>(pairs: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = match_args(
        "r3,none",
        BOOK,
        pairs,
        &["--nodes", "300", "--concurrency", "1"],
    );
    v.extend(extra);
    v
}

/// The 6-pair match played through, as JSON.
fn uninterrupted() -> &'static Value {
    static WHOLE: OnceLock<Value> = OnceLock::new();
    WHOLE.get_or_init(|| run_json(&args("6", &["--json"])))
}

/// The games of a document, by pair, without what differs between runs.
fn games(doc: &Value) -> Value {
    support::without_times(json!({ "pairs": doc["pairs"] }))["pairs"].take()
}

/// `nullmove ARGS`, started.
fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `file` exists (the run's first write).
fn wait_for(file: &Path, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !file.exists() {
        assert!(child.try_wait().unwrap().is_none(), "the run ended first");
        assert!(
            Instant::now() < deadline,
            "no {} in a minute",
            file.display()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Sends `signal` to `child`.
fn signal(child: &Child, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_match_killed_at_any_moment_leaves_a_whole_file_and_resumes_into_the_whole_match() {
    let dir = tempdir("killed");
    let (out, pgn) = (dir.join("m.json"), dir.join("m.pgn"));
    let (o, p) = (out.to_str().unwrap(), pgn.to_str().unwrap());
    let mut child = start(&args("6", &["--out", o, "--pgn", p]));
    wait_for(&out, &mut child);
    signal(&child, "-KILL");
    let status = child.wait().unwrap();
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap())
        .expect("a whole document, never half of one");
    let kept = written["pairs_played"].as_u64().unwrap();
    assert!(kept >= 1, "the first write comes after the first pair");
    if status.code().is_none() {
        // Killed before its end: the document says so, and there is no PGN at all.
        assert_eq!(written["ending"], "interrupted");
        assert!(!pgn.exists(), "no half PGN");
    }
    // Beside them, at most the temporary file of a write the kill cut short, and the lock
    // the killed run could not remove (the kernel released it).
    for name in listing(&dir) {
        assert!(
            ["m.json", "m.pgn", "m.json.lock"].contains(&name.as_str())
                || (name.starts_with(".m.")
                    && Path::new(&name).extension() == Some("tmp".as_ref())),
            "{name}"
        );
    }
    let resumed = run_json(&args("6", &["--out", o, "--resume", "--json"]));
    assert_eq!(resumed["resumed_pairs"].as_u64(), Some(kept));
    assert_eq!(resumed["ending"], "complete");
    assert_eq!(games(&resumed), games(uninterrupted()), "game for game");
    assert_eq!(resumed["pentanomial"], uninterrupted()["pentanomial"]);
}

#[test]
fn a_resumed_run_keeps_the_finished_pairs_and_plays_only_the_others() {
    let dir = tempdir("kept");
    let out = dir.join("m.json");
    let o = out.to_str().unwrap();
    // What a run stopped after pairs 0 and 3 wrote, one game marked so that a replay would
    // show: a pair played again would come back without the mark.
    let mut earlier = uninterrupted().clone();
    let pairs = earlier["pairs"].as_array_mut().unwrap();
    pairs.retain(|p| p["index"] == 0 || p["index"] == 3);
    pairs[1]["games"][0]["detail"] = json!("kept, not played again");
    earlier["ending"] = json!("interrupted");
    std::fs::write(&out, earlier.to_string()).unwrap();
    let a = args("6", &["--out", o, "--resume", "--json"]);
    let resumed = run_json(&a);
    assert_eq!(resumed["resumed_pairs"], 2);
    assert_eq!(resumed["pairs_played"], 6);
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written, resumed, "the file holds the whole match");
    let mut again = resumed.clone();
    let mark = again["pairs"][3]["games"][0]
        .as_object_mut()
        .unwrap()
        .remove("detail");
    assert_eq!(mark, Some(json!("kept, not played again")));
    assert_eq!(games(&again), games(uninterrupted()), "game for game");
    // Nothing left to play: the file is read and written again as it was.
    let twice = run_json(&a);
    assert_eq!(twice["resumed_pairs"], 6);
    assert_eq!(games(&twice), games(&resumed));
}

#[test]
fn sigterm_stops_the_match_in_order_with_status_143_and_a_whole_file() {
    let dir = tempdir("sigterm");
    let (out, pgn) = (dir.join("m.json"), dir.join("m.pgn"));
    let (o, p) = (out.to_str().unwrap(), pgn.to_str().unwrap());
    let mut child = start(&args("500", &["--out", o, "--pgn", p, "--json"]));
    wait_for(&out, &mut child);
    signal(&child, "-TERM");
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(143), "{err}");
    assert!(err.contains("stopping"), "{err}");
    let printed: Value = serde_json::from_slice(&done.stdout).unwrap();
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written, printed);
    assert_eq!(written["ending"], "interrupted");
    let played = written["pairs_played"].as_u64().unwrap();
    assert!((1..500).contains(&played), "{played}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count() as u64, 2 * played);
    assert_eq!(listing(&dir), ["m.json", "m.pgn"], "no temporary file left");
}

#[test]
fn resume_refuses_what_it_cannot_go_on_from() {
    let dir = tempdir("refused");
    let out = dir.join("m.json");
    let o = out.to_str().unwrap();
    let refuse = |extra: &[&str], needle: &str| rejects(&args("6", extra), needle);
    refuse(&["--resume"], "--out");
    refuse(
        &["--out", o, "--resume", "--pgn", "/tmp/x.pgn"],
        "--resume with --pgn",
    );
    std::fs::write(&out, "{\"half\": ").unwrap();
    refuse(&["--out", o, "--resume"], "is not a match's JSON");
    // A file of shard 0/2 is not shard 1/2's to resume, nor another build's.
    run_json(&args("6", &["--shard", "0/2", "--out", o, "--json"]));
    refuse(
        &["--shard", "1/2", "--out", o, "--resume"],
        "it is 0/2, this run plays 1/2",
    );
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    doc["provenance"]["chess_bench"] = json!(1);
    std::fs::write(&out, doc.to_string()).unwrap();
    refuse(
        &["--shard", "0/2", "--out", o, "--resume"],
        "provenance.chess_bench differs",
    );
    assert_eq!(listing(&dir), ["m.json"], "nothing else written");
}

#[test]
fn a_second_writer_of_one_file_is_refused_naming_the_first() {
    let dir = tempdir("locked");
    let out = dir.join("m.json");
    let o = out.to_str().unwrap();
    let mut first = start(&args("400", &["--out", o]));
    let lock = dir.join("m.json.lock");
    wait_for(&lock, &mut first);
    let pid = first.id().to_string();
    rejects(
        &args("1", &["--out", o]),
        &format!("m.json is being written by another run (process {pid}, which holds"),
    );
    // Killed, the first run holds nothing: the lock is the kernel's, not the file's.
    signal(&first, "-KILL");
    first.wait().unwrap();
    let doc = run_json(&args("1", &["--out", o, "--json"]));
    assert_eq!(doc["pairs_played"], 1);
    assert!(!lock.exists(), "a run that ends removes its lock");
}
