//! The layout check (`cargo xtask layout`): import cycles found in small crates written to a
//! scratch folder, the layers table read and its rule applied to synthetic manifests, and
//! this workspace, which must hold no cycle and no dependency upward.

mod cycles;
mod layers;

use std::path::PathBuf;

use xtask::layout;

/// Writes `files` (a path from the folder, its text) under a fresh scratch folder `name`.
fn write_tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("layout")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::write(&path, text).expect("a file");
    }
    root
}

/// The manifest of a scratch workspace's `base` member.
const PACKAGE_BASE: &str = "[package]\nname = \"w-base\"\nedition = \"2024\"\n";

#[test]
fn this_workspace_has_no_cycle_and_no_dependency_upward() {
    let report = layout::check(&xtask::root()).expect("the workspace's manifests and book read");
    assert!(report.is_clean(), "cargo xtask layout:\n{report}");
}

#[test]
fn a_small_clean_workspace_says_so_in_one_line() {
    let root = write_tree(
        "workspace",
        &[
            (
                "Cargo.toml",
                "[workspace]\nmembers = [\n  \"base\",\n  \"app\",\n]\n",
            ),
            ("base/Cargo.toml", PACKAGE_BASE),
            ("base/src/lib.rs", "mod a;\npub use a::A;\n"),
            ("base/src/a.rs", "pub struct A;\n"),
            (
                "app/Cargo.toml",
                "[package]\nname = \"w-app\"\nedition = \"2024\"\n\n\
                 [dependencies]\nw-base = { path = \"../base\" }\n",
            ),
            ("app/src/main.rs", "fn main() {}\n"),
            (
                "docs/src/introduction.md",
                "## How the code is laid out\n\n| layer | crates |\n|---|---|\n\
                 | low | `base` |\n| high | `app` (uses `base`) |\n",
            ),
        ],
    );
    let report = layout::check(&root).expect("a well-formed workspace");
    assert_eq!(
        report.to_string(),
        "layout: 2 crates, 3 files, no cycle, no dependency upward"
    );
}

#[test]
fn a_workspace_without_the_table_is_an_error_naming_the_page() {
    let root = write_tree(
        "no-table",
        &[
            ("Cargo.toml", "[workspace]\nmembers = [\"base\"]\n"),
            ("base/Cargo.toml", PACKAGE_BASE),
            ("base/src/lib.rs", ""),
            (
                "docs/src/introduction.md",
                "# Introduction\n\nNo layers here.\n",
            ),
        ],
    );
    let error = layout::check(&root).expect_err("no table");
    assert!(error.starts_with("docs/src/introduction.md: no `| layer | crates |` table"));
    std::fs::remove_file(root.join("docs/src/introduction.md")).expect("the page");
    let error = layout::check(&root).expect_err("no page");
    assert!(
        error.starts_with("cannot read docs/src/introduction.md"),
        "{error}"
    );
}

#[test]
fn a_manifest_cargo_refuses_is_an_error_naming_cargo_metadata() {
    let root = write_tree(
        "bad-manifest",
        &[
            ("Cargo.toml", "[workspace]\nmembers = [\"base\"]\n"),
            (
                "base/Cargo.toml",
                "[package]\nname = \"w-base\"\nedition = 2024\n",
            ),
            ("base/src/lib.rs", ""),
        ],
    );
    let error = layout::check(&root).expect_err("a malformed manifest");
    assert!(error.starts_with("cargo metadata"), "{error}");
}

#[test]
fn a_cycle_and_a_dependency_upward_are_a_line_each_and_a_summary() {
    let root = write_tree(
        "findings",
        &[
            ("Cargo.toml", "[workspace]\nmembers = [\"base\", \"app\"]\n"),
            (
                "base/Cargo.toml",
                "[package]\nname = \"w-base\"\nedition = \"2024\"\n\
                 [dependencies]\nw-app.path = \"../app\"\n",
            ),
            ("base/src/lib.rs", "mod a;\nmod b;\n"),
            ("base/src/a.rs", "use crate::b::B;\npub struct A;\n"),
            ("base/src/b.rs", "pub struct B(crate::a::A);\n"),
            (
                "app/Cargo.toml",
                "[package]\nname = \"w-app\"\nedition = \"2024\"\n",
            ),
            ("app/src/lib.rs", ""),
            (
                "docs/src/introduction.md",
                "## How the code is laid out\n\n| layer | crates |\n|---|---|\n\
                 | low | `base` |\n| high | `app` |\n",
            ),
        ],
    );
    let report = layout::check(&root).expect("a well-formed workspace");
    assert!(!report.is_clean());
    assert_eq!(
        report.to_string(),
        "base/src cycle: a, b\n    a -> b\n    b -> a\n\
         upward: `base` depends on `app`, which the table lists after it\n\
         layout: 2 crates, 4 files: 1 cycle, 1 layer problem"
    );
}
