//! The gate's hold on results as data: every generated section of the README, the results
//! page and the book is what its result files give under today's search, so an edited result
//! file, a section edited by hand, or a result of an earlier search not shown as one fails
//! `cargo test`. Fixing it is `cargo xtask results render` (or running the result again).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use xtask::pages::{self, Rendering};
use xtask::result::{ResultFile, Signatures};

/// Today's signatures, computed once for the binary's tests.
fn today() -> &'static Signatures {
    static TODAY: std::sync::OnceLock<Signatures> = std::sync::OnceLock::new();
    TODAY.get_or_init(|| xtask::today::signatures().expect("today's signatures"))
}

/// The repository's result files the pages name, read once for the binary's tests (their
/// JSON is over a hundred megabytes).
fn named() -> &'static HashMap<String, ResultFile> {
    static NAMED: std::sync::OnceLock<HashMap<String, ResultFile>> = std::sync::OnceLock::new();
    NAMED.get_or_init(|| pages::named_results(&xtask::root()).expect("the files the pages name"))
}

fn rendering(root: &Path, named: &HashMap<String, ResultFile>, today: &Signatures) -> Rendering {
    pages::render(root, named, today).expect("every section renders")
}

fn differences(
    root: &Path,
    named: &HashMap<String, ResultFile>,
    today: &Signatures,
) -> Vec<String> {
    pages::differences(root, &rendering(root, named, today)).expect("the pages parse")
}

/// A copy of what the sections read and show (the pages, the result files, the charts).
fn copy_of_the_repository(name: &str) -> PathBuf {
    let root = xtask::root();
    let copy = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&copy);
    for dir in ["results", "docs/src"] {
        copy_dir(&root.join(dir), &copy.join(dir));
    }
    std::fs::copy(root.join("README.md"), copy.join("README.md")).expect("the README");
    copy
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a folder") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("a file");
        }
    }
}

#[test]
fn every_generated_section_is_what_its_files_give() {
    let found = differences(&xtask::root(), named(), today());
    assert!(
        found.is_empty(),
        "run `cargo xtask results render` (or the results again):\n{}",
        found.join("\n")
    );
}

#[test]
fn an_edited_result_file_fails_the_gate() {
    let copy = copy_of_the_repository("sections-edited");
    let file = copy.join("results/gate/ci.json");
    let text = std::fs::read_to_string(&file).expect("the gate's result");
    let mut doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let steps = doc
        .pointer_mut("/output/steps")
        .and_then(serde_json::Value::as_array_mut)
        .expect("the gate's steps");
    steps[0]["seconds"] = serde_json::json!(12_345.6);
    std::fs::write(&file, serde_json::to_string_pretty(&doc).expect("JSON")).expect("written");
    // The repository's files, the edited one read again from the copy.
    let mut files = named().clone();
    let edited = "results/gate/ci.json";
    files.insert(
        edited.to_owned(),
        ResultFile::read(&copy, edited).expect("edited"),
    );
    let found = differences(&copy, &files, today());
    assert!(
        found.iter().any(|d| d.contains("results/gate/ci.json")),
        "{found:?}"
    );
}

#[test]
fn a_result_of_an_earlier_search_fails_until_shown_as_one() {
    let root = xtask::root();
    let earlier = Signatures {
        bench: today().bench + 1,
        chess_bench: today().chess_bench,
    };
    // The same files under a search whose signature differs from theirs: every section that
    // shows a measured result now says it is of an earlier search, so the pages as they are
    // differ from what the files give.
    let rendered = rendering(&root, named(), &earlier);
    let found = pages::differences(&root, &rendered).expect("the pages parse");
    assert!(!found.is_empty());
    assert!(
        rendered
            .pages
            .iter()
            .any(|(_, _, text)| text.contains("An earlier search")),
        "a stale result is shown as one"
    );
}
