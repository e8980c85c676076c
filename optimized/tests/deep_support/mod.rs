//! Games for the deep search's tests, and the plain minimax it must agree with.
//!
//! Shared by the `deep_*` tests: `tests/it/` and the two allocation binaries each include
//! this module; not every binary uses every game.
#![allow(dead_code)]

use nullmove_core::{Board, CELLS, LINES, Player, Position, Value, heuristic};
use nullmove_optimized::{
    Config, DeepGame, DeepOptions, DeepSearcher, DeepStats, Game, Guards, MATE, MAX_PLY,
};

/// Tic-tac-toe as a deep game: winning moves are its "captures" (the quiescence moves),
/// an opponent's open two is its "check" (no pass, no standing pat), and the game is over
/// when a line is made or the board is full (asked at every node: it ends with moves left).
#[derive(Debug, Clone, Copy)]
pub struct Ttt {
    board: Board,
    side: Player,
}

/// The empty cells of a board, ascending, owned.
#[derive(Debug, Clone)]
pub struct Empty {
    board: Board,
    next: u8,
}

impl Iterator for Empty {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        while (self.next as usize) < CELLS {
            let c = self.next;
            self.next += 1;
            if self.board[c as usize].is_none() {
                return Some(c);
            }
        }
        None
    }
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

impl Game for Ttt {
    type Move = u8;
    type Moves = Empty;
    fn maximizing(&self) -> bool {
        self.side == Player::X
    }
    fn moves(&self) -> Empty {
        Empty {
            board: self.board,
            next: 0,
        }
    }
    fn play(&mut self, mv: u8) {
        self.board[mv as usize] = Some(self.side);
        self.side = self.side.opponent();
    }
    fn pass(&mut self) {
        self.side = self.side.opponent();
    }
    /// Who won (X positive), by sign; the deep search reads nothing else.
    fn terminal_score(&self, _depth: u32) -> Option<Value> {
        if self.has_line(Player::X) {
            Some(1)
        } else if self.has_line(Player::O) {
            Some(-1)
        } else {
            self.board.iter().all(Option::is_some).then_some(0)
        }
    }
    fn evaluate(&self) -> Value {
        heuristic(&self.board)
    }
    fn null_allowed(&self) -> bool {
        !DeepGame::in_check(self)
    }
    fn pass_is_dangerous(&self) -> bool {
        DeepGame::in_check(self)
    }
    fn material(&self) -> u32 {
        self.board.iter().filter(|c| c.is_none()).count() as u32
    }
}

impl DeepGame for Ttt {
    const MAX_MOVES: usize = CELLS;
    const MOVE_INDEXES: usize = 2 * CELLS;

    fn move_index(&self, cell: u8) -> usize {
        usize::from(cell) + CELLS * usize::from(self.side == Player::O)
    }

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

