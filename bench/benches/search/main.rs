//! Nodes per second, measured: the page's published scenarios, the exhaustive workload, a
//! hand-specialized searcher and the `minimax` crate as peers, on tic-tac-toe and on
//! standard Connect Four ([`connect_four`]).
//!
//! `cargo bench -p nullmove-bench --bench search` (or `cargo bench` at the workspace root)
//! runs every group; `cargo bench -p nullmove-bench --bench search -- 'depth 9 R 1'` runs one. Each benchmark's
//! throughput is its node count (`Throughput::Elements`), so criterion's `thrpt` line reads
//! in nodes per second. Node counts are computed and asserted before timing, so a benchmark
//! cannot time a search that visits the wrong nodes.

mod connect_four;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};
use nullmove_core::{Engine, INF, Mode, Position, SearchParams, Value};
use nullmove_naive::NaiveEngine;
use nullmove_optimized::games::tictactoe::{Mark, OptimizedEngine, TicTacToe};
use nullmove_optimized::{Config, Game, Searcher};

/// One of the page's published searches.
struct Scenario {
    /// The criterion group's name.
    group: &'static str,
    board: &'static str,
    depth: u32,
    reduction: u32,
    /// The page's node counts, plain then null, where it publishes them.
    published: Option<(u64, u64)>,
}

const SCENARIOS: [Scenario; 4] = [
    Scenario {
        group: "depth 5 R 3",
        board: ".........",
        depth: 5,
        reduction: 3,
        published: Some((1_787, 803)),
    },
    Scenario {
        group: "depth 9 R 1",
        board: ".........",
        depth: 9,
        reduction: 1,
        published: Some((20_866, 80_790)),
    },
    Scenario {
        group: "depth 9 R 4",
        board: ".........",
        depth: 9,
        reduction: 4,
        published: Some((20_866, 19_036)),
    },
    Scenario {
        group: "pitfall ...O.X... depth 3 R 1",
        board: "...O.X...",
        depth: 3,
        reduction: 1,
        published: None,
    },
];

fn params(depth: u32, reduction: u32, mode: Mode) -> SearchParams {
    SearchParams::new(depth, reduction, mode).expect("parameters in range")
}

thread_local! {
    /// The benchmarks' searcher, its memory reused as a library user would.
    static SEARCHER: std::cell::RefCell<Searcher<Mark>> = std::cell::RefCell::new(Searcher::new());
}

/// The search as a library user calls it: a kept [`Searcher`] on the generic API, no trace,
/// no principal variation (the page's report has none), the report's root moves included.
fn optimized_nodes(p: Position, params: &SearchParams) -> (Value, u64) {
    SEARCHER.with(|s| {
        let mut searcher = s.borrow_mut();
        let report = searcher.search(TicTacToe::from(p), &Config::from(params));
        (black_box(report).value, report.stats.nodes)
    })
}

/// One group per published scenario: naive and optimized, plain and null.
fn scenarios(c: &mut Criterion) {
    for s in &SCENARIOS {
        let position: Position = s.board.parse().expect("a valid board");
        let mut group = c.benchmark_group(s.group);
        for mode in [Mode::Plain, Mode::Null] {
            let params = params(s.depth, s.reduction, mode);
            let naive = NaiveEngine.search(&position, &params);
            let optimized = OptimizedEngine.search(&position, &params);
            assert_eq!(naive, optimized, "{}: the engines disagree", s.group);
            assert_eq!(optimized_nodes(position, &params).1, naive.nodes);
            if let Some((plain, null)) = s.published {
                let published = if mode == Mode::Plain { plain } else { null };
                assert_eq!(naive.nodes, published, "{}: the page's count", s.group);
            }
            group.throughput(Throughput::Elements(naive.nodes));
            group.bench_function(BenchmarkId::new("naive", mode), |b| {
                b.iter(|| NaiveEngine.search(black_box(&position), black_box(&params)));
            });
            group.bench_function(BenchmarkId::new("optimized", mode), |b| {
                b.iter(|| OptimizedEngine.search(black_box(&position), black_box(&params)));
            });
            group.bench_function(BenchmarkId::new("optimized searcher", mode), |b| {
                b.iter(|| optimized_nodes(black_box(position), black_box(&params)));
            });
        }
        group.finish();
    }
}

