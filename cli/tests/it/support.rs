//! What every CLI integration test needs, written once: run the real binary, read its output
//! as JSON or text, and check the bad-input contract of docs/src/specification.md ("Bad
//! input exits with status 2 and a one-line message on stderr, never a panic").
//!
//! `tests/it/main.rs` includes this once; every test module uses a subset of it.
#![allow(dead_code)]

use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// `nullmove COMMAND` on the page's pitfall position and depth limit ("Pitfalls":
/// `...O.X...`, depth limit 3), then `extra`.
pub fn at_pitfall<'a>(command: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![command, "--board", "...O.X...", "--depth", "3"];
    args.extend(extra);
    args
}

/// `nullmove COMMAND` on the page's pitfall ("Pitfalls": `...O.X...`, depth limit 3, R 1)
/// in `mode`, then `extra`; R is given only to null-move search, the one that uses it.
pub fn pitfall<'a>(command: &'a str, mode: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = at_pitfall(command, &["--mode", mode]);
    if mode == "null" {
        args.extend(["--reduction", "1"]);
    }
    args.extend(extra);
    args
}

/// `nullmove chess match` of `players` from `book`, `pairs` pairs, then `extra`: the
/// control (`--nodes N` or `--tc`) and whatever else the test asks for.
pub fn match_args<'a>(
    players: &'a str,
    book: &'a str,
    pairs: &'a str,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        "chess",
        "match",
        "--players",
        players,
        "--book",
        book,
        "--pairs",
        pairs,
    ];
    args.extend(extra);
    args
}

/// `nullmove chess match merge`, then `words`: the shards' files and the flags.
pub fn merge_args<'a>(words: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["chess", "match", "merge"];
    args.extend(words);
    args
}

/// Runs `nullmove ARGS` with no stdin (so `trace --step` sees no terminal) and collects it.
pub fn nullmove(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Runs a command that must succeed and returns its stdout as text.
pub fn stdout(args: &[&str]) -> String {
    let out = succeeds(args);
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Runs a command that must succeed and prints one JSON document.
pub fn json(args: &[&str]) -> Value {
    let out = succeeds(args);
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

fn succeeds(args: &[&str]) -> Output {
    let out = nullmove(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs `nullmove ARGS` with files limited to 1 KiB and SIGXFSZ ignored, so that a write
/// past the limit fails with EFBIG, as on a full disk, instead of killing the process.
pub fn with_small_files(args: &[&str]) -> Output {
    Command::new("sh")
        .args([
            "-c",
            "trap '' XFSZ; ulimit -f 2; exec \"$@\"",
            "sh",
            env!("CARGO_BIN_EXE_nullmove"),
        ])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

/// Bad input: exit status 2 and exactly one line on stderr, which contains `needle`.
/// Returns the output for checks a test adds (a clean stdout, no panic).
pub fn one_line_error(args: &[&str], needle: &str) -> Output {
    let out = nullmove(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    out
}

/// Exit status 2, one line on stderr containing `needle`, nothing on stdout.
pub fn rejects(args: &[&str], needle: &str) {
    let out = one_line_error(args, needle);
    assert!(out.stdout.is_empty(), "{args:?}");
}

/// Every file under `dir` (its subfolders included) whose extension is `ext`, sorted.
pub fn files_under(dir: &std::path::Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{} is not readable: {e}", folder.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The names in `dir`, sorted: what a command wrote there, and that it left nothing else.
pub fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a readable folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// A match document without the times this machine measured (each move's, summed per game
/// and averaged per player): what two runs of one fixed-node match share, depth and nodes
/// included.
pub fn without_times(mut doc: Value) -> Value {
    let drop = |v: &mut Value, keys: &[&str]| {
        if let Some(map) = v.as_object_mut() {
            for key in keys {
                map.remove(*key);
            }
        }
    };
    if let Some(players) = doc.get_mut("effort").and_then(Value::as_array_mut) {
        for p in players {
            drop(p, &["ms_per_move", "ns_per_node"]);
        }
    }
    let games = doc.get_mut("pairs").and_then(Value::as_array_mut);
    for pair in games.into_iter().flatten() {
        for game in pair["games"].as_array_mut().into_iter().flatten() {
            for side in game["effort"].as_array_mut().into_iter().flatten() {
                drop(side, &["micros", "reported_micros"]);
            }
        }
    }
    doc
}
