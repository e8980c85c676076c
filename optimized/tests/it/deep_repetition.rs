//! Repetitions in the deep search, exactly: at 4, 6, 8, 10 and 12 plies, inside the search
//! (twofold) and across the game's history (threefold), from a root at ply 0 and from
//! `search_window` at later plies, each value against a plain minimax that walks the same
//! line of positions and applies the rule to it directly.
//!
//! The rule (`DeepGame::reversible_plies`): below the root, a position is drawn when it
//! occurred before within the reversible plies, once after the root (ply 1 or later) or
//! twice at the root or before it. `search_window` at ply `p` stands `p` plies below a root,
//! so the last `p` positions of the history lie inside the search.
//!
//! No transposition table: a stored draw would answer for the same position reached by
//! another path (the graph-history interaction), so values are exact only without one.

use crate::deep_support;

use deep_support::mix;
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Game, Guards, INF, Value};

/// Spends each player has: how many irreversible moves a line can hold.
const SPENDS: u8 = 2;

/// Two tokens, one per player, each on its own ring of `m` cells. A move steps the mover's
/// token one cell on (reversible), or spends: stays put or jumps two cells, an irreversible
/// move like a pawn's. Only steps bring a position back, and only once both tokens went
/// round: after `2m` plies. So `m` in `2..=6` gives repetitions at exactly 4, 6, 8, 10 or
/// 12 plies (and their multiples), never at another distance.
#[derive(Debug, Clone, Copy)]
struct Rings {
    m: u8,
    at: [u8; 2],
    spent: [u8; 2],
    first: bool,
    reversible: u32,
    seed: u64,
}

/// A move of [`Rings`].
const STEP: u8 = 0;
const STAY: u8 = 1;
const JUMP: u8 = 2;

impl Rings {
    /// A game on rings of `m` cells, its tokens and spends drawn from `seed`, the first
    /// player to move, no reversible ply behind it.
    fn new(m: u8, seed: u64) -> Self {
        let r = mix(seed);
        Self {
            m,
            at: [(r % 7) as u8 % m, ((r >> 8) % 7) as u8 % m],
            spent: [((r >> 16) % 2) as u8, ((r >> 24) % 2) as u8],
            first: true,
            reversible: 0,
            seed,
        }
    }

    const fn mover(&self) -> usize {
        if self.first { 0 } else { 1 }
    }
}

impl Game for Rings {
    type Move = u8;
    type Moves = std::iter::Take<std::array::IntoIter<u8, 3>>;
    fn maximizing(&self) -> bool {
        self.first
    }
    fn moves(&self) -> Self::Moves {
        let n = if self.spent[self.mover()] < SPENDS {
            3
        } else {
            1
        };
        [STEP, STAY, JUMP].into_iter().take(n)
    }
    fn play(&mut self, mv: u8) {
        let i = self.mover();
        let cells = match mv {
            STEP => 1,
            STAY => 0,
            _ => 2,
        };
        self.at[i] = (self.at[i] + cells) % self.m;
        if mv == STEP {
            self.reversible += 1;
        } else {
            self.spent[i] += 1;
            self.reversible = 0;
        }
        self.first = !self.first;
    }
    fn pass(&mut self) {
        unreachable!("searched without null move");
    }
    fn terminal_score(&self, _depth: u32) -> Option<Value> {
        None
    }
    /// A pseudo-random score in -50..=50 per position (the maximizer's view), so that a
    /// draw, 0, is better than some lines and worse than others.
    fn evaluate(&self) -> Value {
        ((mix(self.seed ^ self.key()) >> 8) % 101) as Value - 50
    }
}

impl DeepGame for Rings {
    const MAX_MOVES: usize = 3;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;
    /// The whole position, exactly: no two positions share a key.
    fn key(&self) -> u64 {
        let [a, b] = self.at;
        let [s, t] = self.spent;
        u64::from_le_bytes([a, b, s, t, u8::from(self.first), self.m, 0, 0])
    }
    fn reversible_plies(&self) -> u32 {
        self.reversible
    }
}

