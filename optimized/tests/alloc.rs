//! No heap allocation in the search path, proven with a counting global allocator.
//!
//! A global allocator is per binary, so this file is its own test binary, and it holds a
//! single `#[test]` so no other test of the binary allocates while it counts; the counter is
//! also per thread, so the test harness's own threads cannot disturb it.
//!
//! What is covered, precisely:
//! - the recursive search itself: [`search_fixed`] (the root's bookkeeping in a fixed array, the very
//!   path `nullmove bench` times) and [`search_window`] (below the root), on every non-terminal reachable position
//!   at every depth limit 1..=9, reductions 0..=6, both modes — zero allocations;
//! - a whole [`OptimizedEngine::search`] through the `Engine` trait: exactly one allocation
//!   per search, the root report's move list, made by `RootTracker::new()` before searching;
//! - the naive engine on the same searches allocates (it mirrors the JavaScript's fresh
//!   arrays), which shows the counter counts.

use nullmove_core::{Engine, Mode, Position, SearchParams};
use nullmove_counting::CountingAllocator;
use nullmove_naive::NaiveEngine;
use nullmove_optimized::{OptimizedEngine, search_fixed, search_window};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn optimized_search_never_allocates() {
    // Everything is built before counting starts.
    let positions = Position::all_nonterminal();
    let grid: Vec<SearchParams> = (1..=9)
        .flat_map(|d| {
            (0..=6).flat_map(move |r| [Mode::Plain, Mode::Null].map(|m| SearchParams::new(d, r, m)))
        })
        .map(|p| p.expect("in range"))
        .collect();

    // 1. The recursive search itself, root and below: zero.
    let ((nodes, searches), n) = CountingAllocator::measure(|| {
        let (mut nodes, mut searches) = (0_u64, 0_u64);
        for p in &positions {
            for params in &grid {
                let (value, root, len, stats) = search_fixed(p, params);
                std::hint::black_box((value, root, len));
                nodes += stats.nodes;
                let below = search_window(
                    p.board(),
                    1,
                    !p.side_to_move().is_maximizing(),
                    -7,
                    7,
                    params,
                );
                nodes += std::hint::black_box(below).1.nodes;
                searches += 2;
            }
        }
        (nodes, searches)
    });
    assert_eq!(searches, 4_520 * 63 * 2 * 2);
    assert!(
        nodes > 43_774_555,
        "the whole grid was searched ({nodes} nodes)"
    );
    assert_eq!(n, 0, "the optimized search allocated {n} times");

    // 2. A whole search through the Engine trait: one allocation, the report's move list.
    let empty = Position::empty();
    for params in &grid {
        let (report, n) = CountingAllocator::measure(|| OptimizedEngine.search(&empty, params));
        assert_eq!(
            n, 1,
            "{params:?}: {n} allocations for {} nodes",
            report.nodes
        );
    }

    // 3. The counter counts: the page's mirror allocates a fresh array per node.
    let params = SearchParams::new(9, 1, Mode::Null).expect("in range");
    let (report, n) = CountingAllocator::measure(|| NaiveEngine.search(&empty, &params));
    assert_eq!(report.nodes, 80_790);
    assert!(
        n >= report.nodes,
        "naive allocated only {n} times for {} nodes",
        report.nodes
    );
}
