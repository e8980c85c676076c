//! The deep search's chess signature, pinned: the node total of `nullmove chess bench` (the
//! first 20 positions of WAC and 10 of EET, each configuration to depth 5 from a cleared
//! table), per configuration. A change to move ordering, pruning, quiescence or the table
//! changes it; the commit that does so names the new figures.

use nullmove_chess::{BENCH_DEPTH, Guards, bench_positions, bench_run, bench_searcher};

/// Nodes per configuration, in `Guards::presets` order.
const SIGNATURE: [(&str, u64); 7] = [
    ("none", 949_765),
    ("r2", 338_133),
    ("r3", 281_174),
    ("adaptive", 338_133),
    ("verified", 434_364),
    ("stockfish", 332_420),
    ("npm", 289_358),
];

#[test]
fn the_chess_bench_signature() {
    let positions = bench_positions().expect("the suites parse");
    assert_eq!(positions.len(), 30);
    assert_eq!(
        (positions[0].id.as_str(), positions[20].id.as_str()),
        ("WAC.001", "E_E_T 001 - B vs B")
    );
    let mut searcher = bench_searcher();
    let got: Vec<(String, u64)> = Guards::presets()
        .map(|(name, guards)| {
            let run = bench_run(&mut searcher, &positions, guards).expect("a search");
            (name.to_owned(), run.nodes)
        })
        .collect();
    let want: Vec<(String, u64)> = SIGNATURE.iter().map(|&(n, v)| (n.to_owned(), v)).collect();
    assert_eq!(got, want, "depth {BENCH_DEPTH}");
    let total: u64 = got.iter().map(|(_, n)| n).sum();
    assert_eq!(
        total, 2_963_347,
        "the signature `nullmove chess bench` prints"
    );
}
