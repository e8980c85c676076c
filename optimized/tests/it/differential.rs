//! Node for node: the optimized engine against the page's mirror (naive), exhaustively.
//!
//! Every one of the 4,520 non-terminal reachable positions, every depth limit 1..=9, every
//! reduction 0..=6, both modes: the same root report (value, best move, every root move's
//! value, node count) and the same statistics (`differential_reports`), and the same event
//! trace, event for event (`differential_traces`). Work is spread over the cores with rayon;
//! every failure is collected and reported once.

use nullmove_core::{Engine, Event, EventSink, Mode, Position, RootReport, SearchParams};
use nullmove_naive::NaiveEngine;
use nullmove_optimized::games::tictactoe::OptimizedEngine;
use rayon::prelude::*;

const DEPTHS: std::ops::RangeInclusive<u32> = 1..=9;
const REDUCTIONS: std::ops::RangeInclusive<u32> = 0..=6;
const MODES: [Mode; 2] = [Mode::Plain, Mode::Null];

/// Every search of the exhaustive grid for one position.
fn grid() -> impl Iterator<Item = SearchParams> {
    DEPTHS.flat_map(|d| {
        REDUCTIONS.flat_map(move |r| {
            MODES
                .into_iter()
                .map(move |m| SearchParams::new(d, r, m).expect("in range"))
        })
    })
}

/// Runs `check` on every (position, params) of the grid in parallel; returns the failures
/// (at most a few per position, so a systematic bug does not flood the report).
fn over_grid<F>(check: F) -> (usize, Vec<String>)
where
    F: Fn(&Position, &SearchParams) -> Option<String> + Sync,
{
    let positions = Position::all_nonterminal();
    assert_eq!(positions.len(), 4_520);
    let results: Vec<(usize, Vec<String>)> = positions
        .par_iter()
        .map(|p| {
            let mut failures = Vec::new();
            let mut searches = 0;
            for params in grid() {
                searches += 1;
                if let Some(f) = check(p, &params)
                    && failures.len() < 3
                {
                    failures.push(format!("{p} {params:?}: {f}"));
                }
            }
            (searches, failures)
        })
        .collect();
    let searches = results.iter().map(|r| r.0).sum();
    let failures = results.into_iter().flat_map(|r| r.1).collect();
    (searches, failures)
}

fn assert_no_failures(what: &str, searches: usize, failures: &[String]) {
    assert_eq!(searches, 4_520 * 9 * 7 * 2, "the grid is exhaustive");
    assert!(
        failures.is_empty(),
        "{what}: {} positions differ, first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Same report and statistics on the untraced path (the one benchmarks and the CLI use).
#[test]
fn differential_reports() {
    let total_nodes = std::sync::atomic::AtomicU64::new(0);
    let (searches, failures) = over_grid(|p, params| {
        let naive = NaiveEngine.search(p, params);
        let optimized = OptimizedEngine.search(p, params);
        total_nodes.fetch_add(naive.nodes, std::sync::atomic::Ordering::Relaxed);
        (naive != optimized).then(|| format!("naive {naive:?}\n    optimized {optimized:?}"))
    });
    assert_no_failures("reports", searches, &failures);
    // The workload's signature, as `nullmove bench` and the benches report it.
    assert_eq!(total_nodes.into_inner(), 43_774_555);
}

/// Checks the optimized engine's events against the naive engine's as they are emitted,
/// without storing a second trace.
struct Compare<'a> {
    expected: &'a [Event],
    next: usize,
    first_difference: Option<(usize, Event)>,
}

impl EventSink for Compare<'_> {
    fn event(&mut self, event: Event) {
        if self.first_difference.is_none() && self.expected.get(self.next) != Some(&event) {
            self.first_difference = Some((self.next, event));
        }
        self.next += 1;
    }
}

fn traced(
    engine: &dyn Engine,
    p: &Position,
    params: &SearchParams,
    sink: &mut dyn EventSink,
) -> RootReport {
    engine.search_traced(p, params, sink)
}

/// Same events in the same order, for every search of the grid; and tracing does not
/// change the report.
#[test]
fn differential_traces() {
    let total_events = std::sync::atomic::AtomicU64::new(0);
    let (searches, failures) = over_grid(|p, params| {
        let mut expected: Vec<Event> = Vec::new();
        let naive = traced(&NaiveEngine, p, params, &mut expected);
        let mut compare = Compare {
            expected: &expected,
            next: 0,
            first_difference: None,
        };
        let optimized = traced(&OptimizedEngine, p, params, &mut compare);
        total_events.fetch_add(expected.len() as u64, std::sync::atomic::Ordering::Relaxed);
        if let Some((i, got)) = compare.first_difference {
            return Some(format!(
                "event {i}: naive {:?}, optimized {got:?}",
                expected.get(i)
            ));
        }
        if compare.next != expected.len() {
            return Some(format!(
                "{} events from naive, {} from optimized",
                expected.len(),
                compare.next
            ));
        }
        (naive != optimized || optimized != OptimizedEngine.search(p, params))
            .then(|| format!("traced reports differ: naive {naive:?}, optimized {optimized:?}"))
    });
    assert_no_failures("traces", searches, &failures);
    assert_eq!(total_events.into_inner(), 170_385_862);
}

/// The corners the grid leaves out: depth limit 0 (the root is a leaf) and reductions 7..=9
/// (no probe can start), on every position.
#[test]
fn differential_outside_the_grid() {
    let positions = Position::all_nonterminal();
    let failures: Vec<String> = positions
        .par_iter()
        .flat_map_iter(|p| {
            let zero = (0..=9).flat_map(|r| MODES.map(|m| SearchParams::new(0, r, m)));
            let big_r = (7..=9).flat_map(|r| MODES.map(move |m| SearchParams::new(9, r, m)));
            zero.chain(big_r)
                .map(|params| params.expect("in range"))
                .filter_map(move |params| {
                    let (naive, optimized) = (
                        NaiveEngine.search(p, &params),
                        OptimizedEngine.search(p, &params),
                    );
                    (naive != optimized)
                        .then(|| format!("{p} {params:?}: {naive:?} vs {optimized:?}"))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{}",
        failures[..failures.len().min(10)].join("\n")
    );
}

/// The page's published figures, computed by the optimized engine (the fixtures crate checks
/// them on every engine; this keeps the crate's own tests self-contained).
#[test]
fn published_figures() {
    let empty = Position::empty();
    let nodes = |d, r, m| {
        OptimizedEngine
            .search(&empty, &SearchParams::new(d, r, m).unwrap())
            .nodes
    };
    assert_eq!(
        (nodes(3, 1, Mode::Plain), nodes(3, 1, Mode::Null)),
        (167, 78)
    );
    assert_eq!(
        (nodes(5, 3, Mode::Plain), nodes(5, 3, Mode::Null)),
        (1_787, 803)
    );
    assert_eq!(
        (nodes(9, 1, Mode::Plain), nodes(9, 1, Mode::Null)),
        (20_866, 80_790)
    );
    assert_eq!(
        (nodes(9, 4, Mode::Plain), nodes(9, 4, Mode::Null)),
        (20_866, 19_036)
    );
    let pitfall: Position = "...O.X...".parse().unwrap();
    let plain = OptimizedEngine.search(&pitfall, &SearchParams::new(3, 1, Mode::Plain).unwrap());
    let null = OptimizedEngine.search(&pitfall, &SearchParams::new(3, 1, Mode::Null).unwrap());
    assert_eq!((plain.best_move, plain.value), (Some(4), 12));
    assert_eq!((null.best_move, null.value), (Some(0), 9));
}
