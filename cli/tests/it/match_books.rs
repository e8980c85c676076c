//! Which games a match's book gives: a pair past the book's positions replays an earlier one
//! move for move at a fixed node count, so such a match is refused and a document holding
//! such a pair is never counted (summary, merge, check); at a clock the repeat is warned
//! about unless `--repeat-book` says it is meant; `--book-seed` draws the same openings in
//! every shard and is part of what a merge compares.

use crate::chess_match::book;
use crate::support;

use std::path::PathBuf;

use serde_json::Value;
use support::{json as run_json, match_args, merge_args, nullmove, rejects};

/// The book `file` holding `positions`, written into a fresh folder `match_books_{name}`
/// under the target directory.
fn written_book(name: &str, file: &str, positions: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("match_books_{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, positions).unwrap();
    path
}

/// A two-position book written under the target directory: a mate in one each, so that
/// every game ends at its first move.
fn two_position_book(name: &str) -> PathBuf {
    let positions = "7k/8/6K1/8/8/8/8/R7 w - -\nk7/8/1K6/8/8/8/8/7R w - -\n";
    written_book(name, "two.epd", positions)
}

/// A book of a three-piece and a four-piece mate in one, for `--book-max-pieces`.
fn three_and_four_pieces() -> PathBuf {
    let positions = "7k/8/6K1/8/8/8/7P/R7 w - -\nk7/8/1K6/8/8/8/8/7R w - -\n";
    written_book("pieces", "pieces.epd", positions)
}

/// r3 against none from `book`, `pairs` pairs at `control` (`--nodes N` or `--tc`), one
/// game at a time, as JSON.
fn game_args<'a>(book: &'a str, pairs: &'a str, control: [&'a str; 2]) -> Vec<&'a str> {
    let mut args = match_args("r3,none", book, pairs, &control);
    args.extend(["--concurrency", "1", "--json"]);
    args
}

#[test]
fn a_fixed_node_match_longer_than_its_book_is_refused_before_any_game() {
    let book = two_position_book("refused");
    let book = book.to_str().unwrap();
    rejects(
        &game_args(book, "3", ["--nodes", "100"]),
        "--pairs 3 with two.epd, which has 2 positions, at a fixed node count: pair 2 would \
         replay pair 0 move for move",
    );
    let mut args = game_args(book, "2", ["--nodes", "100"]);
    args.push("--repeat-book");
    rejects(
        &args,
        "--repeat-book: two.epd has 2 positions for the 2 pairs, so no opening repeats",
    );
}

#[test]
fn a_clock_match_longer_than_its_book_warns_unless_asked() {
    let book = two_position_book("clock");
    let book = book.to_str().unwrap();
    let plain = nullmove(&game_args(book, "3", ["--tc", "0.05+0.001"]));
    assert!(plain.status.success(), "{plain:?}");
    let stderr = String::from_utf8_lossy(&plain.stderr);
    assert!(
        stderr.contains(
            "warning: 3 pairs from 2 positions of two.epd: the book starts again at pair 2"
        ),
        "{stderr}"
    );
    let mut args = game_args(book, "3", ["--tc", "0.05+0.001"]);
    args.push("--repeat-book");
    let asked = nullmove(&args);
    assert!(asked.status.success(), "{asked:?}");
    assert!(!String::from_utf8_lossy(&asked.stderr).contains("warning"));
    let doc: Value = serde_json::from_slice(&asked.stdout).unwrap();
    let command = doc["provenance"]["command"].to_string();
    assert!(command.contains("--repeat-book"), "{command}");
}

/// The games of pair N and pair N + book size are never both counted: a fixed-node
/// document that holds both (a copy renumbered past the book) is refused by the statistics,
/// by a merge and by the rules' check, naming the pair.
#[test]
fn a_replayed_pair_is_never_counted_twice() {
    let book = two_position_book("replayed");
    let shard = |s: &str| {
        let mut args = game_args(book.to_str().unwrap(), "2", ["--nodes", "100"]);
        args.extend(["--shard", s]);
        run_json(&args)
    };
    let (first, mut second) = (shard("0/2"), shard("1/2"));
    // A match of three pairs, as far as the merge can see: shard 0/2 owes pairs 0 and 2.
    second["planned_pairs"] = Value::from(3);
    let mut copied = first.clone();
    copied["planned_pairs"] = Value::from(3);
    let mut copy = copied["pairs"][0].clone();
    copy["index"] = Value::from(2);
    copied["pairs"].as_array_mut().unwrap().push(copy);
    let fields: nullmove_arena::MatchFields = serde_json::from_value(copied.clone()).unwrap();
    let expected = "pair 2 replays pair 0 move for move";
    let e = nullmove_arena::summary(&fields, None).unwrap_err();
    assert!(e.contains(expected), "{e}");
    let e = nullmove_arena::check_games(&fields, None).unwrap_err();
    assert!(e.contains(expected), "{e}");
    let (a, b) = (
        book.with_file_name("copied.json"),
        book.with_file_name("second.json"),
    );
    std::fs::write(&a, copied.to_string()).unwrap();
    std::fs::write(&b, second.to_string()).unwrap();
    rejects(
        &merge_args(&[a.to_str().unwrap(), b.to_str().unwrap()]),
        expected,
    );
    // The shard without the copy counts its one pair.
    let fields: nullmove_arena::MatchFields = serde_json::from_value(first).unwrap();
    let summary = nullmove_arena::summary(&fields, None).unwrap().unwrap();
    assert_eq!(summary.games, 2);
}

