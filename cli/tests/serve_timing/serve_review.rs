//! The reviewer's view in a real browser: Debian's Chromium, driven by `playwright-core`
//! (`server/tests/browser/review.mjs`), against `nullmove serve`'s server on a free port, and
//! the file `nullmove audit --html` writes, opened with every request refused. The driver
//! reports what a reader saw; this test judges it against the review of the audit pinned by
//! the fixtures' snapshot and the texts in `../shared/page/` (no audit is computed here:
//! `tests/it/serve.rs` holds the server's own review to the same document, and
//! `cli/tests/it/audit/review.rs` the file the command writes).
//!
//! Needs what `serve_browser` needs, and the texts; without them it says it skipped, unless
//! `NULLMOVE_REQUIRE_BROWSER=1` (CI) makes a missing browser a failure.
//! `NULLMOVE_UPDATE_SCREENSHOT=1` also copies its screenshots to `docs/src/images/`, the
//! book's (`docs/src/audit/annotated-view.md`).

use crate::serve_support;

use std::io::Write as _;
use std::path::PathBuf;

use nullmove_server::Stopped;
use serde_json::Value;

use super::serve_browser::{browser, node};

mod verdicts;
use verdicts::check_verdicts;

/// The book's screenshots, as the driver names them.
const SCREENSHOTS: [&str; 3] = [
    "review-differs.png",
    "review-article.png",
    "review-phone.png",
];

/// One statement of the review: its id, words and mark.
struct Statement {
    id: String,
    text: String,
    mark: String,
}

/// Every statement of the review, in reading order (the page's, then the article's).
fn statements(review: &Value) -> Vec<Statement> {
    let mut out = Vec::new();
    for text in review["texts"].as_array().expect("texts") {
        for block in text["blocks"].as_array().expect("blocks") {
            for s in block["statements"].as_array().into_iter().flatten() {
                out.push(Statement {
                    id: s["id"].as_str().expect("an id").to_owned(),
                    text: s["text"].as_str().expect("words").to_owned(),
                    mark: s["mark"].as_str().expect("a mark").to_owned(),
                });
            }
        }
    }
    out
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("a string: {v}"))
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// The page scrolls nowhere sideways.
fn fits(width: &Value, at: &str) {
    assert!(
        num(&width["scrollWidth"]) <= num(&width["clientWidth"]),
        "{at}: the page scrolls sideways: {width}"
    );
}

