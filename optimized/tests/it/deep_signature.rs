//! The deep search's signature on the generic path, pinned: node totals per configuration
//! from a cleared table, on games that take the defaults chess overrides (Connect Four: no
//! noisy moves, finished games asked at every node, the default move list) and on the
//! test games whose capture orders start at 0 (tic-tac-toe's winning moves, the random
//! trees' captures), where killers and captures meet. A change to ordering, pruning or the
//! table changes it; the commit that does so names the new figures. (Chess has its own,
//! `nullmove chess bench`.)

use crate::deep_support;

use deep_support::{RandomTree, Ttt};
use nullmove_core::Position;
use nullmove_optimized::games::connect_four::Standard;
use nullmove_optimized::{
    Config, DeepGame, DeepOptions, DeepReport, DeepSearcher, Guards, Verification,
};

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

/// Games played on endless random trees by one searcher, each move searched to
/// `GAME_DEPTH`: long enough that a history counter passes its cap.
const GAMES: u64 = 4;
const GAME_MOVES: usize = 6;
const GAME_DEPTH: u32 = 12;

/// Everything a workload's searches count and answer, summed over the configurations: a
/// change that leaves the node totals alone (a counter, the root's move list, the line)
/// still shows here.
#[derive(Debug, Default, PartialEq, Eq)]
struct Totals {
    nodes: u64,
    qnodes: u64,
    tt_hits: u64,
    tt_cutoffs: u64,
    beta_cutoffs: u64,
    null_probes: u64,
    null_cutoffs: u64,
    verifications: u64,
    verification_failures: u64,
    /// Root values from the maximizer's side.
    values: i64,
    root_moves: usize,
    pv_plies: usize,
}

impl Totals {
    fn add(&mut self, r: &DeepReport<impl Copy>) {
        let s = r.root.stats;
        self.nodes += s.shared.nodes;
        self.qnodes += s.qnodes;
        self.tt_hits += s.tt_hits;
        self.tt_cutoffs += s.tt_cutoffs;
        self.beta_cutoffs += s.shared.beta_cutoffs;
        self.null_probes += s.shared.null_probes;
        self.null_cutoffs += s.shared.null_cutoffs;
        self.verifications += s.shared.verifications;
        self.verification_failures += s.shared.verification_failures;
        self.values += i64::from(r.root.value);
        self.root_moves += r.root.moves.len();
        self.pv_plies += r.root.pv.len();
    }
}

