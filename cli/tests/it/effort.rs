//! Each player's effort in a match (`effort_table`) and Elo against nodes a move
//! (`effort_chart`): a fixed-node match at its nodes, a clock match at the nodes its first
//! player searched, and a clock match that recorded none refused.

use crate::support;

use nullmove_report::chess::effort::{effort_chart, effort_table, match_title};
use nullmove_report::chess::match_render::MatchResult;
use serde_json::Value;

/// Two pairs played now at 300 nodes a move, with their effort.
fn played() -> Value {
    support::json(&support::match_args(
        "r3,none",
        "../arena/data/books/uho_4060_v2.sample.epd",
        "2",
        &["--nodes", "300", "--concurrency", "1", "--json"],
    ))
}

fn result(doc: &Value) -> MatchResult {
    MatchResult::from_document(doc).expect("a match's document")
}

#[test]
fn a_row_per_player_with_its_depth_nodes_and_times() {
    let doc = played();
    let mut out = Vec::new();
    effort_table(&[result(&doc)])
        .unwrap()
        .write(false, &mut out)
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].starts_with("r3 against none") && rows[0].contains("300 nodes"),
        "{text}"
    );
    let depth = doc["effort"][1]["mean_depth"].as_f64().unwrap();
    assert!(
        rows[1].contains("none") && rows[1].contains(&format!("{depth:.2}")),
        "{text}"
    );
}

#[test]
fn a_clock_match_stands_at_the_nodes_it_searched() {
    let fixed = played();
    let mut clock = fixed.clone();
    clock["time_control"] = "1+0.01".into();
    clock["nodes"] = Value::Null;
    let nodes = fixed["effort"][0]["nodes_per_move"].as_f64().unwrap();
    let svg = effort_chart(&[result(&fixed), result(&clock)]).expect("a chart");
    assert!(svg.contains("300 nodes: "), "the fixed-node point");
    assert!(svg.contains("1+0.01 s: "), "the clock point");
    assert!(
        svg.contains("at a clock (its measured nodes a move)"),
        "the legend"
    );
    assert!(nodes > 0.0);
    // A clock match from before effort was recorded has nowhere to stand.
    let mut old: Value = serde_json::from_str(nullmove_arena::NULL_MOVE_WORTH.json).unwrap();
    old["time_control"] = "1+0.01".into();
    old["nodes"] = Value::Null;
    let e = effort_chart(&[result(&old)]).unwrap_err().to_string();
    assert!(e.contains("recorded no effort"), "{e}");
    assert!(effort_chart(&[]).is_err());
}

#[test]
fn a_match_is_named_by_what_its_players_do_not_share() {
    let names = [
        "r3:NullMinDepth=2:Futility=true:SeePruning=true",
        "none:Futility=true:SeePruning=true",
    ];
    assert_eq!(
        match_title(&names),
        "r3:NullMinDepth=2 against none, 2 settings shared"
    );
    assert_eq!(match_title(&["r3", "none"]), "r3 against none");
    assert_eq!(
        match_title(&["r3:Threads=2", "r3"]),
        "r3:Threads=2 against r3"
    );
    assert_eq!(
        match_title(&["r3:Hash=8", "none:Hash=8"]),
        "r3 against none, one setting shared"
    );
}