#[test]
fn the_annotated_texts_as_a_reviewer_sees_them() {
    let Some((chromium, harness)) = browser("serve_review") else {
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let review_json = match review_with_build() {
        Ok(json) => json,
        Err(why) => {
            // Straight to stderr, past the test harness's capture, so it shows in every run.
            let _ = writeln!(std::io::stderr(), "SKIPPED serve_review: {why}");
            return;
        }
    };
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review");
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let review_file = scratch.join("review.json");
    std::fs::write(&review_file, &review_json).expect("the review");
    let view = scratch.join("view.html");
    std::fs::write(&view, nullmove_server::review_file(&review_json)).expect("the view");

    let server = serve_support::start();
    let seen = node(
        &harness.join("review.mjs"),
        &[
            format!("http://{}/", server.addr()).as_ref(),
            review_file.as_os_str(),
            view.as_os_str(),
            scratch.as_os_str(),
            chromium.as_os_str(),
        ],
    );
    assert_eq!(seen["problems"], Value::Array(Vec::new()), "{seen:#}");
    let review: Value = serde_json::from_str(&review_json).expect("the review");
    check_progress(&seen["progress"]);
    check_marks(&seen);
    check_claims(&seen, &review);
    check_keys(&seen["keys"], &seen["selected"], &statements(&review));
    check_article(&seen["article"]);
    check_phone(&seen["phone"]);
    check_file(&seen["file"], &review);
    check_verdicts(&seen["verdicts"], &review, "served");
    check_verdicts(&seen["file"]["verdicts"], &review, "file");
    assert_eq!(seen["phone"]["keysHint"], false, "no keys on a phone");
    if std::env::var_os("NULLMOVE_UPDATE_SCREENSHOT").is_some() {
        let images = root.join("../docs/src/images");
        std::fs::create_dir_all(&images).expect("the book's images");
        for name in SCREENSHOTS {
            std::fs::copy(scratch.join(name), images.join(name)).expect("a screenshot");
        }
    }
    assert!(matches!(server.stop(), Ok(Stopped::Drained { .. })));
}

/// The pinned review as this build would show it: the pinned audit, named as measured by this
/// build, annotating the texts; or why it cannot be had.
fn review_with_build() -> Result<String, String> {
    use nullmove::commands::audit::{review_json, review_of, review_texts};
    let texts = review_texts(None, None).map_err(|e| e.to_string())?;
    let mut document = serve_support::pinned_audit();
    document["build"] = serde_json::to_value(nullmove::build_info::build()).expect("JSON");
    let json = serde_json::to_vec(&document).expect("JSON");
    let audit = nullmove_fixtures::review::AuditDocument::from_json(&json).expect("a document");
    let review = review_of(&audit, &texts).expect("a review of the pinned audit");
    Ok(review_json(&review).expect("JSON"))
}

/// The first reader sees how far the audit is, in words and as a bar.
fn check_progress(progress: &Value) {
    let status = text(&progress["status"]);
    assert!(status.contains("23 of 56 claims measured"), "{status}");
    assert_eq!(progress["bar"]["shown"], true);
    assert_eq!(
        (num(&progress["bar"]["value"]), num(&progress["bar"]["max"])),
        (23.0, 56.0)
    );
}

/// Each mark drawn apart from the others by more than its colour: its line and its symbol;
/// `pitfall2-never-wrong`'s sentence carries the mark the legend calls "differs".
fn check_marks(seen: &Value) {
    let legend = seen["legend"].as_array().expect("the legend");
    let names = [
        "reproduced",
        "inconclusive",
        "differs",
        "inconsistent",
        "unverifiable",
        "not checkable",
    ];
    assert_eq!(legend.len(), names.len());
    let mut shapes = Vec::new();
    for (entry, name) in legend.iter().zip(names) {
        assert!(
            text(&entry["words"]).contains(&format!("{name}:")),
            "{entry}"
        );
        let sample = &entry["sample"];
        shapes.push((
            text(&sample["symbol"]).to_owned(),
            text(&sample["lineStyle"]).to_owned(),
        ));
    }
    let symbols: std::collections::BTreeSet<&String> = shapes.iter().map(|(s, _)| s).collect();
    assert_eq!(symbols.len(), names.len(), "one symbol a mark: {shapes:?}");
    let differs = &legend[2]["sample"];
    let never_wrong = &seen["neverWrong"];
    assert!(text(&never_wrong["text"]).contains("never wrong, just slower"));
    assert_eq!(never_wrong["symbol"], differs["symbol"], "{never_wrong}");
    assert_eq!(
        never_wrong["lineStyle"], differs["lineStyle"],
        "{never_wrong}"
    );
    assert_eq!(
        never_wrong["lineColour"], differs["lineColour"],
        "{never_wrong}"
    );
    let reproduced = &seen["reproducedSample"];
    assert_ne!(never_wrong["lineStyle"], reproduced["lineStyle"]);
    assert_ne!(never_wrong["symbol"], reproduced["symbol"]);
    assert!(
        text(&seen["claimCounts"]).starts_with("56 claims: "),
        "{}",
        seen["claimCounts"]
    );
    assert!(
        text(&seen["coverage"]).contains("The article"),
        "{}",
        seen["coverage"]
    );
    // The coverage line counts claims by status, not statements by their most telling mark
    // (which counted 1 inconsistent).
    let coverage = text(&seen["coverage"]);
    assert!(coverage.contains("its 46 claims: "), "{coverage}");
    assert!(coverage.contains("⇄3 inconsistent"), "{coverage}");
}

/// Selecting the sentence shows its claim: what we measure (8 changed root values at R 2 and
/// at R 3), and its replay commands, one of which the Copy button puts on the clipboard.
fn check_claims(seen: &Value, review: &Value) {
    let claim = review["claims"]
        .as_array()
        .expect("claims")
        .iter()
        .find(|c| c["id"] == "pitfall2-never-wrong")
        .expect("the claim");
    let panel = &seen["panel"];
    assert_eq!(panel["visible"], true);
    let shown = panel["claims"]
        .as_array()
        .expect("claims shown")
        .iter()
        .find(|c| c["id"] == "pitfall2-never-wrong")
        .unwrap_or_else(|| panic!("the claim is shown: {panel:#}"));
    assert!(text(&shown["status"]).ends_with("differs"), "{shown}");
    let measured = text(&shown["measured"]);
    for figure in ["R 2: 8 root values changed", "R 3: 8 root values changed"] {
        assert!(measured.contains(figure), "{measured}");
    }
    assert_eq!(shown["replay"], claim["replay"]);
    assert!(
        shown["replay"]
            .as_array()
            .expect("commands")
            .iter()
            .any(|c| text(c)
                == "nullmove sweep --positions all --depths 9 --reductions 1..=3 --engine naive"),
        "{shown}"
    );
    assert_eq!(seen["clipboard"], claim["replay"][0]);
}

/// From the sentence selected, the keys move one statement on (N) and back (P), to the next
/// statement that differs (D) and back again: in the texts' reading order.
fn check_keys(keys: &Value, selected: &Value, order: &[Statement]) {
    let at = |words: &Value| {
        order
            .iter()
            .position(|s| s.text == text(words))
            .unwrap_or_else(|| panic!("a statement: {words}"))
    };
    let start = at(&selected["text"]);
    assert_eq!(selected["hash"], format!("#{}", order[start].id));
    let next_differs = (start + 1..order.len())
        .chain(0..=start)
        .find(|&i| order[i].mark == "differs")
        .expect("a statement that differs");
    let expected = [start + 1, start, next_differs, next_differs - 1];
    let keys = keys.as_array().expect("keys");
    assert_eq!(keys.len(), expected.len());
    for (k, want) in keys.iter().zip(expected) {
        assert_eq!(at(&k["text"]), want, "{k}");
        assert_eq!(k["hash"], format!("#{}", order[want].id), "{k}");
        assert_eq!(k["focused"], true, "{k}");
    }
    assert_ne!(next_differs, start);
}

/// The article in its language, right to left: its first line ends at the column's right.
fn check_article(article: &Value) {
    assert_eq!(
        (text(&article["lang"]), text(&article["direction"])),
        ("fa", "rtl")
    );
    let (column, first) = (&article["column"], &article["firstLine"]);
    assert!(
        (num(&column["right"]) - num(&first["right"])).abs() < 2.0,
        "the first line starts at the right: {article}"
    );
    assert!(
        num(&first["left"]) > num(&column["left"]) + 1.0,
        "{article}"
    );
}

/// At a phone's width nothing makes the page scroll sideways, whatever is open; the claims
/// come up inside the screen.
fn check_phone(phone: &Value) {
    for at in ["loaded", "selected", "afterKey", "article"] {
        fits(&phone[at], at);
    }
    let panel = &phone["panel"];
    assert_eq!(panel["visible"], true);
    let width = num(&phone["viewport"]["width"]);
    let height = num(&phone["viewport"]["height"]);
    assert!(
        num(&panel["box"]["left"]) >= 0.0 && num(&panel["box"]["right"]) <= width,
        "{panel}"
    );
    assert!(num(&panel["box"]["bottom"]) <= height + 0.5, "{panel}");
    assert!(text(&panel["text"]).contains("pitfall2-never-wrong"));
    assert_eq!(text(&phone["articleSet"]["direction"]), "rtl");
}

/// The file asks for nothing and holds every claim with its status; a statement's claims
/// open as on the server.
fn check_file(file: &Value, review: &Value) {
    assert_eq!(file["requests"], Value::Array(Vec::new()), "{file}");
    assert_eq!(file["served"], 0, "no link back to a server");
    let claims = review["claims"].as_array().expect("claims");
    let rows = file["claims"].as_array().expect("rows");
    assert_eq!(rows.len(), 56);
    assert_eq!(rows.len(), claims.len());
    for (row, claim) in rows.iter().zip(claims) {
        assert_eq!(row["id"], claim["id"]);
        assert!(
            text(&row["status"]).ends_with(text(&claim["status"])),
            "{row}"
        );
        assert!(!text(&row["statements"]).is_empty(), "{row}");
    }
    assert!(text(&file["panel"]["text"]).contains("R 2: 8 root values changed"));
    let erratum = text(&file["erratum"]);
    assert!(
        erratum.contains("Claim `pitfall2-never-wrong` **differs**"),
        "{erratum}"
    );
}
