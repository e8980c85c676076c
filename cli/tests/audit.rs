//! `nullmove audit` against SPEC.md's contract, run on the real binary: the JSON fields, the
//! statuses, the exit status (1 when a claim differs), the table and its one-line errors.

mod support;

use serde_json::Value;
use support::nullmove;

#[test]
fn audit_json_follows_the_contract() {
    let out = nullmove(&["audit", "--json"]);
    // Two claims differ from what we measure (pitfall2-rare-cutoffs, pitfall2-never-wrong).
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let claims = doc["claims"].as_array().expect("a claims array");
    // The page's claims, then the companion article's seven (sections "article: ...").
    let article = claims
        .iter()
        .filter(|c| {
            c["section"]
                .as_str()
                .is_some_and(|s| s.starts_with("article: "))
        })
        .count();
    assert_eq!(
        (claims.len() - article, article),
        (nullmove_fixtures::corpus::CLAIMS.len(), 7)
    );
    for c in claims {
        for field in [
            "id",
            "section",
            "statement",
            "published",
            "reproduced",
            "status",
        ] {
            assert!(c[field].is_string(), "{field} in {c}");
        }
        let status = c["status"].as_str().expect("a string");
        assert!(
            ["reproduced", "differs", "inconsistent", "unverifiable"].contains(&status),
            "{status}"
        );
        assert!(
            c["conflicts_with"].is_array() && c["engines"].is_array(),
            "{c}"
        );
        if status == "inconsistent" {
            assert!(
                !c["conflicts_with"].as_array().expect("array").is_empty(),
                "{c}"
            );
        }
    }
    let by_id = |id: &str| {
        claims
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed"))
    };
    assert_eq!(
        by_id("headline-nodes")["reproduced"],
        "plain 1,787, null 803"
    );
    assert_eq!(by_id("complexity-range")["status"], "inconsistent");
    assert_eq!(by_id("pitfall2-rare-cutoffs")["status"], "differs");
    assert_eq!(by_id("article-example")["section"], "article: example");
    assert_eq!(
        by_id("article-safeguard-verification")["status"],
        "reproduced"
    );
}

#[test]
fn audit_table_is_the_default() {
    let out = nullmove(&["audit"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("status"), "{text}");
    assert!(
        text.contains("differs       pitfall2-rare-cutoffs"),
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
}

#[test]
fn audit_rejects_json_with_details_in_one_line() {
    let out = nullmove(&["audit", "--json", "--details"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}
