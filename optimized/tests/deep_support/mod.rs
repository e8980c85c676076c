//! Games for the deep search's tests, and the plain minimax it must agree with.
//!
//! Shared by the `deep_*` test binaries (each includes this module); not every binary uses
//! every game.
#![allow(dead_code)]

use nullmove_core::{Board, CELLS, LINES, Player, Position, Value, heuristic};
use nullmove_optimized::{DeepGame, MAX_PLY, Outcome};

/// Tic-tac-toe as a deep game: winning moves are its "captures" (the quiescence moves),
/// an opponent's open two is its "check" (no pass, no standing pat), and the game is over
/// when a line is made or the board is full.
#[derive(Debug, Clone)]
pub struct Ttt {
    board: Board,
    side: Player,
}

impl Ttt {
    /// The position, its side to move inferred.
    pub fn new(position: &Position) -> Self {
        Self {
            board: *position.board(),
            side: position.side_to_move(),
        }
    }

    fn has_line(&self, p: Player) -> bool {
        LINES
            .iter()
            .any(|l| l.iter().all(|&c| self.board[c as usize] == Some(p)))
    }

    /// Whether `p` playing `cell` completes a line.
    fn wins_with(&self, p: Player, cell: usize) -> bool {
        LINES.iter().any(|l| {
            l.contains(&(cell as u8))
                && l.iter()
                    .all(|&c| c as usize == cell || self.board[c as usize] == Some(p))
        })
    }

    fn over(&self) -> bool {
        self.has_line(Player::X)
            || self.has_line(Player::O)
            || self.board.iter().all(Option::is_some)
    }
}

impl DeepGame for Ttt {
    type Move = u8;
    const MAX_MOVES: usize = CELLS;

    fn key(&self) -> u64 {
        let mut k = u64::from(self.side == Player::O);
        for cell in self.board {
            k = k * 3
                + match cell {
                    None => 0,
                    Some(Player::X) => 1,
                    Some(Player::O) => 2,
                };
        }
        k
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if !self.over() {
            out.extend((0..CELLS as u8).filter(|&c| self.board[c as usize].is_none()));
        }
    }

    fn noisy_moves(&self, out: &mut Vec<u8>) {
        if !self.over() {
            out.extend((0..CELLS as u8).filter(|&c| {
                self.board[c as usize].is_none() && self.wins_with(self.side, c as usize)
            }));
        }
    }

    fn capture_order(&self, mv: u8) -> Option<i32> {
        self.wins_with(self.side, mv as usize)
            .then_some(i32::from(mv))
    }

    fn make(&mut self, mv: u8) {
        self.board[mv as usize] = Some(self.side);
        self.side = self.side.opponent();
    }

    fn unmake(&mut self, mv: u8) {
        self.board[mv as usize] = None;
        self.side = self.side.opponent();
    }

    fn make_null(&mut self) {
        self.side = self.side.opponent();
    }

    fn unmake_null(&mut self) {
        self.side = self.side.opponent();
    }

    fn in_check(&self) -> bool {
        let them = self.side.opponent();
        !self.over() && (0..CELLS).any(|c| self.board[c].is_none() && self.wins_with(them, c))
    }

    fn evaluate(&self) -> Value {
        let h = heuristic(&self.board);
        if self.side == Player::X { h } else { -h }
    }

    fn outcome_without_moves(&self) -> Outcome {
        if self.has_line(self.side.opponent()) {
            Outcome::Loss
        } else if self.has_line(self.side) {
            Outcome::Win
        } else {
            Outcome::Draw
        }
    }

    fn rule_draw(&self, _ply: usize) -> bool {
        false
    }

    fn material(&self) -> Value {
        self.board.iter().filter(|c| c.is_none()).count() as Value
    }
}

/// `SplitMix64`: the random trees' hash.
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random game tree: each node's hash fixes its moves (0 to 4, none below `height`), its
/// evaluation, whether it is "in check", which moves are noisy and whether a rule draws it.
/// Keys are path hashes, so no two nodes share one (a tree, no transpositions).
#[derive(Debug)]
pub struct RandomTree {
    path: Vec<u64>,
    height: usize,
    /// Evaluations lie in `-spread..=spread`: a small spread makes ties everywhere, where
    /// an off-by-one in a window shows.
    spread: u64,
}

impl RandomTree {
    pub fn new(seed: u64, height: usize) -> Self {
        Self::with_spread(seed, height, 200)
    }

    pub fn with_spread(seed: u64, height: usize, spread: u64) -> Self {
        let mut path = Vec::with_capacity(MAX_PLY + 2);
        path.push(mix(seed));
        Self {
            path,
            height,
            spread,
        }
    }

    fn h(&self) -> u64 {
        *self.path.last().expect("the root")
    }

    fn ply(&self) -> usize {
        self.path.len() - 1
    }

    fn move_count(&self) -> u8 {
        if self.ply() >= self.height {
            0
        } else {
            (self.h() % 5) as u8
        }
    }
}

impl Clone for RandomTree {
    /// Keeps the path's room for a whole search (`Vec::clone` would not), so a cloned tree
    /// allocates nothing while searched either.
    fn clone(&self) -> Self {
        let mut path = Vec::with_capacity(MAX_PLY + 2);
        path.extend_from_slice(&self.path);
        Self {
            path,
            height: self.height,
            spread: self.spread,
        }
    }
}

