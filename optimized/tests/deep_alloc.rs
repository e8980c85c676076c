//! The deep search allocates nothing while it searches, proven with a counting global
//! allocator (its own test binary with a single test, as `tests/alloc.rs`): every buffer
//! (the move stack, the table, killers, the principal variation) is made by
//! `DeepSearcher::with_table`, and `clear`/`set_game` reuse them; every game is a copied
//! value. Limits (nodes, time, a stop handle) allocate nothing either, nor does a search
//! they stop.

mod deep_support;

use deep_support::{RandomTree, Ttt};
use nullmove_core::Position;
use nullmove_counting::CountingAllocator;
use std::ops::ControlFlow;
use std::time::Duration;

use nullmove_optimized::{Config, DeepSearcher, Guards, Limits, StopHandle};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn the_deep_search_never_allocates() {
    let positions = Position::all_nonterminal();
    let trees: Vec<RandomTree> = (0..100).map(|seed| RandomTree::new(seed, 12)).collect();
    for (preset, guards) in Guards::presets() {
        for tt_bits in [None, Some(12)] {
            // Built before counting: the searchers and every game they will be handed.
            let mut ttt = DeepSearcher::with_table(Ttt::new(&positions[0]), tt_bits);
            let games: Vec<Ttt> = positions.iter().step_by(7).map(Ttt::new).collect();
            let mut tree = DeepSearcher::with_table(trees[0], tt_bits);
            let mut tree_games = trees.clone();
            let (nine, eight) = (
                Config::new(9).with_guards(guards),
                Config::new(8).with_guards(guards),
            );
            let stop = StopHandle::new();
            let limits = Limits::new()
                .with_nodes(300)
                .with_time(Duration::from_secs(60))
                .with_stop(&stop);

            let (nodes, n) = CountingAllocator::measure(|| {
                let mut nodes = 0;
                for g in games {
                    ttt.set_game(g);
                    nodes += ttt
                        .search(&nine, |it| {
                            std::hint::black_box(&it.root.pv);
                        })
                        .expect("depth")
                        .nodes();
                }
                for g in tree_games.drain(..) {
                    tree.set_game(g);
                    let report = tree.search(&eight, |_| {}).expect("depth");
                    nodes += report.nodes();
                    // Limited, and stopped inside an iteration.
                    tree.set_game(g);
                    let report = tree
                        .search_with_limits(&eight, &limits, |_| ControlFlow::Continue(()))
                        .expect("depth");
                    nodes += report.nodes();
                }
                nodes
            });
            assert!(nodes > 100_000, "{preset}: only {nodes} nodes searched");
            assert_eq!(
                n, 0,
                "{preset} table {tt_bits:?}: {n} allocations in {nodes} nodes"
            );
        }
    }
    // The counter counts: building a searcher allocates its buffers.
    let (_, n) = CountingAllocator::measure(|| DeepSearcher::with_table(trees[0], None));
    assert!(n >= 5, "{n}");
}
