//! The SPRT of `nullmove chess match`: it stops the match when it decides, at the same pair
//! whatever the concurrency, and over shards as they play (`merge --sprt`) as one process
//! would.

use crate::chess_match::{book, tempdir};
use crate::support;

use serde_json::{Value, json as json_value};
use support::{json, match_args, merge_args};

/// An engine against itself: the two games of a pair are one game with colours swapped,
/// so every pair scores 1 and the SPRT accepts "no difference" (H0) after a few pairs; the
/// match stops there, far short of the pairs planned.
#[test]
fn the_sprt_stops_the_match_when_it_decides() {
    let b = book("endgames.sample.epd");
    let doc = json(&match_args(
        "r3,r3",
        &b,
        "200",
        &["--nodes", "50", "--sprt", "0,60", "--json"],
    ));
    assert_eq!(doc["ending"], "sprt");
    let sprt = &doc["sprt"];
    assert_eq!(sprt["decision"], "H0");
    assert!(sprt["llr"].as_f64() < sprt["lower"].as_f64(), "{sprt}");
    let played = doc["pairs_played"].as_u64().unwrap();
    assert!((2..200).contains(&played), "{played}");
    assert_eq!(doc["pentanomial"][2].as_u64(), Some(played));
}

/// The SPRT match of the two tests below, `concurrency` games at once: 40 pairs at 300
/// nodes a move, stopped by the SPRT (0, 40) at a pair well short of the 40.
fn sprt_match(concurrency: &str) -> Value {
    let b = book("uho_4060_v2.sample.epd");
    let flags = [
        "--nodes",
        "300",
        "--sprt",
        "0,40",
        "--concurrency",
        concurrency,
        "--json",
    ];
    json(&match_args("r3,none", &b, "40", &flags))
}

/// That match played one game at a time, once for both tests.
fn one_at_a_time_sprt() -> &'static Value {
    static ONE: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    ONE.get_or_init(|| sprt_match("1"))
}

/// The SPRT counts pairs in their order, each once every pair before it has finished, so a
/// run with games at once stops at the pair a one-at-a-time run stops at, with the same
/// games, whichever game finishes first.
#[test]
fn the_sprt_stops_at_the_same_pair_whatever_the_concurrency() {
    let one = one_at_a_time_sprt();
    assert_eq!(one["ending"], "sprt");
    let played = one["pairs_played"].as_u64().unwrap();
    assert!((2..40).contains(&played), "{played}");
    let indices: Vec<u64> = one["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["index"].as_u64().unwrap())
        .collect();
    assert_eq!(
        indices,
        (0..played).collect::<Vec<_>>(),
        "the first pairs, no gap"
    );
    let two = sprt_match("2");
    assert_eq!(two["pairs_played"], one["pairs_played"]);
    assert_eq!(two["sprt"]["llr"], one["sprt"]["llr"]);
    assert_eq!(
        support::without_times(json_value!({ "pairs": two["pairs"] })),
        support::without_times(json_value!({ "pairs": one["pairs"] }))
    );
}

/// An SPRT over shards: the merge counts the pairs in index order up to the first one not
/// yet finished, so it decides at the pair, with the games and LLR, of the one-process SPRT,
/// and says it goes on (exit status 3) while a gap holds it.
#[test]
fn an_sprt_over_shards_decides_as_one_process_does() {
    let b = book("uho_4060_v2.sample.epd");
    let flags = |extra: &[&str]| {
        let mut v = match_args(
            "r3,none",
            &b,
            "40",
            &["--nodes", "300", "--concurrency", "1"],
        );
        v.extend_from_slice(extra);
        v.push("--json");
        json(&v)
    };
    let one = one_at_a_time_sprt();
    assert_eq!(one["ending"], "sprt");
    let dir = tempdir("sprt_shards");
    let mut files = Vec::new();
    for shard in ["0/2", "1/2"] {
        let doc = flags(&["--shard", shard]);
        let file = dir.join(format!("shard{}.json", &shard[..1]));
        std::fs::write(&file, doc.to_string()).unwrap();
        files.push(file.display().to_string());
    }
    let merged = json(&merge_args(&[
        &files[0], &files[1], "--sprt", "0,40", "--json",
    ]));
    assert_eq!(merged["ending"], "sprt");
    assert_eq!(merged["pairs_played"], one["pairs_played"]);
    assert_eq!(merged["sprt"]["llr"], one["sprt"]["llr"]);
    assert_eq!(merged["sprt"]["decision"], one["sprt"]["decision"]);
    assert_eq!(
        support::without_times(json_value!({ "pairs": merged["pairs"] })),
        support::without_times(json_value!({ "pairs": one["pairs"] }))
    );
    // Shard 1 has finished its first three pairs only: the test waits for pair 7.
    let mut early: Value =
        serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).expect("a shard");
    early["pairs"].as_array_mut().unwrap().truncate(3);
    early["ending"] = "interrupted".into();
    let early_file = dir.join("early.json");
    std::fs::write(&early_file, early.to_string()).unwrap();
    let e = early_file.to_str().unwrap();
    let out = support::nullmove(&merge_args(&[&files[0], e, "--sprt", "0,40"]));
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("the SPRT goes on: it waits for pair 7"),
        "{text}"
    );
    let out = support::nullmove(&merge_args(&[&files[0], e, "--sprt", "0,40", "--json"]));
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let waiting: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(
        (
            waiting["pairs_played"].as_u64(),
            waiting["sprt_waiting_for"].as_u64()
        ),
        (Some(7), Some(7))
    );
    assert_eq!(waiting["ending"], "partial");
}
