//! `nullmove chess match merge`: shards merge into the unsplit run game for game, and a
//! merge never passes partial data as whole (a missing, repeated or short shard, a game the
//! rules deny).

use crate::chess_match::{fixed_nodes, tempdir};
use crate::support;

use serde_json::Value;
use support::{json, merge_args, rejects};

/// The document without what differs between runs of the same games: the time taken,
/// which shard, and the command (the shard's and the output's flags; the build is compared
/// apart).
fn without_run(mut doc: Value) -> Value {
    let map = doc.as_object_mut().expect("an object");
    for key in ["seconds", "games_per_hour", "shard"] {
        map.remove(key);
    }
    if let Some(Value::Object(provenance)) = map.get_mut("provenance") {
        provenance.remove("command");
    }
    support::without_times(doc)
}

#[test]
#[allow(clippy::too_many_lines)] // one set of shards, merged, then refused every way it must be
fn shards_merge_into_the_unsplit_run_game_for_game() {
    let whole = fixed_nodes("r3,r2", "5", "300", &[]);
    let dir = tempdir("shards");
    let mut files = Vec::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let doc = fixed_nodes("r3,r2", "5", "300", &["--shard", shard]);
        assert_eq!(doc["shard"], shard);
        let file = dir.join(format!("shard{}.json", &shard[..1]));
        std::fs::write(&file, doc.to_string()).unwrap();
        files.push(file.display().to_string());
    }
    let merged = json(&merge_args(&[&files[0], &files[1], &files[2], "--json"]));
    assert_eq!(merged["shard"], Value::Null);
    assert_eq!(merged["pairs_played"], 5);
    assert_eq!(without_run(merged), without_run(whole));
    // A merge is the whole match: a missing or repeated shard is refused.
    rejects(&merge_args(&[&files[0], &files[1]]), "shard 2/3 is missing");
    rejects(
        &merge_args(&[&files[0], &files[0], &files[1], &files[2]]),
        "given twice",
    );
    let table = support::stdout(&merge_args(&[&files[0], &files[1], &files[2]]));
    assert!(table.contains("r3 against r2: 5 pairs planned"), "{table}");
    // A merge never passes partial data as whole: a shard short of a pair it owes (as an
    // interrupted one is, or one with a pair taken out) is refused unless --partial asks,
    // and a game whose result does not follow from its moves is refused.
    let mut short: Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).expect("a shard");
    short["pairs"].as_array_mut().unwrap().pop();
    let short_file = dir.join("short.json");
    std::fs::write(&short_file, short.to_string()).unwrap();
    let s = short_file.to_str().unwrap();
    rejects(
        &merge_args(&[s, &files[1], &files[2]]),
        "short.json holds 1 of the 2 pairs shard 0/3 owes (ending complete): finish it",
    );
    let partial_args = merge_args(&[s, &files[1], &files[2], "--partial"]);
    let partial = json(&[&partial_args[..], &["--json"]].concat());
    assert_eq!(
        (
            partial["ending"].as_str(),
            partial["missing_pairs"].as_u64()
        ),
        (Some("partial"), Some(1))
    );
    assert_eq!(partial["pairs_played"], 4);
    let table = support::stdout(&partial_args);
    assert!(
        table
            .contains("partial: 4 pairs (8 games) of the match are merged; the shards lack 1 more"),
        "{table}"
    );
    rejects(
        &merge_args(&[&files[0], &files[1], &files[2], "--partial"]),
        "--partial: every shard holds every pair it owes",
    );
    let mut edited: Value =
        serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).expect("a shard");
    let game = &mut edited["pairs"][0]["games"][0];
    let flipped = if game["result"] == "1-0" {
        "0-1"
    } else {
        "1-0"
    };
    game["result"] = flipped.into();
    let edited_file = dir.join("edited.json");
    std::fs::write(&edited_file, edited.to_string()).unwrap();
    rejects(
        &merge_args(&[&files[0], edited_file.to_str().unwrap(), &files[2]]),
        "edited.json: pair 1, game 1: the rules end it",
    );
}
