//! The server of `nullmove serve` as a client sees it (docs/src/specification.md, "The
//! command-line contract"): in process on a free port with the command line's commands, its
//! documents equal to the CLI's own for the same arguments, a bad parameter refused with
//! HTTP 400 and the CLI's one-line reason. The binary's flags, printed lines and signals
//! are `tests/it/serve_command.rs`'s; the request bounds, `server/tests/it/serve_http.rs`'s.

use crate::serve_support;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};

use nullmove::commands::serve::documents::CommandLine;
use nullmove_server::{
    Ask, Commands, Computation, Flag, Limits, Output, Progress, Refusal, Server, Stopped, Texts,
};
use serde_json::{Value, json};

use serve_support::{
    cli_json, cli_refusal, get, get_within, load, pinned_audit, pinned_review, query, start,
    start_reading,
};

/// `/api/ROUTE?pairs` and the argv `nullmove COMMAND` takes for the same pairs.
fn both<'a>(route: &str, command: &'a str, pairs: &[(&'a str, &'a str)]) -> (String, Vec<String>) {
    let argv = std::iter::once(command.to_owned())
        .chain(pairs.iter().flat_map(|(k, v)| {
            if *v == "true" {
                vec![format!("--{k}")]
            } else {
                vec![format!("--{k}"), (*v).to_owned()]
            }
        }))
        .collect();
    (format!("/api/{route}?{}", query(pairs)), argv)
}

const PITFALL: [(&str, &str); 4] = [
    ("board", "...O.X..."),
    ("depth", "3"),
    ("reduction", "1"),
    ("mode", "null"),
];

/// The pitfall's parameters, `extra` replacing or adding to them; what would change
/// nothing is left out as the command line requires (R in plain mode; mode and R for the
/// oracle).
fn with<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let given = |key: &str, value: &str| extra.contains(&(key, value));
    let unused: &[&str] = if given("engine", "oracle") {
        &["mode", "reduction"]
    } else if given("mode", "plain") {
        &["reduction"]
    } else {
        &[]
    };
    PITFALL
        .iter()
        .filter(|(k, _)| !extra.iter().any(|(e, _)| e == k) && !unused.contains(k))
        .chain(extra)
        .copied()
        .collect()
}

