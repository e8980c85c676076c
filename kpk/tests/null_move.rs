//! Null move against the table (issue 6, "Null move against the oracle"): the article's
//! example as a fixture, and the error table as a snapshot.

use nullmove_kpk::game::Evaluation;
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
        (nullmove_kpk::game::EXACT_WIN, Some("e8d7".to_owned()))
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

/// The article's claims, measured: its example and failure reproduce; the low-material
/// rule and both verifications remove every failure; a milder reduction (same probing
/// nodes, deeper probe) removes errors with the heuristic evaluation; the in-check rule,
/// which is about legality, changes no result; the endgame risk has no comparison.
#[test]
fn the_articles_claims_measured() {
    let claims = nullmove_kpk::article::claims(&Table::build());
    let status = |id: &str| claims.iter().find(|c| c.id == id).expect(id).status;
    for id in [
        "article-example",
        "article-failure",
        "article-safeguard-in-check",
        "article-safeguard-low-material",
        "article-safeguard-milder-reduction",
        "article-safeguard-verification",
    ] {
        assert_eq!(status(id), "reproduced", "{id}");
    }
    assert_eq!(status("article-endgame-risk"), "unverifiable");
    insta::assert_json_snapshot!("article_claims", claims);
}
