//! `nullmove audit` against the contract of docs/src/specification.md, run on the real
//! binary: the JSON fields (with `source`, `anchor` and `replay`), the statuses, the exit
//! status (1 when a claim differs), the table, `--claim`, and its one-line errors. The
//! whole audit runs once for this binary and is shared with the replay test
//! (`audit/replay.rs`), which runs every replay command.

mod replay;
use crate::support;

use std::sync::OnceLock;

use serde_json::Value;
use support::nullmove;

/// `nullmove audit --json`, run once: its exit status and document.
fn whole_audit() -> &'static (Option<i32>, Value) {
    static AUDIT: OnceLock<(Option<i32>, Value)> = OnceLock::new();
    AUDIT.get_or_init(|| {
        let out = nullmove(&["audit", "--json"]);
        let doc = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "one JSON document ({e}): {}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        (out.status.code(), doc)
    })
}

fn claims() -> &'static [Value] {
    whole_audit().1["claims"]
        .as_array()
        .expect("a claims array")
}

#[test]
fn audit_json_follows_the_contract() {
    let (code, _) = whole_audit();
    // Some claims differ under a fair reading (pitfall2-never-wrong among them): exit 1.
    assert_eq!(*code, Some(1));
    let article = claims().iter().filter(|c| c["source"] == "article").count();
    let page = nullmove_fixtures::claims::from(nullmove_fixtures::claims::Source::Page).count();
    assert_eq!((claims().len() - article, article), (page, 10));
    for c in claims() {
        for field in [
            "id",
            "source",
            "section",
            "anchor",
            "statement",
            "published",
            "reproduced",
            "status",
        ] {
            assert!(c[field].is_string(), "{field} in {c}");
        }
        assert!(["page", "article"].contains(&c["source"].as_str().expect("a string")));
        let status = c["status"].as_str().expect("a string");
        assert!(
            [
                "reproduced",
                "inconclusive",
                "differs",
                "inconsistent",
                "unverifiable"
            ]
            .contains(&status),
            "{status}"
        );
        assert!(["page", "article", "ours"].contains(&c["origin"].as_str().unwrap_or("")));
        // A sample's tests, or null for an exhaustive measurement.
        let confidence = &c["confidence"];
        assert!(
            confidence.is_null() || confidence["tests"].is_array(),
            "{c}"
        );
        let replay = c["replay"].as_array().expect("a replay array");
        assert!(
            replay
                .iter()
                .all(|r| r.as_str().is_some_and(|r| r.starts_with("nullmove "))),
            "{c}"
        );
        assert!(
            c["conflicts_with"].is_array() && c["engines"].is_array() && c["skipped"].is_array(),
            "{c}"
        );
        if status == "inconsistent" {
            assert!(
                !c["conflicts_with"].as_array().expect("array").is_empty(),
                "{c}"
            );
        }
        let words = c["anchor"].as_str().expect("a string").split_whitespace();
        assert!(words.count() <= 8, "{c}");
    }
    let by_id = |id: &str| {
        claims()
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed"))
    };
    assert_eq!(
        by_id("headline-nodes")["reproduced"],
        "plain 1,787, null 803"
    );
    assert_eq!(by_id("complexity-range")["status"], "inconsistent");
    assert_eq!(by_id("pitfall2-rare-cutoffs")["status"], "reproduced");
    assert_eq!(by_id("pitfall2-never-wrong")["status"], "differs");
    assert_eq!(by_id("beyond-pitfall-frequency")["origin"], "ours");
    let risk = &by_id("article-endgame-risk")["confidence"]["tests"][0];
    assert_eq!(risk["test"], "two-sided Fisher exact test");
    assert!(risk["p_value"].as_f64().is_some_and(|p| p < 0.05), "{risk}");
    // "Saves a lot of work" in games: the committed match's Elo, recomputed, read by its
    // interval (it spans 0: inconclusive), and its statistics replayable from its counts.
    let work = by_id("article-saves-work");
    let elo = &work["confidence"]["tests"][2];
    assert!(
        elo["test"]
            .as_str()
            .is_some_and(|t| t.contains("logistic Elo")),
        "{elo}"
    );
    let lo = elo["interval"][0].as_f64().expect("an interval");
    let hi = elo["interval"][1].as_f64().expect("an interval");
    assert!(
        lo < 0.0 && 0.0 < hi && elo["beyond_chance"] == false,
        "{elo}"
    );
    assert_eq!(work["status"], "inconclusive");
    assert!(
        work["replay"].as_array().expect("replay").iter().any(|r| r
            .as_str()
            .is_some_and(|r| r.starts_with("nullmove chess sprt"))),
        "{work}"
    );
    let summary = &whole_audit().1["summary"];
    assert_eq!(
        summary["all"]["claims"].as_u64(),
        Some(claims().len() as u64)
    );
    assert_eq!(summary["ours"]["claims"], 3);
    assert_eq!(by_id("article-example")["section"], "article: example");
    assert_eq!(by_id("article-example")["source"], "article");
    assert_eq!(
        by_id("article-safeguard-verification")["status"],
        "reproduced"
    );
}