/// A seeded order is recorded, played again alike, and told apart by a merge.
#[test]
fn a_seeded_book_is_recorded_and_merges_only_with_its_own_seed() {
    let book = book("uho_4060_v2.sample.epd");
    let run = |seed: &str, shard: &str| {
        let mut args = game_args(&book, "2", ["--nodes", "100"]);
        args.extend(["--book-seed", seed, "--shard", shard]);
        run_json(&args)
    };
    let (a, b) = (run("7", "0/2"), run("8", "1/2"));
    assert_eq!(a["book_seed"], 7);
    let sample = nullmove_arena::committed_book("uho_4060_v2.sample.epd")
        .unwrap()
        .unwrap();
    let drawn = sample.shuffled(7);
    let opening = a["pairs"][0]["opening"].as_str().unwrap();
    assert!(
        opening.starts_with(&drawn.positions[0].to_string()[..20]),
        "{opening}"
    );
    let fields: nullmove_arena::MatchFields = serde_json::from_value(a.clone()).unwrap();
    nullmove_arena::check_games(&fields, Some(&sample)).unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let (pa, pb) = (dir.join("seed_a.json"), dir.join("seed_b.json"));
    std::fs::write(&pa, a.to_string()).unwrap();
    std::fs::write(&pb, b.to_string()).unwrap();
    rejects(
        &merge_args(&[pa.to_str().unwrap(), pb.to_str().unwrap()]),
        "book_seed differs",
    );
}

#[test]
fn a_piece_limit_cuts_the_book_before_it_is_played_and_is_recorded() {
    let book = three_and_four_pieces();
    let book = book.to_str().unwrap();
    let mut args = game_args(book, "1", ["--nodes", "100"]);
    args.extend(["--book-max-pieces", "3"]);
    let doc = run_json(&args);
    assert_eq!(doc["book_positions"], 1);
    assert_eq!(doc["book_max_pieces"], 3);
    assert_eq!(doc["pairs"][0]["opening"], "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    let command: Vec<&str> = doc["provenance"]["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert!(
        command.windows(2).any(|w| w == ["--book-max-pieces", "3"]),
        "{command:?}"
    );
    let mut longer = game_args(book, "2", ["--nodes", "100"]);
    longer.extend(["--book-max-pieces", "3"]);
    rejects(&longer, "--pairs 2 with pieces.epd, which has 1 positions");
    let mut all = game_args(book, "1", ["--nodes", "100"]);
    all.extend(["--book-max-pieces", "4"]);
    rejects(
        &all,
        "--book-max-pieces 4 changes nothing: every position of pieces.epd has at most 4 pieces",
    );
    let mut none = game_args(book, "1", ["--nodes", "100"]);
    none.extend(["--book-max-pieces", "2"]);
    rejects(&none, "no position of pieces.epd has at most 2 pieces");
}

#[test]
fn every_game_records_what_each_side_searched() {
    let book = two_position_book("effort");
    let doc = run_json(&game_args(book.to_str().unwrap(), "2", ["--nodes", "300"]));
    let effort = doc["effort"].as_array().expect("effort");
    let names: Vec<&str> = effort.iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["r3", "none"]);
    for e in effort {
        // Every game is a mate in one: each player moves once as White.
        assert_eq!(
            (e["moves"].as_u64(), e["reported"].as_u64()),
            (Some(2), Some(2)),
            "{e}"
        );
        assert!(e["mean_depth"].as_f64().unwrap() >= 1.0, "{e}");
        let nodes = e["nodes_per_move"].as_f64().unwrap();
        assert!(nodes > 0.0 && nodes <= 300.0 + 64.0, "{e}");
        assert!(e["ns_per_node"].as_f64().unwrap() > 0.0, "{e}");
    }
    let game = &doc["pairs"][0]["games"][0]["effort"];
    assert_eq!(
        (game[0]["moves"].as_u64(), game[1]["moves"].as_u64()),
        (Some(1), Some(0))
    );
}
