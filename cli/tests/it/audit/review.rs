//! `nullmove audit --html FILE` and `--erratum`: the view of the whole audit, written by the
//! binary from the pinned document (`audit --html FILE --from DOCUMENT`: no audit of its own,
//! the gate computes the whole audit once, see `audit.rs`), held to that document and to the
//! file the browser test opens (`server/tests/timing/serve_review.rs`, built from the same
//! pinned audit); and the refusals, each said before any audit runs (the texts and the
//! file's folder are checked first).

use std::path::{Path, PathBuf};

use nullmove::commands::audit::{review_json, review_of, review_texts};
use nullmove_fixtures::review::AuditDocument;
use serde_json::Value;

use super::pinned;
use crate::support::{listing, nullmove, one_line_error, rejects};

/// Whether the texts are in `../shared/page/` (said on stderr where not: the view cannot be
/// written without them).
fn texts_present() -> bool {
    match review_texts(None, None) {
        Ok(_) => true,
        Err(e) => {
            use std::io::Write as _;
            let _ = writeln!(std::io::stderr(), "audit --html skipped: {e}");
            false
        }
    }
}

/// The pinned document, saved as `nullmove audit --json` would print it.
fn saved_audit(dir: &Path) -> PathBuf {
    let file = dir.join("audit.json");
    let json = serde_json::to_string_pretty(pinned()).expect("JSON");
    std::fs::write(&file, json).expect("the saved audit");
    file
}

/// The review a view file embeds.
fn embedded(html: &str) -> Value {
    let start = r#"<script type="application/json" id="review-data">"#;
    let data = html.split_once(start).expect("embedded data").1;
    let data = data.split_once("</script>").expect("its end").0;
    serde_json::from_str(data).expect("the review as JSON")
}

#[test]
fn the_view_holds_every_claim_of_the_audit() {
    if !texts_present() {
        return;
    }
    let dir = scratch("audit-review-view");
    let saved = saved_audit(&dir);
    let file = dir.join("view.html");
    let args = [
        "audit",
        "--html",
        file.to_str().expect("UTF-8"),
        "--from",
        saved.to_str().expect("UTF-8"),
    ];
    let out = nullmove(&args);
    // Some claims differ (pitfall2-never-wrong among them): the saved audit's exit status.
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty(), "the view goes to its file");
    let html = std::fs::read_to_string(&file).expect("the view was written");
    // One file: nothing to fetch, whatever the network.
    for outside in [
        "src=",
        "href=\"http",
        "href=\"/",
        "stylesheet",
        "url(",
        "@import",
    ] {
        assert!(
            !html.contains(outside),
            "the view refers outside itself: {outside}"
        );
    }
    let document = pinned();
    let review = embedded(&html);
    let claims = document["claims"].as_array().expect("claims");
    let shown = review["claims"].as_array().expect("claims");
    assert_eq!(shown.len(), claims.len());
    assert_eq!(shown.len(), 56);
    for (s, c) in shown.iter().zip(claims) {
        assert_eq!((&s["id"], &s["status"]), (&c["id"], &c["status"]));
        assert_eq!(s["replay"], c["replay"]);
    }
    // The erratum names exactly the claims the document says differ or are inconsistent,
    // in the view and as `--erratum` prints it.
    let wrong: Vec<&str> = claims
        .iter()
        .filter(|c| c["status"] == "differs" || c["status"] == "inconsistent")
        .map(|c| c["id"].as_str().expect("an id"))
        .collect();
    assert!(!wrong.is_empty());
    let named = |erratum: &str| -> Vec<String> {
        erratum
            .lines()
            .filter_map(|l| l.strip_prefix("Claim `"))
            .filter_map(|l| l.split('`').next())
            .map(str::to_owned)
            .collect()
    };
    let erratum = review["erratum"].as_str().expect("the erratum");
    assert_eq!(named(erratum), wrong);
    let printed = nullmove(&[
        "audit",
        "--erratum",
        "--from",
        saved.to_str().expect("UTF-8"),
    ]);
    assert_eq!(String::from_utf8_lossy(&printed.stdout), erratum);
    // Byte for byte the file the browser test opens: the same view of the same audit.
    let texts = review_texts(None, None).expect("the texts");
    let json = serde_json::to_vec(document).expect("JSON");
    let again = review_of(
        &AuditDocument::from_json(&json).expect("a document"),
        &texts,
    )
    .expect("a review");
    let rendered = nullmove_server::review_file(&review_json(&again).expect("JSON"));
    assert!(rendered == html, "the view differs from the document's own");
    assert_eq!(listing(&dir).len(), 2, "no temporary file left");
}

