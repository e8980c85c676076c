//! An SPRT followed pair by pair: fishtest's dynamic overshoot correction narrows Wald's
//! bounds by the expected overshoot, estimated from the LLR's record highs and lows, and
//! only while the run is updated one pair at a time.

use nullmove_elo::{Decision, Model, Pentanomial, Sprt, SprtRun};

/// A deterministic stream of game pairs drawn from `weights` (per pentanomial cell).
fn pairs(weights: [u64; 5], seed: u64) -> impl Iterator<Item = usize> {
    let total: u64 = weights.iter().sum();
    let mut state = seed;
    std::iter::repeat_with(move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mut x = (state >> 33) % total;
        weights
            .iter()
            .position(|&w| {
                let hit = x < w;
                x = x.saturating_sub(w);
                hit
            })
            .unwrap()
    })
}

/// A favourable stream: the first player scores about 52% of each pair.
const FAVOURABLE: [u64; 5] = [30, 200, 520, 220, 30];

#[test]
fn the_bounds_narrow_by_the_records_seen() {
    let sprt = Sprt::new(Model::Logistic, 0.0, 10.0).unwrap();
    let mut run = SprtRun::new(sprt);
    let mut p = Pentanomial::default();
    let (mut high, mut sum, mut squares) = (0.0f64, 0.0, 0.0);
    for cell in pairs(FAVOURABLE, 7).take(300) {
        p.0[cell] += 1;
        let r = run.update_pairs(&p).unwrap();
        // The same estimate, from the whole-sample LLRs one by one.
        let llr = sprt.on_pairs(&p).unwrap().llr;
        if llr > high {
            sum += llr - high;
            squares += (llr - high).powi(2);
            high = llr;
        }
        let expected = if sum == 0.0 { 0.0 } else { squares / sum / 2.0 };
        assert!((r.llr - llr).abs() < 1e-12);
        assert!((sprt.upper() - r.upper - expected).abs() < 1e-12, "{r:?}");
        assert!(r.upper <= sprt.upper() && r.lower >= sprt.lower());
    }
    assert!(sum > 0.0, "the stream never set a record high");
}

#[test]
fn a_run_stops_no_later_than_walds_test_and_agrees_with_it() {
    let sprt = Sprt::new(Model::Normalized, -5.0, 5.0).unwrap();
    for seed in 1..11 {
        let mut run = SprtRun::new(sprt);
        let mut p = Pentanomial::default();
        let mut stopped = None;
        for (i, cell) in pairs(FAVOURABLE, seed).take(20_000).enumerate() {
            p.0[cell] += 1;
            let r = run.update_pairs(&p).unwrap();
            let wald = sprt.decide(r.llr);
            if wald.is_some() {
                assert_eq!(r.decision, wald, "seed {seed}, pair {i}");
            }
            if r.decision.is_some() {
                stopped = Some((i, r));
                break;
            }
        }
        let (_, r) = stopped.unwrap_or_else(|| panic!("seed {seed}: no decision"));
        assert_eq!(r.decision, Some(Decision::H1), "seed {seed}: {r:?}");
    }
}

#[test]
fn updates_that_skip_or_go_back_lose_the_correction() {
    let sprt = Sprt::new(Model::Logistic, 0.0, 10.0).unwrap();
    let mut run = SprtRun::new(sprt);
    let mut p = Pentanomial::default();
    for cell in pairs(FAVOURABLE, 3).take(200) {
        p.0[cell] += 1;
        run.update_pairs(&p).unwrap();
    }
    let narrowed = run.update_pairs(&p).unwrap();
    assert!(narrowed.upper < sprt.upper());
    // Ten pairs at once: the records restart from here, the estimate so far stays.
    p.0[4] += 10;
    let skipped = run.update_pairs(&p).unwrap();
    assert!((skipped.upper - narrowed.upper).abs() < 1e-12);
    // Fewer pairs than before (a lost shard): Wald's bounds from now on.
    p.0[4] -= 5;
    let back = run.update_pairs(&p).unwrap();
    assert!((back.upper - sprt.upper()).abs() < 1e-15);
    p.0[4] += 1;
    assert!((run.update_pairs(&p).unwrap().upper - sprt.upper()).abs() < 1e-15);
}

#[test]
fn a_batched_run_records_once_a_batch_as_fishtest() {
    let sprt = Sprt::new(Model::Logistic, 0.0, 10.0).unwrap();
    let mut batched = SprtRun::with_batch(sprt, 4);
    let mut p = Pentanomial::default();
    let (mut high, mut sum, mut squares) = (0.0f64, 0.0, 0.0);
    for (i, cell) in pairs(FAVOURABLE, 11).take(400).enumerate() {
        p.0[cell] += 1;
        if (i + 1) % 4 != 0 {
            continue;
        }
        let r = batched.update_pairs(&p).unwrap();
        let llr = sprt.on_pairs(&p).unwrap().llr;
        if llr > high {
            sum += llr - high;
            squares += (llr - high).powi(2);
            high = llr;
        }
        let expected = if sum == 0.0 { 0.0 } else { squares / sum / 2.0 };
        assert!((sprt.upper() - r.upper - expected).abs() < 1e-12, "{r:?}");
    }
    assert!(sum > 0.0);
    // A count that is not a whole number of batches breaks the contract: Wald's bounds.
    p.0[2] += 1;
    let r = batched.update_pairs(&p).unwrap();
    assert!((r.upper - sprt.upper()).abs() < 1e-15);
}

#[test]
fn a_path_replayed_stops_at_its_first_decision() {
    let sprt = Sprt::new(Model::Normalized, -5.0, 5.0).unwrap();
    let mut path = Vec::new();
    let mut p = Pentanomial::default();
    for cell in pairs(FAVOURABLE, 5).take(6000) {
        p.0[cell] += 1;
        path.push(p);
    }
    let replay = nullmove_elo::replay_pairs(&sprt, &path, 1).unwrap();
    let at = replay.decided_after.expect("a decision");
    let mut run = SprtRun::new(sprt);
    let first = path
        .iter()
        .position(|q| run.update_pairs(q).unwrap().decision.is_some())
        .unwrap();
    assert_eq!(at, first as u64 + 1);
    assert_eq!(replay.result.decision, Some(Decision::H1));
    assert_eq!(replay.updates, path.len());
    assert!(nullmove_elo::replay_pairs(&sprt, &[], 1).is_err());
    assert!(nullmove_elo::replay_pairs(&sprt, &path, 0).is_err());
}
