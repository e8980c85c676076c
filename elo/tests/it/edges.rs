//! The samples at the edges: none, every game won or lost, counts that disagree; each a
//! clear error or an infinite Elo said as such, never a panic or NaN.

use nullmove_elo::{Model, Pentanomial, Sprt, StatsError, Wdl, summarize_games, summarize_pairs};
use serde_json::json;

fn sprt() -> Sprt {
    Sprt::new(Model::Normalized, 0.0, 2.0).unwrap()
}

#[test]
fn no_games_is_an_error() {
    let none = Pentanomial::default();
    assert_eq!(summarize_pairs(&none, None, None), Err(StatsError::NoGames));
    assert_eq!(
        summarize_games(&Wdl::default(), Some(&sprt())),
        Err(StatsError::NoGames)
    );
    assert_eq!(sprt().on_pairs(&none), Err(StatsError::NoGames));
    assert!(
        StatsError::NoGames
            .to_string()
            .contains("at least one game")
    );
}

#[test]
fn every_pair_won_is_an_infinite_elo_and_a_clear_decision() {
    let logistic = Sprt::new(Model::Logistic, 0.0, 5.0).unwrap();
    let s = summarize_pairs(&Pentanomial([0, 0, 0, 0, 400]), None, Some(&logistic)).unwrap();
    assert!(s.elo.is_infinite() && s.elo > 0.0);
    assert!(s.elo_95[0].is_infinite() && s.elo_95[1].is_infinite());
    let r = s.sprt.unwrap();
    assert!(r.llr.is_finite() && r.llr > r.upper, "{r:?}");
    let doc = serde_json::to_value(&s).unwrap();
    assert_eq!(doc["elo"], json!("+inf"));
    assert_eq!(doc["elo_95"], json!(["+inf", "+inf"]));
    assert_eq!(doc["sprt"]["decision"], json!("H1"));
}

#[test]
fn every_pair_won_moves_normalized_llr_only_a_little() {
    // Normalized Elo divides by the sample's deviation, nearly 0 here: both hypotheses'
    // t-values are equally far from the sample's, so each pair adds little (fishtest's
    // LLRcalc gives the same 0.3243 for 40 pairs); the test still ends, only later.
    let s = summarize_pairs(&Pentanomial([0, 0, 0, 0, 40]), None, Some(&sprt())).unwrap();
    let llr = s.sprt.unwrap().llr;
    assert!(llr > 0.3 && llr < 0.35, "{llr}");
    let more = summarize_pairs(&Pentanomial([0, 0, 0, 0, 400]), None, Some(&sprt())).unwrap();
    assert_eq!(
        more.sprt.unwrap().decision,
        Some(nullmove_elo::Decision::H1)
    );
}

#[test]
fn every_game_lost_is_minus_infinity() {
    let w = Wdl {
        wins: 0,
        draws: 0,
        losses: 600,
    };
    let s = summarize_games(&w, Some(&sprt())).unwrap();
    assert!(s.elo.is_infinite() && s.elo < 0.0);
    let doc = serde_json::to_value(&s).unwrap();
    assert_eq!(doc["elo"], json!("-inf"));
    assert_eq!(doc["sprt"]["decision"], json!("H0"));
    assert!(doc["sprt"]["llr"].as_f64().unwrap() < -2.94);
}

#[test]
fn a_lopsided_small_sample_has_an_open_ended_interval() {
    // 9 of 10 pairs won twice, one drawn twice: the score's interval reaches 1.
    let s = summarize_pairs(&Pentanomial([0, 0, 1, 0, 9]), None, None).unwrap();
    assert!(s.elo.is_finite() && s.elo_95[0].is_finite());
    assert!(s.elo_95[1].is_infinite() && s.elo_error.is_infinite());
    let doc = serde_json::to_value(&s).unwrap();
    assert_eq!(doc["elo_95"][1], json!("+inf"));
    assert_eq!(doc["elo_error"], json!("+inf"));
}

#[test]
fn a_sample_without_spread_has_no_normalized_elo() {
    // Every pair drawn twice (or won once and lost once): no deviation to divide by.
    let s = summarize_pairs(&Pentanomial([0, 0, 25, 0, 0]), None, None).unwrap();
    assert_eq!((s.normalized_elo, s.normalized_elo_95), (None, None));
    let doc = serde_json::to_value(&s).unwrap();
    assert_eq!(doc["normalized_elo"], json!(null));
    assert_eq!(doc["elo"], json!(0.0));
    let spread = summarize_pairs(&Pentanomial([0, 1, 25, 0, 0]), None, None).unwrap();
    assert!(spread.normalized_elo.unwrap() < 0.0);
}

#[test]
fn game_counts_must_match_the_pairs() {
    let p = Pentanomial([1, 2, 3, 2, 1]);
    let good = Wdl {
        wins: 6,
        draws: 6,
        losses: 6,
    };
    let s = summarize_pairs(&p, Some(good), None).unwrap();
    assert_eq!((s.games, s.pairs, s.wins), (18, Some(9), Some(6)));
    let short = Wdl { wins: 5, ..good };
    let e = summarize_pairs(&p, Some(short), None).unwrap_err();
    assert!(
        e.to_string().contains("17 games counted for 9 pairs"),
        "{e}"
    );
    let other = Wdl {
        wins: 6,
        draws: 5,
        losses: 7,
    };
    let e = summarize_pairs(&p, Some(other), None).unwrap_err();
    assert!(
        e.to_string().contains("score 8.5 points but the pairs 9"),
        "{e}"
    );
}

#[test]
fn pairs_alone_leave_the_game_counts_null() {
    let s = summarize_pairs(&Pentanomial([1, 2, 3, 2, 1]), None, None).unwrap();
    let doc = serde_json::to_value(&s).unwrap();
    for field in ["wins", "draws", "losses", "sprt"] {
        assert_eq!(doc[field], json!(null), "{field}");
    }
    assert_eq!(doc["pentanomial"], json!([1, 2, 3, 2, 1]));
    assert_eq!(
        (doc["games"].as_u64(), doc["pairs"].as_u64()),
        (Some(18), Some(9))
    );
}

#[test]
fn games_alone_leave_the_pairs_null() {
    let w = Wdl {
        wins: 3,
        draws: 4,
        losses: 5,
    };
    let doc = serde_json::to_value(summarize_games(&w, None).unwrap()).unwrap();
    assert_eq!(doc["pairs"], json!(null));
    assert_eq!(doc["pentanomial"], json!(null));
    assert_eq!(doc["score"].as_f64(), Some(5.0 / 12.0));
}
