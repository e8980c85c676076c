//! `nullmove completions SHELL` and `nullmove man`, generated from the clap definitions the
//! help comes from, cannot drift from it: every command and every flag `--help` lists is in
//! each shell's script and on its manual page, and each page renders without a warning.

use std::path::PathBuf;
use std::process::Command;

use clap::CommandFactory;

use crate::support::{listing, nullmove, rejects, stdout};

/// Every command as the words that name it, `[]` for `nullmove` itself, with its long flags;
/// clap's own `help` subcommand left out.
fn commands() -> Vec<(Vec<String>, Vec<String>)> {
    fn walk(path: &[String], cmd: &clap::Command, out: &mut Vec<(Vec<String>, Vec<String>)>) {
        let flags = cmd
            .get_arguments()
            .filter_map(|a| a.get_long().map(str::to_owned))
            .chain(["help".to_owned()])
            .collect();
        out.push((path.to_vec(), flags));
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut p = path.to_vec();
            p.push(sub.get_name().to_owned());
            walk(&p, sub, out);
        }
    }
    let mut out = Vec::new();
    walk(&[], &nullmove::Cli::command(), &mut out);
    out
}

#[test]
fn each_shells_completions_hold_every_command_and_flag() {
    let all = commands();
    assert!(all.len() > 20, "{all:?}");
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&["completions", shell]);
        for (path, flags) in &all {
            if let Some(name) = path.last() {
                assert!(script.contains(name.as_str()), "{shell}: no {name}");
            }
            // clap_complete's fish script completes the flags of commands two deep, not of
            // their subcommands (`chess match merge`): those are bash's and zsh's to hold.
            if shell == "fish" && path.len() > 2 {
                continue;
            }
            for flag in flags {
                let written = if shell == "fish" {
                    format!("-l {flag}")
                } else {
                    format!("--{flag}")
                };
                assert!(
                    script.contains(&written),
                    "{shell}: {path:?} lacks {written}"
                );
            }
        }
    }
    rejects(&["completions", "tcsh"], "invalid value 'tcsh'");
    rejects(&["completions"], "required");
}

/// roff writes `-` as `\-`.
fn roff(text: &str) -> String {
    text.replace('-', "\\-")
}

/// Warnings `groff` gives a page, where groff is installed.
fn groff_warnings(page: &std::path::Path) -> Option<String> {
    let out = Command::new("groff")
        // -k: the pages are UTF-8 (the texts' dashes and quotes), as man reads them.
        .args(["-k", "-man", "-Tutf8", "-ww", "-z"])
        .arg(page)
        .output()
        .ok()?;
    Some(String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn the_manual_pages_hold_every_command_and_flag() {
    let main = stdout(&["man"]);
    assert!(main.contains(".TH nullmove 1"), "{main}");
    let all = commands();
    for (path, _) in all.iter().filter(|(p, _)| p.len() == 1) {
        let page = format!("nullmove\\-{}(1)", roff(&path[0]));
        assert!(main.contains(&page), "no {page} among the subcommands");
    }
    for flag in ["help", "version"] {
        assert!(main.contains(&roff(&format!("--{flag}"))), "no --{flag}");
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("manual-pages");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let out = nullmove(&["man", "--dir", dir.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stdout.is_empty());
    let written = listing(&dir);
    let mut want: Vec<String> = all
        .iter()
        .map(|(path, _)| {
            std::iter::once("nullmove")
                .chain(path.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join("-")
                + ".1"
        })
        .collect();
    want.sort();
    assert_eq!(written, want, "one page a command, nothing else");
    for (path, flags) in &all {
        let name = std::iter::once("nullmove")
            .chain(path.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("-");
        let file = dir.join(format!("{name}.1"));
        let page = std::fs::read_to_string(&file).expect("the page");
        assert!(page.contains(&format!(".TH {name} 1")), "{name}");
        for flag in flags {
            assert!(
                page.contains(&roff(&format!("--{flag}"))),
                "{name} lacks --{flag}"
            );
        }
        if let Some(warnings) = groff_warnings(&file) {
            assert!(warnings.is_empty(), "{name}: {warnings}");
        }
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("nullmove.1")).expect("the page"),
        main
    );
    rejects(
        &["man", "--dir", dir.join("missing").to_str().expect("UTF-8")],
        "not a folder (create it first)",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
