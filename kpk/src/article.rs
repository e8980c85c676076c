//! The companion article's claims (`../shared/page/null-move-pruning.fa.txt`), measured in
//! K+P vs K: its example, its safeguards, and its warning about endgames with few pieces.
//!
//! Each claim has the shape of the audit's rows (`id`, `section`, `statement`, `published`,
//! `reproduced`, `status`), so `nullmove audit` can list them beside the page's.

use serde::Serialize;

use crate::game::Evaluation;
use crate::sweep::{self, SweepRow};
use crate::table::{Table, Wdl};

/// One claim of the article and what the measurement shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ArticleClaim {
    /// Stable id.
    pub id: &'static str,
    /// Where the article says it.
    pub section: &'static str,
    /// The claim in our own words.
    pub statement: &'static str,
    /// What the article says.
    pub published: String,
    /// What we measure.
    pub reproduced: String,
    /// `reproduced`, `differs` or `unverifiable`, as in the audit.
    pub status: &'static str,
}

/// The depth limits and reductions the claims are measured over (exact evaluation, pawn on
/// files a–d): where a probe can first land on a zugzwang node, kept small so the audit
/// stays fast.
pub const DEPTHS: std::ops::RangeInclusive<u32> = 2..=3;
/// See [`DEPTHS`].
pub const REDUCTIONS: std::ops::RangeInclusive<u32> = 0..=1;

/// Measures every claim.
///
/// # Example
/// ```no_run
/// // About a second in release: a sweep of 165,665 positions (tested in tests/null_move.rs).
/// let claims = nullmove_kpk::article::claims(&nullmove_kpk::Table::build());
/// assert_eq!(claims[0].status, "reproduced"); // the article's example is a zugzwang
/// ```
#[must_use]
pub fn claims(table: &Table) -> Vec<ArticleClaim> {
    let configurations = sweep::configurations();
    let rows = sweep::sweep(
        table,
        &sweep::half_board_positions(),
        &configurations,
        &[Evaluation::Exact],
        DEPTHS,
        REDUCTIONS,
    );
    claims_from(table, &rows)
}

fn total(rows: &[SweepRow], configuration: &str) -> (u64, u64) {
    rows.iter()
        .filter(|r| r.configuration == configuration)
        .fold((0, 0), |(w, z), r| {
            (w + r.wrong_null, z + r.wrong_at_zugzwang)
        })
}

fn status(ok: bool) -> &'static str {
    if ok { "reproduced" } else { "differs" }
}

/// The claims from sweep rows already measured (exact evaluation).
#[must_use]
pub fn claims_from(table: &Table, rows: &[SweepRow]) -> Vec<ArticleClaim> {
    let white: crate::Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"
        .parse()
        .expect("a legal position");
    let black = white
        .with_other_side_to_move()
        .expect("legal with Black to move");
    let (w, b) = (table.wdl(&white), table.wdl(&black));
    let fixture = sweep::article_fixture(table, &sweep::configurations());
    let culprit = fixture
        .cutoffs
        .iter()
        .find(|c| c.unsound && c.node == fixture.zugzwang);
    let scope = format!(
        "exact evaluation, pawn on files a-d, depth limits {}..={}, R {}..={}",
        DEPTHS.start(),
        DEPTHS.end(),
        REDUCTIONS.start(),
        REDUCTIONS.end()
    );
    let positions = rows.first().map_or(0, |r| r.positions);
    let (page, page_zz) = total(rows, "page");
    let (in_check, _) = total(rows, "in_check");
    let (material, _) = total(rows, "non_pawn_material");
    let plain: u64 = rows.iter().map(|r| r.wrong_plain).sum();
    let by_r = |r: u32| -> u64 {
        rows.iter()
            .filter(|x| x.configuration == "in_check" && x.reduction == r)
            .map(|x| x.wrong_null)
            .sum()
    };
    let (mild, strong) = (by_r(*REDUCTIONS.start()), by_r(*REDUCTIONS.end()));
    vec![
        ArticleClaim {
            id: "article-example",
            section: "article: example",
            statement: "White Ke5 and pawn e4 against Black Ke7 is a zugzwang: White to move \
                        draws, Black to move loses, so a pass would improve White's result",
            published: "draw with White to move, win with Black to move".into(),
            reproduced: format!("{w} with White to move, {b} with Black to move (exact table)"),
            status: status(w == Wdl::Draw && b == Wdl::Win),
        },
        ArticleClaim {
            id: "article-failure",
            section: "article: zugzwang",
            statement: "in zugzwang the null move's assumption fails, and the search can call \
                        a position safe that is lost for the side that must move",
            published: "null move misjudges zugzwang positions".into(),
            reproduced: format!(
                "{} (Black to move, a {}): plain alpha-beta {} with {}, null-move search (depth \
                 {}, R {}) {} with {}; the unsound cutoff fires at {}",
                fixture.root,
                fixture.wdl,
                fixture.plain.0,
                fixture.plain.1.as_deref().unwrap_or("-"),
                fixture.depth,
                fixture.reduction,
                fixture.null.0,
                fixture.null.1.as_deref().unwrap_or("-"),
                culprit.map_or("no node".into(), |c| c.node.to_string())
            ),
            status: status(culprit.is_some() && fixture.plain.0 != fixture.null.0),
        },
        ArticleClaim {
            id: "article-safeguard-in-check",
            section: "article: safeguards",
            statement: "no null move in check",
            published: "a safeguard".into(),
            reproduced: format!(
                "a rule of chess (a pass in check leaves the king capturable); against \
                 zugzwang it removes {} of {page} wrong results ({scope})",
                page.saturating_sub(in_check)
            ),
            status: status(in_check == 0),
        },
        ArticleClaim {
            id: "article-safeguard-low-material",
            section: "article: safeguards",
            statement: "no null move in low-material positions (Stockfish: none without \
                        non-pawn material)",
            published: "a safeguard".into(),
            reproduced: format!(
                "removes all {page} wrong results: {material} remain ({scope}); in K+P vs K it \
                 forbids every null move"
            ),
            status: status(material == 0 && page > 0),
        },
        ArticleClaim {
            id: "article-safeguard-milder-reduction",
            section: "article: safeguards",
            statement: "a milder (smaller) reduction",
            published: "a safeguard".into(),
            reproduced: format!(
                "R = {} gives {mild} wrong results, R = {} gives {strong} ({scope}): a smaller \
                 R lets more nodes probe (depth + R < depth limit), zugzwang nodes among them",
                REDUCTIONS.start(),
                REDUCTIONS.end()
            ),
            status: status(mild < strong),
        },
        ArticleClaim {
            id: "article-safeguard-verification",
            section: "article: safeguards",
            statement: "a verification search before accepting a null-move cutoff",
            published: "a safeguard".into(),
            reproduced: "not measured: the optimized searcher has no verification guard yet \
                         (issue 5)"
                .into(),
            status: "unverifiable",
        },
        ArticleClaim {
            id: "article-endgame-risk",
            section: "article: zugzwang",
            statement: "the risk is highest in some endgames with few pieces",
            published: "higher risk in endgames with few pieces".into(),
            reproduced: format!(
                "in K+P vs K (three pieces), with a perfect evaluation, null-move search is \
                 wrong {page} times over {positions} positions x {} settings, {page_zz} of \
                 them traced to a mutual zugzwang, while plain alpha-beta is wrong {plain} \
                 times ({scope}); positions with more pieces are not measured here, so \
                 'highest' is not compared",
                rows.iter().filter(|r| r.configuration == "page").count()
            ),
            status: "unverifiable",
        },
    ]
}
