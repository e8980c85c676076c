//! Standard Connect Four (seven columns, six rows) against the `minimax` crate 0.6, the
//! peer a Rust user would reach for: the same state, rules, evaluation, move order and
//! depth (the library's [`Standard`] through `minimax`'s `Game` and `Evaluator`), so only
//! the searches differ. Plain alpha-beta against `Negamax`, and the deep searcher (iterative
//! deepening, a transposition table, principal-variation search) against `IterativeSearch`
//! (the same, with its default options), neither with null move; each table gets the same
//! memory, and a fresh one for every search.
//!
//! Every search first proves it is the same search: the root value of each peer equals
//! plain alpha-beta's (no position is decided within the depth, so no mate score differs).
//! Node counts: ours count every position visited; the peers' are counted in `apply` (one
//! per child a search visits, every one searched or evaluated) in separate runs, averaged
//! over runs since both shuffle the root moves at random; the timed runs count nothing.

use std::cell::Cell;
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput};
use minimax::Strategy as _;
use nullmove_optimized::games::connect_four::Standard;
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Game, Guards, Searcher, Value};

/// The positions: the empty board and the positions after 8 and 16 plies of the game plain
/// alpha-beta plays against itself at depth 8 (`5445444555425132227716661227716661133`).
const POSITIONS: [&str; 3] = ["", "54454445", "5445444555425132"];

/// The depth of every search, in plies.
const DEPTH: u8 = 10;

/// The deep searcher's table: 2^16 slots of 24 bytes.
const TT_BITS: u32 = 16;

/// `IterativeSearch`'s table, the same memory: 1.5 MiB.
const TT_BYTES: usize = 24 << TT_BITS;

thread_local! {
    /// Children visited by the peers while counting.
    static NODES: Cell<u64> = const { Cell::new(0) };
}

/// Connect Four for `minimax`, counting the children it visits when `COUNT`.
struct C4<const COUNT: bool>;

impl<const COUNT: bool> minimax::Game for C4<COUNT> {
    type S = Standard;
    type M = u8;

    fn generate_moves(s: &Standard, moves: &mut Vec<u8>) -> Option<minimax::Winner> {
        if let Some(w) = Self::get_winner(s) {
            return Some(w);
        }
        moves.extend(s.moves());
        None
    }

    fn apply(s: &mut Standard, m: u8) -> Option<Standard> {
        if COUNT {
            NODES.with(|n| n.set(n.get() + 1));
        }
        let mut child = *s;
        child.play(m);
        Some(child)
    }

    fn get_winner(s: &Standard) -> Option<minimax::Winner> {
        // Only the side that just moved can have completed four.
        s.terminal_score(0).map(|score| {
            if score == 0 {
                minimax::Winner::Draw
            } else {
                minimax::Winner::PlayerJustMoved
            }
        })
    }

    fn zobrist_hash(s: &Standard) -> u64 {
        s.key()
    }
}

/// The library's evaluation, from the side to move's point of view as negamax wants it.
struct Eval<const COUNT: bool>;

impl<const COUNT: bool> minimax::Evaluator for Eval<COUNT> {
    type G = C4<COUNT>;
    fn evaluate(&self, s: &Standard) -> minimax::Evaluation {
        let e = s.evaluate() as minimax::Evaluation;
        if s.maximizing() { e } else { -e }
    }
}

/// A `minimax` root value from the maximizer's point of view, as ours are.
fn for_maximizer(s: &Standard, value: minimax::Evaluation) -> Value {
    let v = Value::from(value);
    if s.maximizing() { v } else { -v }
}

fn negamax<const COUNT: bool>(s: &Standard) -> Value {
    let mut strategy = minimax::Negamax::new(Eval::<COUNT>, DEPTH);
    assert!(strategy.choose_move(s).is_some());
    for_maximizer(s, strategy.root_value())
}

fn iterative<const COUNT: bool>(s: &Standard) -> Value {
    let options = minimax::IterativeOptions::new().with_table_byte_size(TT_BYTES);
    let mut strategy = minimax::IterativeSearch::new(Eval::<COUNT>, options);
    strategy.set_max_depth(DEPTH);
    assert!(strategy.choose_move(s).is_some());
    for_maximizer(s, strategy.root_value())
}

/// Our deep searcher, plain, with a fresh table: its value and nodes.
fn deep(s: &Standard) -> (Value, u64) {
    let mut searcher = DeepSearcher::with_table(*s, Some(TT_BITS));
    let config = Config::new(u32::from(DEPTH)).with_guards(Guards::NO_NULL_MOVE);
    let report = searcher.search(&config, |_| {}).expect("a depth in range");
    (report.root.value, report.root.stats.shared.nodes)
}

/// The mean nodes of a peer's search of every position, over `runs` runs, each value
/// checked against `values`.
fn peer_nodes(values: &[Value], runs: u64, search: impl Fn(&Standard) -> Value) -> u64 {
    let positions = positions();
    let before = NODES.with(Cell::get);
    for _ in 0..runs {
        for (s, &v) in positions.iter().zip(values) {
            assert_eq!(search(s), v, "the peer's root value is plain alpha-beta's");
        }
    }
    (NODES.with(Cell::get) - before) / runs
}

fn positions() -> Vec<Standard> {
    POSITIONS
        .iter()
        .map(|g| g.parse().expect("a legal game"))
        .collect()
}

/// The group: each engine searches every position to [`DEPTH`]; time per iteration is the
/// time to that depth on all three, throughput their nodes.
pub fn peer_minimax(c: &mut Criterion) {
    let positions = positions();
    let config = Config::new(u32::from(DEPTH));
    let mut searcher = Searcher::new();
    let plain: Vec<(Value, u64)> = positions
        .iter()
        .map(|&s| {
            let r = searcher.search(s, &config);
            (r.value, r.stats.nodes)
        })
        .collect();
    let values: Vec<Value> = plain.iter().map(|p| p.0).collect();
    let deep_runs: Vec<(Value, u64)> = positions.iter().map(deep).collect();
    assert_eq!(
        deep_runs.iter().map(|d| d.0).collect::<Vec<_>>(),
        values,
        "the deep searcher's value is plain alpha-beta's"
    );
    let engines: [(&str, u64); 4] = [
        ("ours plain", plain.iter().map(|p| p.1).sum()),
        ("minimax Negamax", peer_nodes(&values, 10, negamax::<true>)),
        ("ours deep", deep_runs.iter().map(|d| d.1).sum()),
        (
            "minimax IterativeSearch",
            peer_nodes(&values, 5, iterative::<true>),
        ),
    ];
    let mut group = c.benchmark_group("peer minimax 0.6 Connect Four");
    group.sample_size(10);
    for (name, nodes) in engines {
        eprintln!("{name}: {nodes} nodes on the three positions");
        group.throughput(Throughput::Elements(nodes));
        let id = BenchmarkId::new(name, format!("7x6 depth {DEPTH}"));
        group.bench_function(id, |b| {
            b.iter(|| -> Value {
                positions
                    .iter()
                    .map(|s| match name {
                        "ours plain" => searcher.search(black_box(*s), &config).value,
                        "minimax Negamax" => negamax::<false>(black_box(s)),
                        "ours deep" => deep(black_box(s)).0,
                        _ => iterative::<false>(black_box(s)),
                    })
                    .sum()
            });
        });
    }
    group.finish();
}