/// Every one of the 4,520 non-terminal reachable positions, depth limits 1..=9, R 0..=6,
/// both modes: the differential test's workload (43,774,555 nodes), full reports included.
fn all_positions(c: &mut Criterion) {
    let positions = Position::all_nonterminal();
    let grid: Vec<SearchParams> = (1..=9)
        .flat_map(|d| (0..=6).flat_map(move |r| [Mode::Plain, Mode::Null].map(|m| params(d, r, m))))
        .collect();
    let run = |engine: &dyn Engine| -> u64 {
        let mut nodes = 0;
        for p in &positions {
            for params in &grid {
                nodes += black_box(engine.search(black_box(p), params)).nodes;
            }
        }
        nodes
    };
    // What `nullmove bench` runs: a kept searcher on the generic API, no workspace report.
    let run_searcher = || -> u64 {
        let mut nodes = 0;
        for p in &positions {
            for params in &grid {
                nodes += optimized_nodes(black_box(*p), params).1;
            }
        }
        nodes
    };
    let nodes = run(&OptimizedEngine);
    assert_eq!(nodes, run(&NaiveEngine));
    assert_eq!(nodes, run_searcher());
    assert_eq!(nodes, 43_774_555);
    let mut group = c.benchmark_group("all positions");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("naive", |b| b.iter(|| run(&NaiveEngine)));
    group.bench_function("optimized", |b| b.iter(|| run(&OptimizedEngine)));
    group.bench_function("optimized searcher", |b| b.iter(run_searcher));
    group.finish();
}

/// The page's function written by hand for tic-tac-toe only: no `Game` trait in the search,
/// no sink, no type-level side, no leaf or frontier specialization, the state copied per
/// child. The generic searcher must be at least as fast ("measure, don't assume").
fn hand(
    g: TicTacToe,
    depth: u32,
    mut alpha: Value,
    mut beta: Value,
    allow_null: bool,
    p: &SearchParams,
    nodes: &mut u64,
) -> Value {
    *nodes += 1;
    if let Some(s) = g.terminal_score(depth) {
        return s;
    }
    if depth >= p.depth_limit() {
        return g.evaluate();
    }
    let maximizing = g.maximizing();
    if p.mode() == Mode::Null && allow_null && depth > 0 && depth + p.reduction() < p.depth_limit()
    {
        let mut passed = g;
        passed.pass();
        let score = hand(
            passed,
            depth + 1 + p.reduction(),
            alpha,
            beta,
            false,
            p,
            nodes,
        );
        if maximizing && score >= beta {
            return beta;
        }
        if !maximizing && score <= alpha {
            return alpha;
        }
    }
    let mut best = if maximizing { -INF } else { INF };
    for m in g.moves() {
        let mut child = g;
        child.play(m);
        let value = hand(child, depth + 1, alpha, beta, true, p, nodes);
        if maximizing {
            best = best.max(value);
            alpha = alpha.max(best);
        } else {
            best = best.min(value);
            beta = beta.min(best);
        }
        if beta <= alpha {
            break;
        }
    }
    best
}

fn hand_nodes(p: Position, params: &SearchParams) -> (Value, u64) {
    let mut nodes = 0;
    let value = hand(TicTacToe::from(p), 0, -INF, INF, true, params, &mut nodes);
    (value, nodes)
}

/// Monomorphization, measured: the generic searcher against the hand-written one.
fn generic_vs_hand(c: &mut Criterion) {
    let empty = Position::empty();
    let mut group = c.benchmark_group("generic vs hand-specialized");
    for (depth, reduction, mode) in [(5, 3, Mode::Null), (9, 1, Mode::Null), (9, 1, Mode::Plain)] {
        let params = params(depth, reduction, mode);
        let (value, nodes) = optimized_nodes(empty, &params);
        assert_eq!(hand_nodes(empty, &params), (value, nodes));
        let label = format!("d{depth} R{reduction} {mode}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new("generic", &label), |b| {
            b.iter(|| optimized_nodes(black_box(empty), black_box(&params)));
        });
        group.bench_function(BenchmarkId::new("hand", &label), |b| {
            b.iter(|| hand_nodes(black_box(empty), black_box(&params)));
        });
    }
    group.finish();
}

