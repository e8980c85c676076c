//! Null move against the exact table (the article's zugzwang warning, measured): the article's
//! example as a fixture, and the error table as a snapshot.

use nullmove_kpk::kpk_game::Evaluation;
use nullmove_kpk::sweep::{self, Configuration};
use nullmove_kpk::{Table, Wdl};

fn configuration(name: &str) -> Configuration {
    *sweep::configurations()
        .iter()
        .find(|c| c.name == name)
        .expect("a known configuration")
}

#[test]
fn the_articles_example_misleads_null_move_at_the_zugzwang_node() {
    let table = Table::build();
    let f = sweep::article_fixture(&table, &sweep::configurations());
    // Black Ke8 to move draws with ...Ke7 only; plain alpha-beta finds it.
    assert_eq!(f.wdl, Wdl::Draw);
    assert_eq!(f.plain, (0, Some("e8e7".to_owned())));
    // Null-move search calls it lost and picks the first king move.
    assert_eq!(
        f.null,
        (nullmove_kpk::kpk_game::EXACT_WIN, Some("e8d7".to_owned()))
    );
    // The probe at the article's zugzwang (White to move after ...Ke7) is the culprit.
    let culprit: Vec<_> = f.cutoffs.iter().filter(|c| c.unsound).collect();
    assert_eq!(culprit.len(), 1, "{:?}", f.cutoffs);
    assert_eq!(culprit[0].node, f.zugzwang);
    assert_eq!((culprit[0].depth, culprit[0].plain_value), (1, 0));
    assert!(culprit[0].zugzwang);
    // The in-check rule does not help; the low-material rule does (it forbids every pass).
    let right = |name: &str| f.right_under.iter().find(|(n, _)| n == name).unwrap().1;
    assert!(!right("page") && !right("in_check"));
    assert!(right("non_pawn_material"));
    insta::assert_json_snapshot!("article_fixture", f);
}

/// The error table over the half board Syzygy counts (pawn on files a–d), exact
/// evaluation, chess's in-check rule: plain alpha-beta is never wrong, and every wrong
/// null-move result traces to an unsound cutoff at a mutual zugzwang.
#[test]
fn every_exact_null_move_error_traces_to_a_zugzwang() {
    let table = Table::build();
    let positions = sweep::half_board_positions();
    let rows = sweep::sweep(
        &table,
        &positions,
        &[configuration("in_check")],
        &[Evaluation::Exact],
        1..=4,
        0..=2,
    );
    for r in &rows {
        assert_eq!(r.wrong_plain, 0, "{r:?}");
        assert_eq!(r.wrong_null, r.wrong_null_only, "{r:?}");
        assert_eq!(r.wrong_at_zugzwang, r.wrong_null, "{r:?}");
        // The probe lands at the horizon or deeper search is needed: R >= depth - 1 never
        // leaves room for a probe below the root.
        if r.reduction + 2 > r.depth {
            assert_eq!(r.wrong_null, 0, "{r:?}");
        }
    }
    insta::assert_json_snapshot!("error_table_half_board_exact", rows);
}

/// The totals the article's claims read, on rows written by hand: a configuration and
/// evaluation summed over every row, or at one R, in the lines `nullmove kpk sweep` prints.
#[test]
fn totals_sum_the_rows_they_print() {
    use nullmove_kpk::article::{total, totals};
    use nullmove_kpk::sweep::SweepRow;
    let row = |configuration: &str, evaluation, reduction, wrong, nodes| SweepRow {
        configuration: configuration.to_owned(),
        evaluation,
        depth: 3,
        reduction,
        positions: 10,
        wrong_plain: 1,
        wrong_null: wrong + 1,
        wrong_null_only: wrong,
        wrong_at_zugzwang: wrong,
        nodes_plain: 1_000,
        nodes_null: nodes,
    };
    let rows = [
        row("page", Evaluation::Exact, 0, 5, 900),
        row("page", Evaluation::Exact, 1, 2, 700),
        row("page", Evaluation::Heuristic, 0, 9, 1_100),
        row("in_check", Evaluation::Exact, 0, 4, 800),
    ];
    let all = total(&rows, "page", Evaluation::Exact, None);
    assert_eq!(
        (all.wrong, all.nodes, all.nodes_plain, all.rows),
        (7, 1_600, 2_000, 2)
    );
    assert!((all.saving_percent() - 20.0).abs() < 1e-9);
    let at_one = total(&rows, "page", Evaluation::Exact, Some(1));
    assert_eq!((at_one.wrong, at_one.rows), (2, 1));
    assert_eq!(total(&rows, "verify_tn", Evaluation::Exact, None).rows, 0);
    let lines = totals(&rows);
    // Per configuration and evaluation, in the rows' order: all, then each R it was
    // searched at (no empty line at an R only another configuration ran).
    let keys: Vec<(&str, Evaluation, Option<u32>)> = lines
        .iter()
        .map(|t| (t.configuration.as_str(), t.evaluation, t.reduction))
        .collect();
    assert_eq!(
        keys,
        [
            ("page", Evaluation::Exact, None),
            ("page", Evaluation::Exact, Some(0)),
            ("page", Evaluation::Exact, Some(1)),
            ("page", Evaluation::Heuristic, None),
            ("page", Evaluation::Heuristic, Some(0)),
            ("in_check", Evaluation::Exact, None),
            ("in_check", Evaluation::Exact, Some(0)),
        ]
    );
    let page_all = &lines[0];
    assert_eq!(
        (
            page_all.wrong_plain,
            page_all.wrong_null_only,
            page_all.wrong_at_zugzwang,
            page_all.nodes_plain,
            page_all.nodes_null
        ),
        (2, 7, 7, 2_000, 1_600)
    );
    assert!((page_all.saving_percent - 20.0).abs() < 1e-9);
    // Every line sums rows of its own.
    assert!(lines.iter().all(|t| t.nodes_plain > 0), "{lines:?}");
}
