//! The board follows the search: at each event the page shows the position that event is
//! about. The positions are replayed here from `nullmove trace --json`'s events on their
//! own, anchored to the text `nullmove trace` prints for every call ("call depth 3: X to
//! move after O passes"), and each is compared with what the page drew.

use serde_json::Value;

use super::serve_support::cli;
use super::{pitfall, strings};

/// One step of the line from the root: a side's move to a cell, or its pass.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    Move(String, u64),
    Pass(String),
}

impl Step {
    /// As the trace's text names it: `X 4`, `O passes`.
    fn text(&self) -> String {
        match self {
            Self::Move(side, cell) => format!("{side} {cell}"),
            Self::Pass(side) => format!("{side} passes"),
        }
    }
}

/// The position an event is about.
#[derive(Debug, Clone)]
struct Position {
    cells: Vec<String>,
    line: Vec<Step>,
    to_move: String,
    depth: u64,
    /// The step this event makes (a move, a probe's pass), if it makes one.
    latest: Option<Step>,
}

fn other(side: &str) -> String {
    if side == "X" { "O" } else { "X" }.to_owned()
}

fn field<'a>(event: &'a Value, name: &str) -> &'a str {
    event[name]
        .as_str()
        .unwrap_or_else(|| panic!("{name} in {event}"))
}

fn number(event: &Value, name: &str) -> u64 {
    event[name]
        .as_u64()
        .unwrap_or_else(|| panic!("{name} in {event}"))
}

/// Each event's position, from the root `board`: a call opens its node, a return closes it;
/// a move and a probe's pass make the position the next call searches.
fn replay(board: &str, events: &[Value]) -> Vec<Position> {
    let root = Position {
        cells: board
            .chars()
            .map(|c| {
                if c == '.' {
                    String::new()
                } else {
                    c.to_string()
                }
            })
            .collect(),
        line: Vec::new(),
        to_move: field(&events[0], "side").to_owned(),
        depth: 0,
        latest: None,
    };
    let mut open: Vec<Position> = Vec::new();
    let mut next = root.clone();
    let mut out = Vec::new();
    for event in events {
        let node = open.last().cloned().unwrap_or_else(|| root.clone());
        let shown = match field(event, "event") {
            "call" => {
                field(event, "side").clone_into(&mut next.to_move);
                next.depth = number(event, "depth");
                open.push(next.clone());
                next.clone()
            }
            "move" => {
                let (side, cell) = (field(event, "side"), number(event, "cell"));
                let step = Step::Move(side.to_owned(), cell);
                next = node.clone();
                side.clone_into(&mut next.cells[usize::try_from(cell).expect("a cell")]);
                next.line.push(step.clone());
                next.to_move = other(side);
                next.depth = node.depth + 1;
                Position {
                    latest: Some(step),
                    ..next.clone()
                }
            }
            "probe_start" => {
                let side = field(event, "side");
                let step = Step::Pass(side.to_owned());
                next = node.clone();
                next.line.push(step.clone());
                next.to_move = other(side);
                next.depth = number(event, "target_depth");
                Position {
                    latest: Some(step),
                    ..next.clone()
                }
            }
            "verify_start" => {
                // The same node searched again with real moves, at the verification's depth.
                next = node.clone();
                next.depth = number(event, "target_depth");
                node
            }
            "return" => {
                open.pop();
                node
            }
            _ => node,
        };
        out.push(shown);
    }
    out
}

/// The pitfall's trace in null mode: its events (the root report left out) and its text.
pub fn pitfall_trace() -> (Vec<Value>, Vec<String>) {
    let mut args = vec!["trace"];
    args.extend(pitfall("null"));
    let (_, text, _) = cli(&args);
    args.push("--json");
    let (_, json, _) = cli(&args);
    let mut events: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(
        events.pop().expect("the root report")["event"],
        "root_report"
    );
    (events, text.lines().map(str::to_owned).collect())
}

/// The replay agrees with the trace's own words: every call names its side to move, its
/// depth and the step that led to it as the replay has them.
fn anchored(positions: &[Position], events: &[Value], text: &[String]) {
    for (i, (position, event)) in positions.iter().zip(events).enumerate() {
        if event["event"] != "call" {
            continue;
        }
        let from = position.line.last().map_or_else(
            || "at the root".to_owned(),
            |s| format!("after {}", s.text()),
        );
        let want = format!(
            "call depth {}: {} to move {from}",
            position.depth, position.to_move
        );
        let line = text[1 + i].trim_start();
        assert!(
            line.starts_with(&want),
            "event {i}: {line:?} is not {want:?}"
        );
    }
}