    fn in_check(&self) -> bool {
        let them = self.side.opponent();
        !self.over() && (0..CELLS).any(|c| self.board[c].is_none() && self.wins_with(them, c))
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
/// Keys are path hashes, so no two nodes share one (a tree, no transpositions). The side
/// to move alternates with the ply (a pass is a ply).
#[derive(Debug, Clone, Copy)]
pub struct RandomTree {
    h: u64,
    ply: usize,
    height: usize,
    /// Evaluations lie in `-spread..=spread`: a small spread makes ties everywhere, where
    /// an off-by-one in a window shows.
    spread: u64,
    /// The fewest moves a node above `height` has (0: it may have none).
    min_moves: u8,
}

impl RandomTree {
    pub const fn new(seed: u64, height: usize) -> Self {
        Self::with_spread(seed, height, 200)
    }

    pub const fn with_spread(seed: u64, height: usize, spread: u64) -> Self {
        Self {
            h: mix(seed),
            ply: 0,
            height,
            spread,
            min_moves: 0,
        }
    }

    /// A tree no search finishes: two to four moves everywhere above ply 100.
    pub const fn endless(seed: u64) -> Self {
        Self {
            min_moves: 2,
            ..Self::new(seed, 100)
        }
    }

    const fn move_count(&self) -> u8 {
        if self.ply >= self.height {
            0
        } else {
            self.min_moves + (self.h % (5 - self.min_moves as u64)) as u8
        }
    }

    const fn checked(&self) -> bool {
        (self.h >> 20).is_multiple_of(7)
    }
}

impl Game for RandomTree {
    type Move = u8;
    type Moves = std::ops::Range<u8>;
    fn maximizing(&self) -> bool {
        self.ply.is_multiple_of(2)
    }
    fn moves(&self) -> Self::Moves {
        0..self.move_count()
    }
    fn play(&mut self, mv: u8) {
        self.h = mix(self.h ^ (u64::from(mv) + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
        self.ply += 1;
    }
    fn pass(&mut self) {
        self.h = mix(self.h ^ 0xDEAD_BEEF);
        self.ply += 1;
    }
    /// Without moves: a loss for the side to move in check, else a draw.
    fn terminal_score(&self, _depth: u32) -> Option<Value> {
        if self.move_count() > 0 {
            None
        } else if self.checked() {
            Some(if self.maximizing() { -1 } else { 1 })
        } else {
            Some(0)
        }
    }
    fn evaluate(&self) -> Value {
        let e = ((self.h >> 8) % (2 * self.spread + 1)) as Value - self.spread as Value;
        if self.maximizing() { e } else { -e }
    }
    fn null_allowed(&self) -> bool {
        !self.checked()
    }
    fn pass_is_dangerous(&self) -> bool {
        self.checked()
    }
    fn material(&self) -> u32 {
        ((self.h >> 50) % 3) as u32
    }
}

impl DeepGame for RandomTree {
    const MAX_MOVES: usize = 4;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;
    const MOVE_INDEXES: usize = 8;

    fn move_index(&self, mv: u8) -> usize {
        usize::from(mv) + 4 * (self.ply % 2)
    }

    fn key(&self) -> u64 {
        self.h
    }

    fn noisy_moves(&self, out: &mut Vec<u8>) {
        out.extend((0..self.move_count()).filter(|&m| self.capture_order(m).is_some()));
    }

    fn capture_order(&self, mv: u8) -> Option<i32> {
        ((self.h >> (24 + mv)) & 1 == 1).then_some(i32::from(3 - mv))
    }

    fn in_check(&self) -> bool {
        self.checked()
    }

    fn draw_by_rule(&self) -> bool {
        (self.h >> 40).is_multiple_of(23)
    }
}

/// Two piles; a move takes one or two stones from one pile; whoever takes the last stone
/// wins. The same piles recur at different plies (take two, or one and one), so the
/// transposition table meets positions at other depths; positions alone fix the future.
#[derive(Debug, Clone, Copy)]
pub struct Piles {
    pub piles: [u8; 2],
    /// Whether the first player (the maximizer) is to move.
    pub first: bool,
}

/// A pile move: (pile, stones).
pub type Take = (u8, u8);

/// The takes of two piles, owned.
pub type Takes = std::iter::Flatten<std::array::IntoIter<Option<Take>, 4>>;

impl Game for Piles {
    type Move = Take;
    type Moves = Takes;
    fn maximizing(&self) -> bool {
        self.first
    }
    fn moves(&self) -> Takes {
        let take = |pile: u8, n: u8| (self.piles[pile as usize] >= n).then_some((pile, n));
        [take(0, 1), take(0, 2), take(1, 1), take(1, 2)]
            .into_iter()
            .flatten()
    }
    fn play(&mut self, (pile, n): Take) {
        self.piles[pile as usize] -= n;
        self.first = !self.first;
    }
    fn pass(&mut self) {
        self.first = !self.first;
    }
    /// The opponent took the last stone: the side to move lost.
    fn terminal_score(&self, _depth: u32) -> Option<Value> {
        (self.piles == [0, 0]).then_some(if self.first { -1 } else { 1 })
    }
    fn evaluate(&self) -> Value {
        // Any heuristic will do: it only decides depth-limited searches.
        let e = Value::from(self.piles[0]) * 7 - Value::from(self.piles[1]) * 5;
        if self.first { e } else { -e }
    }
    fn material(&self) -> u32 {
        u32::from(self.piles[0] + self.piles[1])
    }
}

impl DeepGame for Piles {
    const MAX_MOVES: usize = 4;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;

    fn key(&self) -> u64 {
        u64::from(self.piles[0]) * 1000 + u64::from(self.piles[1]) * 2 + u64::from(self.first)
    }
}

/// `v`, from the side to move's point of view, from the maximizer's (and back).
pub fn for_max<G: Game>(game: &G, v: Value) -> Value {
    if game.maximizing() { v } else { -v }
}

/// A finished game's score `ply` plies below the root for the side to move.
fn finished<G: Game>(game: &G, ply: usize) -> Value {
    let t = game.terminal_score(ply as u32).expect("a finished game");
    for_max(game, t.signum() * (MATE - ply as Value))
}

/// The finished game's score if the game says it is over before moves are generated.
fn over_first<G: DeepGame>(game: &G, ply: usize) -> Option<Value> {
    if G::ENDS_ONLY_WITHOUT_MOVES || game.terminal_score(ply as u32).is_none() {
        None
    } else {
        Some(finished(game, ply))
    }
}

fn legal<G: DeepGame>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
}

/// Plain minimax (negamax, side to move's values, no window, no ordering, no table, no
/// null move) with the same leaves as the deep search: finished games, draws by rule
/// below the root, quiescence at the horizon, the evaluation at `MAX_PLY`.
pub fn minimax<G: DeepGame>(game: &G, depth: i32, ply: usize) -> Value {
    if depth <= 0 {
        return quiesce(game, ply);
    }
    if let Some(v) = over_first(game, ply) {
        return v;
    }
    if ply > 0 && game.draw_by_rule() {
        return 0;
    }
    if ply >= MAX_PLY {
        return for_max(game, game.evaluate());
    }
    let moves = legal(game);
    if moves.is_empty() {
        return finished(game, ply);
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = game.clone();
            child.play(m);
            -minimax(&child, depth - 1, ply + 1)
        })
        .max()
        .expect("a move")
}

/// Plain quiescence: the best of standing pat and every noisy move; in check, the best
/// legal move. A finished game is scored, never evaluated: asked first, or, for a game that
/// ends only without moves, out of check (in check its legal moves tell).
pub fn quiesce<G: DeepGame>(game: &G, ply: usize) -> Value {
    if let Some(v) = over_first(game, ply) {
        return v;
    }
    if G::ENDS_ONLY_WITHOUT_MOVES && !game.in_check() && game.terminal_score(ply as u32).is_some() {
        return finished(game, ply);
    }
    if ply >= MAX_PLY {
        return for_max(game, game.evaluate());
    }
    let mut moves = Vec::new();
    let stand = if game.in_check() {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return finished(game, ply);
        }
        None
    } else {
        game.noisy_moves(&mut moves);
        Some(for_max(game, game.evaluate()))
    };
    let best = moves
        .into_iter()
        .map(|m| {
            let mut child = game.clone();
            child.play(m);
            -quiesce(&child, ply + 1)
        })
        .max();
    best.max(stand).expect("a move or a stand-pat")
}

/// The minimax value of each root move (the value after it, from the root mover's view).
pub fn root_values<G: DeepGame>(game: &G, depth: i32) -> Vec<(G::Move, Value)> {
    legal(game)
        .into_iter()
        .map(|m| {
            let mut child = game.clone();
            child.play(m);
            (m, -minimax(&child, depth - 1, 1))
        })
        .collect()
}

/// What one iteration reported, its value from the side to move's point of view (as the
/// minimax above computes it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iteration<M> {
    pub depth: u32,
    pub value: Value,
    pub best_move: Option<M>,
    pub pv: Vec<M>,
    pub stats: DeepStats,
}

