//! The "Try it" page in a real browser: Debian's Chromium, driven by `playwright-core`
//! (`cli/tests/browser/try_it.mjs`), against `nullmove serve` on a free port. The driver only
//! reports what the page showed (visible text, where each log line starts on screen); this
//! test judges it against the CLI's own output for the page's pitfall ("Pitfalls":
//! `...O.X...`, X to move, depth limit 3, R 1) in both modes.
//!
//! Needs `/usr/bin/chromium` (or `CHROMIUM`), node, and `npm ci --prefix cli/tests/browser`;
//! without them it says it skipped, unless `NULLMOVE_REQUIRE_BROWSER=1` (CI) makes that a
//! failure. `NULLMOVE_UPDATE_SCREENSHOT=1` also writes the screenshot to `docs/try-it.png`.

mod serve_support;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use serve_support::{Spawned, cli, cli_json, cli_refusal, pinned_audit};

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

/// What is missing to run the browser, if anything.
fn missing(chromium: &Path, harness: &Path) -> Option<String> {
    if !chromium.exists() {
        return Some(format!(
            "no Chromium at {} (apt-get install -y chromium chromium-driver)",
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
    let child = Command::new("node")
        .arg(harness.join("try_it.mjs"))
        .arg(base)
        .arg(screenshot)
        .arg(chromium)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    // Read its output while it runs (a full pipe would stall it), within a deadline.
    let pid = child.id();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    let Ok(out) = finished.recv_timeout(Duration::from_secs(90)) else {
        let _ = Command::new("kill")
            .args(["-KILL", &pid.to_string()])
            .status();
        panic!("the browser driver took more than 90 s");
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
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let harness = root.join("tests/browser");
    let chromium =
        std::env::var_os("CHROMIUM").map_or_else(|| "/usr/bin/chromium".into(), PathBuf::from);
    if let Some(why) = missing(&chromium, &harness) {
        assert!(
            std::env::var_os("NULLMOVE_REQUIRE_BROWSER").is_none(),
            "NULLMOVE_REQUIRE_BROWSER is set, but {why}"
        );
        // Straight to stderr, past the test harness's capture, so it shows in every run.
        let _ = writeln!(std::io::stderr(), "SKIPPED serve_browser: {why}");
        return;
    }
    let server = Spawned::start(&[]);
    // The audit takes about ten seconds of CPU the first time: start it on the other core
    // while the browser works through the Try it page, as a visitor's earlier request would.
    let addr = server.addr;
    let warm = std::thread::spawn(move || serve_support::get(addr, "/api/audit"));
    let screenshot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("try-it.png");
    let seen = drive(
        &harness,
        &format!("http://{}/", server.addr),
        &screenshot,
        &chromium,
    );

    assert!(
        seen["audit"].is_object(),
        "the driver stopped early: {}",
        seen["problems"]
    );
    // The browser complained of nothing but the HTTP 400 of the refused board.
    for problem in strings(&seen["problems"]) {
        assert!(
            problem.starts_with(
                "refused: console: Failed to load resource: the server responded with a status \
                 of 400"
            ),
            "{problem}"
        );
    }
    check_board_and_step(&seen);
    check_null_move(&seen["null"]);
    check_plain(&seen);
    check_menus(&seen["menus"]);
    check_guards(&seen);
    check_sweep(&seen["sweep"]);
    check_audit(&seen["audit"]);
    check_screenshot(&screenshot, &root);
    let warmed = warm.join().expect("the audit request").expect("an answer");
    assert_eq!(warmed.status, 200);
    let (status, ..) = server.stop_with("TERM");
    assert!(status.success());
}

/// The loads put the boards on screen; Step shows one event at a time.
fn check_board_and_step(seen: &Value) {
    assert_eq!(seen["title"], "Null-move pruning: try it");
    let pitfall_cells = ["", "", "", "O", "", "X", "", "", ""];
    assert_eq!(seen["loaded"]["notation"], "...O.X...");
    assert_eq!(strings(&seen["loaded"]["cells"]), pitfall_cells);
    assert_eq!(seen["empty"]["notation"], ".........");
    assert_eq!(strings(&seen["empty"]["cells"]), [""; 9]);
    assert_eq!(strings(&seen["pitfall"]["cells"]), pitfall_cells);

    let null_log = cli_log("null");
    let stepped = shown(&seen["stepped"]);
    assert_eq!(stepped.len(), 3, "the header and two events");
    assert_eq!(stepped[1].1, null_log[1].1);
    assert_eq!(stepped[2].1, null_log[2].1);
    assert_eq!(
        seen["stepped"]["status"],
        format!("Event 2 of {}.", events("null"))
    );
}

/// The searches' events before the root report, as the page counts its steps.
fn events(mode: &str) -> usize {
    let mut json = vec!["trace", "--json"];
    json.extend(pitfall(mode));
    cli(&json).1.lines().count() - 1
}

/// Null move: the probe at depth 1 after X takes the centre, its resolution, and the prune
/// right after it ("Try it"); best move 0 worth 9 against the oracle's 4 worth 12, and the
/// warning ("Pitfalls").
fn check_null_move(null: &Value) {
    assert_same_log("null", null);
    let log = shown(null);
    let centre = log
        .iter()
        .position(|(_, t, _, depth)| t == "X plays 4" && *depth == 0)
        .expect("X plays the centre at the root");
    let after = |from: usize, event: &str| {
        from + log[from..]
            .iter()
            .position(|(_, _, e, _)| e == event)
            .unwrap_or_else(|| panic!("a {event} after line {from}"))
    };
    let probe = after(centre, "probe_start");
    assert_eq!(log[probe].3, 1, "the probe at depth 1");
    assert!(
        log[probe]
            .1
            .starts_with("null probe: O passes at depth 1, probed at depth 3, on the horizon")
    );
    let resolved = after(probe, "probe_resolved");
    assert_eq!(
        log[resolved].1,
        "probe resolved: score 9 <= alpha 9: fails low"
    );
    assert_eq!(log[resolved + 1].2, "prune", "the prune right after it");
    assert!(log[resolved + 1].1.ends_with("X's move 4 is discarded"));
    for (i, line) in log.iter().enumerate().filter(|(_, l)| l.2 == "prune") {
        assert_eq!(log[i - 1].2, "probe_resolved", "line {i}: {}", line.1);
    }
    assert_eq!(null["pruneVisible"], true);
    assert_eq!(null["status"], format!("Done: {} events.", events("null")));
    let verdict = null["verdict"].as_str().expect("a verdict");
    assert!(verdict.contains("Best move 0, value 9,"), "{verdict}");
    assert!(
        verdict.contains("The oracle: best move 4, exact value 12."),
        "{verdict}"
    );
    assert_eq!(
        null["warning"],
        "Warning: the search chose move 0, worth 9 exactly: worse for X than the oracle's \
         move 4, worth 12."
    );
    let moves = rows(&null["moves"]);
    assert_eq!(moves[0], ["0", "9", "9", "chosen"]);
    assert_eq!(
        moves[3],
        [
            "4",
            "9",
            "12",
            "a bound, not the exact value, the oracle's best"
        ]
    );
    assert_eq!(null["chosenCells"], serde_json::json!([0]));
    assert_eq!(null["bestCells"], serde_json::json!([4]));
}

/// A new mode clears the log; plain alpha-beta finds the centre and warns of nothing; a
/// refused board shows the CLI's reason.
fn check_plain(seen: &Value) {
    assert_eq!(seen["afterModeChange"]["lines"], 0);
    assert_eq!(seen["afterModeChange"]["status"], "Press Step or Run.");
    let plain = &seen["plain"];
    assert_same_log("plain", plain);
    assert!(
        shown(plain)
            .iter()
            .all(|(_, _, e, _)| e != "probe_start" && e != "prune")
    );
    let verdict = plain["verdict"].as_str().expect("a verdict");
    assert!(verdict.contains("Best move 4, value 12,"), "{verdict}");
    assert!(
        plain["warning"].is_null(),
        "a warning: {}",
        plain["warning"]
    );
    assert_eq!(plain["chosenCells"], serde_json::json!([4]));

    let mut refused = vec!["search"];
    refused.extend(pitfall("plain"));
    refused[4] = "...OO....";
    assert_eq!(
        seen["refused"],
        format!("The server refused: {}", cli_refusal(&refused))
    );
}

/// The guard panel gives the CLI its flags: a guard the depth limit leaves nothing to do is
/// undone with a word, never sent; the minimum probe depth fixes the pitfall, no warning.
fn check_guards(seen: &Value) {
    let null = "--board ...O.X... --depth 3 --reduction 1 --mode null";
    assert_eq!(seen["growing"]["rule"], "fixed");
    assert_eq!(
        seen["growing"]["command"],
        format!("nullmove trace {null} --engine optimized")
    );
    let note = seen["growing"]["note"].as_str().expect("a note");
    assert!(note.contains("depth limit of 4 or more"), "{note}");
    assert_eq!(
        seen["guardedCommand"],
        format!(
            "nullmove trace {null} --engine optimized --min-probe-depth 1 --eval-gate \
             --zero-window --non-pv"
        )
    );
    let guarded = &seen["guarded"];
    let verdict = guarded["verdict"].as_str().expect("a verdict");
    assert!(verdict.contains("Best move 4, value 12,"), "{verdict}");
    assert!(guarded["warning"].is_null(), "{}", guarded["warning"]);
    assert_eq!(guarded["chosenCells"], serde_json::json!([4]));
}

/// `nullmove search ARGV` in process: its exit status and what it wrote to stderr.
fn search_status(argv: &[&str]) -> (u8, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = nullmove::run(
        std::iter::once("search").chain(argv.iter().copied()),
        &mut out,
        &mut err,
    );
    (status, String::from_utf8_lossy(&err).into_owned())
}

/// The page's guard menus are the command line's refusals, at every depth limit and R: the
/// command the page shows for every option it offers runs (`search` takes the flags of
/// `trace` and refuses the same), and every option it greys out is refused.
fn check_menus(menus: &Value) {
    let menus = menus.as_array().expect("one entry per depth limit and R");
    assert_eq!(menus.len(), 100);
    for at in menus {
        for command in strings(&at["commands"]) {
            let argv: Vec<&str> = command
                .strip_prefix("nullmove trace ")
                .expect("a trace command")
                .split(' ')
                .collect();
            let (status, err) = search_status(&argv);
            assert_eq!(status, 0, "the page offers {command}, refused: {err}");
        }
        let (depth, r) = (at["depth"].to_string(), at["reduction"].to_string());
        for greyed in rows(&at["greyed"]) {
            let [menu, value] = &greyed[..] else {
                panic!("a menu and a value: {greyed:?}")
            };
            let mut argv = vec!["--board", "...O.X...", "--depth", &depth, "--reduction", &r];
            argv.extend(["--mode", "null", "--engine", "optimized"]);
            let (flag, switch) = (format!("--{menu}"), format!("--{value}"));
            match menu.as_str() {
                "r-rule" => argv.push(&switch),
                _ => argv.extend([flag.as_str(), value]),
            }
            let (status, _) = search_status(&argv);
            assert_eq!(status, 2, "the page greys out {argv:?}, which runs");
        }
    }
}

/// The CLI's chart (its size) and the sweep's rows, the page's four figures among them.
fn check_sweep(sweep: &Value) {
    assert_eq!(sweep["chart"]["width"], 900);
    assert_eq!(sweep["chart"]["height"], 640);
    let table = rows(&sweep["rows"]);
    let document = cli_json(&["sweep"]);
    assert_eq!(
        table.len(),
        document["rows"].as_array().expect("rows").len()
    );
    for (depth, r, plain, null, saving) in [
        ("3", "1", "167", "78", "53.3%"),
        ("5", "3", "1,787", "803", "55.1%"),
        ("9", "1", "20,866", "80,790", "-287.2%"),
        ("9", "4", "20,866", "19,036", "8.8%"),
    ] {
        let row = table
            .iter()
            .find(|row| row[0] == depth && row[1] == r)
            .expect("the page's combination");
        assert_eq!(row[3..6], [plain, null, saving], "depth {depth} R {r}");
    }
}

/// One row per claim with its statement, status and replay commands as the audit document
/// has them ("—" where it has none).
fn check_audit(audit: &Value) {
    let columns = strings(&audit["columns"]);
    let pinned = pinned_audit();
    let claims = pinned["claims"].as_array().expect("claims");
    let table = rows(&audit["rows"]);
    assert_eq!(table.len(), claims.len());
    let column = |name: &str| columns.iter().position(|c| c == name).expect(name);
    let (status, replay, claim) = (column("status"), column("replay"), column("claim"));
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    for (row, c) in table.iter().zip(claims) {
        assert_eq!(row[claim], text(&c["statement"]));
        assert_eq!(row[status], text(&c["status"]));
        let commands = match &c["replay"] {
            Value::Array(list) if !list.is_empty() => {
                list.iter().map(text).collect::<Vec<_>>().join("\n")
            }
            Value::Null | Value::Array(_) => "—".to_owned(),
            other => text(other),
        };
        assert_eq!(row[replay], commands, "{}", c["id"]);
    }
    let summary = audit["status"].as_str().expect("a summary");
    let reproduced = claims
        .iter()
        .filter(|c| c["status"] == "reproduced")
        .count();
    assert!(
        summary.starts_with(&format!("{} claims: ", claims.len())),
        "{summary}"
    );
    assert!(
        summary.contains(&format!("{reproduced} reproduced")),
        "{summary}"
    );
}

/// A PNG of the whole viewport; copied to `docs/` when asked.
fn check_screenshot(screenshot: &Path, root: &Path) {
    let png = std::fs::read(screenshot).expect("a screenshot");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes"));
    assert_eq!((size(16), size(20)), (1280, 960));
    if std::env::var_os("NULLMOVE_UPDATE_SCREENSHOT").is_some() {
        std::fs::copy(screenshot, root.join("../docs/try-it.png")).expect("docs/ is writable");
    }
}
