//! The guards on K+P vs K: the generic guards read through the game's hooks are chess's
//! rules (the threat guard is "no pass in check", the endgame guard "no pass without
//! non-pawn material"), which guards remove the zugzwang failures, and the named presets.

use nullmove_kpk::kpk_game::Evaluation;
use nullmove_kpk::sweep::{self, Configuration, SweepRow};
use nullmove_kpk::{Kpk, Table};
use nullmove_optimized::Guards;

fn configurations(names: &[&str]) -> Vec<Configuration> {
    names
        .iter()
        .map(|name| {
            *sweep::configurations()
                .iter()
                .find(|c| c.name == *name)
                .unwrap_or_else(|| panic!("{name} is a configuration"))
        })
        .collect()
}

/// The rows of `name`, without the configuration's name, to compare two configurations.
fn rows_of(rows: &[SweepRow], name: &str) -> Vec<SweepRow> {
    rows.iter()
        .filter(|r| r.configuration == name)
        .map(|r| SweepRow {
            configuration: String::new(),
            ..r.clone()
        })
        .collect()
}

/// Exact evaluation, pawn on files a–d, depth limits 2..=3, R 0..=1 (where a probe can first
/// land on a zugzwang node): the mapped guards equal the chess rules result for result and
/// node for node; the low-material guard, both verifications and the eval gate (with a
/// perfect evaluation, a static value at least beta is a real fail-high) leave no wrong
/// result; the minimum probe depth removes some, Heinz's milder R near the horizon adds
/// some; a growing R adds nothing this close to the horizon, and the zero-window probe
/// decides as the full window where no probe nests in another (R 0 here), on fewer nodes.
#[test]
fn guards_against_the_zugzwang_failures() {
    let table = Table::build();
    let names = [
        "in_check",
        "threat_guard",
        "non_pawn_material",
        "endgame_guard",
        "min_probe_depth_1",
        "adaptive_r",
        "verify_stockfish_1",
        "verify_tn",
        "eval_gate",
        "zero_window",
        "depth_r",
    ];
    let rows = sweep::sweep(
        &table,
        &sweep::half_board_positions(),
        &configurations(&names),
        &[Evaluation::Exact],
        2..=3,
        0..=1,
    );
    assert_eq!(rows_of(&rows, "threat_guard"), rows_of(&rows, "in_check"));
    assert_eq!(
        rows_of(&rows, "endgame_guard"),
        rows_of(&rows, "non_pawn_material")
    );
    let wrong = |name: &str| -> u64 { rows_of(&rows, name).iter().map(|r| r.wrong_null).sum() };
    let page = wrong("in_check");
    assert!(page > 0, "null move fails at zugzwangs");
    assert_eq!(rows_of(&rows, "depth_r"), rows_of(&rows, "in_check"));
    let at_r0 = |name: &str| -> Vec<SweepRow> {
        rows_of(&rows, name)
            .into_iter()
            .filter(|r| r.reduction == 0)
            .collect()
    };
    for (zero, full) in at_r0("zero_window").iter().zip(at_r0("in_check")) {
        assert_eq!(
            (zero.wrong_null, zero.wrong_at_zugzwang),
            (full.wrong_null, full.wrong_at_zugzwang)
        );
        assert!(zero.nodes_null <= full.nodes_null, "{zero:?}");
    }
    for safe in [
        "endgame_guard",
        "verify_stockfish_1",
        "verify_tn",
        "eval_gate",
    ] {
        assert_eq!(wrong(safe), 0, "{safe}");
    }
    assert!(0 < wrong("min_probe_depth_1") && wrong("min_probe_depth_1") < page);
    assert!(wrong("adaptive_r") > page);
    // Every remaining wrong result is still the null move's doing at a zugzwang node.
    for r in &rows {
        assert_eq!(r.wrong_plain, 0, "{r:?}");
        assert_eq!(r.wrong_at_zugzwang, r.wrong_null, "{r:?}");
    }
}

/// The article's example one move earlier: the guards that see the zugzwang node's danger
/// as chess does not (check) keep the error; the ones that refuse the pass or verify it fix
/// it.
#[test]
fn guards_on_the_articles_example() {
    let table = Table::build();
    let f = sweep::article_fixture(&table, &sweep::configurations());
    let right = |name: &str| {
        f.right_under
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name}"))
            .1
    };
    assert!(!right("threat_guard") && !right("adaptive_r"));
    assert!(right("endgame_guard") && right("min_probe_depth_1"));
    assert!(right("verify_stockfish_1") && right("verify_tn"));
    // With the exact evaluation the zugzwang node's static value (a draw) is below the bound
    // the probe would prove: the eval gate never passes there.
    assert!(right("eval_gate") && !right("zero_window") && !right("depth_r"));
    // The presets reduce by at least 2: at depth limit 2 none of them can probe.
    for (name, _) in Guards::presets() {
        assert!(right(name), "{name}");
    }
    // The zugzwang node is not in check: the threat guard has nothing to refuse there.
    let zugzwang: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1".parse().unwrap();
    assert_eq!(zugzwang, f.zugzwang);
    assert!(!zugzwang.in_check());
}

/// The named presets, each at its own R, on a fixed sample of the half board (every 64th
/// position), both evaluations, depth limits 1..=4 (the whole board is `nullmove kpk
/// sweep`'s). In K+P vs K nobody has non-pawn material, so `npm` and `stockfish` never pass
/// and are plain alpha-beta, as `none` is; R 3 leaves a probe no room below depth limit 5,
/// so `r3` and `verified` are plain too; `r2` and `adaptive` (R 2 this close to the
/// horizon) probe at depth limit 4 only, where they are the same search.
#[test]
fn presets_on_a_sample() {
    let table = Table::build();
    let positions: Vec<Kpk> = sweep::half_board_positions()
        .into_iter()
        .step_by(64)
        .collect();
    let presets: Vec<Configuration> = sweep::configurations()
        .into_iter()
        .filter(|c| c.own_reduction)
        .collect();
    assert_eq!(presets.len(), 7);
    let rows = sweep::sweep(
        &table,
        &positions,
        &presets,
        &[Evaluation::Exact, Evaluation::Heuristic],
        1..=4,
        0..=2,
    );
    assert_eq!(rows.len(), 7 * 2 * 4, "one R per preset");
    for r in &rows {
        let own = Guards::presets()
            .find(|(name, _)| *name == r.configuration)
            .map(|(_, g)| g.reduction);
        assert_eq!(Some(r.reduction), own, "{r:?}");
        let plain = r.nodes_null == r.nodes_plain && r.wrong_null == r.wrong_plain;
        let probes = matches!(r.configuration.as_str(), "r2" | "adaptive") && r.depth == 4;
        assert_eq!(plain, !probes, "{r:?}");
    }
    let without_r = |name: &str| -> Vec<SweepRow> {
        rows_of(&rows, name)
            .into_iter()
            .map(|r| SweepRow { reduction: 0, ..r })
            .collect()
    };
    assert_eq!(without_r("r2"), without_r("adaptive"));
    insta::assert_json_snapshot!("presets_on_a_sample", rows);
}
