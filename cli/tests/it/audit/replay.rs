//! Every claim replayable: each `replay` command of the whole audit (its pinned document,
//! see `audit.rs`) runs (once, however many claims name it), succeeds, and its output shows
//! every figure the claim's `reproduced` quotes (numbers compared with thousands separators
//! dropped, so `12,368` matches `12368`). Commands that read the page or the article run
//! where the texts are present (`../shared/page/`, or `NULLMOVE_PAGE_DIR`) and are reported
//! as skipped where not.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use nullmove_fixtures::coverage::page_dir;

use super::claims;

/// The numbers of `text`: digit runs, with thousands groups (`12,368`) and decimals (`3.87`)
/// kept whole and the separators dropped.
fn figures(text: &str) -> BTreeSet<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut number = String::new();
        while i < chars.len() {
            let c = chars[i];
            let group = |at: usize| {
                chars.len() > at + 3
                    && chars[at + 1..=at + 3].iter().all(char::is_ascii_digit)
                    && !chars.get(at + 4).is_some_and(char::is_ascii_digit)
            };
            if c.is_ascii_digit() {
                number.push(c);
            } else if c == ',' && group(i) {
                // a thousands separator: dropped
            } else if c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                number.push(c);
            } else {
                break;
            }
            i += 1;
        }
        out.insert(number);
    }
    out
}

/// The arguments of a replay command (after `nullmove`), double quotes keeping a FEN
/// whole, the texts' directory resolved; `None` when it reads a text that is not here.
fn arguments(command: &str) -> Option<Vec<String>> {
    let mut args = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !current.is_empty() {
                    args.push(std::mem::take(&mut current));
                }
            }
            _ => current.push(c),
        }
    }
    args.push(current);
    assert_eq!(args.remove(0), "nullmove", "{command}");
    for a in &mut args {
        if a.starts_with("results/") {
            *a = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join(&*a)
                .display()
                .to_string();
            continue;
        }
        if let Some(file) = a.strip_prefix("../shared/page/") {
            let path = page_dir().join(file);
            if !path.is_file() {
                return None;
            }
            *a = path.display().to_string();
        }
    }
    Some(args)
}

/// Runs every command on two threads; each command's stdout, or why it did not run.
fn run_all(commands: &[&str]) -> BTreeMap<String, Result<String, String>> {
    let queue = Mutex::new(commands.to_vec());
    let results = Mutex::new(BTreeMap::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(command) = queue.lock().expect("queue").pop() {
                    let result = match arguments(command) {
                        None => Err("the text it reads is not here".to_owned()),
                        Some(args) => {
                            let out = Command::new(env!("CARGO_BIN_EXE_nullmove"))
                                .args(&args)
                                .stdin(Stdio::null())
                                .output()
                                .expect("the binary runs");
                            assert!(
                                out.status.success(),
                                "{command}: {}",
                                String::from_utf8_lossy(&out.stderr)
                            );
                            Ok(String::from_utf8(out.stdout).expect("UTF-8"))
                        }
                    };
                    results
                        .lock()
                        .expect("results")
                        .insert(command.to_owned(), result);
                }
            });
        }
    });
    results.into_inner().expect("results")
}

#[test]
fn every_replay_command_shows_the_figures_it_backs() {
    let commands: BTreeSet<&str> = claims()
        .iter()
        .flat_map(|c| c["replay"].as_array().expect("replay"))
        .map(|r| r.as_str().expect("a command"))
        .collect();
    let outputs = run_all(&commands.into_iter().collect::<Vec<_>>());
    let mut failures = Vec::new();
    let mut checked = 0;
    for c in claims() {
        let id = c["id"].as_str().expect("an id");
        let quoted = figures(c["reproduced"].as_str().expect("a string"));
        let replay: Vec<&str> = c["replay"]
            .as_array()
            .expect("replay")
            .iter()
            .map(|r| r.as_str().expect("a command"))
            .collect();
        let reproduced = c["reproduced"].as_str().expect("a string");
        if replay.is_empty() {
            // Nothing measured: the claim says why it is not checkable.
            assert!(
                reproduced.starts_with("not checkable: "),
                "{id} has no replay"
            );
            continue;
        }
        let mut shown = BTreeSet::new();
        let mut skipped = None;
        for command in &replay {
            match &outputs[*command] {
                Ok(text) => shown.extend(figures(text)),
                Err(why) => skipped = Some(format!("{command}: {why}")),
            }
        }
        if let Some(why) = skipped {
            // Straight to stderr, past the test harness's capture, so CI's log shows it.
            let _ = writeln!(std::io::stderr(), "{id}: replay skipped ({why})");
            continue;
        }
        checked += 1;
        let missing: Vec<&String> = quoted.difference(&shown).collect();
        if !missing.is_empty() {
            failures.push(format!("{id}: {missing:?} not in the output of {replay:?}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(checked >= 40, "only {checked} claims replayed");
}

/// An example quoted in `reproduced` (`e.g. ...`) names its position, depth limit and R.
#[test]
fn every_example_names_its_parameters() {
    for c in claims() {
        let text = c["reproduced"].as_str().expect("a string");
        for (at, _) in text.match_indices("e.g. ") {
            let example = text[at..].split(':').next().unwrap_or_default();
            assert!(
                example.contains("depth limit ") && example.contains(", R "),
                "{}: {example}",
                c["id"]
            );
        }
    }
}

#[test]
fn figures_are_read_as_printed() {
    let f = figures("all 12,368 probes (21.9%), 3.87x; 0: 9, 1: 9; e8e7; 1..=5");
    let expected = ["12368", "21.9", "3.87", "0", "9", "1", "8", "7", "5"];
    assert_eq!(f, expected.iter().map(|s| (*s).to_owned()).collect());
}
