//! Null-move pruning in the deep search: the shared rules hold at every pass, a rule that
//! cannot fire changes nothing, and on a designed zugzwang each configuration errs or not
//! exactly as its rule says.

mod deep_support;

use deep_support::RandomTree;
use nullmove_core::Value;
use nullmove_optimized::{
    DeepConfig, DeepGame, DeepSearcher, INFINITY, NullMove, Outcome, Preset, VerifyRule,
};

/// A game wrapper that checks, at every pass, the rules every configuration shares: never
/// at the root, never right after a pass, never in check. It can also force every
/// position into check or out of material.
#[derive(Debug, Clone)]
struct Spy<G> {
    inner: G,
    /// One flag per move made since the root: was it a pass?
    passes: Vec<bool>,
    always_in_check: bool,
    no_material: bool,
}

impl<G> Spy<G> {
    fn new(inner: G) -> Self {
        Self {
            inner,
            passes: Vec::with_capacity(256),
            always_in_check: false,
            no_material: false,
        }
    }
}

impl<G: DeepGame> DeepGame for Spy<G> {
    type Move = G::Move;
    const MAX_MOVES: usize = G::MAX_MOVES;
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
    fn make(&mut self, mv: G::Move) {
        self.passes.push(false);
        self.inner.make(mv);
    }
    fn unmake(&mut self, mv: G::Move) {
        assert_eq!(self.passes.pop(), Some(false), "unmake matches a move");
        self.inner.unmake(mv);
    }
    fn make_null(&mut self) {
        assert!(!self.passes.is_empty(), "a pass at the root");
        assert_ne!(self.passes.last(), Some(&true), "two passes in a row");
        assert!(!self.in_check(), "a pass in check");
        self.passes.push(true);
        self.inner.make_null();
    }
    fn unmake_null(&mut self) {
        assert_eq!(self.passes.pop(), Some(true), "unmake_null matches a pass");
        self.inner.unmake_null();
    }
    fn in_check(&self) -> bool {
        self.always_in_check || self.inner.in_check()
    }
    fn evaluate(&self) -> Value {
        self.inner.evaluate()
    }
    fn outcome_without_moves(&self) -> Outcome {
        self.inner.outcome_without_moves()
    }
    fn rule_draw(&self, ply: usize) -> bool {
        self.inner.rule_draw(ply)
    }
    fn material(&self) -> Value {
        if self.no_material {
            0
        } else {
            self.inner.material()
        }
    }
}

fn config(preset: Preset) -> DeepConfig {
    DeepConfig {
        null: preset.null_move(),
        tt_bits: Some(10),
    }
}

#[test]
fn every_pass_keeps_the_shared_rules_and_none_never_passes() {
    for preset in Preset::ALL {
        let mut probes = 0;
        for seed in 0..200 {
            let mut s = DeepSearcher::new(Spy::new(RandomTree::new(seed, 10)), config(preset));
            let r = s.search(7, |_| {}).expect("depth");
            assert!(s.game().passes.is_empty(), "every move taken back");
            assert!(r.stats.null_cutoffs <= r.stats.null_probes);
            assert!(r.stats.verification_failures <= r.stats.verifications);
            probes += r.stats.null_probes;
        }
        assert_eq!(
            probes == 0,
            preset == Preset::None,
            "{preset}: {probes} probes"
        );
    }
}

/// Where no rule lets a pass happen, null-move search is plain alpha-beta, node for node.
#[test]
fn a_rule_that_cannot_fire_changes_nothing() {
    for seed in 0..200 {
        let run = |preset, in_check, no_material| {
            let mut game = Spy::new(RandomTree::new(seed, 9));
            game.always_in_check = in_check;
            game.no_material = no_material;
            let mut s = DeepSearcher::new(game, config(preset));
            s.search(6, |_| {}).expect("depth")
        };
        for in_check in [false, true] {
            let plain = run(Preset::None, in_check, !in_check);
            for preset in Preset::ALL {
                let null = run(preset, in_check, !in_check);
                if in_check || null.stats.null_probes == 0 {
                    assert_eq!(null, plain, "seed {seed} {preset} in check {in_check}");
                }
            }
            if !in_check {
                // Without material only the rules that need it stay silent.
                for preset in [Preset::Npm, Preset::Stockfish] {
                    assert_eq!(run(preset, false, true), plain, "seed {seed} {preset}");
                }
            }
        }
    }
}

/// A zugzwang, scripted. X at the root chooses between a quiet line worth 0 and the move
/// into node 2, where O's only move loses (+100 for X for ever after) but a pass would
/// leave X worse off (-100). Every other node's pass equals its only move, so no other
/// probe can mislead. Keys are node numbers; each node's side is fixed.
#[derive(Debug, Clone)]
struct Zugzwang {
    path: Vec<usize>,
    /// The mover's material at the zugzwang node.
    material: Value,
}

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

