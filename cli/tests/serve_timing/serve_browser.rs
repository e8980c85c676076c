//! The "Try it" page in a real browser: Debian's Chromium, driven by `playwright-core`
//! (`server/tests/browser/try_it.mjs`), against `nullmove serve`'s server on a free port.
//! The driver only reports what the page showed (visible text, the board, focus, positions
//! on screen, the screenshot's pixels); this test judges it against the CLI's own output
//! for the page's pitfall ("Pitfalls": `...O.X...`, X to move, depth limit 3, R 1) in both modes, at a
//! desktop's width and a phone's.
//!
//! Needs `/usr/bin/chromium` (or `CHROMIUM`), node, and `npm ci --prefix
//! server/tests/browser`; without them it says it skipped, unless
//! `NULLMOVE_REQUIRE_BROWSER=1` (CI) makes that a failure. `NULLMOVE_UPDATE_SCREENSHOT=1`
//! also writes the screenshot to `docs/src/images/try-it.png`.

mod board_checks;
mod page_checks;
mod search_checks;
use crate::serve_support;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use nullmove_server::Stopped;
use serde_json::Value;
use serve_support::{cli, get, start};

const PITFALL: [&str; 6] = [
    "--board",
    "...O.X...",
    "--depth",
    "3",
    "--engine",
    "optimized",
];

/// The pitfall's arguments in `mode`: R 1 in null mode; plain alpha-beta takes none.
fn pitfall(mode: &str) -> Vec<&str> {
    let mut args = vec!["--mode", mode];
    args.extend(PITFALL);
    if mode == "null" {
        args.extend(["--reduction", "1"]);
    }
    args
}

/// Chromium and the driver's folder, or `None` (said on stderr) when something the browser
/// tests need is missing; a failure instead where `NULLMOVE_REQUIRE_BROWSER` is set.
pub(crate) fn browser(test: &str) -> Option<(PathBuf, PathBuf)> {
    let harness = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .join("server/tests/browser");
    let chromium =
        std::env::var_os("CHROMIUM").map_or_else(|| "/usr/bin/chromium".into(), PathBuf::from);
    let Some(why) = missing(&chromium, &harness) else {
        return Some((chromium, harness));
    };
    assert!(
        std::env::var_os("NULLMOVE_REQUIRE_BROWSER").is_none(),
        "NULLMOVE_REQUIRE_BROWSER is set, but {why}"
    );
    // Straight to stderr, past the test harness's capture, so it shows in every run.
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
    None
}

/// What is missing to run the browser, if anything.
fn missing(chromium: &Path, harness: &Path) -> Option<String> {
    if !chromium.exists() {
        return Some(format!(
            "no Chromium at {} (apt-get install -y chromium)",
            chromium.display()
        ));
    }
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        return Some("no node on PATH".to_owned());
    }
    if !harness.join("node_modules/playwright-core").exists() {
        return Some(format!(
            "no playwright-core (npm ci --prefix {})",
            harness.display()
        ));
    }
    None
}

/// The log `nullmove trace` prints for the pitfall in `mode`: (indentation, text) per line.
fn cli_log(mode: &str) -> Vec<(usize, String)> {
    let mut args = vec!["trace"];
    args.extend(pitfall(mode));
    let (status, out, err) = cli(&args);
    assert_eq!(status, 0, "{err}");
    out.lines()
        .map(|l| {
            let text = l.trim_start();
            (l.len() - text.len(), text.to_owned())
        })
        .collect()
}

/// Runs the driver against `base`, with a deadline; its report.
fn drive(harness: &Path, base: &str, screenshot: &Path, chromium: &Path) -> Value {
    // The audit view is shown the document `/api/audit` is held to in `serve.rs` (the pinned
    // `audit --json`): computing it again here would cost half a minute of CPU.
    let audit = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("audit.json");
    let pinned = serde_json::to_vec(&serve_support::pinned_audit()).expect("JSON");
    std::fs::write(&audit, pinned).expect("the audit's file");
    node(
        &harness.join("try_it.mjs"),
        &[
            base.as_ref(),
            screenshot.as_os_str(),
            chromium.as_os_str(),
            audit.as_os_str(),
        ],
    )
}

