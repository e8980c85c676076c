//! The companion article's claims (`../shared/page/null-move-pruning.fa.txt`), measured in
//! K+P vs K: its example, its safeguards, and its warning about endgames with few pieces.
//!
//! Each claim has the shape of the audit's rows (`id`, `section`, `statement`, `published`,
//! `reproduced`, `status`), so `nullmove audit` lists them after the page's. The article
//! *lists* safeguards engines use; a status `differs` only where the article says something
//! the measurement contradicts: the in-check rule, for one, is about legality, so that it
//! removes no zugzwang error is reported, not held against it.

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
    /// How the measurement was read, when one line is not enough.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The depth limits and reductions the claims are measured over (pawn on files a–d):
/// where a probe can first land on a zugzwang node, kept small so the audit stays fast.
pub const DEPTHS: std::ops::RangeInclusive<u32> = 2..=3;
/// See [`DEPTHS`].
pub const REDUCTIONS: std::ops::RangeInclusive<u32> = 0..=1;

/// The configurations of [`sweep::configurations`] the claims read, with the exact
/// evaluation: the page's rule, each rule or guard the article lists, and the same probing
/// nodes one ply deeper (`min_probe_depth_1` at R 0 probes where `in_check` at R 1 does).
pub const EXACT_CONFIGURATIONS: [&str; 6] = [
    "page",
    "in_check",
    "non_pawn_material",
    "min_probe_depth_1",
    "verify_stockfish_1",
    "verify_tn",
];

/// The configurations the claims read with the heuristic evaluation (the milder
/// reduction, as an engine without tables would see it).
pub const HEURISTIC_CONFIGURATIONS: [&str; 2] = ["in_check", "min_probe_depth_1"];

/// The sweep rows the claims are computed from: [`EXACT_CONFIGURATIONS`] with the exact
/// evaluation and [`HEURISTIC_CONFIGURATIONS`] with the heuristic, over [`DEPTHS`] and
/// [`REDUCTIONS`], pawn on files a–d. About a second in release on two cores.
#[must_use]
pub fn measure(table: &Table) -> Vec<SweepRow> {
    let positions = sweep::half_board_positions();
    let named = |names: &[&str]| -> Vec<sweep::Configuration> {
        sweep::configurations()
            .into_iter()
            .filter(|c| names.contains(&c.name))
            .collect()
    };
    let mut rows = Vec::new();
    for (evaluation, names) in [
        (Evaluation::Exact, &EXACT_CONFIGURATIONS[..]),
        (Evaluation::Heuristic, &HEURISTIC_CONFIGURATIONS[..]),
    ] {
        rows.extend(sweep::sweep(
            table,
            &positions,
            &named(names),
            &[evaluation],
            DEPTHS,
            REDUCTIONS,
        ));
    }
    rows
}

/// Measures every claim ([`measure`], then [`claims_from`]).
///
/// # Example
/// ```no_run
/// // About a second in release (tested in tests/null_move.rs).
/// let claims = nullmove_kpk::article::claims(&nullmove_kpk::Table::build());
/// assert_eq!(claims[0].status, "reproduced"); // the article's example is a zugzwang
/// ```
#[must_use]
pub fn claims(table: &Table) -> Vec<ArticleClaim> {
    claims_from(table, &measure(table))
}

/// Totals of one configuration and evaluation over `rows`, optionally at one R.
#[derive(Debug, Clone, Copy, Default)]
struct Total {
    /// Wrong results of the null-move search that plain alpha-beta gets right.
    wrong: u64,
    /// Of those, the ones traced to an unsound cutoff at a mutual zugzwang.
    at_zugzwang: u64,
    /// Nodes of the null-move search.
    nodes: u64,
    /// Nodes of plain alpha-beta.
    nodes_plain: u64,
    /// Rows summed (0: the configuration was not measured).
    rows: u64,
}

fn total(
    rows: &[SweepRow],
    configuration: &str,
    evaluation: Evaluation,
    reduction: Option<u32>,
) -> Total {
    rows.iter()
        .filter(|r| {
            r.configuration == configuration
                && r.evaluation == evaluation
                && reduction.is_none_or(|x| r.reduction == x)
        })
        .fold(Total::default(), |t, r| Total {
            wrong: t.wrong + r.wrong_null_only,
            at_zugzwang: t.at_zugzwang + r.wrong_at_zugzwang,
            nodes: t.nodes + r.nodes_null,
            nodes_plain: t.nodes_plain + r.nodes_plain,
            rows: t.rows + 1,
        })
}

