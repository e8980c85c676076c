//! What a reviewer gives `nullmove audit` is never lost or waited on: an output that is one
//! of the inputs (by any name) is refused and the input left byte for byte; a folder as the
//! output is refused before the audit runs; a text over the limit is refused by its size.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::support::{listing, nullmove, rejects};

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().expect("UTF-8")
}

#[test]
fn an_output_that_is_an_input_is_refused_and_the_input_left_whole() {
    let dir = scratch("audit-given-inputs");
    let page = dir.join("page.txt");
    let content = b"The reader's own copy of the page.\n";
    std::fs::write(&page, content).expect("a page");
    let saved = dir.join("audit.json");
    std::fs::write(&saved, b"{}").expect("a saved audit");
    let link = dir.join("link.html");
    std::fs::hard_link(&page, &link).expect("a hard link");
    let roundabout = dir.join("../audit-given-inputs/./page.txt");
    for (output, args) in [
        (&page, vec!["--page", text(&page)]),
        (&roundabout, vec!["--page", text(&page)]),
        (&link, vec!["--page", text(&page)]),
        (&page, vec!["--article", text(&page)]),
        (&saved, vec!["--from", text(&saved)]),
    ] {
        let mut argv = vec!["audit", "--html", text(output)];
        argv.extend(&args);
        rejects(&argv, "which the output would overwrite; give another file");
    }
    assert_eq!(std::fs::read(&page).expect("the page"), content);
    assert_eq!(std::fs::read(&saved).expect("the audit"), b"{}");
    assert_eq!(listing(&dir), ["audit.json", "link.html", "page.txt"]);
}

#[test]
fn a_folder_as_the_output_is_refused_before_the_audit() {
    let dir = scratch("audit-given-folder");
    let started = Instant::now();
    for args in [
        vec!["audit", "--html", text(&dir)],
        vec!["audit", "--html", "/dev/null"],
    ] {
        let out = nullmove(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("it is a folder; give a file's name in it")
                || err.contains("it is not a regular file"),
            "{err}"
        );
    }
    // Refused as given, not after the audit's seconds of measuring.
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(listing(&dir).is_empty());
}

#[test]
fn a_text_over_the_limit_is_refused_by_its_size() {
    let dir = scratch("audit-given-large");
    let big = dir.join("big.txt");
    // Sparse: 50 MB that take no disk and no time to write.
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(50_000_000))
        .expect("a large file");
    let view = dir.join("view.html");
    let limit = "50,000,000 bytes, over the limit of 1,048,576 bytes (1 MiB)";
    let started = Instant::now();
    rejects(&["audit", "--page", text(&big)], limit);
    rejects(&["audit", "--erratum", "--page", text(&big)], limit);
    rejects(
        &["audit", "--html", text(&view), "--page", text(&big)],
        limit,
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(listing(&dir), ["big.txt"]);
}
