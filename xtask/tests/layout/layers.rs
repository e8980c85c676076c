//! The layers table read from Markdown, manifests as `cargo metadata` gives them, and the
//! rule applied to a synthetic set of crates.

use xtask::layout::layers::{Layer, Member, Problem, parse_table, problems};
use xtask::layout::manifest::Manifest;
use xtask::metadata::Metadata;

const PAGE: &str = "\
# Introduction

| not | this table |
|---|---|
| a | `b` |

## How the code is laid out

Each crate depends only on crates before it.

| layer | crates |
|---|---|
| vocabularies | `core` (tic-tac-toe, not `naive`), `numbers` |
| searches | `naive` (the page's function), `oracle` |
| front ends | `server`, `cli` (the `nullmove` binary) |

## Next
";

fn layer(name: &str, crates: &[&str]) -> Layer {
    Layer {
        name: name.to_owned(),
        crates: crates.iter().map(|&c| c.to_owned()).collect(),
    }
}

#[test]
fn the_table_under_the_heading_lists_the_names_in_backticks_outside_parentheses() {
    let layers = parse_table(PAGE).expect("the table");
    assert_eq!(
        layers,
        [
            layer("vocabularies", &["core", "numbers"]),
            layer("searches", &["naive", "oracle"]),
            layer("front ends", &["server", "cli"]),
        ]
    );
}

#[test]
fn a_page_without_the_heading_or_the_table_is_an_error() {
    let no_heading = PAGE.replace("How the code is laid out", "Elsewhere");
    assert!(parse_table(&no_heading).is_err());
    let other_header = PAGE.replace("| layer | crates |", "| tier | crates |");
    assert!(parse_table(&other_header).is_err());
    let empty_row = PAGE
        .replace("`numbers`", "numbers")
        .replace("`core` (tic-tac-toe, not `naive`), ", "");
    let error = parse_table(&empty_row).expect_err("a row without a crate");
    assert!(error.contains("vocabularies"), "{error}");
}

#[test]
fn a_manifest_gives_its_name_and_its_dependencies_by_package_and_kind() {
    // `cargo metadata` of a member with a rename, a target's dependency, a build- and a
    // dev-dependency (trimmed to what the check reads).
    let metadata = Metadata::parse(
        r#"{"packages": [{"id": "path+file:///w/naive#0.2.0", "name": "nullmove-naive",
            "version": "0.2.0", "license": "MIT", "license_file": null,
            "manifest_path": "/w/naive/Cargo.toml", "publish": [],
            "dependencies": [
              {"name": "nullmove-core", "kind": null, "rename": null, "target": null},
              {"name": "nullmove-oracle", "kind": null, "rename": "renamed", "target": null},
              {"name": "libc", "kind": null, "rename": null, "target": "cfg(unix)"},
              {"name": "cc", "kind": "build", "rename": null, "target": null},
              {"name": "nullmove-report", "kind": "dev", "rename": null, "target": null}]}],
          "workspace_members": ["path+file:///w/naive#0.2.0"], "workspace_root": "/w"}"#,
    )
    .expect("metadata");
    let package = metadata.members().next().expect("the member");
    assert_eq!(metadata.folder_of(package), "naive");
    let manifest = Manifest::from(package);
    assert_eq!(manifest.name, "nullmove-naive");
    assert_eq!(
        manifest.dependencies,
        ["nullmove-core", "nullmove-oracle", "libc", "cc"]
    );
    assert_eq!(manifest.dev_dependencies, ["nullmove-report"]);
    assert!(Metadata::parse(r#"{"packages": []}"#).is_err());
}

/// A member in `folder`, package `nullmove-<folder>`, with these workspace dependencies.
fn member(folder: &str, dependencies: &[&str], dev: &[&str]) -> Member {
    let package = |names: &[&str]| names.iter().map(|n| format!("nullmove-{n}")).collect();
    Member {
        folder: folder.to_owned(),
        manifest: Manifest {
            name: format!("nullmove-{folder}"),
            dependencies: package(dependencies),
            dev_dependencies: package(dev),
        },
    }
}

#[test]
fn a_crate_depends_only_on_crates_before_it_and_its_tests_also_on_its_own_layer() {
    let layers = parse_table(PAGE).expect("the table");
    let mut members = vec![
        member("core", &[], &[]),
        member("numbers", &[], &[]),
        member("naive", &["core"], &["oracle"]),
        member("oracle", &["core"], &["naive"]),
        member("server", &["core"], &["numbers"]),
        member("cli", &["server", "naive", "oracle"], &[]),
    ];
    assert_eq!(problems(&layers, &members), []);
    members[0]
        .manifest
        .dev_dependencies
        .push("nullmove-naive".to_owned());
    members[2]
        .manifest
        .dependencies
        .push("nullmove-oracle".to_owned());
    members[4]
        .manifest
        .dependencies
        .push("nullmove-cli".to_owned());
    members.push(member("bench", &[], &["cli"]));
    assert_eq!(
        problems(&layers, &members),
        [
            Problem::UpwardInTests {
                from: "core".to_owned(),
                to: "naive".to_owned(),
                layer: "searches".to_owned(),
            },
            Problem::Upward {
                from: "naive".to_owned(),
                to: "oracle".to_owned(),
            },
            Problem::Upward {
                from: "server".to_owned(),
                to: "cli".to_owned(),
            },
            Problem::Unlisted("bench".to_owned()),
        ]
    );
}

#[test]
fn the_table_lists_each_member_once_and_nothing_else() {
    let page = PAGE.replace("`oracle` |", "`oracle`, `core`, `ghost` |");
    let layers = parse_table(&page).expect("the table");
    let members: Vec<Member> = ["core", "numbers", "naive", "oracle", "server", "cli"]
        .iter()
        .map(|folder| member(folder, &[], &[]))
        .collect();
    let found: Vec<String> = problems(&layers, &members)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        found,
        [
            "layers: the table lists `core` twice",
            "layers: the table lists `ghost`, which is not a workspace member",
        ]
    );
}
