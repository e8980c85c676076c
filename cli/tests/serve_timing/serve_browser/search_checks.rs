//! The widget's searches as a person meets them: the loads, Step and Run with the mouse and
//! the keys, Reset, the pitfall in both modes, refusals in the form's own words, a finished
//! game, a busy server, and the guards (with the probes each leaves counted).

use std::process::Command;

use serde_json::Value;

use super::serve_support::{cli, cli_json, cli_refusal};
use super::{assert_same_log, cli_log, events, pitfall, rows, shown, strings};

const PITFALL_CELLS: [&str; 9] = ["", "", "", "O", "", "X", "", "", ""];

/// The pitfall in null mode as the command line shows it.
const NULL_COMMAND: &str =
    "nullmove trace --board ...O.X... --depth 3 --reduction 1 --mode null --engine optimized";

/// The loads put the boards on screen, and the Pitfall button its whole setting back (board,
/// null move, depth limit 3, R 1, no guard) after other choices; Step shows one event at a
/// time.
pub fn check_loads_and_step(seen: &Value) {
    assert_eq!(seen["title"], "Null-move pruning: try it");
    assert_eq!(seen["loaded"]["notation"], "...O.X...");
    assert_eq!(strings(&seen["loaded"]["cells"]), PITFALL_CELLS);
    assert_eq!(seen["empty"]["notation"], ".........");
    assert_eq!(strings(&seen["empty"]["cells"]), [""; 9]);
    let pitfall = &seen["pitfall"];
    assert_eq!(strings(&pitfall["cells"]), PITFALL_CELLS);
    assert_eq!(
        [&pitfall["mode"], &pitfall["depth"], &pitfall["reduction"]],
        ["null", "3", "1"]
    );
    assert_eq!(pitfall["minProbeDepth"], "0", "the guards back off");
    assert_eq!(pitfall["command"], NULL_COMMAND);

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

/// Null move: the probe at depth 1 after X takes the centre, its resolution, and the prune
/// right after it ("Try it"); best move 0 worth 9 against the oracle's 4 worth 12, and the
/// warning ("Pitfalls"); Run keeps its focus, the newest line is the one highlighted.
pub fn check_null_move(null: &Value) {
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
    let current: Vec<bool> = null["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| l["current"] == true)
        .collect();
    assert_eq!(current.iter().filter(|&&c| c).count(), 1, "one newest line");
    assert_eq!(current.last(), Some(&true), "the newest is the last");
    assert_eq!(null["pruneVisible"], true);
    assert_eq!(null["status"], format!("Done: {} events.", events("null")));
    assert_eq!(
        null["focused"], "run",
        "Run keeps the focus when it is done"
    );
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

/// Reset empties the log and the result, puts the root position back and keeps the focus.
pub fn check_reset(reset: &Value) {
    assert_eq!(reset["lines"], 0);
    assert_eq!(reset["status"], "Press Step or Run.");
    assert_eq!(reset["result"], false);
    assert_eq!(strings(&reset["board"]["cells"]), PITFALL_CELLS);
    assert!(reset["board"]["caption"].is_null());
    assert_eq!(reset["board"]["played"], serde_json::json!([]));
    assert_eq!(reset["focused"], "reset");
}

/// What the form says of a value the parser refuses: the field's own name, the value as
/// typed, the parser's reason, and no command-line syntax.
fn form_words(label: &str, value: &str, argv: &[&str]) -> String {
    let line = cli_refusal(argv);
    let (_, reason) = line
        .split_once("': ")
        .unwrap_or_else(|| panic!("a refused value: {line}"));
    let stop = if reason.ends_with(['.', ')']) {
        ""
    } else {
        "."
    };
    format!("{label} \"{value}\": {reason}{stop}")
}

/// A new mode clears the log; plain alpha-beta finds the centre, warns of nothing, and has no
/// probe to step to; a refused board is named as the form names it.
pub fn check_plain(seen: &Value) {
    assert_eq!(seen["afterModeChange"]["lines"], 0);
    assert_eq!(seen["afterModeChange"]["status"], "Press Step or Run.");
    assert_eq!(seen["noProbe"]["status"], "No probe left in this search.");
    assert_eq!(seen["noProbe"]["lines"], 1, "the header alone");
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
        form_words("Position", "...OO....", &refused)
    );
}

/// Characters the parser refuses are drawn as typed and marked, missing cells marked; Enter
/// asks the server at once and the reason names the field; the command a shell runs as
/// shown, even for a board with a space and a quote.
pub fn check_refusals(seen: &Value) {
    let typed = &seen["typed"];
    assert_eq!(
        strings(&typed["cells"]),
        ["a", "b", "Z", "", "", "", "", "", ""]
    );
    assert_eq!(typed["invalid"], serde_json::json!([0, 1, 2]));
    assert_eq!(typed["missing"], serde_json::json!([3, 4, 5, 6, 7, 8]));
    let label = strings(&typed["labels"])[2].clone();
    assert!(label.contains("\"Z\", not X, O or ."), "{label}");
    let argv = [
        "search", "--board", "abZ", "--depth", "3", "--mode", "plain",
    ];
    let invalid = &seen["invalid"];
    assert_eq!(invalid["error"], form_words("Position", "abZ", &argv));
    assert_eq!(invalid["marked"], "true");
    assert_eq!(
        invalid["focused"], "notation",
        "Enter leaves the focus in the field"
    );

    let board = "X 'O.....";
    let command = seen["quoted"]["command"].as_str().expect("a command");
    let words = command
        .strip_prefix("nullmove ")
        .expect("a nullmove command");
    // The words as a shell splits them, each ended by a NUL, then run by the command line.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!("printf '%s\\0' {words}"))
        .output()
        .expect("sh runs");
    let split = String::from_utf8(out.stdout).expect("UTF-8");
    let args: Vec<&str> = split.split_terminator('\0').collect();
    let (status, _, err) = cli(&args);
    assert_eq!(status, 2, "{command}: {err}");
    assert!(
        err.starts_with(&format!("nullmove: invalid value '{board}' for '--board")),
        "the shell did not pass the board as typed: {command} gives {err}"
    );
    let argv = [
        "search", "--board", board, "--depth", "3", "--mode", "plain",
    ];
    assert_eq!(
        seen["quoted"]["error"],
        form_words("Position", board, &argv)
    );
}

/// Enter loads a typed board (lower case as the parser takes it); the focus stays in the
/// field, Tab leaves it; S and R step and run wherever the focus is but in a field, and the
/// focus does not move; Run by its key (Enter on it) keeps the focus on Run.
pub fn check_keyboard(keyboard: &Value) {
    let total = events("null");
    assert_eq!(keyboard["notation"], "...O.X...");
    assert_eq!(
        keyboard["status"],
        format!("Loaded: {total} events. Press Step or Run.")
    );
    assert_eq!(keyboard["lines"], 1, "the header");
    assert_eq!(keyboard["focusedAfterEnter"], "notation");
    let tabbed = keyboard["focusedAfterTab"].as_str().expect("a focus");
    assert!(!tabbed.is_empty() && tabbed != "notation", "{tabbed}");
    assert_eq!(
        keyboard["afterSteps"]["status"],
        format!("Event 2 of {total}.")
    );
    let run = &keyboard["afterRun"];
    assert_same_log("null", run);
    assert_eq!(
        run["focused"], tabbed,
        "the keys leave the focus where it was"
    );
    assert_eq!(keyboard["focusedAfterRunButton"], "run");
}

/// A finished game says so as the command line does, with no table of root moves.
pub fn check_finished(finished: &Value) {
    let mut argv = vec!["search"];
    argv.extend(pitfall("null"));
    argv[4] = "XXXOO....";
    let (_, out, _) = cli(&argv);
    let cli_says = "game over: X won, no move to search";
    assert!(out.contains(cli_says), "{out}");
    let verdict = finished["verdict"].as_str().expect("a verdict");
    assert!(verdict.starts_with(cli_says), "{verdict}");
    assert!(!verdict.contains("to move"), "{verdict}");
    assert_eq!(finished["tableShown"], false);
    assert!(finished["warning"].is_null());
    assert_eq!(finished["status"], "Done: 3 events.");
}

/// A 503 reads as busy with the retry time the server gave, and the next Run works.
pub fn check_busy(busy: &Value) {
    assert_eq!(
        busy["error"],
        "The server is busy with other requests: try again in 7 s."
    );
    assert_eq!(busy["status"], "Nothing searched.");
    let verdict = busy["after"]["verdict"].as_str().expect("a verdict");
    assert!(verdict.contains("Best move 0, value 9,"), "{verdict}");
}

/// The probes and cutoffs the verdict counts, as `(null probes N, null cutoffs M)` says.
fn counted(verdict: &str) -> (u64, u64) {
    let rest = verdict
        .split_once("(null probes ")
        .unwrap_or_else(|| panic!("no count of probes: {verdict}"))
        .1;
    let (probes, rest) = rest.split_once(", null cutoffs ").expect("cutoffs");
    let cutoffs = rest.split_once(')').expect("a closing parenthesis").0;
    (
        probes.parse().expect("a count"),
        cutoffs.parse().expect("a count"),
    )
}

/// The guard panel gives the CLI its flags: a guard the depth limit leaves nothing to do is
/// undone with a word, never sent. Two ways out of the pitfall told apart by the probes
/// counted: the minimum probe depth with its companions keeps every probe away (0 probes:
/// plain alpha-beta in effect, and the page says so); the adaptive R makes the probe itself
/// safe (probes made, as many as the command line counts).
pub fn check_guards(seen: &Value) {
    assert_eq!(seen["growing"]["rule"], "fixed");
    assert_eq!(seen["growing"]["command"], NULL_COMMAND);
    let note = seen["growing"]["note"].as_str().expect("a note");
    assert!(note.contains("depth limit of 4 or more"), "{note}");
    assert_eq!(
        seen["guardedCommand"],
        format!("{NULL_COMMAND} --min-probe-depth 1 --eval-gate --zero-window --non-pv")
    );
    let guarded = &seen["guarded"];
    let verdict = guarded["verdict"].as_str().expect("a verdict");
    assert!(verdict.contains("Best move 4, value 12,"), "{verdict}");
    assert_eq!(counted(verdict), (0, 0), "{verdict}");
    assert!(verdict.contains("No null-move probe was made"), "{verdict}");
    assert!(guarded["warning"].is_null(), "{}", guarded["warning"]);
    assert_eq!(guarded["chosenCells"], serde_json::json!([4]));

    let safe = &seen["safe"];
    assert_eq!(safe["command"], format!("{NULL_COMMAND} --adaptive-r"));
    let mut argv = vec!["search"];
    argv.extend(pitfall("null"));
    argv.push("--adaptive-r");
    let stats = &cli_json(&argv)["stats"];
    let probes = stats["null_probes"].as_u64().expect("a count");
    assert!(probes > 0, "the adaptive R still probes");
    let verdict = safe["verdict"].as_str().expect("a verdict");
    assert!(verdict.contains("Best move 4, value 12,"), "{verdict}");
    assert_eq!(
        counted(verdict),
        (probes, stats["null_cutoffs"].as_u64().expect("a count"))
    );
    assert!(!verdict.contains("No null-move probe"), "{verdict}");
    assert!(safe["warning"].is_null(), "{}", safe["warning"]);
}
