//! `nullmove audit` against the contract of docs/src/specification.md: the JSON fields (with `source`, `anchor` and
//! `replay`), the statuses, the exit status (1 when a claim differs), the table, `--claim`,
//! and its one-line errors.
//!
//! The whole audit is computed once per gate, in process, by the fixtures' figures tests,
//! which pin its document: their `audit_json` snapshot is byte for byte what `nullmove audit
//! --json` prints (`serde_json::to_string_pretty` of the same `audit_of` call). The checks
//! of the whole document here (its contract, the README's counts, and every replay command
//! in `audit/replay.rs`) read that pinned document; the binary runs on selections that
//! measure in about a second, and must print, for each claim selected, exactly the whole
//! audit's report of it.

mod given;
mod replay;
mod review;
use crate::support;

use std::sync::OnceLock;

use serde_json::Value;
use support::nullmove;

/// The whole audit's document as the fixtures' `audit_json` snapshot pins it. A snapshot
/// that no longer matches the audit fails `figures::audit_json_snapshot` in the same gate.
fn pinned() -> &'static Value {
    static PINNED: OnceLock<Value> = OnceLock::new();
    PINNED.get_or_init(|| {
        let snapshot = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../fixtures/tests/it/snapshots/it__figures__audit_json.snap"
        );
        let text = std::fs::read_to_string(snapshot).expect("the audit's snapshot");
        let (_, json) = text
            .trim_start_matches("---")
            .split_once("\n---\n")
            .expect("an insta header");
        serde_json::from_str(json).expect("the snapshot is JSON")
    })
}

fn claims() -> &'static [Value] {
    pinned()["claims"].as_array().expect("a claims array")
}

/// The whole audit's report of claim `id`.
fn pinned_claim(id: &str) -> &'static Value {
    claims()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("{id} listed"))
}

/// The claims `nullmove audit --json --claim ...` prints for `ids`, and its exit status.
fn selected(ids: &[&str]) -> (Option<i32>, Value) {
    let args: Vec<&str> = ["audit", "--json"]
        .into_iter()
        .chain(ids.iter().flat_map(|id| ["--claim", id]))
        .collect();
    let out = nullmove(&args);
    let doc = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "one JSON document ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code(), doc)
}