impl Zugzwang {
    fn node(&self) -> usize {
        *self.path.last().expect("root")
    }
}

impl DeepGame for Zugzwang {
    type Move = usize;
    const MAX_MOVES: usize = 2;
    fn key(&self) -> u64 {
        self.node() as u64
    }
    fn legal_moves(&self, out: &mut Vec<usize>) {
        out.extend_from_slice(NODES[self.node()].0);
    }
    fn noisy_moves(&self, _out: &mut Vec<usize>) {}
    fn capture_order(&self, _mv: usize) -> Option<i32> {
        None
    }
    fn make(&mut self, mv: usize) {
        self.path.push(mv);
    }
    fn unmake(&mut self, _mv: usize) {
        self.path.pop();
    }
    fn make_null(&mut self) {
        self.path.push(NODES[self.node()].1);
    }
    fn unmake_null(&mut self) {
        self.path.pop();
    }
    fn in_check(&self) -> bool {
        false
    }
    fn evaluate(&self) -> Value {
        NODES[self.node()].2
    }
    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Draw
    }
    fn rule_draw(&self, _ply: usize) -> bool {
        false
    }
    fn material(&self) -> Value {
        if self.node() == 2 { self.material } else { 1 }
    }
}

/// The root's value under `null`, one full-window call at `depth` (no iterative deepening,
/// so the quiet line is searched first and node 2 gets a null window at `depth - 1`): 100
/// (into the zugzwang) is right, 0 (the quiet line) the null-move error. Also the
/// verifications and their failures.
fn zugzwang(null: Option<NullMove>, material: Value, depth: u32) -> (Value, u64, u64) {
    let mut path = Vec::with_capacity(256);
    path.push(0);
    let game = Zugzwang { path, material };
    let mut s = DeepSearcher::new(
        game,
        DeepConfig {
            null,
            tt_bits: Some(8),
        },
    );
    let value = s
        .search_window(depth, 0, -INFINITY, INFINITY)
        .expect("valid");
    let stats = s.stats();
    (value, stats.verifications, stats.verification_failures)
}

#[test]
fn the_scripted_zugzwang_fools_exactly_the_rules_that_should_be_fooled() {
    const RIGHT: Value = 100;
    const FOOLED: Value = 0;
    let at = |preset: Preset, material, depth| zugzwang(preset.null_move(), material, depth).0;
    for depth in [4, 8, 12] {
        // With material at the zugzwang node: the standard rules pass and are fooled.
        assert_eq!(at(Preset::None, 1, depth), RIGHT);
        for preset in [Preset::R2, Preset::R3, Preset::Adaptive, Preset::Npm] {
            assert_eq!(at(preset, 1, depth), FOOLED, "{preset} depth {depth}");
        }
        // Tabibi–Netanyahu: the shallower search refutes the probe, the full one finds it.
        assert_eq!(
            at(Preset::Verified, 1, depth),
            RIGHT,
            "verified depth {depth}"
        );
        // Stockfish verifies only from depth 14: below it, fooled.
        assert_eq!(
            at(Preset::Stockfish, 1, depth),
            FOOLED,
            "stockfish depth {depth}"
        );
        // Without material the low-material rule keeps npm and Stockfish from passing.
        for preset in [Preset::Npm, Preset::Stockfish, Preset::Verified] {
            assert_eq!(at(preset, 0, depth), RIGHT, "{preset} depth {depth}");
        }
        assert_eq!(at(Preset::R3, 0, depth), FOOLED);
    }
    // Tabibi–Netanyahu counts the verification and its failure.
    let (_, verifications, failures) = zugzwang(Preset::Verified.null_move(), 1, 8);
    assert!(
        verifications >= 1 && failures >= 1,
        "{verifications} {failures}"
    );
}

/// Stockfish's verification, reachable: from depth 9 its probe still searches real plies,
/// and the re-search at the probe's depth with O's pass barred finds the zugzwang.
#[test]
fn stockfish_verification_repairs_the_zugzwang_once_it_runs() {
    let mut rule = Preset::Stockfish.null_move().expect("a rule");
    rule.verification = VerifyRule::Stockfish { from_depth: 9 };
    let (value, verifications, failures) = zugzwang(Some(rule), 1, 12);
    assert_eq!(value, 100);
    assert!(
        verifications >= 1 && failures >= 1,
        "{verifications} {failures}"
    );
    // At a depth where the probe is only quiescence the verification is too, and the
    // zugzwang node's own evaluation (+50 for O) confirms the cutoff.
    rule.verification = VerifyRule::Stockfish { from_depth: 1 };
    assert_eq!(zugzwang(Some(rule), 1, 4), (0, 1, 0));
}
