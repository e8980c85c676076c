//! The safeguards of issue 5 on K+P vs K: the generic guards read through the game's hooks
//! are chess's rules (the threat guard is "no pass in check", the endgame guard "no pass
//! without non-pawn material"), and which guards remove the zugzwang failures.

use nullmove_kpk::game::Evaluation;
use nullmove_kpk::sweep::{self, Configuration, SweepRow};
use nullmove_kpk::{Kpk, Table};

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
/// node for node; the low-material guard and both verifications leave no wrong result; the
/// minimum probe depth removes some, Heinz's milder R near the horizon adds some.
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
    for safe in ["endgame_guard", "verify_stockfish_1", "verify_tn"] {
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
    // The zugzwang node is not in check: the threat guard has nothing to refuse there.
    let zugzwang: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1".parse().unwrap();
    assert_eq!(zugzwang, f.zugzwang);
    assert!(!zugzwang.in_check());
}