/// Which repetitions the reference scores as draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// None: plain minimax of the depth-limited tree.
    Never,
    /// Only a position that occurred after the root (twofold inside the search).
    Inside,
    /// The deep search's: once after the root, or twice at or before it.
    Full,
}

/// Whether the last position of `line` repeats under `rule`: `inside` is the index of the
/// first position after the root (ply 1).
fn repeated(line: &[Rings], inside: usize, rule: Rule) -> bool {
    let (now, before) = line.split_last().expect("a position");
    let oldest = before.len() - (now.reversible as usize).min(before.len());
    let same: Vec<usize> = (oldest..before.len())
        .filter(|&j| before[j].key() == now.key())
        .collect();
    let after_root = same.iter().filter(|&&j| j >= inside).count();
    match rule {
        Rule::Never => false,
        Rule::Inside => after_root >= 1,
        Rule::Full => after_root >= 1 || same.len() >= 2,
    }
}

/// Plain negamax to `depth` from the last position of `line` (the side to move's value;
/// the root, ply 0, stands just before index `inside`): every move searched, no window, no
/// ordering. At the horizon the evaluation (the game has no noisy move); above it, below
/// the root, a repetition under `rule` is a draw.
fn reference(line: &mut Vec<Rings>, inside: usize, depth: u32, rule: Rule) -> Value {
    let game = *line.last().expect("a position");
    if depth == 0 {
        let e = game.evaluate();
        return if game.first { e } else { -e };
    }
    if line.len() > inside && repeated(line, inside, rule) {
        return 0;
    }
    let mut best = -INF;
    for mv in game.moves() {
        let mut child = game;
        child.play(mv);
        line.push(child);
        best = best.max(-reference(line, inside, depth - 1, rule));
        line.pop();
    }
    best
}

/// The game played from `start` by `moves`: every position, `start` first.
fn played(start: Rings, moves: &[u8]) -> Vec<Rings> {
    let mut line = vec![start];
    for &mv in moves {
        let mut next = *line.last().expect("a position");
        next.play(mv);
        line.push(next);
    }
    line
}

/// The histories every distance is searched after: none, steps up to twice round (so the
/// root may already have occurred twice), and steps around a spend.
fn histories(m: u8) -> Vec<Vec<u8>> {
    let round = 2 * usize::from(m);
    let mut out = vec![vec![]];
    for steps in [1, 3, round - 1, round, round + 1, 2 * round, 2 * round + 1] {
        out.push(vec![STEP; steps]);
    }
    let mut around = vec![STEP; round];
    around.push(JUMP);
    around.extend(vec![STEP; round + 1]);
    out.push(around);
    out
}

/// A searcher at the last position of `line`, every position before it the history.
fn searcher(line: &[Rings]) -> DeepSearcher<Rings> {
    let (now, before) = line.split_last().expect("a position");
    let mut s = DeepSearcher::with_table(*now, None);
    s.set_history(&before.iter().map(DeepGame::key).collect::<Vec<_>>());
    s
}

fn plain(depth: u32) -> Config {
    Config::new(depth).with_guards(Guards::NO_NULL_MOVE)
}

/// How the checks of one distance went: cases checked, and cases where the rule under
/// test changes the value (the reference under `weaker` differs), which a search blind to
/// that distance would get wrong.
#[derive(Debug, Default)]
struct Tally {
    checked: usize,
    telling: usize,
}

impl Tally {
    /// Checks `got` (the side to move's value) against the reference at `depth`.
    fn check(&mut self, line: &[Rings], inside: usize, depth: u32, weaker: Rule, got: Value) {
        let exact = reference(&mut line.to_vec(), inside, depth, Rule::Full);
        let blind = reference(&mut line.to_vec(), inside, depth, weaker);
        let last = line.last().expect("a position");
        assert_eq!(
            got,
            exact,
            "{last:?}: depth {depth}, {} positions before, ply 0 at index {}",
            line.len() - 1,
            inside as isize - 1
        );
        self.checked += 1;
        self.telling += usize::from(exact != blind);
    }

    /// The rule under test decided some value at this distance: a search blind to it
    /// fails here.
    fn assert_telling(&self, plies: u8) {
        assert!(
            self.telling > 0,
            "a repetition at {plies} plies never decides a value ({} cases)",
            self.checked
        );
    }
}