#[test]
fn searches_are_the_commands_own() {
    let server = start();
    let searches = [
        with(&[]),
        with(&[("mode", "plain")]),
        with(&[("engine", "naive")]),
        with(&[("engine", "oracle")]),
        with(&[("min-probe-depth", "1"), ("threat-guard", "true")]),
        with(&[("verify", "tn"), ("adaptive-r", "true"), ("min-empty", "2")]),
        with(&[("eval-gate", "true"), ("zero-window", "true")]),
        vec![
            ("board", "........."),
            ("depth", "5"),
            ("reduction", "3"),
            ("mode", "null"),
            ("depth-r", "true"),
        ],
        vec![
            ("board", "........."),
            ("depth", "9"),
            ("reduction", "4"),
            ("mode", "null"),
        ],
    ];
    for pairs in &searches {
        let (path, argv) = both("search", "search", pairs);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let answer = get(server.addr(), &path).expect("an answer");
        assert_eq!(answer.status, 200, "{path}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        assert_eq!(answer.json(), cli_json(&argv), "{path}");
    }
    assert_eq!(server.stop(), Ok(Stopped::Drained { answered: 0 }));
}

#[test]
fn traces_are_the_commands_own() {
    let server = start();
    for pairs in [
        with(&[]),
        with(&[("mode", "plain"), ("engine", "naive")]),
        with(&[("min-probe-depth", "1")]),
    ] {
        let (path, argv) = both("trace", "trace", &pairs);
        let answer = get(server.addr(), &path).expect("an answer");
        assert_eq!(answer.status, 200, "{path}: {}", answer.text());
        assert_eq!(answer.json(), load::trace_document(&argv), "{path}");
    }
    let (path, _) = both("trace", "trace", &with(&[("min-probe-depth", "1")]));
    let guarded = get(server.addr(), &path).expect("an answer").json();
    assert_eq!(
        guarded["events"]
            .as_array()
            .and_then(|e| e.last())
            .map(|r| &r["best_move"]),
        Some(&json!(4)),
        "the page's first safeguard fixes the pitfall, in the trace too"
    );
}

#[test]
fn sweeps_and_their_charts_are_the_commands_own() {
    let server = start();
    for pairs in [
        vec![],
        vec![
            ("depths", "3..=5"),
            ("reductions", "1..=3"),
            ("engine", "naive"),
        ],
        vec![("positions", "empty"), ("min-probe-depth", "1")],
    ] {
        let (path, argv) = both("sweep", "sweep", &pairs);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let answer = get(server.addr(), &path).expect("an answer");
        assert_eq!(answer.status, 200, "{path}: {}", answer.text());
        assert_eq!(answer.json(), cli_json(&argv), "{path}");
        // The chart is the file `--svg` writes, byte for byte.
        let file = std::env::temp_dir().join(format!("serve-test-{}.svg", std::process::id()));
        let mut svg_argv = argv.clone();
        svg_argv.extend(["--svg", file.to_str().expect("a UTF-8 temp path")]);
        let _ = cli_json(&svg_argv);
        let written = std::fs::read(&file).expect("the CLI wrote its chart");
        let _ = std::fs::remove_file(&file);
        let chart_path = path.replacen("/api/sweep?", "/api/sweep.svg?", 1);
        let chart = get(server.addr(), &chart_path).expect("an answer");
        assert_eq!(chart.status, 200);
        assert_eq!(chart.header("content-type"), Some("image/svg+xml"));
        assert!(
            chart.body == written,
            "{path}: the chart differs from --svg's"
        );
    }
}

#[test]
fn bad_parameters_get_400_and_the_clis_reason() {
    let server = start();
    let refused = [
        ("search", "search", with(&[("board", "...O.X..")])),
        ("search", "search", with(&[("board", "...OO....")])),
        ("search", "search", with(&[("board", "XXX.OO.O.")])),
        ("search", "search", with(&[("depth", "1000000")])),
        ("search", "search", with(&[("mode", "nul")])),
        ("search", "search", with(&[("verify", "stockfish:0")])),
        (
            "search",
            "search",
            with(&[("engine", "naive"), ("threat-guard", "true")]),
        ),
        (
            "search",
            "search",
            vec![("board", "...O.X..."), ("depth", "3")],
        ),
        ("search", "search", vec![]),
        ("trace", "trace", with(&[("engine", "oracle")])),
        ("sweep", "sweep", vec![("engine", "oracle")]),
        ("sweep", "sweep", vec![("depths", "0..=12")]),
        ("sweep", "sweep", vec![("positions", "some")]),
        (
            "sweep",
            "sweep",
            vec![("positions", "all"), ("positions", "empty")],
        ),
    ];
    for (route, command, pairs) in refused {
        let (path, argv) = both(route, command, &pairs);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let answer = get(server.addr(), &path).expect("an answer");
        assert_eq!(answer.status, 400, "{path}");
        assert_eq!(answer.header("content-type"), Some("application/json"));
        assert_refusal(&answer.json(), &cli_refusal(&argv), &path);
    }
    // What only the server refuses: a flag that is not the route's (no file can be named), a
    // switch with another value than true or false, a trace longer than it sends.
    for (path, reason) in [
        (
            "/api/sweep?svg=%2Ftmp%2Fx.svg",
            "unknown parameter 'svg': /api/sweep takes positions, depths, reductions, engine, \
             min-probe-depth, threat-guard, min-empty, adaptive-r, depth-r, eval-r, eval-gate, \
             zero-window, non-pv, verify",
        ),
        (
            "/api/audit?json=true",
            "unknown parameter 'json': /api/audit takes none",
        ),
        (
            "/api/search?board=...O.X...&depth=3&reduction=1&mode=null&threat-guard=yes",
            "threat-guard is a switch: true or false, not 'yes'",
        ),
        (
            "/api/trace?board=.........&depth=9&reduction=0&mode=null",
            "the trace has 1835277 events, more than the 100000 allowed here; `nullmove trace` \
             prints it whole in a terminal",
        ),
        // A value that looks like a flag is still the value.
        (
            "/api/search?board=--json&depth=3&reduction=1&mode=null",
            "invalid value '--json' for '--board <BOARD>': a board is 9 characters (one per \
             cell, row-major), got 6",
        ),
    ] {
        let answer = get(server.addr(), path).expect("an answer");
        assert_eq!(answer.status, 400, "{path}");
        assert_refusal(&answer.json(), reason, path);
    }
}

/// A 400's body: `{"error": line}`, and when the parser refused one value, that value named
/// apart (`parameter`, `value`, the parser's `reason` alone) for a form to say in its words.
fn assert_refusal(body: &Value, line: &str, path: &str) {
    assert_eq!(body["error"], line, "{path}");
    let named = line
        .strip_prefix("invalid value '")
        .and_then(|rest| rest.split_once("' for '--"))
        .and_then(|(value, rest)| {
            let (flag, reason) = rest.split_once("': ")?;
            Some((value, flag.split(' ').next()?, reason))
        });
    let fields = body.as_object().expect("an object").len();
    match named {
        Some((value, parameter, reason)) => {
            assert_eq!(
                body,
                &json!({ "error": line, "parameter": parameter, "value": value, "reason": reason }),
                "{path}"
            );
        }
        None => assert_eq!(fields, 1, "{path}: {body}"),
    }
}

/// What the server adds to the audit: three requests at once (two of `/api/audit`, one of
/// the reviewer's view) share one computation, each gets the whole document, the view
/// annotates the texts with it as `audit --html` does, and while it runs its progress
/// counts the claims. The whole audit is the fixtures' to compute, once a gate (about ten
/// seconds of CPU): here the command line's commands run as they are, but `audit` replays
/// the document it is pinned to, claim by claim ([`PinnedAudit`]); that the route computes
/// what `audit --json` prints is [`the_audit_route_computes_what_audit_json_prints`]'s.
#[test]
fn the_audit_is_the_commands_document() {
    let server = Server::start_with(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        Limits::standard(),
        PinnedAudit(CommandLine::default()),
    )
    .expect("the server starts");
    // Three requests at once share one computation; each gets the whole document.
    let addr = server.addr();
    let long = std::time::Duration::from_secs(600);
    let other =
        std::thread::spawn(move || get_within(addr, "/api/audit", long).expect("an answer"));
    let review =
        std::thread::spawn(move || get_within(addr, "/api/review", long).expect("an answer"));
    let watching = std::thread::spawn(move || watch_progress(addr));
    let answer = get_within(addr, "/api/audit", long).expect("an answer");
    let second = other.join().expect("the other request");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body, second.body);
    assert_eq!(answer.json(), pinned_audit());

    let review = review.join().expect("the review's request");
    match pinned_review() {
        Ok(expected) => {
            assert_eq!(review.status, 200, "{}", review.text());
            assert_eq!(review.text(), expected);
        }
        Err(line) => {
            // Without the texts, the server says what the command line says.
            assert_eq!(review.status, 422);
            assert_eq!(review.json(), json!({ "error": line }));
        }
    }
    let seen = watching.join().expect("the progress");
    let claims = pinned_audit()["claims"].as_array().expect("claims").len();
    let running: Vec<(u64, u64)> = seen
        .iter()
        .filter(|p| p["state"] == "running" && p.get("total").is_some())
        .map(|p| {
            (
                p["done"].as_u64().expect("done"),
                p["total"].as_u64().expect("total"),
            )
        })
        .collect();
    // The audit runs for seconds and the progress is asked every 50 ms from its start, so
    // it is seen counting: each time of all its claims, never fewer done than before.
    assert!(!running.is_empty(), "{seen:?}");
    assert!(
        running.iter().all(|&(d, t)| t == claims as u64 && d <= t),
        "{running:?}"
    );
    assert!(running.windows(2).all(|w| w[0].0 <= w[1].0), "{running:?}");
    assert_eq!(seen.last(), Some(&json!({ "state": "ready" })));
    for path in ["/api/audit/progress", "/api/review/progress"] {
        assert_eq!(
            get(addr, path).expect("an answer").json(),
            json!({ "state": "ready" })
        );
    }
}

