//! The chart of null move's worth against the clock (`nullmove_report::chess::clock_chart`):
//! each point a match at its time control, labelled with its Elo and game count.

use nullmove_report::chess::clock_chart::clock_chart;
use nullmove_report::chess::match_render::MatchResult;

/// The committed fixed-node match, read back as if it had been played at `control`.
fn at_clock(control: Option<&str>) -> MatchResult {
    let mut doc: serde_json::Value =
        serde_json::from_str(nullmove_arena::NULL_MOVE_WORTH.json).expect("the match");
    if let Some(c) = control {
        doc["time_control"] = c.into();
        doc["nodes"] = serde_json::Value::Null;
    }
    MatchResult::from_document(&doc).expect("a match's document")
}

#[test]
fn each_point_carries_its_elo_and_game_count() {
    let svg =
        clock_chart(&[at_clock(Some("1+0.01")), at_clock(Some("0.5+0.005"))]).expect("a chart");
    assert!(svg.contains("+14.5 (600 games)"), "the point's label");
    assert!(
        svg.contains("0.5+0.005 s") && svg.contains("1+0.01 s"),
        "the controls"
    );
    assert!(svg.contains("r3 against none"), "the legend");
}

#[test]
fn a_match_without_a_clock_is_refused() {
    let e = clock_chart(&[at_clock(None)]).unwrap_err().to_string();
    assert!(e.contains("fixed node count has no clock"), "{e}");
    assert!(clock_chart(&[]).is_err());
}