fn status(ok: bool) -> &'static str {
    if ok { "reproduced" } else { "differs" }
}

/// The claims from sweep rows already measured: [`measure`]'s, or any superset (the full
/// `nullmove kpk sweep` restricted to [`DEPTHS`] and [`REDUCTIONS`]). A claim whose rows
/// are missing says so and is `unverifiable`.
///
/// # Panics
/// Never on rows from [`sweep::sweep`]; the article's positions are fixed and legal.
#[must_use]
#[allow(
    clippy::too_many_lines,
    reason = "one claim after another, each with its measurement and verdict"
)]
pub fn claims_from(table: &Table, rows: &[SweepRow]) -> Vec<ArticleClaim> {
    use Evaluation::{Exact, Heuristic};
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
        "pawn on files a-d, depth limits {}..={}, R {}..={}",
        DEPTHS.start(),
        DEPTHS.end(),
        REDUCTIONS.start(),
        REDUCTIONS.end()
    );
    let exact = |name: &str| total(rows, name, Exact, None);
    let positions = rows.first().map_or(0, |r| r.positions);
    let page = exact("page");
    let in_check = exact("in_check");
    let material = exact("non_pawn_material");
    let (stockfish, tn) = (exact("verify_stockfish_1"), exact("verify_tn"));
    let settings = rows
        .iter()
        .filter(|r| r.configuration == "page" && r.evaluation == Exact)
        .count();
    let plain_wrong: u64 = rows
        .iter()
        .filter(|r| r.configuration == "page" && r.evaluation == Exact)
        .map(|r| r.wrong_plain)
        .sum();
    // The milder reduction: the same probing nodes (depth + 2 <= limit), the probe one ply
    // deeper (R 0 with a minimum probe depth of 1) or not (R 1).
    let (lo, hi) = (*REDUCTIONS.start(), *REDUCTIONS.end());
    let deeper = |e| total(rows, "min_probe_depth_1", e, Some(lo));
    let shallower = |e| total(rows, "in_check", e, Some(hi));
    let page_rule_r = |r| total(rows, "in_check", Exact, Some(r));
    let missing = |t: &[Total]| t.iter().any(|t| t.rows == 0);
    let unmeasured = |what: &str| -> (String, &'static str) {
        (
            format!("not measured: no {what} rows given"),
            "unverifiable",
        )
    };

    let in_check_claim = if missing(&[page, in_check]) {
        unmeasured("page or in_check")
    } else {
        (
            format!(
                "in K+P vs K only Black can be in check, and a pass there lets White take the \
                 king, so the probe cannot cut off: the page's literal rule and the in-check \
                 rule give the same {} wrong results, and the rule saves {} nodes (exact \
                 evaluation, {scope}); against zugzwang it removes {} of the page's {} wrong \
                 results",
                in_check.wrong,
                page.nodes.saturating_sub(in_check.nodes),
                page.wrong.saturating_sub(in_check.wrong),
                page.wrong
            ),
            status(page.wrong == in_check.wrong && in_check.nodes < page.nodes),
        )
    };
    let material_claim = if missing(&[page, material]) {
        unmeasured("page or non_pawn_material")
    } else {
        (
            format!(
                "removes all {} wrong results: {} remain (exact evaluation, {scope}); in K+P \
                 vs K it forbids every null move, so the search is plain alpha-beta ({} nodes, \
                 plain {})",
                page.wrong, material.wrong, material.nodes, material.nodes_plain
            ),
            status(material.wrong == 0 && page.wrong > 0),
        )
    };
    let reduction_claim = if missing(&[
        deeper(Heuristic),
        shallower(Heuristic),
        deeper(Exact),
        shallower(Exact),
    ]) {
        unmeasured("min_probe_depth_1 or in_check")
    } else {
        let (dh, sh) = (deeper(Heuristic), shallower(Heuristic));
        let (de, se) = (deeper(Exact), shallower(Exact));
        (
            format!(
                "the same nodes probing one ply deeper (R {lo} with a minimum probe depth of \
                 1, against R {hi}): with the heuristic evaluation null move's own wrong \
                 results fall from {} to {} ({} to {} traced to a zugzwang); with the exact \
                 evaluation they stay {} and {}: no probe depth repairs a true zugzwang. Where R also \
                 decides which nodes may probe (the page's depth + R < limit), R {lo} gives {} \
                 exact-evaluation wrong results, R {hi} {} ({scope})",
                sh.wrong,
                dh.wrong,
                sh.at_zugzwang,
                dh.at_zugzwang,
                se.wrong,
                de.wrong,
                page_rule_r(lo).wrong,
                page_rule_r(hi).wrong
            ),
            status(dh.wrong < sh.wrong),
        )
    };
    let verification_claim = if missing(&[in_check, stockfish, tn]) {
        unmeasured("in_check or verification")
    } else {
        (
            format!(
                "of the in-check rule's {} wrong results, Stockfish's verification (at every \
                 depth) leaves {} and Tabibi-Netanyahu's {}, at {} and {} nodes against {} \
                 unverified and {} for plain alpha-beta (exact evaluation, {scope})",
                in_check.wrong,
                stockfish.wrong,
                tn.wrong,
                stockfish.nodes,
                tn.nodes,
                in_check.nodes,
                in_check.nodes_plain
            ),
            status(
                in_check.wrong > 0 && stockfish.wrong < in_check.wrong && tn.wrong < in_check.wrong,
            ),
        )
    };
    let claim =
        |id, section, statement, published: &str, (reproduced, status), note: &str| ArticleClaim {
            id,
            section,
            statement,
            published: published.into(),
            reproduced,
            status,
            note: (!note.is_empty()).then(|| note.to_owned()),
        };
    vec![
        claim(
            "article-example",
            "article: example",
            "White Ke5 and pawn e4 against Black Ke7 is a zugzwang: White to move draws, Black \
             to move loses, so a pass would improve White's result",
            "draw with White to move, win with Black to move",
            (
                format!("{w} with White to move, {b} with Black to move (exact table)"),
                status(w == Wdl::Draw && b == Wdl::Win),
            ),
            "",
        ),
        claim(
            "article-failure",
            "article: zugzwang",
            "in zugzwang the null move's assumption fails, and the search can call a position \
             safe that is lost for the side that must move",
            "null move misjudges zugzwang positions",
            (
                format!(
                    "{} (Black to move, a {}): plain alpha-beta {} with {}, null-move search \
                     (depth {}, R {}) {} with {}; the unsound cutoff fires at {}",
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
                status(culprit.is_some() && fixture.plain.0 != fixture.null.0),
            ),
            "",
        ),
        claim(
            "article-safeguard-in-check",
            "article: safeguards",
            "engines do not try the null move when the side to move is in check",
            "a safeguard: no null move in check",
            in_check_claim,
            "the rule is about legality, not zugzwang: a pass in check is no legal position, \
             and a mutual zugzwang, legal with either side to move, is never in check. The \
             article's caption for the ordinary case names 'White is not in check' among the \
             conditions of a pass",
        ),
        claim(
            "article-safeguard-low-material",
            "article: safeguards",
            "engines may switch the null move off in low-material positions (Stockfish: \
             without non-pawn material)",
            "a safeguard: possibly no null move with little material",
            material_claim,
            "",
        ),
        claim(
            "article-safeguard-milder-reduction",
            "article: safeguards",
            "engines may reduce the null-move probe less",
            "a safeguard: a milder reduction",
            reduction_claim,
            "in engines R sets how deep the probe searches, not which nodes probe, so the fair \
             comparison keeps the probing nodes fixed. With the exact evaluation the only \
             errors are zugzwangs, where the passed position really is won for the passer: \
             only verification or no probe at all helps there",
        ),
        claim(
            "article-safeguard-verification",
            "article: safeguards",
            "engines may verify a null-move cutoff with a search before accepting it",
            "a safeguard: a verification search",
            verification_claim,
            "",
        ),
        claim(
            "article-endgame-risk",
            "article: zugzwang",
            "the risk is greater in some endgames with few pieces",
            "greater risk in some endgames with few pieces",
            (
                format!(
                    "in K+P vs K (three pieces), with a perfect evaluation, null-move search \
                     is wrong {} times over {positions} positions x {settings} settings, {} of \
                     them traced to a mutual zugzwang, while plain alpha-beta is wrong \
                     {plain_wrong} times ({scope})",
                    page.wrong, page.at_zugzwang
                ),
                "unverifiable",
            ),
            "positions with more pieces are not measured here, so 'greater' has nothing to \
             be compared with",
        ),
    ]
}