/// Runs a driver script with node, within a deadline; the JSON document it prints.
pub(crate) fn node(script: &Path, args: &[&std::ffi::OsStr]) -> Value {
    let child = Command::new("node")
        .arg(script)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    // Read its output while it runs (a full pipe would stall it), within a deadline.
    let pid = child.id();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    let Ok(out) = finished.recv_timeout(Duration::from_secs(180)) else {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
        panic!("the browser driver took more than 180 s");
    };
    let out = out.expect("its output");
    assert!(
        out.status.success(),
        "the driver failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "the driver's report is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_owned())
        .collect()
}

fn rows(v: &Value) -> Vec<Vec<String>> {
    v.as_array().expect("rows").iter().map(strings).collect()
}

/// The log as shown: (where the text starts on screen, text, event, depth) per line.
fn shown(outcome: &Value) -> Vec<(f64, String, String, u64)> {
    outcome["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| {
            (
                l["left"].as_f64().expect("left"),
                l["text"].as_str().expect("text").to_owned(),
                l["event"].as_str().expect("event").to_owned(),
                l["depth"].as_u64().expect("depth"),
            )
        })
        .collect()
}

/// The page shows `nullmove trace`'s log line for line, each line indented on screen as
/// deep as the text is: more leading spaces, further right; as many, just as far.
fn assert_same_log(mode: &str, outcome: &Value) {
    let want = cli_log(mode);
    let got = shown(outcome);
    let texts: Vec<&str> = got.iter().map(|(_, t, _, _)| t.as_str()).collect();
    let wanted: Vec<&str> = want.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts, wanted, "{mode}: the log shown is not the CLI's");
    let mut by_indent: Vec<(usize, f64)> = want
        .iter()
        .zip(&got)
        .map(|((indent, _), (left, ..))| (*indent, *left))
        .collect();
    by_indent.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
    for pair in by_indent.windows(2) {
        let ((i, l), (j, m)) = (pair[0], pair[1]);
        if i == j {
            assert!(
                (l - m).abs() < 0.5,
                "{mode}: indentation {i} drawn at {l} and {m}"
            );
        } else {
            assert!(
                m > l + 1.0,
                "{mode}: indentation {j} not right of {i} ({m} vs {l})"
            );
        }
    }
}

#[test]
fn the_pitfall_in_both_modes_as_a_person_sees_it() {
    let Some((chromium, harness)) = browser("serve_browser") else {
        return;
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let server = start();
    let screenshot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("try-it.png");
    let seen = drive(
        &harness,
        &format!("http://{}/", server.addr()),
        &screenshot,
        &chromium,
    );

    assert!(
        seen["phone"].is_object(),
        "the driver stopped early: {}",
        seen["problems"]
    );
    check_problems(&seen);
    search_checks::check_loads_and_step(&seen);
    board_checks::check_following(&seen);
    search_checks::check_null_move(&seen["null"]);
    search_checks::check_reset(&seen["reset"]);
    search_checks::check_plain(&seen);
    search_checks::check_refusals(&seen);
    search_checks::check_keyboard(&seen["keyboard"]);
    search_checks::check_finished(&seen["finished"]);
    search_checks::check_busy(&seen["busy"]);
    page_checks::check_menus(&seen["menus"]);
    search_checks::check_guards(&seen);
    page_checks::check_sweep(&seen["sweep"]);
    page_checks::check_audit(&seen["audit"]);
    page_checks::check_pixels(&seen["pixels"]);
    let svg = get(server.addr(), "/api/sweep.svg?positions=empty").expect("the chart");
    page_checks::check_phone(&seen["phone"], &svg.text());
    page_checks::check_screenshot(&screenshot, &root);
    assert!(matches!(server.stop(), Ok(Stopped::Drained { .. })));
}

/// The browser complained of nothing but one HTTP refusal per refused request: a 400 for
/// each refused board (the form asks once, not for the trace and the search both) and the
/// busy server's 503.
fn check_problems(seen: &Value) {
    let problems = strings(&seen["problems"]);
    let refusal = |status: u16| {
        format!("console: Failed to load resource: the server responded with a status of {status}")
    };
    for (phase, status) in [
        ("refused", 400),
        ("invalid", 400),
        ("quoted", 400),
        ("busy", 503),
    ] {
        let prefix = format!("{phase}: {}", refusal(status));
        let count = problems.iter().filter(|p| p.starts_with(&prefix)).count();
        assert_eq!(count, 1, "{phase}: {problems:#?}");
    }
    assert_eq!(problems.len(), 4, "{problems:#?}");
}

/// The searches' events before the root report, as the page counts its steps.
fn events(mode: &str) -> usize {
    let mut json = vec!["trace", "--json"];
    json.extend(pitfall(mode));
    cli(&json).1.lines().count() - 1
}