/// The whole document's contract, on the pinned document; the binary's exit status for a
/// claim that differs is checked on a selection
/// (`a_selection_is_audited_with_the_whole_audits_statuses`).
#[test]
fn audit_json_follows_the_contract() {
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
    let by_id = pinned_claim;
    assert_eq!(
        by_id("headline-nodes")["reproduced"],
        "plain 1,787, null 803"
    );
    assert_eq!(by_id("complexity-range")["status"], "inconsistent");
    assert_eq!(by_id("pitfall2-rare-cutoffs")["status"], "reproduced");
    // Some claims differ under a fair reading (pitfall2-never-wrong among them): exit 1.
    assert_eq!(by_id("pitfall2-never-wrong")["status"], "differs");
    assert_eq!(by_id("beyond-pitfall-frequency")["origin"], "ours");
    let risk = &by_id("article-endgame-risk")["confidence"]["tests"][0];
    assert_eq!(risk["test"], "two-sided Fisher exact test");
    assert!(risk["p_value"].as_f64().is_some_and(|p| p < 0.05), "{risk}");
    let summary = &pinned()["summary"];
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

/// "Saves a lot of work" in games: the committed match's Elo beside the reading (it spans
/// 0), the clocks' Elo deciding (each above 0: reproduced), every figure replayable.
#[test]
fn saves_work_is_decided_by_the_clocks() {
    let by_id = pinned_claim;
    let work = by_id("article-saves-work");
    let tests = work["confidence"]["tests"].as_array().expect("tests");
    let elo = &tests[2];
    assert!(
        elo["test"]
            .as_str()
            .is_some_and(|t| t.contains("logistic Elo")),
        "{elo}"
    );
    let lo = elo["interval"][0].as_f64().expect("an interval");
    let hi = elo["interval"][1].as_f64().expect("an interval");
    assert!(
        lo < 0.0 && 0.0 < hi && elo["beyond_chance"] == false && elo["decides"] == false,
        "{elo}"
    );
    let clocks: Vec<&Value> = tests
        .iter()
        .filter(|t| t["decides"] == true)
        .skip(2)
        .collect();
    assert_eq!(clocks.len(), 3, "{work}");
    // Our full engine's null move: beyond chance at 0.5+0.005 and 1+0.01 s, while 3+0.03 s's
    // 100 games cannot tell; so the clocks do not decide yet.
    let above: Vec<bool> = clocks
        .iter()
        .map(|t| t["interval"][0].as_f64() > Some(0.0))
        .collect();
    assert_eq!(above, [true, true, false], "{work}");
    assert_eq!(work["status"], "inconclusive");
    assert!(
        work["replay"].as_array().expect("replay").iter().any(|r| r
            .as_str()
            .is_some_and(|r| r.starts_with("nullmove chess sprt"))),
        "{work}"
    );
}

/// The binary audits a selection with the whole audit's verdicts: each claim selected is
/// reported exactly as the whole audit reports it (status, conflicts, the evaluation's note
/// counted over every claim it speaks of), and the exit status follows the claims reported:
/// 1 with a claim that differs, 0 for a selection that only reproduces.
#[test]
fn a_selection_is_audited_with_the_whole_audits_statuses() {
    let (code, doc) = selected(&["headline-nodes"]);
    assert_eq!(code, Some(0));
    let listed = doc["claims"].as_array().expect("claims");
    assert_eq!(listed.len(), 1);
    assert_eq!(&listed[0], pinned_claim("headline-nodes"));
    // The build that measured it, as `nullmove --version` names it.
    let build = serde_json::to_value(nullmove::build_info::build()).expect("JSON");
    assert_eq!(doc["build"], build);
    assert_eq!(doc["build"]["commit"], nullmove::build_info::COMMIT);
    // One claim of each status but inconclusive (a chess sample of seconds), both sources.
    let ids = [
        "pitfall2-never-wrong",
        "complexity-range",
        "reference-evaluation",
        "article-example",
    ];
    let (code, doc) = selected(&ids);
    assert_eq!(code, Some(1), "pitfall2-never-wrong differs");
    let listed = doc["claims"].as_array().expect("claims");
    assert_eq!(listed.len(), ids.len());
    for c in listed {
        let id = c["id"].as_str().expect("an id");
        assert!(ids.contains(&id), "{id}");
        assert_eq!(c, pinned_claim(id), "{id}");
    }
    // Measured with the claims it conflicts with, complexity-range stays inconsistent.
    let range = pinned_claim("complexity-range");
    assert_eq!(range["status"], "inconsistent");
    assert_eq!(
        range["conflicts_with"],
        serde_json::json!(["headline-nodes", "headline-saving"])
    );
    assert_eq!(doc["summary"]["all"]["claims"], ids.len());
    assert_eq!(doc["summary"]["all"]["differs"], 1);
    assert_eq!(doc["pairs_checked"], pinned()["pairs_checked"]);
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
    // It fits a terminal of 100 columns: each claim's measured figures on the line below
    // its row, cut with a mark; the whole text behind --details.
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
    assert!(
        text.contains(
            "differs       pitfall2-never-wrong  never wrong, only slower\n              over \
             every one of the 4,520 non-terminal positions at depth limit 9: R 1: 0 root …\n"
        ),
        "{text}"
    );
    assert!(text.contains("nullmove audit --details"), "{text}");
    let details = nullmove(&["audit", "--claim", "pitfall2-never-wrong", "--details"]);
    let details = String::from_utf8_lossy(&details.stdout);
    assert!(
        details.contains("R 1: 0 root values changed, 0 worse moves;"),
        "{details}"
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
    let whole = pinned_claim("reference-evaluation");
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
/// "Today:" line of "The audit", so the README cannot drift from the command. The exit
/// status is the contract's rule on the pinned document (1 when a claim differs), which the
/// binary follows (`a_selection_is_audited_with_the_whole_audits_statuses`).
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
    let summary = &pinned()["summary"];
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
