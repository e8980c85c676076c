//! The bound on one `/api/trace` request, computed rather than assumed: over every reachable
//! position, depth limit 0..=9, R 0..=9 and both modes, the longest trace and how many
//! searches the server's cap refuses. (Naive and optimized emit the same events, event for
//! event: `optimized/tests/it/differential.rs`.)

use nullmove_core::{Engine, Mode, Position, SearchParams};
use nullmove_optimized::games::tictactoe::OptimizedEngine;
use nullmove_server::MAX_TRACE_EVENTS;

/// A search's events, the root report counted as one (as the API sends it).
fn events(position: &Position, params: &SearchParams) -> usize {
    let mut n = 1;
    OptimizedEngine.search_traced(position, params, &mut |_| n += 1);
    n
}

#[test]
fn the_longest_trace_and_what_the_cap_refuses() {
    let mut searches = 0;
    let mut longest = (0, String::new(), 0, 0);
    let mut longest_plain = 0;
    let mut refused = Vec::new();
    for position in Position::all_reachable() {
        for depth in 0..=9 {
            // Plain search ignores R: one search per depth limit.
            let plain = events(
                &position,
                &SearchParams::new(depth, 0, Mode::Plain).expect("valid"),
            );
            longest_plain = longest_plain.max(plain);
            searches += 1;
            refused.extend((plain > MAX_TRACE_EVENTS).then_some(plain));
            for r in 0..=9 {
                let n = events(
                    &position,
                    &SearchParams::new(depth, r, Mode::Null).expect("valid"),
                );
                searches += 1;
                if n > longest.0 {
                    longest = (n, position.to_string(), depth, r);
                }
                refused.extend((n > MAX_TRACE_EVENTS).then_some(n));
            }
        }
    }
    assert_eq!(searches, 5_478 * 10 * 11);
    assert_eq!(longest, (1_835_277, ".........".to_owned(), 9, 0));
    assert_eq!(
        longest_plain, 78_743,
        "every plain trace fits under the cap"
    );
    assert!(longest_plain <= MAX_TRACE_EVENTS);
    assert_eq!(refused.len(), 53, "null-move traces longer than the cap");
}
