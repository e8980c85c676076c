//! The chess search allocates nothing while it searches, proven with a counting global
//! allocator (its own test binary, a single test): the searcher (its table and buffers) is
//! built first; then every configuration searches a
//! middlegame, a zugzwang and an endgame position, quiescence, null moves, verifications
//! and draws by rule included.

use nullmove_chess::{ChessGame, Guards, parse_fen};
use nullmove_counting::CountingAllocator;
use nullmove_optimized::{Config, DeepSearcher, Verification};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const FENS: [&str; 4] = [
    // WAC.001, WAC.003: middlegame tactics.
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    // ZPTS.15: king and pawn against king.
    "8/3k4/8/8/3PK3/8/8/8 w - - 0 1",
    // E_E_T 001: bishops and pawns.
    "8/8/p2p3p/3k2p1/PP6/3K1P1P/8/8 b - - 0 1",
];

#[test]
fn the_chess_search_never_allocates() {
    let mut searcher = DeepSearcher::new(ChessGame::new(cozy_chess::Board::default()));
    // Every configuration, and Stockfish's with its verification reachable at depth 5.
    let mut configs: Vec<(String, Guards)> = Guards::presets()
        .map(|(name, g)| (name.to_owned(), g))
        .collect();
    let early = Guards {
        verification: Verification::Stockfish { min_remaining: 2 },
        ..Guards::STOCKFISH
    };
    configs.push(("stockfish, verifying from depth 2".to_owned(), early));
    let mut total = 0;
    for (name, guards) in configs {
        let games: Vec<ChessGame> = FENS
            .iter()
            .map(|f| ChessGame::new(parse_fen(f).expect("legal")))
            .collect();
        let config = Config::new(5).with_guards(guards);
        let ((nodes, verifications), n) = CountingAllocator::measure(|| {
            let (mut nodes, mut verifications) = (0, 0);
            for game in games {
                searcher.set_game(game);
                let stats = searcher.search(&config, |_| {}).expect("depth").root.stats;
                nodes += stats.shared.nodes;
                verifications += stats.shared.verifications;
            }
            (nodes, verifications)
        });
        assert_eq!(n, 0, "{name}: {n} allocations in {nodes} nodes");
        let verifies = guards.null_move
            && match guards.verification {
                Verification::None => false,
                Verification::TabibiNetanyahu | Verification::Ordinary => true,
                Verification::Stockfish { min_remaining } => min_remaining <= 5,
            };
        assert_eq!(
            verifications > 0,
            verifies,
            "{name}: {verifications} verifications"
        );
        total += nodes;
    }
    assert!(total > 100_000, "{total}");
    // The counter counts: a searcher's buffers are allocated when it is built.
    let (_, n) = CountingAllocator::measure(|| {
        DeepSearcher::with_table(ChessGame::new(cozy_chess::Board::default()), None)
    });
    assert!(n > 0);
}
