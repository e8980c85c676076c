//! The suite measurement on small fixed subsets, pinned by snapshots (the full runs are
//! `nullmove chess suite`'s): a few WAC positions at depth 4, the zugzwang suite's smallest
//! positions at depth 6, a few endgames at depth 4, every configuration. Beside the
//! snapshots: the totals add up, every depth of one run equals a run to that depth, the
//! worker threads change nothing, and bad input is refused.

use nullmove_chess::{EpdEntry, Guards, SuiteReport, parse_epd, run_suite, run_suite_depths};

fn suite(name: &str) -> Vec<EpdEntry> {
    let path = format!("{}/data/{name}.epd", env!("CARGO_MANIFEST_DIR"));
    parse_epd(&std::fs::read_to_string(path).expect("the suite")).expect("EPD")
}

/// The subsets: (snapshot name, suite, positions by id, depth).
fn subsets() -> Vec<(&'static str, Vec<EpdEntry>, u32)> {
    let pick = |name: &str, ids: &[&str]| -> Vec<EpdEntry> {
        let all = suite(name);
        ids.iter()
            .map(|id| {
                all.iter()
                    .find(|e| e.id.as_deref() == Some(id))
                    .expect("id")
                    .clone()
            })
            .collect()
    };
    vec![
        (
            "wac_depth_4",
            pick("wac", &["WAC.001", "WAC.003", "WAC.004", "WAC.008"]),
            4,
        ),
        (
            "zugts_depth_6",
            pick(
                "zugts",
                &["ZPTS.13", "ZPTS.14", "ZPTS.15", "ZPTS.16", "ZPTS.23"],
            ),
            6,
        ),
        (
            "eet_depth_4",
            pick(
                "eet",
                &[
                    "E_E_T 001 - B vs B",
                    "E_E_T 010 - B vs S",
                    "E_E_T 011 - D vs D",
                ],
            ),
            4,
        ),
    ]
}

/// Every named configuration, in table order.
fn all_presets() -> Vec<Guards> {
    Guards::presets().map(|(_, g)| g).collect()
}

fn check_totals(report: &SuiteReport) {
    for (i, row) in report.rows.iter().enumerate() {
        assert_eq!(row.positions, report.positions.len());
        let results = report.positions.iter().map(|p| &p.results[i]);
        assert_eq!(row.solved, results.clone().filter(|r| r.solved).count());
        assert_eq!(row.nodes, results.map(|r| r.nodes).sum::<u64>());
    }
}

#[test]
fn subsets_at_fixed_depths_are_pinned() {
    for (name, entries, depth) in subsets() {
        let report = run_suite(&entries, depth, &all_presets(), &|| {}).expect("runs");
        check_totals(&report);
        insta::assert_json_snapshot!(name, report);
    }
}

#[test]
fn every_depth_of_one_run_is_the_run_to_that_depth_on_any_number_of_threads() {
    let (_, entries, depth) = subsets().swap_remove(1);
    let all = run_suite_depths(&entries, depth, &all_presets(), &|| {}).expect("runs");
    assert_eq!(all.len(), depth as usize);
    for d in [2, 4] {
        let alone = run_suite(&entries, d, &all_presets(), &|| {}).expect("runs");
        assert_eq!(alone, all[d as usize - 1], "depth {d}");
    }
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    let serial = one_thread.install(|| run_suite_depths(&entries, depth, &all_presets(), &|| {}));
    assert_eq!(serial.expect("runs"), all);
}

#[test]
fn solved_means_a_best_move_and_no_avoided_move() {
    // E_E_T 010 names only a move to avoid (am Nf1): solved is any other move.
    let entries = suite("eet");
    let e = entries
        .iter()
        .find(|e| e.id.as_deref() == Some("E_E_T 010 - B vs S"))
        .expect("id");
    assert!(e.best_moves.is_empty() && e.avoid_moves == ["Nf1"]);
    let report =
        run_suite(std::slice::from_ref(e), 2, &[Guards::NO_NULL_MOVE], &|| {}).expect("runs");
    let r = &report.positions[0].results[0];
    assert_eq!(r.solved, r.best_move_san.as_deref() != Some("Nf1"));
    // The same position asked to find Nf1 instead.
    let mut flipped = e.clone();
    flipped.best_moves = vec!["Nf1".to_owned()];
    flipped.avoid_moves.clear();
    let report = run_suite(&[flipped], 2, &[Guards::NO_NULL_MOVE], &|| {}).expect("runs");
    assert_eq!(
        report.positions[0].results[0].solved,
        r.best_move_san.as_deref() == Some("Nf1")
    );
}

#[test]
fn bad_runs_are_refused() {
    let entries = suite("zugts");
    let none: &[Guards] = &[];
    assert_eq!(
        run_suite(&entries[..1], 2, none, &|| {})
            .unwrap_err()
            .to_string(),
        "no configuration to run"
    );
    assert_eq!(
        run_suite(&entries[..1], 0, &[Guards::R3], &|| {})
            .unwrap_err()
            .to_string(),
        "depth 0 is out of range: expected 1..=64"
    );
    let mut wrong = entries[0].clone();
    wrong.best_moves = vec!["Qh5".to_owned()];
    assert!(
        run_suite(&[wrong], 2, &[Guards::R3], &|| {})
            .unwrap_err()
            .to_string()
            .starts_with("EPD line 1: SAN \"Qh5\"")
    );
}