/// The command line's commands, but `audit` (the route of `/api/audit` and of the reviewer's
/// view) answers with the pinned document after counting its claims as the audit does.
struct PinnedAudit(CommandLine);

impl Commands for PinnedAudit {
    fn flags(&self, command: &str) -> Option<Vec<Flag>> {
        self.0.flags(command)
    }

    fn parse(&self, argv: &[String]) -> Result<Box<dyn Computation>, Refusal> {
        if argv.first().map(String::as_str) == Some("audit") {
            // What the real route parses (and refuses) first.
            self.0.parse(argv)?;
            Ok(Box::new(Replayed))
        } else {
            self.0.parse(argv)
        }
    }

    fn texts(&self) -> Result<Box<dyn Texts>, Refusal> {
        self.0.texts()
    }
}

/// The pinned audit, its claims counted 10 ms apart (the real one takes seconds).
struct Replayed;

impl Computation for Replayed {
    fn key(&self) -> String {
        "audit".to_owned()
    }

    fn compute(self: Box<Self>, ask: &Ask<'_>) -> Result<Option<Output>, Refusal> {
        let document = pinned_audit();
        let total = document["claims"].as_array().expect("claims").len();
        for done in 0..=total {
            if ask.stop.load(Ordering::SeqCst) {
                return Ok(None);
            }
            ask.progress.set(done, total);
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let json = serde_json::to_vec_pretty(&document).expect("JSON");
        Ok(Some(Output::json(json)))
    }
}

/// The route's own computation, in process, on one claim (the route serves the whole audit,
/// whose one computation a gate makes in the fixtures' tests): the document `nullmove audit
/// --claim ID --json` prints, the claim as the whole audit measures it, and its progress
/// counted to the end.
#[test]
fn the_audit_route_computes_what_audit_json_prints() {
    let id = "pitfall1-null-choice";
    let argv = ["audit".to_owned(), format!("--claim={id}")];
    let computation = CommandLine::default()
        .parse(&argv)
        .expect("the route's parser");
    let stop = AtomicBool::new(false);
    let progress = Progress::default();
    let ask = Ask {
        stop: &stop,
        max_events: usize::MAX,
        progress: &progress,
    };
    let output = computation
        .compute(&ask)
        .expect("the audit runs")
        .expect("not stopped");
    let served: Value = serde_json::from_slice(&output.json).expect("JSON");
    assert_eq!(served, cli_json(&["audit", "--claim", id]));
    let pinned = pinned_audit();
    let whole = pinned["claims"]
        .as_array()
        .expect("claims")
        .iter()
        .find(|c| c["id"] == id)
        .expect("the claim is in the whole audit");
    assert_eq!(&served["claims"][0], whole);
    assert_eq!(progress.get(), (1, 1));
}

/// `/api/audit/progress`, asked every 50 ms until the audit is kept.
fn watch_progress(addr: std::net::SocketAddr) -> Vec<Value> {
    let mut seen = Vec::new();
    loop {
        let p = get(addr, "/api/audit/progress").expect("an answer").json();
        let ready = p["state"] == "ready";
        seen.push(p);
        if ready {
            return seen;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Texts that cannot be annotated are refused at once, in the command line's words, and no
/// audit is started for them.
#[test]
fn the_review_refuses_texts_it_cannot_annotate() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("review-texts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let edited = dir.join("page.txt");
    std::fs::write(&edited, "A page of our own. It cites nothing.").expect("a text");
    let large = dir.join("large.txt");
    // Sparse: 50 MB that take no disk and no time to write.
    std::fs::File::create(&large)
        .and_then(|f| f.set_len(50_000_000))
        .expect("a large text");
    for (page, says) in [
        (dir.join("missing.txt"), "cannot read the page ("),
        (edited, "is not the page the claims cite (an edited copy?)"),
        (large, "over the limit of 1,048,576 bytes (1 MiB)"),
    ] {
        let line = nullmove::commands::audit::review_texts(Some(&page), None)
            .expect_err("refused")
            .to_string();
        assert!(line.contains(says), "{line}");
        let server = start_reading(Some(page), None);
        let answer = get(server.addr(), "/api/review").expect("an answer");
        assert_eq!(answer.status, 422);
        assert_eq!(answer.json(), json!({ "error": line }));
        let progress = get(server.addr(), "/api/audit/progress").expect("an answer");
        assert_eq!(progress.json(), json!({ "state": "idle" }));
    }
    let server = start();
    let refused = get(server.addr(), "/api/audit/progress?claim=x").expect("an answer");
    assert_eq!(refused.status, 400);
    assert_eq!(
        refused.json(),
        json!({ "error": "unknown parameter 'claim': /api/audit/progress takes none" })
    );
    let _ = std::fs::remove_dir_all(&dir);
}
