//! The deep search on several threads, in games other than chess: a solved game's value is
//! found whatever the threads do, and one thread again is node for node the searcher it was.

use nullmove_optimized::games::connect_four::ConnectFour;
use nullmove_optimized::games::tictactoe::{Position, TicTacToe};
use nullmove_optimized::{Config, DeepSearcher, Guards, Limits, MAX_THREADS};

/// Tic-tac-toe searched to its end is a draw, on two and on eight threads, again and again
/// (the helpers race each other differently every time).
#[test]
fn tic_tac_toe_is_a_draw_on_any_number_of_threads() {
    let config = Config::new(9).with_guards(Guards::NO_NULL_MOVE);
    let mut searcher = DeepSearcher::new(TicTacToe::from(Position::empty()));
    for threads in [2, 8] {
        searcher.set_threads(threads);
        for _ in 0..10 {
            searcher.set_game(TicTacToe::from(Position::empty()));
            let report = searcher
                .search_threads(&config, &Limits::new(), |_| {})
                .expect("a search");
            assert_eq!(
                (report.depth, report.root.value),
                (9, 0),
                "{threads} threads"
            );
        }
    }
    searcher.set_threads(MAX_THREADS + 1);
    assert_eq!(searcher.threads(), MAX_THREADS);
    searcher.set_threads(0);
    assert_eq!(searcher.threads(), 1);
}

/// Connect Four from an opening, on two threads: a legal move every time; back on one
/// thread the same nodes and value as a searcher that never had helpers.
#[test]
fn connect_four_on_two_threads_then_one() {
    let game: ConnectFour = "4453".parse().expect("an opening");
    let config = Config::new(10).with_guards(Guards::R3);
    let mut alone = DeepSearcher::new(game);
    let one = alone.search(&config, |_| {}).expect("a search").clone();
    let mut searcher = DeepSearcher::new(game);
    searcher.set_threads(2);
    for _ in 0..3 {
        searcher.set_game(game);
        let two = searcher
            .search_threads(&config, &Limits::new(), |_| {})
            .expect("a search");
        let mv = two.root.best_move.expect("a move");
        assert!(game.playable(mv), "column {mv}");
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

/// A node limit bounds every thread's nodes together, and the report counts them all: on
/// two threads the total passes the limit by at most a look (1,024 nodes) of each thread
/// and one more the helper adds while the main thread ends, and the main thread's own
/// share is at most the total, less whenever the helper was scheduled before the limit (a
/// loaded machine can starve it for one search, not for all three); on one thread the two
/// counts are the same, exactly the limit.
#[test]
fn a_node_limit_counts_every_thread() {
    let game: ConnectFour = "4453".parse().expect("an opening");
    let config = Config::new(30).with_guards(Guards::R3);
    let limits = Limits::new().with_nodes(50_000);
    let mut searcher = DeepSearcher::new(game);
    let one = searcher
        .search_threads(&config, &limits, |_| {})
        .expect("a search");
    assert_eq!((one.nodes(), one.threads_nodes), (50_000, 50_000));
    searcher.set_threads(2);
    let mut helped = 0;
    for _ in 0..3 {
        searcher.set_game(game);
        let mut seen = Vec::new();
        let two = searcher
            .search_threads(&config, &limits, |it| seen.push(it.threads_nodes))
            .expect("a search");
        assert!(
            (50_000..=50_000 + 3 * 1024).contains(&two.threads_nodes),
            "{}",
            two.threads_nodes
        );
        assert!(two.nodes() <= two.threads_nodes, "{}", two.nodes());
        helped += usize::from(two.nodes() < two.threads_nodes);
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    }
    assert!(helped > 0, "no helper's node counted in three searches");
}
