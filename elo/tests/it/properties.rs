//! Properties any sound match statistics have, over random samples: seen from the other
//! side, Elo and the LLR turn over; more games of the same shape narrow the interval and
//! scale the LLR; no sample, however lopsided, gives NaN or a panic, and every summary
//! writes as JSON and reads back.

use nullmove_elo::{Model, Pentanomial, Sprt, Wdl, summarize_games, summarize_pairs};
use proptest::prelude::*;

/// Counts of a pentanomial: mostly ordinary, sometimes empty cells or a lopsided sample.
fn pentanomial() -> impl Strategy<Value = Pentanomial> {
    prop_oneof![
        4 => prop::array::uniform5(1u64..5_000),
        1 => prop::array::uniform5(0u64..4),
        1 => prop::array::uniform5(prop_oneof![Just(0u64), 1u64..100_000]),
    ]
    .prop_filter("at least one pair", |c| c.iter().sum::<u64>() > 0)
    .prop_map(Pentanomial)
}

fn wdl() -> impl Strategy<Value = Wdl> {
    (0u64..20_000, 0u64..20_000, 0u64..20_000)
        .prop_filter("at least one game", |(w, d, l)| w + d + l > 0)
        .prop_map(|(wins, draws, losses)| Wdl {
            wins,
            draws,
            losses,
        })
}

/// SPRT bounds as fishtest's runs use them: a few Elo wide, near zero.
fn sprt() -> impl Strategy<Value = Sprt> {
    (
        prop_oneof![Just(Model::Logistic), Just(Model::Normalized)],
        -10.0f64..5.0,
        0.25f64..6.0,
    )
        .prop_map(|(model, elo0, width)| Sprt::new(model, elo0, elo0 + width).unwrap())
}

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    if a.is_infinite() || b.is_infinite() {
        return a.is_infinite() && b.is_infinite() && a.signum() == b.signum();
    }
    (a - b).abs() <= tolerance * (1.0 + a.abs().max(b.abs()))
}

/// Two JSON documents equal but for the last bits of their numbers.
fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            close(x.as_f64().unwrap(), y.as_f64().unwrap(), 1e-15)
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// The same test seen from the other side: `H0: -elo1` against `H1: -elo0`.
fn mirrored(t: &Sprt) -> Sprt {
    Sprt::new(t.model, -t.elo1, -t.elo0).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_other_side_turns_elo_and_llr_over(p in pentanomial(), t in sprt()) {
        let a = summarize_pairs(&p, None, Some(&t)).unwrap();
        let b = summarize_pairs(&p.reversed(), None, Some(&mirrored(&t))).unwrap();
        prop_assert!(close(a.elo, -b.elo, 1e-9), "{} against {}", a.elo, b.elo);
        prop_assert!(close(a.elo_95[0], -b.elo_95[1], 1e-9));
        prop_assert!(close(a.elo_95[1], -b.elo_95[0], 1e-9));
        match (a.normalized_elo, b.normalized_elo) {
            (Some(x), Some(y)) => prop_assert!(close(x, -y, 1e-9)),
            (x, y) => prop_assert_eq!(x, y),
        }
        let (la, lb) = (a.sprt.unwrap().llr, b.sprt.unwrap().llr);
        prop_assert!(close(la, -lb, 1e-6), "LLR {la} against {lb}");
    }

    #[test]
    fn the_other_side_of_games(w in wdl(), t in sprt()) {
        let a = summarize_games(&w, Some(&t)).unwrap();
        let b = summarize_games(&w.reversed(), Some(&mirrored(&t))).unwrap();
        prop_assert!(close(a.elo, -b.elo, 1e-9));
        prop_assert!(close(a.sprt.unwrap().llr, -b.sprt.unwrap().llr, 1e-6));
    }

    #[test]
    fn more_games_of_the_same_shape_narrow_the_interval(
        counts in prop::array::uniform5(1u64..2_000),
        k in 2u64..50,
        t in sprt(),
    ) {
        let small = summarize_pairs(&Pentanomial(counts), None, Some(&t)).unwrap();
        let large = summarize_pairs(&Pentanomial(counts.map(|c| c * k)), None, Some(&t)).unwrap();
        prop_assert!(close(small.elo, large.elo, 1e-9));
        let width = |s: &nullmove_elo::Summary| s.elo_95[1] - s.elo_95[0];
        prop_assert!(width(&large) < width(&small));
        // The score's interval shrinks as 1 / sqrt(k); Elo's nearly so.
        let ratio = width(&small) / width(&large);
        prop_assert!(ratio > (k as f64).sqrt() * 0.9, "ratio {ratio} for k {k}");
        // No empty cell, so no prior: the LLR is k times as large.
        let (ls, ll) = (small.sprt.unwrap().llr, large.sprt.unwrap().llr);
        prop_assert!(close(ll, ls * k as f64, 1e-6), "{ll} against {k} x {ls}");
    }

    /// The normalized test leans to the hypothesis nearer the sample's normalized Elo: its
    /// LLR is positive when the estimate lies clearly above the bounds' midpoint, negative
    /// clearly below (the two Elo figures are on the test's own scale).
    #[test]
    fn normalized_llr_leans_to_the_nearer_bound(
        counts in prop::array::uniform5(1u64..5_000),
        elo0 in -10.0f64..5.0,
        width in 0.5f64..6.0,
    ) {
        let t = Sprt::new(Model::Normalized, elo0, elo0 + width).unwrap();
        let s = summarize_pairs(&Pentanomial(counts), None, Some(&t)).unwrap();
        let (nelo, llr) = (s.normalized_elo.unwrap(), s.sprt.unwrap().llr);
        let mid = elo0 + width / 2.0;
        if nelo > mid + 0.05 * width {
            prop_assert!(llr > 0.0, "nElo {nelo}, midpoint {mid}, LLR {llr}");
        } else if nelo < mid - 0.05 * width {
            prop_assert!(llr < 0.0, "nElo {nelo}, midpoint {mid}, LLR {llr}");
        }
    }

    #[test]
    fn every_sample_gives_numbers_and_json(p in pentanomial(), w in wdl(), t in sprt()) {
        for s in [
            summarize_pairs(&p, None, Some(&t)).unwrap(),
            summarize_games(&w, Some(&t)).unwrap(),
        ] {
            let r = s.sprt.unwrap();
            prop_assert!(r.llr.is_finite(), "{s:?}");
            prop_assert!(!s.elo.is_nan() && !s.elo_error.is_nan(), "{s:?}");
            prop_assert!(s.elo_95[0] <= s.elo && s.elo <= s.elo_95[1], "{s:?}");
            let json = serde_json::to_string(&s).unwrap();
            prop_assert!(!json.contains("null,\"elo"), "{json}");
            // Read back, the same document (serde_json's default float parsing may
            // differ from the written value in the last bit).
            let back: nullmove_elo::Summary = serde_json::from_str(&json).unwrap();
            let again = serde_json::to_value(&back).unwrap();
            prop_assert!(same(&again, &serde_json::to_value(&s).unwrap()), "{json}");
        }
    }
}
