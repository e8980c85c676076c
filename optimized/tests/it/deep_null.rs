//! Null-move pruning in the deep search: the searcher's own rules hold at every pass, a
//! guard that cannot fire changes nothing, and on a designed zugzwang each configuration
//! errs or not exactly as its guards say.

use crate::deep_support;

use deep_support::{RandomTree, last};
use nullmove_core::Value;
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Game, Guards, MATE, Verification};

/// Above every score the deep search computes.
const INFINITY: Value = MATE + 1;

/// A game wrapper that checks, at every pass, the rules every configuration keeps: never
/// at the root, never right after a pass, never where the game forbids it (in check). It
/// can also force every position into check or out of material.
#[derive(Debug, Clone, Copy)]
struct Spy<G> {
    inner: G,
    /// Moves and passes since the root.
    plies: u32,
    /// Whether the move into this position was a pass.
    after_pass: bool,
    always_in_check: bool,
    no_material: bool,
}

impl<G> Spy<G> {
    const fn new(inner: G) -> Self {
        Self {
            inner,
            plies: 0,
            after_pass: false,
            always_in_check: false,
            no_material: false,
        }
    }
}

impl<G: DeepGame> Game for Spy<G> {
    type Move = G::Move;
    type Moves = G::Moves;
    fn maximizing(&self) -> bool {
        self.inner.maximizing()
    }
    fn moves(&self) -> G::Moves {
        self.inner.moves()
    }
    fn play(&mut self, mv: G::Move) {
        self.plies += 1;
        self.after_pass = false;
        self.inner.play(mv);
    }
    fn pass(&mut self) {
        assert!(self.plies > 0, "a pass at the root");
        assert!(!self.after_pass, "two passes in a row");
        assert!(self.null_allowed(), "a pass in check");
        self.plies += 1;
        self.after_pass = true;
        self.inner.pass();
    }
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        self.inner.terminal_score(depth)
    }
    fn evaluate(&self) -> Value {
        self.inner.evaluate()
    }
    fn null_allowed(&self) -> bool {
        !self.always_in_check && self.inner.null_allowed()
    }
    fn pass_is_dangerous(&self) -> bool {
        self.always_in_check || self.inner.pass_is_dangerous()
    }
    fn material(&self) -> u32 {
        if self.no_material {
            0
        } else {
            self.inner.material()
        }
    }
}

impl<G: DeepGame> DeepGame for Spy<G> {
    const MAX_MOVES: usize = G::MAX_MOVES;
    const ENDS_ONLY_WITHOUT_MOVES: bool = G::ENDS_ONLY_WITHOUT_MOVES;
    fn key(&self) -> u64 {
        self.inner.key()
    }
    fn legal_moves(&self, out: &mut Vec<G::Move>) {
        self.inner.legal_moves(out);
    }
    fn noisy_moves(&self, out: &mut Vec<G::Move>) {
        self.inner.noisy_moves(out);
    }
    fn capture_order(&self, mv: G::Move) -> Option<i32> {
        self.inner.capture_order(mv)
    }
    fn in_check(&self) -> bool {
        self.always_in_check || self.inner.in_check()
    }
    fn draw_by_rule(&self) -> bool {
        self.inner.draw_by_rule()
    }
}

/// A searcher with a small table.
fn searcher<G: DeepGame>(game: G) -> DeepSearcher<G> {
    DeepSearcher::with_table(game, Some(10))
}

#[test]
fn every_pass_keeps_the_shared_rules_and_none_never_passes() {
    for (preset, guards) in Guards::presets() {
        let mut probes = 0;
        for seed in 0..200 {
            let mut s = searcher(Spy::new(RandomTree::new(seed, 10)));
            let r = last(&mut s, 7, guards).stats.shared;
            assert!(r.null_cutoffs <= r.null_probes);
            assert!(r.verification_failures <= r.verifications);
            probes += r.null_probes;
        }
        assert_eq!(probes == 0, preset == "none", "{preset}: {probes} probes");
    }
}

/// Where no guard lets a pass happen, null-move search is plain alpha-beta, node for node.
#[test]
fn a_rule_that_cannot_fire_changes_nothing() {
    for seed in 0..200 {
        let run = |guards, in_check, no_material| {
            let mut game = Spy::new(RandomTree::new(seed, 9));
            game.always_in_check = in_check;
            game.no_material = no_material;
            let mut s = searcher(game);
            let config = Config::new(6).with_guards(guards);
            // The root's report: the time it took aside.
            s.search(&config, |_| {}).expect("depth").root.clone()
        };
        for in_check in [false, true] {
            let plain = run(Guards::NO_NULL_MOVE, in_check, !in_check);
            for (preset, guards) in Guards::presets() {
                let null = run(guards, in_check, !in_check);
                if in_check || null.stats.shared.null_probes == 0 {
                    assert_eq!(null, plain, "seed {seed} {preset} in check {in_check}");
                }
            }
            if !in_check {
                // Without material only the guards that need it stay silent.
                for guards in [Guards::NPM, Guards::STOCKFISH] {
                    assert_eq!(run(guards, false, true), plain, "seed {seed} {guards}");
                }
            }
        }
    }
}

/// A zugzwang, scripted. X at the root chooses between a quiet line worth 0 and the move
/// into node 2, where O's only move loses (+100 for X for ever after) but a pass would
/// leave X worse off (-100). Every other node's pass equals its only move, so no other
/// probe can mislead. Keys are node numbers; each node's side is fixed.
#[derive(Debug, Clone, Copy)]
struct Zugzwang {
    node: usize,
    /// The mover's material at the zugzwang node.
    material: u32,
}

