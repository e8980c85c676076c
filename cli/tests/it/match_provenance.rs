//! A shard says which build and command played it and from which book: the version, the
//! commit, the search's signature (`nullmove chess bench`'s node total), every player's
//! options, the book's SHA-256 and the command; `chess match merge` refuses shards that
//! differ in any of them, naming the field.

use crate::chess_match::book;
use crate::support;

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use support::{json as run_json, match_args, merge_args, rejects};

/// A fresh folder under the target directory.
fn tempdir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("match_provenance_{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Shard `shard` of a 2-pair match from `book_path` at 100 nodes, `concurrency` games at
/// once, written to `out`.
fn shard_args<'a>(
    book_path: &'a str,
    concurrency: &'a str,
    shard: &'a str,
    out: &'a Path,
) -> Vec<&'a str> {
    match_args(
        "r3,none",
        book_path,
        "2",
        &[
            "--nodes",
            "100",
            "--concurrency",
            concurrency,
            "--shard",
            shard,
            "--out",
            out.to_str().unwrap(),
            "--json",
        ],
    )
}

/// That shard played one game at a time, as JSON.
fn shard(book_path: &str, shard: &str, out: &Path) -> Value {
    run_json(&shard_args(book_path, "1", shard, out))
}

/// A change to a shard's document.
type Change = fn(&mut Value);

/// `chess match merge FILES`, then `extra`.
fn merge<'a>(files: &[&'a Path], extra: &[&'a str]) -> Vec<&'a str> {
    let mut words: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    words.extend(extra);
    merge_args(&words)
}

/// `merge FILES` must be refused with a message naming `field`.
fn refused(files: &[&Path], field: &str) {
    rejects(
        &merge(files, &[]),
        &format!("not the same match: {field} differs"),
    );
}

#[test]
fn a_shard_records_the_build_the_command_the_options_and_the_book() {
    let dir = tempdir("records");
    let file = dir.join("s0.json");
    let b = book("endgames.sample.epd");
    let doc = shard(&b, "0/2", &file);
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(doc, written, "--out holds the document --json prints");
    let p = &doc["provenance"];
    assert_eq!(p["version"], env!("CARGO_PKG_VERSION"));
    let commit = p["commit"].as_str().unwrap();
    let (head, changes) = commit.split_once('+').unwrap_or((commit, ""));
    assert!(
        commit == "unknown"
            || (head.len() == 40
                && head.bytes().all(|c| c.is_ascii_hexdigit())
                && (changes.is_empty() || changes.len() == 16)),
        "{commit}"
    );
    let bench = run_json(&["chess", "bench", "--json"]);
    assert_eq!(p["chess_bench"], bench["nodes"], "the search's signature");
    let mut command = vec!["nullmove"];
    command.extend(shard_args(&b, "1", "0/2", &file));
    assert_eq!(p["command"], json!(command));
    let bytes = std::fs::read(&b).unwrap();
    assert_eq!(
        doc["book_sha256"],
        nullmove_arena::sha256_hex(&bytes),
        "sha256sum's digest of the book"
    );
    for player in doc["players"].as_array().unwrap() {
        assert_eq!(player["options"], json!([["Hash", "16"]]), "{player}");
    }
    assert_eq!(doc["resumed_pairs"], Value::Null);
}

#[test]
fn a_merge_refuses_shards_of_two_builds_two_books_of_one_name_or_two_option_sets() {
    let dir = tempdir("refused");
    let (s0, s1) = (dir.join("s0.json"), dir.join("s1.json"));
    let b = book("endgames.sample.epd");
    shard(&b, "0/2", &s0);
    let doc = shard(&b, "1/2", &s1);
    let merged = run_json(&merge(&[&s0, &s1], &["--json"]));
    assert_eq!(merged["pairs_played"], 2);
    let command = merged["provenance"]["command"].as_array().unwrap();
    assert!(!command.contains(&json!("--shard")), "{command:?}");
    // Each change to shard 1 alone, and the field the merge names.
    let other = dir.join("other.json");
    let changes: [(&str, Change); 7] = [
        ("provenance.commit", |d| {
            d["provenance"]["commit"] = json!("0123456789012345678901234567890123456789");
        }),
        ("provenance.chess_bench", |d| {
            d["provenance"]["chess_bench"] = json!(1);
        }),
        ("provenance.version", |d| {
            d["provenance"]["version"] = json!("0.0.1");
        }),
        ("provenance.command", |d| {
            let words = d["provenance"]["command"].as_array_mut().unwrap();
            let at = words.iter().position(|w| w == "--players").unwrap();
            words[at + 1] = json!("r3,r2");
        }),
        ("players", |d| {
            d["players"][1]["options"] = json!([["Hash", "8"]]);
        }),
        ("book_sha256", |d| d["book_sha256"] = json!("00")),
        ("book_max_pieces", |d| d["book_max_pieces"] = json!(12)),
    ];
    for (field, change) in changes {
        let mut changed = doc.clone();
        change(&mut changed);
        std::fs::write(&other, changed.to_string()).unwrap();
        refused(&[&s0, &other], field);
    }
    let mut old = doc.clone();
    old.as_object_mut().unwrap().remove("provenance");
    std::fs::write(&other, old.to_string()).unwrap();
    rejects(&merge(&[&s0, &other], &[]), "has no provenance");
    // Two books of one name and as many positions, one line apart: the second run's book
    // replaced the first at the same path, so even the commands agree.
    let copy = dir.join("endgames.sample.epd");
    let text = std::fs::read_to_string(&b).unwrap();
    let first = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let mut lines: Vec<&str> = text.lines().filter(|l| *l != first).collect();
    lines.push(first);
    std::fs::write(&copy, lines.join("\n") + "\n").unwrap();
    let moved = dir.join("moved.json");
    shard(copy.to_str().unwrap(), "1/2", &moved);
    let mut same_command: Value =
        serde_json::from_str(&std::fs::read_to_string(&moved).unwrap()).unwrap();
    same_command["provenance"]["command"] = doc["provenance"]["command"].clone();
    std::fs::write(&moved, same_command.to_string()).unwrap();
    refused(&[&s0, &moved], "book_sha256");
}

/// What decides the games is compared, not the command's text: the same book by a relative
/// and an absolute path, and a fixed-node shard played with other games at once, merge.
#[test]
fn the_same_games_by_another_path_or_concurrency_merge() {
    let dir = tempdir("same_games");
    let absolute = book("endgames.sample.epd");
    let (s0, s1) = (dir.join("s0.json"), dir.join("s1.json"));
    shard(&absolute, "0/2", &s0);
    let relative = "../arena/data/books/endgames.sample.epd";
    let relative = run_json(&shard_args(relative, "2", "1/2", &s1));
    assert_eq!(relative["shard"], "1/2");
    let merged = run_json(&merge(&[&s0, &s1], &["--json"]));
    assert_eq!(merged["pairs_played"], 2);
}
