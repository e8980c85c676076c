//! Matches set against the first (`differences_table`): each Elo less the first's, with the
//! interval of two independent samples.

use nullmove_report::chess::difference::differences_table;
use nullmove_report::chess::match_render::MatchResult;
use serde_json::Value;

fn committed() -> Value {
    serde_json::from_str(nullmove_arena::NULL_MOVE_WORTH.json).expect("the match")
}

#[test]
fn a_match_against_itself_differs_by_nothing_within_its_interval_times_root_two() {
    let first = MatchResult::from_document(&committed()).unwrap();
    let mut cut = committed();
    cut["book_max_pieces"] = 12.into();
    let second = MatchResult::from_document(&cut).unwrap();
    let s = first.stats.clone().unwrap();
    let half = (s.elo_95[1] - s.elo_95[0]) / 2.0 * 2_f64.sqrt();
    let mut out = Vec::new();
    differences_table(&[first, second])
        .unwrap()
        .write(false, &mut out)
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(rows[0].trim_end().ends_with('-'), "{text}");
    assert!(rows[1].contains("at most 12 pieces"), "{text}");
    let expected = format!("+0.00 ({:+.2} to {:+.2})", -half, half);
    assert!(rows[1].contains(&expected), "{expected} in {text}");
    assert!(differences_table(&[]).is_err());
}
