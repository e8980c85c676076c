//! No heap allocation in the search path, proven with a counting global allocator.
//!
//! A global allocator is per binary, so this file is its own test binary, and it holds a
//! single `#[test]` so no other test of the binary allocates while it counts; the counter is
//! also per thread, so the test harness's own threads cannot disturb it.
//!
//! What is covered, precisely:
//! - the library call itself, [`Searcher::search`] with its memory reserved once (the very
//!   path `nullmove bench` times), and [`Searcher::search_window`] below the root, on every
//!   non-terminal reachable position at every depth limit 1..=9, reductions 0..=6, both
//!   modes — zero allocations; with the principal variation kept too, on every seventh
//!   position;
//! - a whole [`OptimizedEngine::search`] through the `Engine` trait: exactly one allocation
//!   per search, the workspace report's move list;
//! - the naive engine on the same searches allocates (it mirrors the JavaScript's fresh
//!   arrays), which shows the counter counts.

use nullmove_core::{Engine, Mode, Position, SearchParams};
use nullmove_counting::CountingAllocator;
use nullmove_naive::NaiveEngine;
use nullmove_optimized::games::tictactoe::{OptimizedEngine, TicTacToe};
use nullmove_optimized::{Config, Searcher};

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
    let mut searcher = Searcher::new();
    searcher.reserve(9, 9);

    // 1. The search itself, root and below: zero.
    let ((nodes, searches), n) = CountingAllocator::measure(|| {
        let (mut nodes, mut searches) = (0_u64, 0_u64);
        for (i, p) in positions.iter().enumerate() {
            for params in &grid {
                let config = Config::from(params);
                let report = searcher.search(TicTacToe::from(p), &config);
                nodes += std::hint::black_box(report).stats.nodes;
                let below = TicTacToe::new(p.board(), !p.side_to_move().is_maximizing());
                let (_, stats) = searcher
                    .search_window(below, &config, 1, -7, 7)
                    .expect("a window");
                nodes += std::hint::black_box(stats).nodes;
                searches += 2;
                if i % 7 == 0 {
                    let with_pv = config.with_pv(true);
                    let report = searcher.search(TicTacToe::from(p), &with_pv);
                    assert!(report.pv.len() <= 9);
                    searches += 1;
                }
            }
        }
        (nodes, searches)
    });
    assert_eq!(searches, 4_520 * 63 * 2 * 2 + 646 * 63 * 2);
    assert!(
        nodes > 43_774_555,
        "the whole grid was searched ({nodes} nodes)"
    );
    assert_eq!(n, 0, "the optimized search allocated {n} times");

    // 2. A whole search through the Engine trait: one allocation, the report's move list
    // (once the thread's searcher has grown to the deepest search).
    let empty = Position::empty();
    let deepest = grid.last().expect("a grid");
    let _ = OptimizedEngine.search(&empty, deepest);
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