/// The view and the erratum name the build that measured the audit, and the view keeps the
/// texts' file names, not where this machine keeps them.
#[test]
fn the_view_names_the_build_and_no_folder_of_this_machine() {
    if !texts_present() {
        return;
    }
    let dir = scratch("audit-review-build");
    let mut document = pinned().clone();
    let build = serde_json::to_value(nullmove::build_info::build()).expect("JSON");
    document["build"] = build.clone();
    let saved = dir.join("audit.json");
    std::fs::write(&saved, document.to_string()).expect("the saved audit");
    let file = dir.join("view.html");
    let (saved, view) = (
        saved.to_str().expect("UTF-8"),
        file.to_str().expect("UTF-8"),
    );
    nullmove(&["audit", "--html", view, "--from", saved]);
    let html = std::fs::read_to_string(&file).expect("the view was written");
    let review = embedded(&html);
    assert_eq!(review["build"], build);
    let commit = nullmove::build_info::COMMIT;
    let erratum = String::from_utf8(nullmove(&["audit", "--erratum", "--from", saved]).stdout)
        .expect("UTF-8");
    let measured = format!(
        "Measured by nullmove {}, commit {commit}",
        env!("CARGO_PKG_VERSION")
    );
    assert!(erratum.contains(&measured), "{erratum}");
    assert_eq!(review["erratum"], erratum);
    if let Some(line) = build["install"].as_str() {
        assert!(erratum.contains(&format!(": `{line}`.")), "{erratum}");
    }
    // The texts by name; no folder of this machine anywhere in the file.
    let names: Vec<&str> = review["texts"]
        .as_array()
        .expect("texts")
        .iter()
        .map(|t| t["file"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        ["null-move-pruning.en.txt", "null-move-pruning.fa.txt"]
    );
    let folder = nullmove_fixtures::coverage::page_dir();
    let folder = folder.canonicalize().unwrap_or(folder);
    for outside in [folder.to_str().expect("UTF-8"), env!("CARGO_MANIFEST_DIR")] {
        assert!(!html.contains(outside), "the view names {outside}");
    }
    // A document of an older build that names none says so.
    let plain = String::from_utf8(
        nullmove(&[
            "audit",
            "--erratum",
            "--from",
            saved_audit(&dir).to_str().expect("UTF-8"),
        ])
        .stdout,
    )
    .expect("UTF-8");
    assert!(plain.contains("The audit's document does not name the build that measured it."));
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

#[test]
fn texts_it_cannot_annotate_are_refused_before_the_audit() {
    let dir = scratch("audit-review-refusals");
    let view = dir.join("view.html");
    let view = view.to_str().expect("UTF-8");
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().expect("UTF-8");
    let out = one_line_error(
        &["audit", "--html", view, "--page", missing],
        "cannot read the page (",
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("--page FILE and --article FILE"));
    let edited = dir.join("edited.txt");
    std::fs::write(
        &edited,
        "A text of our own. It cites nothing the claims cite.",
    )
    .expect("a text");
    rejects(
        &[
            "audit",
            "--erratum",
            "--page",
            edited.to_str().expect("UTF-8"),
        ],
        "is not the page the claims cite (an edited copy?)",
    );
    // Nothing written, nothing left behind.
    assert_eq!(listing(&dir), ["edited.txt"]);
    // Past the page, read from ../shared/page/ where it is: the article, then the folder.
    if texts_present() {
        rejects(&["audit", "--erratum", "--from", missing], "cannot read");
        rejects(
            &[
                "audit",
                "--erratum",
                "--from",
                edited.to_str().expect("UTF-8"),
            ],
            "is not a document of `nullmove audit --json`",
        );
        rejects(
            &["audit", "--erratum", "--article", missing],
            "cannot read the article (",
        );
        let no_folder = dir.join("no/such/folder/view.html");
        rejects(
            &["audit", "--html", no_folder.to_str().expect("UTF-8")],
            "cannot write",
        );
    }
    rejects(
        &["audit", "--from", missing],
        "give --html FILE or --erratum",
    );
    rejects(&["audit", "--erratum", "--json"], "cannot be used with");
    rejects(&["audit", "--erratum", "--details"], "cannot be used with");
    rejects(
        &["audit", "--html", view, "--claim", "headline-nodes"],
        "cannot be used with",
    );
    assert_eq!(listing(&dir), ["edited.txt"]);
}
