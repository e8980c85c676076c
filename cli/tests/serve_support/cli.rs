//! The CLI's own output, run in process: what the server's documents must equal.

#![allow(dead_code)]

use nullmove::commands::audit;
use nullmove_fixtures::review::AuditDocument;
use serde_json::Value;

/// `nullmove ARGS` run in process: exit status, stdout, stderr.
pub fn cli(args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = nullmove::run(args, &mut out, &mut err);
    (
        status,
        String::from_utf8(out).expect("UTF-8"),
        String::from_utf8(err).expect("UTF-8"),
    )
}

/// The document `nullmove ARGS --json` prints.
pub fn cli_json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (status, out, err) = cli(&all);
    assert!(status <= 1, "{args:?}: {err}");
    serde_json::from_str(&out).expect("one JSON document")
}

/// The one-line reason `nullmove ARGS` exits 2 with, without the `nullmove: ` prefix.
pub fn cli_refusal(args: &[&str]) -> String {
    let (status, _, err) = cli(args);
    assert_eq!(status, 2, "{args:?} should be refused");
    let line = err.strip_suffix('\n').expect("one line");
    assert!(!line.contains('\n'), "one line: {err}");
    line.strip_prefix("nullmove: ")
        .expect("prefixed")
        .to_owned()
}

/// The document `nullmove audit --json` prints, as the fixtures' snapshot pins it
/// (`serde_json::to_string_pretty` of the same `Audit`): computing it again would cost about
/// ten seconds of CPU.
pub fn pinned_audit() -> Value {
    let snapshot = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/tests/it/snapshots/it__figures__audit_json.snap"
    );
    let pinned = std::fs::read_to_string(snapshot).expect("the audit's snapshot");
    let (_, json) = pinned
        .trim_start_matches("---")
        .split_once("\n---\n")
        .expect("an insta header");
    serde_json::from_str(json).expect("the snapshot is JSON")
}

/// The review `/api/review` answers with once the audit is kept: the pinned audit (see
/// [`pinned_audit`]) annotating the texts in `../shared/page/`, built as `nullmove audit
/// --html` builds it. Where the texts are not there, the command line's one-line reason.
pub fn pinned_review() -> Result<String, String> {
    let texts = audit::review_texts(None, None).map_err(|e| e.to_string())?;
    let json = serde_json::to_vec(&pinned_audit()).expect("JSON");
    let document = AuditDocument::from_json(&json).expect("the audit's document");
    let review = audit::review_of(&document, &texts).expect("a review of the pinned audit");
    Ok(audit::review_json(&review).expect("JSON"))
}
