//! A load on the server: many requests at once, every answer checked against what the CLI
//! itself prints for the same arguments, none allowed to go missing.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use nullmove_numbers::count;
use serde_json::{Value, json};

use super::cli::{cli, cli_json, cli_refusal};
use super::http::{get, query};

/// One kind of request and the answer it must get.
#[derive(Debug, Clone)]
pub struct Case {
    /// A short name for the report.
    pub name: &'static str,
    /// Path and query.
    pub path: String,
    /// The status it must get.
    pub status: u16,
    /// The body it must get.
    pub body: Expected,
}

/// What a body must be.
#[derive(Debug, Clone)]
pub enum Expected {
    /// Exactly this JSON document.
    Json(Value),
    /// Text holding this.
    Contains(&'static str),
}

/// The pitfall ("Pitfalls": `...O.X...`, depth limit 3, R 1) as a query, in `mode` (plain
/// alpha-beta takes no R: the command line refuses a flag that changes nothing).
fn pitfall(mode: &str, engine: &str) -> Vec<(&'static str, String)> {
    let mut pairs = vec![("board", "...O.X...".to_owned()), ("depth", "3".to_owned())];
    if mode == "null" {
        pairs.push(("reduction", "1".to_owned()));
    }
    pairs.extend([("mode", mode.to_owned()), ("engine", engine.to_owned())]);
    pairs
}

fn path(route: &str, pairs: &[(&str, String)]) -> String {
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    format!("{route}?{}", query(&pairs))
}

fn argv<'a>(command: &'a str, pairs: &'a [(&str, String)]) -> Vec<String> {
    std::iter::once(command.to_owned())
        .chain(
            pairs
                .iter()
                .flat_map(|(k, v)| [format!("--{k}"), v.clone()]),
        )
        .collect()
}

/// The trace document the server must send: the CLI's JSON lines as one array, and its text.
pub fn trace_document(args: &[String]) -> Value {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut json_args = args.clone();
    json_args.push("--json");
    let (status, lines, err) = cli(&json_args);
    assert_eq!(status, 0, "{err}");
    let events: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let (status, text, err) = cli(&args);
    assert_eq!(status, 0, "{err}");
    json!({ "events": events, "text": text.lines().collect::<Vec<_>>() })
}

/// The mix: searches and traces of the pitfall in both modes and engines, the empty-board
/// sweep, a refused board, and the page itself; each answer computed by the CLI first.
pub fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (name, mode, engine) in [
        ("search null", "null", "optimized"),
        ("search plain", "plain", "optimized"),
        ("search naive", "null", "naive"),
    ] {
        let pairs = pitfall(mode, engine);
        let args = argv("search", &pairs);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        cases.push(Case {
            name,
            path: path("/api/search", &pairs),
            status: 200,
            body: Expected::Json(cli_json(&args)),
        });
    }
    for (name, mode) in [("trace null", "null"), ("trace plain", "plain")] {
        let pairs = pitfall(mode, "optimized");
        cases.push(Case {
            name,
            path: path("/api/trace", &pairs),
            status: 200,
            body: Expected::Json(trace_document(&argv("trace", &pairs))),
        });
    }
    cases.push(Case {
        // Computed by its first request, then kept: every later one reads it.
        name: "sweep empty (kept)",
        path: "/api/sweep?positions=empty".to_owned(),
        status: 200,
        body: Expected::Json(cli_json(&["sweep", "--positions", "empty"])),
    });
    let mut refused = pitfall("null", "optimized");
    refused[0] = ("board", "...OO....".to_owned());
    let args = argv("search", &refused);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    // The command's line, and the refused value named apart for a form to say in its words.
    let line = cli_refusal(&args);
    let reason = line
        .split_once("': ")
        .expect("a refused value")
        .1
        .to_owned();
    cases.push(Case {
        name: "refused board",
        path: path("/api/search", &refused),
        status: 400,
        body: Expected::Json(json!({
            "error": line,
            "parameter": "board",
            "value": "...OO....",
            "reason": reason,
        })),
    });
    cases.push(Case {
        name: "page",
        path: "/".to_owned(),
        status: 200,
        body: Expected::Contains("<title>Null-move pruning: try it</title>"),
    });
    cases
}

