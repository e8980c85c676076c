//! Ground truth: depth-limited minimax with no pruning at all, the game solved exactly, and
//! the statistics of the full game tree.
//!
//! It shares the evaluation with every engine (`nullmove_core::eval`) and nothing else: no
//! window, no move ordering, no null move. Plain alpha-beta must return exactly its value.

use nullmove_core::{
    Board, CELLS, Engine, EventSink, Player, Position, RootReport, RootTracker, SearchParams,
    Stats, Value, heuristic, score, winner,
};
use serde::{Deserialize, Serialize};

/// Exact depth-limited minimax value of `board` with `side` to move, `depth` plies below the
/// root, searched to `depth_limit`; counts every call in `nodes`.
#[must_use]
pub fn minimax(
    board: &mut Board,
    depth: u32,
    side: Player,
    depth_limit: u32,
    nodes: &mut u64,
) -> Value {
    *nodes += 1;
    let w = winner(board);
    if w.is_some() || board.iter().all(Option::is_some) {
        return score(w, depth);
    }
    if depth >= depth_limit {
        return heuristic(board);
    }
    let mut best: Option<Value> = None;
    for cell in 0..CELLS {
        if board[cell].is_some() {
            continue;
        }
        board[cell] = Some(side);
        let v = minimax(board, depth + 1, side.opponent(), depth_limit, nodes);
        board[cell] = None;
        best = Some(match best {
            None => v,
            Some(b) if side.is_maximizing() => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.expect("a position that is not over has a move")
}

/// The exact value of every root move at `depth_limit`, and of the root.
#[must_use]
pub fn exact_root(position: &Position, depth_limit: u32) -> RootReport {
    exact_root_with_side(position.board(), position.side_to_move(), depth_limit)
}

/// As [`exact_root`], with the side to move given rather than inferred: lets the audit ask
/// what a position is worth if its mover could pass.
#[must_use]
pub fn exact_root_with_side(board: &Board, side: Player, depth_limit: u32) -> RootReport {
    let mut board = *board;
    let mut nodes = 1;
    let mut root = RootTracker::new();
    let w = winner(&board);
    let value = if w.is_some() || board.iter().all(Option::is_some) {
        score(w, 0)
    } else if depth_limit == 0 {
        heuristic(&board)
    } else {
        let mut best: Option<Value> = None;
        for cell in 0..CELLS {
            if board[cell].is_some() {
                continue;
            }
            board[cell] = Some(side);
            let v = minimax(&mut board, 1, side.opponent(), depth_limit, &mut nodes);
            board[cell] = None;
            root.record(cell as u8, v);
            best = Some(match best {
                None => v,
                Some(b) if side.is_maximizing() => b.max(v),
                Some(b) => b.min(v),
            });
        }
        best.expect("a position that is not over has a move")
    };
    let stats = Stats {
        nodes,
        ..Stats::default()
    };
    root.finish(side, value, stats)
}

/// The game-theoretic value of `position` (depth limit 9 reaches every end of game).
#[must_use]
pub fn solve(position: &Position) -> Value {
    exact_root(position, CELLS as u32).value
}

/// The oracle as an [`Engine`]: it ignores mode and reduction and emits no events.
#[derive(Debug, Clone, Copy, Default)]
pub struct OracleEngine;

impl Engine for OracleEngine {
    fn name(&self) -> &'static str {
        "oracle"
    }

    fn search_traced(
        &self,
        position: &Position,
        params: &SearchParams,
        _sink: &mut dyn EventSink,
    ) -> RootReport {
        exact_root(position, params.depth_limit())
    }
}

/// Facts of the full game tree of the empty board (`nullmove tree-stats`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeStats {
    /// Nodes of the full game tree, root included.
    pub nodes: u64,
    /// Finished games (leaves of the tree).
    pub games: u64,
    /// Games X wins.
    pub x_wins: u64,
    /// Games O wins.
    pub o_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Distinct reachable positions, the empty board included.
    pub positions: u64,
    /// Reachable positions whose game is not over.
    pub nonterminal_positions: u64,
    /// The game's value with perfect play (`score` scale: 0 is a draw).
    pub value: Value,
}

fn walk(board: &mut Board, side: Player, t: &mut TreeStats) {
    t.nodes += 1;
    match winner(board) {
        Some(Player::X) => {
            t.games += 1;
            t.x_wins += 1;
            return;
        }
        Some(Player::O) => {
            t.games += 1;
            t.o_wins += 1;
            return;
        }
        None if board.iter().all(Option::is_some) => {
            t.games += 1;
            t.draws += 1;
            return;
        }
        None => {}
    }
    for cell in 0..CELLS {
        if board[cell].is_none() {
            board[cell] = Some(side);
            walk(board, side.opponent(), t);
            board[cell] = None;
        }
    }
}

/// Walks the whole game tree of the empty board and counts what it finds.
#[must_use]
pub fn tree_stats() -> TreeStats {
    let mut t = TreeStats {
        nodes: 0,
        games: 0,
        x_wins: 0,
        o_wins: 0,
        draws: 0,
        positions: 0,
        nonterminal_positions: 0,
        value: 0,
    };
    walk(&mut [None; CELLS], Player::X, &mut t);
    let all = Position::all_reachable();
    t.positions = all.len() as u64;
    t.nonterminal_positions = all.iter().filter(|p| !p.is_terminal()).count() as u64;
    t.value = solve(&Position::empty());
    t
}