/// The nodes where X (the maximizer) is to move; O moves at the others.
const X_TO_MOVE: [usize; 4] = [0, 3, 4, 5];

/// Per node: (children, the node a pass leads to, evaluation for the side to move).
const NODES: [(&[usize], usize, Value); 12] = [
    (&[1, 2], 0, 0), // 0: root, X: the quiet line first, so node 2 gets a null window
    (&[3], 3, 0),    // 1: O, quiet
    (&[4], 5, 50),   // 2: O, the zugzwang: looks fine for O (+50), must move into 4
    (&[11], 11, 0),  // 3: X, quiet
    (&[6], 6, 100),  // 4: X, after O's forced move: +100 for X
    (&[7], 7, -100), // 5: X, after O passes: -100 for X
    (&[4], 4, -100), // 6: O, the lost line goes on
    (&[5], 5, 100),  // 7: O, the passed line goes on
    (&[], 0, 0),
    (&[], 0, 0),
    (&[], 0, 0),
    (&[3], 3, 0), // 11: O, quiet
];

impl Game for Zugzwang {
    type Move = usize;
    type Moves = std::iter::Copied<std::slice::Iter<'static, usize>>;
    fn maximizing(&self) -> bool {
        X_TO_MOVE.contains(&self.node)
    }
    fn moves(&self) -> Self::Moves {
        NODES[self.node].0.iter().copied()
    }
    fn play(&mut self, mv: usize) {
        self.node = mv;
    }
    fn pass(&mut self) {
        self.node = NODES[self.node].1;
    }
    /// Never reached: every node has a move.
    fn terminal_score(&self, _depth: u32) -> Option<Value> {
        NODES[self.node].0.is_empty().then_some(0)
    }
    fn evaluate(&self) -> Value {
        let e = NODES[self.node].2;
        if self.maximizing() { e } else { -e }
    }
    fn material(&self) -> u32 {
        if self.node == 2 { self.material } else { 1 }
    }
}

impl DeepGame for Zugzwang {
    const MAX_MOVES: usize = 2;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;
    fn key(&self) -> u64 {
        self.node as u64
    }
}

/// The root's value under `guards`, one full-window call at `depth` (no iterative
/// deepening, so the quiet line is searched first and node 2 gets a null window at `depth -
/// 1`): 100 (into the zugzwang) is right, 0 (the quiet line) the null-move error. Also the
/// verifications and their failures.
fn zugzwang(guards: Guards, material: u32, depth: u32) -> (Value, u64, u64) {
    let game = Zugzwang { node: 0, material };
    let mut s = DeepSearcher::with_table(game, Some(8));
    let config = Config::new(depth).with_guards(guards);
    let value = s
        .search_window(&config, 0, -INFINITY, INFINITY)
        .expect("valid");
    let stats = s.stats().shared;
    (value, stats.verifications, stats.verification_failures)
}

#[test]
fn the_scripted_zugzwang_fools_exactly_the_rules_that_should_be_fooled() {
    const RIGHT: Value = 100;
    const FOOLED: Value = 0;
    let at = |guards: Guards, material, depth| zugzwang(guards, material, depth).0;
    for depth in [4, 8, 12] {
        // With material at the zugzwang node: the standard rules pass and are fooled.
        assert_eq!(at(Guards::NO_NULL_MOVE, 1, depth), RIGHT);
        for guards in [Guards::R2, Guards::R3, Guards::ADAPTIVE, Guards::NPM] {
            assert_eq!(at(guards, 1, depth), FOOLED, "{guards} depth {depth}");
        }
        // Tabibi–Netanyahu: the shallower search refutes the probe, the full one finds it.
        assert_eq!(
            at(Guards::VERIFIED, 1, depth),
            RIGHT,
            "verified depth {depth}"
        );
        // Stockfish verifies only from depth 14: below it, fooled.
        assert_eq!(
            at(Guards::STOCKFISH, 1, depth),
            FOOLED,
            "stockfish depth {depth}"
        );
        // Without material the low-material rule keeps npm and Stockfish from passing.
        for guards in [Guards::NPM, Guards::STOCKFISH, Guards::VERIFIED] {
            assert_eq!(at(guards, 0, depth), RIGHT, "{guards} depth {depth}");
        }
        assert_eq!(at(Guards::R3, 0, depth), FOOLED);
    }
    // Tabibi–Netanyahu counts the verification and its failure.
    let (_, verifications, failures) = zugzwang(Guards::VERIFIED, 1, 8);
    assert!(
        verifications >= 1 && failures >= 1,
        "{verifications} {failures}"
    );
}

/// Stockfish's verification, reachable: from 9 plies left its probe still searches real
/// plies, and the re-search of the node with O's pass barred finds the zugzwang.
#[test]
fn stockfish_verification_repairs_the_zugzwang_once_it_runs() {
    let from = |min_remaining| Guards {
        verification: Verification::Stockfish { min_remaining },
        ..Guards::STOCKFISH
    };
    let (value, verifications, failures) = zugzwang(from(9), 1, 12);
    assert_eq!(value, 100);
    assert!(
        verifications >= 1 && failures >= 1,
        "{verifications} {failures}"
    );
    // Where the verification is only quiescence, the zugzwang node's own evaluation (+50
    // for O) confirms the cutoff.
    assert_eq!(zugzwang(from(1), 1, 4), (0, 1, 0));
}
