//! Time to depth on one thread and on two (Lazy SMP: the helpers share the table), on
//! chess and on Connect Four: the library's parallel search, measured where it is meant to
//! pay. Each timed search starts from a cleared table (`set_game`), the helpers too.
//!
//! `cargo bench -p nullmove-bench --bench threads`. Two threads pay when the two-thread
//! line's time is below the one-thread line's; on a machine with one free core they cannot.
//! Before timing, each search is checked: its move is legal, and on one thread its nodes
//! are those of a searcher that never had helpers.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion};
use nullmove_chess::{ChessGame, Guards, parse_fen};
use nullmove_optimized::games::connect_four::Standard;
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Limits};

/// WAC.003 (White's Rg3 wins the queen) and a middlegame of the Connect Four benchmark's
/// game, each with a depth that takes about a second on one thread.
const CHESS: &str = "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1";
const CHESS_DEPTH: u32 = 10;
const CONNECT_FOUR: &str = "54454445";
const CONNECT_FOUR_DEPTH: u32 = 16;

/// One search of `game` to `config`'s depth from a cleared table; its root's best move.
fn to_depth<G>(searcher: &mut DeepSearcher<G>, game: &G, config: &Config) -> Option<G::Move>
where
    G: DeepGame + Send,
    G::Move: Send,
{
    searcher.set_game(game.clone());
    let report = searcher
        .search_threads(config, &Limits::new(), |_| {})
        .expect("a depth within the limit");
    report.root.best_move
}

fn time_to_depth<G>(c: &mut Criterion, name: &str, game: &G, config: &Config)
where
    G: DeepGame + Send,
    G::Move: Send,
{
    let mut group = c.benchmark_group(format!("time to depth {name}"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let alone = DeepSearcher::new(game.clone())
        .search(config, |_| {})
        .expect("a search")
        .nodes();
    for threads in [1, 2] {
        let mut searcher = DeepSearcher::new(game.clone());
        searcher.set_threads(threads);
        let mv = to_depth(&mut searcher, game, config).expect("a move");
        assert!(game.moves().any(|m| m == mv), "{threads} threads: {mv:?}");
        if threads == 1 {
            assert_eq!(searcher.report().nodes(), alone, "one thread");
        }
        group.bench_function(BenchmarkId::new("threads", threads), |b| {
            b.iter(|| black_box(to_depth(&mut searcher, game, config)));
        });
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let chess = ChessGame::new(parse_fen(CHESS).expect("WAC.003"));
    let config = Config::new(CHESS_DEPTH).with_guards(Guards::R3);
    time_to_depth(&mut c, "chess WAC.003 r3 depth 10", &chess, &config);
    let c4: Standard = CONNECT_FOUR.parse().expect("an opening");
    let config = Config::new(CONNECT_FOUR_DEPTH).with_guards(Guards::NO_NULL_MOVE);
    time_to_depth(&mut c, "connect four 54454445 depth 16", &c4, &config);
    c.final_summary();
}