/// The deep searcher's switch settings every exact check runs under: both off, and both
/// on with the narrowest aspiration window (a re-search wherever the value moves).
pub fn settings() -> [DeepOptions; 2] {
    let off = DeepOptions::default()
        .with_aspiration(None)
        .with_quiet_history(false);
    [off, off.with_aspiration(Some(1)).with_quiet_history(true)]
}

/// Every iteration of one search to `depth` under `guards`.
pub fn iterations<G: DeepGame>(
    searcher: &mut DeepSearcher<G>,
    depth: u32,
    guards: Guards,
) -> Vec<Iteration<G::Move>> {
    let max = searcher.game().maximizing();
    let mut out = Vec::new();
    searcher
        .search(&Config::new(depth).with_guards(guards), |r| {
            out.push(Iteration {
                depth: r.depth,
                value: if max { r.root.value } else { -r.root.value },
                best_move: r.root.best_move,
                pv: r.root.pv.clone(),
                stats: r.root.stats,
            });
        })
        .expect("depth in range");
    out
}

/// The last iteration of one search to `depth` under `guards`.
pub fn last<G: DeepGame>(
    searcher: &mut DeepSearcher<G>,
    depth: u32,
    guards: Guards,
) -> Iteration<G::Move> {
    iterations(searcher, depth, guards)
        .pop()
        .expect("an iteration")
}