/// Iterative deepening from the root (ply 0) after `line`'s history: each iteration's value.
fn check_search(tally: &mut Tally, line: &[Rings], depth: u32, weaker: Rule) {
    let mut s = searcher(line);
    let mut values = Vec::new();
    s.search(&plain(depth), |r| values.push((r.depth, r.root.value)))
        .expect("a depth in range");
    let first = line.last().expect("a position").first;
    for (d, v) in values {
        tally.check(line, line.len(), d, weaker, if first { v } else { -v });
    }
}

/// One `search_window` call at `ply` after `line`'s history, open and null windows.
fn check_window(tally: &mut Tally, line: &[Rings], ply: usize, depth: u32, weaker: Rule) {
    let inside = line.len().saturating_sub(ply);
    let now = *line.last().expect("a position");
    let side = |v: Value| if now.first { v } else { -v };
    let mut s = searcher(line);
    let open = s
        .search_window(&plain(depth), ply, -INF, INF)
        .expect("a search");
    tally.check(line, inside, depth, weaker, side(open));
    // Fail-soft in a null window just below and just above the value: a bound on the
    // right side of it.
    let low = s.search_window(&plain(depth), ply, open, open + 1);
    let high = s.search_window(&plain(depth), ply, open - 1, open);
    assert!(low.expect("a search") <= open && high.expect("a search") >= open);
}

/// The start positions and histories at ring size `m` (repetitions at `2m` plies): `f`
/// checks one line, and the rule it tests must decide some value.
fn at_distance(m: u8, mut f: impl FnMut(&mut Tally, &[Rings])) {
    let mut tally = Tally::default();
    for seed in 0..6 {
        for moves in histories(m) {
            f(&mut tally, &played(Rings::new(m, seed), &moves));
        }
    }
    tally.assert_telling(2 * m);
}

/// Twofold inside the search, repetitions at `2m` plies.
fn twofold(m: u8) {
    let round = 2 * u32::from(m);
    at_distance(m, |tally, line| {
        let before = line.len() - 1;
        if before == 0 {
            // From a root with no history: the first repetition is the position at ply 1
            // again at ply 2m + 1, which needs depth 2m + 2 to be searched.
            check_search(tally, line, round + 2, Rule::Never);
        }
        // At ply p with the p positions before it inside the search.
        for depth in [round - 1, round, round + 2] {
            check_window(tally, line, before.max(1), depth, Rule::Never);
        }
    });
}

/// Threefold across the history, repetitions at `2m` plies.
fn threefold(m: u8) {
    let round = 2 * u32::from(m);
    at_distance(m, |tally, line| {
        let before = line.len() - 1;
        if before == 0 {
            return;
        }
        // From a root at ply 0: every earlier position is history, where only a
        // threefold counts.
        check_search(tally, line, round + 2, Rule::Inside);
        // At ply p after more than p positions: the older ones are history.
        for ply in [1, before / 2]
            .into_iter()
            .filter(|&p| p >= 1 && p < before)
        {
            for depth in [round - 1, round + 1] {
                check_window(tally, line, ply, depth, Rule::Inside);
            }
        }
    });
}

#[test]
fn twofold_inside_the_search_at_4_plies() {
    twofold(2);
}

#[test]
fn twofold_inside_the_search_at_6_plies() {
    twofold(3);
}

#[test]
fn twofold_inside_the_search_at_8_plies() {
    twofold(4);
}

#[test]
fn twofold_inside_the_search_at_10_plies() {
    twofold(5);
}

#[test]
fn twofold_inside_the_search_at_12_plies() {
    twofold(6);
}

#[test]
fn threefold_across_history_at_4_plies() {
    threefold(2);
}

#[test]
fn threefold_across_history_at_6_plies() {
    threefold(3);
}

#[test]
fn threefold_across_history_at_8_plies() {
    threefold(4);
}

#[test]
fn threefold_across_history_at_10_plies() {
    threefold(5);
}

#[test]
fn threefold_across_history_at_12_plies() {
    threefold(6);
}