impl DeepGame for RandomTree {
    type Move = u8;
    const MAX_MOVES: usize = 4;

    fn key(&self) -> u64 {
        self.h()
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.extend(0..self.move_count());
    }

    fn noisy_moves(&self, out: &mut Vec<u8>) {
        out.extend((0..self.move_count()).filter(|&m| self.capture_order(m).is_some()));
    }

    fn capture_order(&self, mv: u8) -> Option<i32> {
        ((self.h() >> (24 + mv)) & 1 == 1).then_some(i32::from(3 - mv))
    }

    fn make(&mut self, mv: u8) {
        let next = mix(self.h() ^ (u64::from(mv) + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        self.path.push(next);
    }

    fn unmake(&mut self, _mv: u8) {
        self.path.pop();
    }

    fn make_null(&mut self) {
        let next = mix(self.h() ^ 0xDEAD_BEEF);
        self.path.push(next);
    }

    fn unmake_null(&mut self) {
        self.path.pop();
    }

    fn in_check(&self) -> bool {
        (self.h() >> 20) % 7 == 0
    }

    fn evaluate(&self) -> Value {
        ((self.h() >> 8) % (2 * self.spread + 1)) as Value - self.spread as Value
    }

    fn outcome_without_moves(&self) -> Outcome {
        if self.in_check() {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }

    fn rule_draw(&self, _ply: usize) -> bool {
        (self.h() >> 40) % 23 == 0
    }

    fn material(&self) -> Value {
        ((self.h() >> 50) % 3) as Value
    }
}

/// Two piles; a move takes one or two stones from one pile; whoever takes the last stone
/// wins. The same piles recur at different plies (take two, or one and one), so the
/// transposition table meets positions at other depths; positions alone fix the future.
#[derive(Debug, Clone, Copy)]
pub struct Piles {
    pub piles: [u8; 2],
    /// Whether the first player is to move.
    pub first: bool,
}

/// A pile move: (pile, stones).
pub type Take = (u8, u8);

impl DeepGame for Piles {
    type Move = Take;
    const MAX_MOVES: usize = 4;

    fn key(&self) -> u64 {
        u64::from(self.piles[0]) * 1000 + u64::from(self.piles[1]) * 2 + u64::from(self.first)
    }

    fn legal_moves(&self, out: &mut Vec<Take>) {
        for pile in 0..2 {
            for n in 1..=2 {
                if self.piles[pile as usize] >= n {
                    out.push((pile, n));
                }
            }
        }
    }

    fn noisy_moves(&self, _out: &mut Vec<Take>) {}

    fn capture_order(&self, _mv: Take) -> Option<i32> {
        None
    }

    fn make(&mut self, (pile, n): Take) {
        self.piles[pile as usize] -= n;
        self.first = !self.first;
    }

    fn unmake(&mut self, (pile, n): Take) {
        self.piles[pile as usize] += n;
        self.first = !self.first;
    }

    fn make_null(&mut self) {
        self.first = !self.first;
    }

    fn unmake_null(&mut self) {
        self.first = !self.first;
    }

    fn in_check(&self) -> bool {
        false
    }

    fn evaluate(&self) -> Value {
        // Any heuristic will do: it only decides depth-limited searches.
        Value::from(self.piles[0]) * 7 - Value::from(self.piles[1]) * 5
    }

    fn outcome_without_moves(&self) -> Outcome {
        Outcome::Loss // the opponent took the last stone
    }

    fn rule_draw(&self, _ply: usize) -> bool {
        false
    }

    fn material(&self) -> Value {
        Value::from(self.piles[0] + self.piles[1])
    }
}

/// Plain minimax (negamax, no window, no ordering, no table, no null move) with the same
/// leaves as the deep search: draws by rule below the root, quiescence at the horizon,
/// the game's outcome without moves, the evaluation at `MAX_PLY`.
pub fn minimax<G: DeepGame>(game: &mut G, depth: i32, ply: usize) -> Value {
    if depth <= 0 {
        return quiesce(game, ply);
    }
    if ply > 0 && game.rule_draw(ply) {
        return 0;
    }
    if ply >= MAX_PLY {
        return game.evaluate();
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return game.outcome_without_moves().value(ply);
    }
    moves
        .into_iter()
        .map(|m| {
            game.make(m);
            let v = -minimax(game, depth - 1, ply + 1);
            game.unmake(m);
            v
        })
        .max()
        .expect("a move")
}

/// Plain quiescence: the best of standing pat and every noisy move; in check, the best
/// legal move.
pub fn quiesce<G: DeepGame>(game: &mut G, ply: usize) -> Value {
    if ply >= MAX_PLY {
        return game.evaluate();
    }
    let mut moves = Vec::new();
    let stand = if game.in_check() {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return game.outcome_without_moves().value(ply);
        }
        None
    } else {
        game.noisy_moves(&mut moves);
        Some(game.evaluate())
    };
    let best = moves
        .into_iter()
        .map(|m| {
            game.make(m);
            let v = -quiesce(game, ply + 1);
            game.unmake(m);
            v
        })
        .max();
    best.max(stand).expect("a move or a stand-pat")
}

/// The minimax value of each root move (the value after it, from the root mover's view).
pub fn root_values<G: DeepGame>(game: &mut G, depth: i32) -> Vec<(G::Move, Value)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            game.make(m);
            let v = -minimax(game, depth - 1, 1);
            game.unmake(m);
            (m, v)
        })
        .collect()
}
