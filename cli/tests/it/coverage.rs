//! `nullmove audit --page FILE --article FILE`: every claim's anchor found in its text, every
//! sentence checked by a claim or listed as not checkable with the reason. Run on the real
//! texts where they are (`../shared/page/`, or `NULLMOVE_PAGE_DIR`; the test says so when it
//! skips), and always on texts written here, which must fail.

use crate::support;

use std::io::Write as _;
use std::path::PathBuf;

use nullmove_fixtures::claims::Source;
use nullmove_fixtures::coverage::page_dir;
use serde_json::Value;
use support::nullmove;

/// The real texts, or why they are not here.
fn texts() -> Result<(PathBuf, PathBuf), String> {
    let dir = page_dir();
    let page = dir.join(Source::Page.file_name());
    let article = dir.join(Source::Article.file_name());
    if page.is_file() && article.is_file() {
        Ok((page, article))
    } else {
        Err(format!("the texts are not in {}", dir.display()))
    }
}

#[test]
fn every_sentence_of_both_texts_is_accounted_for() {
    let (page, article) = match texts() {
        Ok(t) => t,
        Err(why) => {
            // Straight to stderr, past the test harness's capture, so CI's log shows it.
            let _ = writeln!(
                std::io::stderr(),
                "coverage of the real texts skipped: {why}"
            );
            return;
        }
    };
    let (page, article) = (page.display().to_string(), article.display().to_string());
    let out = nullmove(&["audit", "--page", &page, "--article", &article]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let summaries: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("coverage of"))
        .collect();
    assert_eq!(summaries.len(), 2, "{text}");
    for s in summaries {
        assert!(s.contains(" 0 unaccounted for"), "{s}");
        assert!(s.contains(" 0 citing a whole sentence"), "{s}");
    }
    assert!(!text.contains("anchor not found") && !text.contains("UNACCOUNTED"));
    // Each sentence is printed with the claims citing it.
    assert!(text.contains("checked by: headline-nodes"), "{text}");
    assert!(text.contains("checked by: article-example"), "{text}");
    let json = nullmove(&["audit", "--json", "--page", &page, "--article", &article]);
    let doc: Value = serde_json::from_slice(&json.stdout).expect("one JSON document");
    let coverage = doc["coverage"].as_array().expect("a coverage array");
    assert_eq!(coverage.len(), 2);
    for c in coverage {
        assert!(c["missing"].as_array().expect("missing").is_empty(), "{c}");
        for u in c["units"].as_array().expect("units") {
            let accounted = |x: &Value| {
                !x["claims"].as_array().expect("claims").is_empty()
                    || !x["unchecked"].as_array().expect("unchecked").is_empty()
            };
            assert!(u["kind"] == "title" || accounted(u), "{u}");
            // A sentence of several statements is accounted for statement by statement.
            if let Some(parts) = u["parts"].as_array() {
                assert!(parts.len() >= 2 && parts.iter().all(accounted), "{u}");
            }
        }
    }
}

/// A text that lost the sentences the claims cite: anchors missing, a sentence no claim
/// checks; exit status 1 and both said.
#[test]
fn a_text_that_drifted_fails() {
    let dir = std::env::temp_dir().join(format!("nullmove-coverage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("page.txt");
    std::fs::write(
        &file,
        "Null Move Pruning\n\nA sentence that no claim of the corpus cites at all.\n",
    )
    .expect("written");
    let out = nullmove(&["audit", "--page", &file.display().to_string()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("anchor not found: headline-nodes"), "{text}");
    assert!(text.contains("UNACCOUNTED"), "{text}");
    assert!(text.contains("1 unaccounted for"), "{text}");
    assert!(
        text.contains(": 1 sentence or code block, 1 statement: 0 checked"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).expect("removed");
}
