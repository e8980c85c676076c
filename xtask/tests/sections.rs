//! The gate's hold on results as data: every generated section of the README, the results
//! page and the book is what its result files give under today's search, so an edited result
//! file, a section edited by hand, or a result of an earlier search not shown as one fails
//! `cargo test`. Fixing it is `cargo xtask results render` (or running the result again).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use xtask::pages::{self, Rendering};
use xtask::result::{ResultFile, Signatures};
use xtask::today::Today;

/// Today's build, computed once for the binary's tests.
fn today() -> &'static Today {
    static TODAY: std::sync::OnceLock<Today> = std::sync::OnceLock::new();
    TODAY.get_or_init(|| Today::of(&xtask::root()).expect("today's build"))
}

/// The repository's result files the pages name, read once for the binary's tests (their
/// JSON is over a hundred megabytes).
fn named() -> &'static HashMap<String, ResultFile> {
    static NAMED: std::sync::OnceLock<HashMap<String, ResultFile>> = std::sync::OnceLock::new();
    NAMED.get_or_init(|| pages::named_results(&xtask::root()).expect("the files the pages name"))
}

fn rendering(root: &Path, named: &HashMap<String, ResultFile>, today: &Today) -> Rendering {
    pages::render(root, named, today).expect("every section renders")
}

fn differences(root: &Path, named: &HashMap<String, ResultFile>, today: &Today) -> Vec<String> {
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
fn the_audit_reads_only_results_of_today_s_engine() {
    let stale = xtask::today::stale_evidence(today()).expect("the evidence");
    assert!(stale.is_empty(), "play them again:\n{}", stale.join("\n"));
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
    let earlier = Today {
        signatures: Signatures {
            bench: today().signatures.bench + 1,
            chess_bench: today().signatures.chess_bench,
        },
        ..today().clone()
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

/// A page with one section over `file`, a headline or not, in a copy of the repository.
fn page_over(name: &str, file: &str, headline: bool) -> (PathBuf, Rendering) {
    let copy = copy_of_the_repository(name);
    let mark = if headline { " headline" } else { "" };
    let page =
        format!("# Null move\n\n<!-- results: matches {file}{mark} -->\n<!-- /results -->\n");
    std::fs::write(copy.join("docs/src/probe.md"), page).expect("the page");
    let rendered = rendering(&copy, named(), today());
    (copy, rendered)
}

#[test]
fn a_headline_reading_a_match_of_an_earlier_engine_fails_the_check() {
    // Played at a commit whose engine differs from today's (the deep search has changed since).
    let old = "results/clock/r3-none-0s5.json";
    assert!(
        today().engine_change(&named()[old]).is_some(),
        "{old} is of an earlier engine"
    );
    let (copy, rendered) = page_over("headline-stale", old, true);
    let found = pages::differences(&copy, &rendered).expect("the pages parse");
    assert!(
        found.iter().any(|d| d.starts_with("docs/src/probe.md:3: the headline matches reads results/clock/r3-none-0s5.json, played at commit")),
        "{found:?}"
    );
    // The same section, no headline: shown as of its build, and no failure of its own.
    let (_, shown) = page_over("headline-not", old, false);
    assert!(
        shown
            .stale_headlines
            .iter()
            .all(|d| !d.contains("probe.md"))
    );
    let (_, _, text) = shown
        .pages
        .iter()
        .find(|(p, _, _)| p == "docs/src/probe.md")
        .expect("the page");
    assert!(
        text.contains("**As of commit e1b8e8e:** the engine has changed since"),
        "{text}"
    );
}

#[test]
fn a_match_whose_recorded_engine_is_not_todays_is_stale_and_today_s_is_current() {
    let mut file = named()["results/clock/r3-none-0s5.json"].clone();
    let run = file.run.as_mut().expect("measured");
    run.engine_source = Some(today().engine_source.clone());
    run.signatures = today().signatures;
    assert!(today().is_current(&file));
    file.run.as_mut().expect("measured").engine_source = Some("0".repeat(64));
    assert_eq!(
        today().engine_change(&file).as_deref(),
        Some("the engine has changed since")
    );
    assert!(!today().is_current(&file));
}