/// Nodes per configuration (in `Guards::presets` order) over `games`, each searched to
/// `depth` from a cleared table, and the totals over every configuration.
fn signature<G: DeepGame>(games: &[G], depth: u32) -> (Vec<(&'static str, u64)>, Totals) {
    let mut searcher = DeepSearcher::with_table(games[0].clone(), Some(TABLE_BITS));
    let mut totals = Totals::default();
    let nodes = Guards::presets()
        .map(|(name, guards)| {
            let config = Config::new(depth).with_guards(guards);
            let nodes = games
                .iter()
                .map(|g| {
                    searcher.set_game(g.clone());
                    let r = searcher.search(&config, |_| {}).expect("a depth in range");
                    totals.add(r);
                    r.root.stats.shared.nodes
                })
                .sum();
            (name, nodes)
        })
        .collect();
    (nodes, totals)
}

#[test]
fn connect_four_signature() {
    let games: Vec<Standard> = CONNECT_FOUR
        .iter()
        .map(|s| s.parse().expect("a legal game"))
        .collect();
    let (nodes, totals) = signature(&games, CONNECT_FOUR_DEPTH);
    assert_eq!(
        totals,
        Totals {
            nodes: 347_431,
            qnodes: 181_537,
            tt_hits: 56_062,
            tt_cutoffs: 20_132,
            beta_cutoffs: 77_774,
            null_probes: 73_370,
            null_cutoffs: 35_462,
            verifications: 2082,
            verification_failures: 107,
            values: 1_050_056,
            root_moves: 385,
            pv_plies: 329,
        }
    );
    assert_eq!(
        nodes,
        [
            ("none", 70_964),
            ("r2", 54_318),
            ("r3", 44_296),
            ("adaptive", 54_245),
            ("verified", 52_427),
            ("stockfish", 33_601),
            ("npm", 37_580),
        ]
    );
}

#[test]
fn tic_tac_toe_signature() {
    let games = ttt_games();
    assert_eq!(games.len(), 452);
    let (nodes, totals) = signature(&games, TTT_DEPTH);
    assert_eq!(
        totals,
        Totals {
            nodes: 672_439,
            qnodes: 286_198,
            tt_hits: 207_528,
            tt_cutoffs: 16_550,
            beta_cutoffs: 138_862,
            null_probes: 33_210,
            null_cutoffs: 17_508,
            verifications: 2773,
            verification_failures: 6,
            values: 23_518_642,
            root_moves: 11_340,
            pv_plies: 6293,
        }
    );
    assert_eq!(
        nodes,
        [
            ("none", 79_198),
            ("r2", 106_313),
            ("r3", 98_726),
            ("adaptive", 101_094),
            ("verified", 104_751),
            ("stockfish", 83_631),
            ("npm", 98_726),
        ]
    );
}

#[test]
fn random_trees_signature() {
    let games = trees();
    let (nodes, totals) = signature(&games, TREE_DEPTH);
    assert_eq!(
        totals,
        Totals {
            nodes: 27_606,
            qnodes: 17_276,
            tt_hits: 4563,
            tt_cutoffs: 96,
            beta_cutoffs: 2487,
            null_probes: 3011,
            null_cutoffs: 1377,
            verifications: 203,
            verification_failures: 24,
            values: 210_576,
            root_moves: 511,
            pv_plies: 542,
        }
    );
    assert_eq!(
        nodes,
        [
            ("none", 4_056),
            ("r2", 3_743),
            ("r3", 3_597),
            ("adaptive", 3_743),
            ("verified", 4_876),
            ("stockfish", 3_718),
            ("npm", 3_873),
        ]
    );
}

/// Aspiration windows (off by default) at half-widths 1 and 25, with R 3: per width, the
/// nodes and the root searches repeated, over `games` searched to `depth` from a cleared
/// table.
fn aspiration<G: DeepGame>(games: &[G], depth: u32) -> [(i32, u64, u64); 2] {
    [1, 25].map(|width| {
        let options = DeepOptions::default().with_aspiration(Some(width));
        let mut searcher =
            DeepSearcher::with_table(games[0].clone(), Some(TABLE_BITS)).with_options(options);
        let config = Config::new(depth).with_guards(Guards::R3);
        let (mut nodes, mut again) = (0, 0);
        for g in games {
            searcher.set_game(g.clone());
            let r = searcher.search(&config, |_| {}).expect("a depth in range");
            nodes += r.root.stats.shared.nodes;
            again += r.root.stats.aspiration_researches;
        }
        (width, nodes, again)
    })
}

/// The windows around the previous iteration's value, and how they widen, on tic-tac-toe
/// (whose mate scores get no window) and on the random trees.
#[test]
fn aspiration_signature() {
    let ttt = ttt_games();
    assert_eq!(
        aspiration(&ttt, TTT_DEPTH),
        [(1, 102_828, 136), (25, 101_119, 10)]
    );
    let trees = trees();
    assert_eq!(
        aspiration(&trees, TREE_DEPTH),
        [(1, 5114, 85), (25, 4340, 44)]
    );
}

/// Every `TTT_STEP`th non-terminal tic-tac-toe position.
fn ttt_games() -> Vec<Ttt> {
    Position::all_nonterminal()
        .iter()
        .step_by(TTT_STEP)
        .map(Ttt::new)
        .collect()
}

/// The random trees of height 9, by seed.
fn trees() -> Vec<RandomTree> {
    (0..TREES).map(|seed| RandomTree::new(seed, 9)).collect()
}

/// `games` searched to `depth` from a cleared table under `guards`: the totals.
fn totals_under<G: DeepGame>(games: &[G], depth: u32, guards: Guards) -> Totals {
    let mut searcher = DeepSearcher::with_table(games[0].clone(), Some(TABLE_BITS));
    let config = Config::new(depth).with_guards(guards);
    let mut totals = Totals::default();
    for g in games {
        searcher.set_game(g.clone());
        totals.add(searcher.search(&config, |_| {}).expect("a depth in range"));
    }
    totals
}

/// The verifications the presets never reach at these depths (Stockfish's from 14 plies
/// left), reached: R 3 with Stockfish's re-search of the node from 2 plies left, and with
/// the ordinary verification (the node searched again in full, its own pass barred), on
/// the random trees; nodes, cutoffs and verifications.
#[test]
fn verification_signature() {
    let trees = trees();
    let counts = [
        Verification::Stockfish { min_remaining: 2 },
        Verification::Ordinary,
    ]
    .map(|verification| {
        let guards = Guards {
            verification,
            ..Guards::R3
        };
        let t = totals_under(&trees, TREE_DEPTH, guards);
        (
            t.nodes,
            t.null_cutoffs,
            t.verifications,
            t.verification_failures,
        )
    });
    assert_eq!(counts, [(4328, 270, 194, 20), (5802, 256, 299, 43)]);
}

/// One searcher plays each game, keeping its table and the history heuristic's counters
/// between moves (each search ages them) and halving them all when one passes its cap:
/// nodes per game, with null move (R 3) and without.
#[test]
fn played_games_signature() {
    let nodes: Vec<[u64; 2]> = (0..GAMES)
        .map(|seed| {
            [Guards::NO_NULL_MOVE, Guards::R3].map(|guards| {
                let mut searcher =
                    DeepSearcher::with_table(RandomTree::endless(seed), Some(TABLE_BITS));
                let config = Config::new(GAME_DEPTH).with_guards(guards);
                (0..GAME_MOVES)
                    .map(|_| {
                        let r = searcher.search(&config, |_| {}).expect("a depth in range");
                        let (nodes, best) = (r.root.stats.shared.nodes, r.root.best_move);
                        searcher.play(best.expect("a move")).expect("a legal move");
                        nodes
                    })
                    .sum()
            })
        })
        .collect();
    assert_eq!(
        nodes,
        [
            [199_681, 147_336],
            [165_909, 101_838],
            [126_424, 66_592],
            [218_116, 92_597],
        ]
    );
}
