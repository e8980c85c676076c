//! Nodes per second of the chess search: one fixed search, WAC.003 ("Rg3") to depth 6,
//! under plain alpha-beta, standard R = 3 and verified null move.
//!
//! `cargo bench -p nullmove-bench --bench chess`. Each benchmark's throughput is its node
//! count (`Throughput::Elements`), so criterion's `thrpt` line reads in nodes per second.
//! Each timed search starts from a cleared table (`set_game`), as every suite position
//! does. Before timing, the search is checked: the same nodes as a fresh `solve`, and the
//! suite's best move.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use nullmove_chess::{ChessGame, Guards, parse_fen, solve};
use nullmove_optimized::{Config, DeepSearcher};

/// WAC.003: White's Rg3 wins the queen.
const FEN: &str = "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1";
const DEPTH: u32 = 6;

fn bench(c: &mut Criterion) {
    let board = parse_fen(FEN).expect("a legal FEN");
    let mut group = c.benchmark_group("chess search WAC.003 depth 6");
    group.measurement_time(Duration::from_secs(8));
    let mut searcher = DeepSearcher::new(ChessGame::new(board.clone()));
    for preset in [Guards::NO_NULL_MOVE, Guards::R3, Guards::VERIFIED] {
        let fresh = solve(&board, DEPTH, preset).expect("a search");
        assert_eq!(fresh.best_move_san.as_deref(), Some("Rg3"), "{preset}");
        let run = |searcher: &mut DeepSearcher<ChessGame>| {
            searcher.set_game(ChessGame::new(board.clone()));
            let config = Config::new(DEPTH).with_guards(preset);
            let report = searcher.search(&config, |_| {}).expect("depth");
            report.root.stats.shared.nodes
        };
        assert_eq!(
            run(&mut searcher),
            fresh.nodes,
            "{preset}: the benchmarked search"
        );
        group.throughput(Throughput::Elements(fresh.nodes));
        group.bench_function(preset.to_string(), |b| {
            b.iter(|| black_box(run(&mut searcher)));
        });
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