/// Whether the page's state after `shown` events is the position of event `shown - 1`.
fn check_state(state: &Value, shown: usize, total: usize, positions: &[Position], text: &[String]) {
    let want = &positions[shown - 1];
    let board = &state["board"];
    let at = format!("after {shown} events: {state}");
    assert_eq!(
        state["status"],
        format!("Event {shown} of {total}."),
        "{at}"
    );
    assert_eq!(
        strings(&state["current"]),
        [text[shown].trim_start()],
        "{at}"
    );
    assert_eq!(strings(&board["cells"]), want.cells, "{at}");
    let mut played: Vec<u64> = want
        .line
        .iter()
        .filter_map(|s| match s {
            Step::Move(_, cell) => Some(*cell),
            Step::Pass(_) => None,
        })
        .collect();
    played.sort_unstable();
    assert_eq!(board["played"], serde_json::json!(played), "{at}");
    let latest: Vec<u64> = match &want.latest {
        Some(Step::Move(_, cell)) => vec![*cell],
        _ => vec![],
    };
    assert_eq!(board["latest"], serde_json::json!(latest), "{at}");
    let passing = matches!(want.latest, Some(Step::Pass(_)));
    assert_eq!(board["passing"], passing, "{at}");
    let in_probe = want.line.iter().any(|s| matches!(s, Step::Pass(_)));
    assert_eq!(board["inProbe"], in_probe, "{at}");
    let line = if want.line.is_empty() {
        "the root".to_owned()
    } else {
        let steps: Vec<String> = want.line.iter().map(Step::text).collect();
        format!("after {}", steps.join(", "))
    };
    let caption = board["caption"].as_str().expect("a caption");
    assert!(caption.starts_with(&format!("Event {shown}: ")), "{at}");
    let described = format!("{line} · {} to move · depth {}", want.to_move, want.depth);
    assert!(
        caption.contains(&described),
        "{caption:?} lacks {described:?}"
    );
    assert_eq!(
        caption.contains("passes: the board is unchanged"),
        passing,
        "{at}"
    );
}

/// Where a jump from `shown` events lands: the next probe, the next prune, or the return
/// that ends the call open now.
fn landing(key: &str, shown: usize, events: &[Value]) -> usize {
    let levels: Vec<i64> = events
        .iter()
        .scan(0, |open, e| {
            *open += i64::from(e["event"] == "call") - i64::from(e["event"] == "return");
            Some(*open)
        })
        .collect();
    let open = levels[shown - 1];
    let wanted = |i: usize| match key {
        "p" => events[i]["event"] == "probe_start",
        "u" => events[i]["event"] == "prune",
        "e" => events[i]["event"] == "return" && levels[i] == open - 1,
        other => panic!("no key {other}"),
    };
    (shown..events.len())
        .find(|&i| wanted(i))
        .unwrap_or_else(|| panic!("nothing for {key} after {shown}"))
}

/// Stepping one event at a time with the keys, every position on the board is the
/// event's; the jumps land on the next probe, the next prune (the second: the centre
/// discarded) and the end of the call, with the board there too.
pub fn check_following(seen: &Value) {
    let (events, text) = pitfall_trace();
    let positions = replay("...O.X...", &events);
    anchored(&positions, &events, &text);
    let total = events.len();
    let following = seen["following"].as_array().expect("the steps");
    for (j, state) in following.iter().enumerate() {
        check_state(state, 3 + j, total, &positions, &text);
    }
    let mut shown = 2 + following.len();
    let jumps = seen["jumps"].as_array().expect("the jumps");
    for jump in jumps {
        let key = jump["key"].as_str().expect("a key");
        shown = landing(key, shown, &events) + 1;
        check_state(jump, shown, total, &positions, &text);
    }
    let discarded = jumps[2]["last"].as_str().expect("a line");
    assert!(
        discarded.ends_with("X's move 4 is discarded"),
        "{discarded}"
    );
    // What the cells say to a screen reader, and the numbers in their corners.
    let board = &following[0]["board"];
    let numbers: Vec<String> = (0..9).map(|c| format!("\"{c}\"")).collect();
    assert_eq!(strings(&board["numbers"]), numbers);
    assert!(
        strings(&board["labels"])
            .iter()
            .enumerate()
            .all(|(c, l)| l.starts_with(&format!("cell {c}: ")))
    );
}
