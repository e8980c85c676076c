//! The deep search allocates nothing while it searches, proven with a counting global
//! allocator (its own test binary with a single test, as `tests/alloc.rs`): every buffer
//! (the move stack, the table, killers, the principal variation) is made by
//! `DeepSearcher::new`, and `clear`/`set_game` reuse them.

mod deep_support;

use deep_support::{RandomTree, Ttt};
use nullmove_core::Position;
use nullmove_counting::CountingAllocator;
use nullmove_optimized::{DeepConfig, DeepSearcher, Preset};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn the_deep_search_never_allocates() {
    let positions = Position::all_nonterminal();
    let trees: Vec<RandomTree> = (0..100).map(|seed| RandomTree::new(seed, 12)).collect();
    for preset in Preset::ALL {
        for tt_bits in [None, Some(12)] {
            let config = DeepConfig {
                null: preset.null_move(),
                tt_bits,
            };
            // Built before counting: the searchers and every game they will be handed.
            let mut ttt = DeepSearcher::new(Ttt::new(&positions[0]), config);
            let games: Vec<Ttt> = positions.iter().step_by(7).map(Ttt::new).collect();
            let mut tree = DeepSearcher::new(trees[0].clone(), config);
            let mut tree_games = trees.clone();

            let (nodes, n) = CountingAllocator::measure(|| {
                let mut nodes = 0;
                for g in games {
                    ttt.set_game(g);
                    nodes += ttt
                        .search(9, |it| {
                            std::hint::black_box(it.pv);
                        })
                        .expect("depth")
                        .stats
                        .nodes;
                }
                for g in tree_games.drain(..) {
                    tree.set_game(g);
                    nodes += tree.search(8, |_| {}).expect("depth").stats.nodes;
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
    let (_, n) =
        CountingAllocator::measure(|| DeepSearcher::new(trees[0].clone(), DeepConfig::new(None)));
    assert!(n >= 5, "{n}");
}
