//! The deep search's signature on the generic path, pinned: node totals per configuration
//! from a cleared table, on games that take the defaults chess overrides (Connect Four: no
//! noisy moves, finished games asked at every node, the default move list) and on the
//! test games whose capture orders start at 0 (tic-tac-toe's winning moves, the random
//! trees' captures), where killers and captures meet. A change to ordering, pruning or the
//! table changes it; the commit that does so names the new figures. (Chess has its own,
//! `nullmove chess bench`.)

mod deep_support;

use deep_support::{RandomTree, Ttt};
use nullmove_core::Position;
use nullmove_optimized::connect_four::Standard;
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Guards};

/// The table every search starts cleared: `2^TABLE_BITS` slots.
const TABLE_BITS: u32 = 16;

/// Standard Connect Four: the empty board and positions after a few opening moves (columns
/// counted from 1).
const CONNECT_FOUR: [&str; 10] = [
    "", "4", "44", "45", "4433", "4536", "443322", "4455663", "1726354", "44444433",
];
const CONNECT_FOUR_DEPTH: u32 = 8;

/// Every `TTT_STEP`th non-terminal tic-tac-toe position, to the end of the game.
const TTT_STEP: usize = 10;
const TTT_DEPTH: u32 = 9;

/// Random trees of height 9 by seed, to depth 6.
const TREES: u64 = 40;
const TREE_DEPTH: u32 = 6;

/// Nodes per configuration (in `Guards::presets` order) over `games`, each searched to
/// `depth` from a cleared table.
fn signature<G: DeepGame>(games: &[G], depth: u32) -> Vec<(&'static str, u64)> {
    let mut searcher = DeepSearcher::with_table(games[0].clone(), Some(TABLE_BITS));
    Guards::presets()
        .map(|(name, guards)| {
            let config = Config::new(depth).with_guards(guards);
            let nodes = games
                .iter()
                .map(|g| {
                    searcher.set_game(g.clone());
                    let r = searcher.search(&config, |_| {}).expect("a depth in range");
                    r.root.stats.shared.nodes
                })
                .sum();
            (name, nodes)
        })
        .collect()
}

#[test]
fn connect_four_signature() {
    let games: Vec<Standard> = CONNECT_FOUR
        .iter()
        .map(|s| s.parse().expect("a legal game"))
        .collect();
    assert_eq!(
        signature(&games, CONNECT_FOUR_DEPTH),
        [
            ("none", 71_711),
            ("r2", 54_286),
            ("r3", 44_569),
            ("adaptive", 54_192),
            ("verified", 52_289),
            ("stockfish", 33_600),
            ("npm", 37_556),
        ]
    );
}

#[test]
fn tic_tac_toe_signature() {
    let games: Vec<Ttt> = Position::all_nonterminal()
        .iter()
        .step_by(TTT_STEP)
        .map(Ttt::new)
        .collect();
    assert_eq!(games.len(), 452);
    assert_eq!(
        signature(&games, TTT_DEPTH),
        [
            ("none", 79_548),
            ("r2", 107_297),
            ("r3", 99_448),
            ("adaptive", 101_845),
            ("verified", 105_569),
            ("stockfish", 83_821),
            ("npm", 99_448),
        ]
    );
}

#[test]
fn random_trees_signature() {
    let games: Vec<RandomTree> = (0..TREES).map(|seed| RandomTree::new(seed, 9)).collect();
    assert_eq!(
        signature(&games, TREE_DEPTH),
        [
            ("none", 4_853),
            ("r2", 4_839),
            ("r3", 4_757),
            ("adaptive", 4_839),
            ("verified", 5_781),
            ("stockfish", 4_740),
            ("npm", 5_165),
        ]
    );
}
