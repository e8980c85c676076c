//! The deep search on several threads (Lazy SMP, one shared table): the same mate found,
//! a legal move whatever stops it, and one thread again exactly the searcher it was.

use nullmove_chess::{ChessGame, Guards, bench_positions, parse_fen};
use nullmove_optimized::{Config, DeepSearcher, Limits};

const WAC_001: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

#[test]
fn two_threads_find_the_mate_and_one_thread_is_the_searcher_it_was() {
    let game = ChessGame::new(parse_fen(WAC_001).expect("WAC.001"));
    let config = Config::new(6).with_guards(Guards::R3);
    let mut alone = DeepSearcher::new(game.clone());
    let one = alone.search(&config, |_| {}).expect("a search").clone();
    let mut searcher = DeepSearcher::new(game.clone());
    searcher.set_threads(2);
    assert_eq!(searcher.threads(), 2);
    for _ in 0..3 {
        searcher.set_game(game.clone());
        let two = searcher
            .search_threads(&config, &Limits::new(), |_| {})
            .expect("a search");
        assert_eq!(two.root.value, one.root.value, "mate in two");
        assert_eq!(two.root.best_move, one.root.best_move);
    }
    searcher.set_threads(1);
    searcher.set_game(game);
    let again = searcher
        .search_threads(&config, &Limits::new(), |_| {})
        .expect("a search");
    assert_eq!(
        (again.nodes(), again.root.value, again.root.best_move),
        (one.nodes(), one.root.value, one.root.best_move)
    );
}

/// Stopped by a node budget at every size of budget, four threads always give a legal
/// move of the root, over the bench's positions.
#[test]
fn four_threads_stopped_anywhere_give_a_legal_move() {
    let mut searcher = DeepSearcher::new(ChessGame::new(cozy_chess::Board::default()));
    searcher.set_threads(4);
    let config = Config::new(64).with_guards(Guards::STOCKFISH);
    for (i, p) in bench_positions().expect("the bench").iter().enumerate() {
        searcher.set_position(p.game.clone());
        let limits = Limits::new().with_nodes(500 + 997 * i as u64);
        let report = searcher
            .search_threads(&config, &limits, |_| {})
            .expect("a search");
        let mv = report.root.best_move.expect("a move");
        assert!(p.game.board().is_legal(mv), "{}: {mv}", p.id);
    }
}