/// What a load saw.
#[derive(Debug)]
pub struct Report {
    /// Requests sent.
    pub requests: usize,
    /// Requests in flight at once (threads).
    pub concurrency: usize,
    /// From the first request to the last answer.
    pub elapsed: Duration,
    /// Answers that matched.
    pub correct: usize,
    /// Answers that did not, with why.
    pub wrong: Vec<String>,
    /// Requests that got no answer (connection refused or reset, timeout), with why.
    pub lost: Vec<String>,
    /// Latencies per case name, sorted.
    pub latencies: Vec<(&'static str, Vec<Duration>)>,
}

/// Sends `requests` requests from `concurrency` threads at once, cycling through `cases`.
pub fn run(addr: SocketAddr, cases: &[Case], requests: usize, concurrency: usize) -> Report {
    let next = Arc::new(AtomicUsize::new(0));
    let start = Arc::new(Barrier::new(concurrency + 1));
    let cases: Arc<Vec<Case>> = Arc::new(cases.to_vec());
    let workers: Vec<_> = (0..concurrency)
        .map(|_| {
            let (next, start, cases) = (Arc::clone(&next), Arc::clone(&start), Arc::clone(&cases));
            std::thread::spawn(move || {
                let mut seen = Vec::new();
                start.wait();
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= requests {
                        return seen;
                    }
                    let case = &cases[i % cases.len()];
                    let t = Instant::now();
                    let outcome = get(addr, &case.path)
                        .map_err(|e| format!("{}: {e}", case.name))
                        .map(|answer| judge(case, &answer));
                    seen.push((i % cases.len(), t.elapsed(), outcome));
                }
            })
        })
        .collect();
    start.wait();
    let began = Instant::now();
    let mut report = Report {
        requests,
        concurrency,
        elapsed: Duration::ZERO,
        correct: 0,
        wrong: Vec::new(),
        lost: Vec::new(),
        latencies: cases.iter().map(|c| (c.name, Vec::new())).collect(),
    };
    for worker in workers {
        for (case, latency, outcome) in worker.join().expect("a load thread") {
            report.latencies[case].1.push(latency);
            match outcome {
                Ok(Ok(())) => report.correct += 1,
                Ok(Err(why)) => report.wrong.push(why),
                Err(why) => report.lost.push(why),
            }
        }
    }
    report.elapsed = began.elapsed();
    for (_, l) in &mut report.latencies {
        l.sort_unstable();
    }
    report
}

fn judge(case: &Case, answer: &super::http::Answer) -> Result<(), String> {
    if answer.status != case.status {
        return Err(format!(
            "{}: status {} (wanted {}): {}",
            case.name,
            answer.status,
            case.status,
            String::from_utf8_lossy(&answer.body[..answer.body.len().min(200)])
        ));
    }
    let matches = match &case.body {
        Expected::Json(want) => {
            serde_json::from_slice::<Value>(&answer.body).ok().as_ref() == Some(want)
        }
        Expected::Contains(text) => String::from_utf8_lossy(&answer.body).contains(text),
    };
    if matches {
        Ok(())
    } else {
        Err(format!("{}: a different body", case.name))
    }
}

impl Report {
    /// The figures as a table, in the book's words and separators: per case, requests and
    /// latency percentiles; then the totals.
    pub fn table(&self) -> String {
        let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1000.0);
        let pick = |l: &[Duration], q: f64| l[((l.len() - 1) as f64 * q).round() as usize];
        let n = |n: usize| count(n as u64);
        let mut out = format!(
            "{:<18} {:>8} {:>9} {:>9} {:>9}\n",
            "request", "count", "p50 ms", "p99 ms", "max ms"
        );
        for (name, l) in &self.latencies {
            if l.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "{name:<18} {:>8} {:>9} {:>9} {:>9}",
                n(l.len()),
                ms(pick(l, 0.5)),
                ms(pick(l, 0.99)),
                ms(*l.last().expect("not empty"))
            );
        }
        let _ = writeln!(
            out,
            "{} requests, {} at once: {} correct, {} wrong, {} lost, in {:.2} s ({} requests/s)",
            n(self.requests),
            n(self.concurrency),
            n(self.correct),
            n(self.wrong.len()),
            n(self.lost.len()),
            self.elapsed.as_secs_f64(),
            count((self.requests as f64 / self.elapsed.as_secs_f64()).round() as u64)
        );
        out
    }
}