/// The exit status follows the claims reported: a selection that only reproduces exits 0.
#[test]
fn a_selection_is_audited_with_the_whole_audits_statuses() {
    let out = nullmove(&["audit", "--json", "--claim", "headline-nodes"]);
    assert_eq!(out.status.code(), Some(0));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let listed = doc["claims"].as_array().expect("claims");
    assert_eq!(listed.len(), 1);
    // Measured with the claims it conflicts with, complexity-range stays inconsistent.
    let out = nullmove(&["audit", "--json", "--claim", "complexity-range"]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["claims"][0]["status"], "inconsistent");
    assert_eq!(
        doc["claims"][0]["conflicts_with"],
        serde_json::json!(["headline-nodes", "headline-saving"])
    );
}

#[test]
fn audit_table_is_the_default() {
    let out = nullmove(&[
        "audit",
        "--claim",
        "pitfall2-never-wrong",
        "--claim",
        "complexity-range",
        "--claim",
        "article-example",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("status"), "{text}");
    assert!(
        text.contains("differs       pitfall2-never-wrong"),
        "{text}"
    );
    assert!(
        text.contains("companion article") && text.contains("reproduced    article-example"),
        "{text}"
    );
    assert!(
        text.contains("headline-saving <> complexity-range"),
        "{text}"
    );
    assert!(
        text.contains(
            "3 claims: 1 reproduced, 0 inconclusive, 1 differs, 1 inconsistent, 0 unverifiable"
        ),
        "{text}"
    );
}

/// One claim selected: its counts in the singular, and its note the whole audit's, measured
/// over the claims it speaks of rather than over the selection (the evaluation's note counts
/// every figure that depends on the evaluation).
#[test]
fn a_selected_claim_says_what_the_whole_audit_says() {
    let text = support::stdout(&["audit", "--claim", "reference-evaluation", "--details"]);
    assert!(
        text.contains(
            "1 claim: 0 reproduced, 0 inconclusive, 0 differ, 0 inconsistent, 1 unverifiable"
        ),
        "{text}"
    );
    let selected = support::json(&["audit", "--json", "--claim", "reference-evaluation"]);
    let whole = claims()
        .iter()
        .find(|c| c["id"] == "reference-evaluation")
        .expect("listed");
    assert_eq!(selected["claims"][0]["note"], whole["note"]);
    let note = whole["note"].as_str().expect("a note");
    assert!(!note.contains(" 0 of the 0 "), "{note}");
}

#[test]
fn audit_errors_are_one_line() {
    for (args, needle) in [
        (vec!["audit", "--json", "--details"], "--details"),
        (vec!["audit", "--claim", "no-such-claim"], "unknown claim"),
        (
            vec!["audit", "--details", "--page", "page.txt"],
            "--details",
        ),
        (
            vec!["audit", "--page", "/nonexistent/page.txt"],
            "cannot read",
        ),
    ] {
        support::rejects(&args, needle);
    }
}

/// The commands that print the audit's evidence refuse what they cannot show, in one line,
/// and print their counts with thousands separators.
#[test]
fn evidence_commands_refuse_what_they_cannot_show() {
    let pitfall = ["--board", "...O.X...", "--depth", "3", "--reduction", "1"];
    support::rejects(
        &[&["probes"][..], &pitfall, &["--engine", "oracle"]].concat(),
        "the oracle searches without a window or null move, so it has no probes",
    );
    support::rejects(
        &["rules", "--engine", "oracle"],
        "so it has no events to check",
    );
    support::rejects(&["rules", "--depths", "0..=3"], "1 <= A <= B <= 999999");
    support::rejects(
        &["zugzwang", "--board", "XXXOO...."],
        "--board XXXOO....: game over: X won, so nobody moves or passes there",
    );
    support::rejects(
        &["kpk", "sweep", "--configurations", "page,never"],
        "unknown configuration \"never\"",
    );
    let table = support::stdout(&[
        "probes",
        "--board",
        ".........",
        "--depth",
        "9",
        "--reduction",
        "1",
    ]);
    assert!(table.contains("13,501 of 80,790 nodes"), "{table}");
    // Counts of one are said in the singular.
    let one = support::stdout(&[
        "probes",
        "--board",
        "XOXOXO...",
        "--depth",
        "1",
        "--reduction",
        "0",
    ]);
    for words in [
        "3 moves",
        "of the 1 node that searches on",
        "0 of 0 probes",
        "4 nodes (plain: 4), 1 heuristic call\n",
    ] {
        assert!(one.contains(words), "{words:?} in {one}");
    }
    // A finished game has no side to move and says why.
    let done = support::json(&[
        "probes",
        "--board",
        "XXXOO....",
        "--depth",
        "3",
        "--reduction",
        "1",
        "--json",
    ]);
    assert_eq!(done["side_to_move"], Value::Null);
    assert_eq!(done["leaf"], "game over: X won");
    assert_eq!(done["null"]["nodes"], 1);
}

/// The README's counts are the audit's: its opening paragraph (claims per source, the exit
/// status and the claims that differ, how many are inconsistent and unverifiable) and the
/// "Today:" line of "The audit", so the README cannot drift from the command.
#[test]
fn the_readmes_counts_are_the_audits() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    let readme = std::fs::read_to_string(path).expect("the README");
    // Line breaks fall anywhere in a paragraph: compare with whitespace collapsed.
    let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let opening = readme
        .split("\n\n")
        .find(|p| p.starts_with("`nullmove audit` checks"))
        .map(flat)
        .expect("the README's opening paragraph");
    let (status, doc) = whole_audit();
    let summary = &doc["summary"];
    let n = |source: &str, status: &str| summary[source][status].as_u64().expect("a count");
    let differing: Vec<&str> = claims()
        .iter()
        .filter(|c| c["status"] == "differs")
        .map(|c| c["id"].as_str().expect("an id"))
        .collect();
    let mut expected = vec![
        format!(
            "`nullmove audit` checks {} claims: {} of the page, {} of its companion article and {} checks of our own",
            n("all", "claims"),
            n("page", "claims"),
            n("article", "claims"),
            n("ours", "claims"),
        ),
        format!(
            "{} claims are inconsistent and {} unverifiable",
            n("all", "inconsistent"),
            n("all", "unverifiable")
        ),
    ];
    expected.push(if differing.is_empty() {
        "today it exits 0".to_owned()
    } else {
        format!("today it exits 1, for {} claims:", differing.len())
    });
    expected.extend(differing.iter().map(|id| format!("`{id}`")));
    assert_eq!(status.is_some_and(|s| s == 1), !differing.is_empty());
    for words in &expected {
        assert!(opening.contains(words.as_str()), "{words:?} in {opening}");
    }
    let counts = |source: &str| {
        [
            "reproduced",
            "inconclusive",
            "differs",
            "inconsistent",
            "unverifiable",
        ]
        .map(|s| n(source, s).to_string())
        .join(", ")
    };
    let ours = if n("ours", "reproduced") == n("ours", "claims") {
        "all reproduced".to_owned()
    } else {
        counts("ours")
    };
    let today = format!(
        "Today: {} claims, {} reproduced, {} inconclusive, {} differ, {} inconsistent, {} unverifiable (the page's {}: {}; the article's {}: {}; our {}: {ours})",
        n("all", "claims"),
        n("all", "reproduced"),
        n("all", "inconclusive"),
        n("all", "differs"),
        n("all", "inconsistent"),
        n("all", "unverifiable"),
        n("page", "claims"),
        counts("page"),
        n("article", "claims"),
        counts("article"),
        n("ours", "claims"),
    );
    assert!(flat(&readme).contains(&today), "{today:?} in the README");
}