/// The `minimax` crate (0.6, MIT), the generic game-search library a Rust user would reach
/// for, playing the same game with the same evaluation: our bitboard state (so only the
/// search differs) through its `Game` and `Evaluator` traits, searched by its `Negamax`
/// strategy (plain alpha-beta, no null move).
mod peer {
    use std::cell::Cell;

    use nullmove_optimized::Game as _;
    use nullmove_optimized::games::tictactoe::{Mark, TicTacToe};

    thread_local! {
        /// Calls of `Negamax`'s recursive function: one per applied move.
        pub static NODES: Cell<u64> = const { Cell::new(0) };
    }

    /// Tic-tac-toe for `minimax`.
    pub struct Ttt;

    impl minimax::Game for Ttt {
        type S = TicTacToe;
        type M = Mark;

        fn generate_moves(s: &TicTacToe, moves: &mut Vec<Mark>) -> Option<minimax::Winner> {
            if let Some(w) = Self::get_winner(s) {
                return Some(w);
            }
            moves.extend(s.moves());
            None
        }

        fn apply(s: &mut TicTacToe, m: Mark) -> Option<TicTacToe> {
            // Every applied move is followed by one call of `negamax` on the child.
            NODES.with(|n| n.set(n.get() + 1));
            let mut child = *s;
            child.play(m);
            Some(child)
        }

        fn get_winner(s: &TicTacToe) -> Option<minimax::Winner> {
            // Only the side that just moved can have completed a line.
            s.terminal_score(0).map(|score| {
                if score == 0 {
                    minimax::Winner::Draw
                } else {
                    minimax::Winner::PlayerJustMoved
                }
            })
        }
    }

    /// The page's heuristic, from the side to move's point of view as negamax wants it.
    pub struct Heuristic;

    impl minimax::Evaluator for Heuristic {
        type G = Ttt;
        fn evaluate(&self, s: &TicTacToe) -> minimax::Evaluation {
            let h = s.evaluate() as minimax::Evaluation;
            if s.maximizing() { h } else { -h }
        }
    }

    /// Nodes of one `choose_move` (the root counts as one call, as in our engines).
    pub fn search(strategy: &mut minimax::Negamax<Heuristic>, s: TicTacToe) -> (Option<Mark>, u64) {
        use minimax::Strategy as _;
        let before = NODES.with(Cell::get);
        let best = strategy.choose_move(&s);
        (best, NODES.with(Cell::get) - before + 1)
    }
}

/// The peer: `minimax::Negamax` against the optimized engine's plain alpha-beta at the same
/// depth on the empty board. Negamax shuffles the root moves at random, so its node count
/// varies from run to run: the throughput is the mean over 200 searches, measured first.
fn peer_minimax(c: &mut Criterion) {
    let empty = Position::empty();
    let state = TicTacToe::from(empty);
    let mut group = c.benchmark_group("peer minimax 0.6 Negamax");
    for depth in [5_u8, 9] {
        let mut strategy = minimax::Negamax::new(peer::Heuristic, depth);
        let runs = 200;
        let total: u64 = (0..runs)
            .map(|_| {
                let (best, nodes) = peer::search(&mut strategy, state);
                assert!(best.is_some());
                nodes
            })
            .sum();
        let mean = total / runs;
        group.throughput(Throughput::Elements(mean));
        group.bench_function(
            BenchmarkId::new("minimax Negamax", format!("depth {depth}")),
            |b| {
                b.iter(|| peer::search(&mut strategy, black_box(state)));
            },
        );
        let params = params(u32::from(depth), 0, Mode::Plain);
        let (_, nodes) = optimized_nodes(empty, &params);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(
            BenchmarkId::new("optimized plain", format!("depth {depth}")),
            |b| {
                b.iter(|| optimized_nodes(black_box(empty), black_box(&params)));
            },
        );
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(10)
        .configure_from_args();
    scenarios(&mut c);
    generic_vs_hand(&mut c);
    peer_minimax(&mut c);
    connect_four::peer_minimax(&mut c);
    all_positions(&mut c);
    c.final_summary();
}
