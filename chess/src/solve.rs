//! One position at a fixed depth under one configuration.

use cozy_chess::{Board, Color, Move};
use nullmove_core::Value;
use nullmove_optimized::{Config, DeepReport, DeepSearcher, DeepStats, Guards, MATE, MATE_BOUND};
use serde::{Deserialize, Serialize};

use crate::notation::{san, uci};
use crate::{ChessError, ChessGame};

/// What a search of one position to one depth found (`nullmove chess`'s document).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The position searched.
    pub fen: String,
    /// The configuration's name (a preset's, [`Guards::preset`]).
    pub configuration: String,
    /// The depth in plies (iterative deepening from 1 up to it).
    pub depth: u32,
    /// The move chosen, in UCI; `None` when the side to move has no legal move.
    pub best_move: Option<String>,
    /// The move chosen, in SAN.
    pub best_move_san: Option<String>,
    /// The value for the side to move in centipawns; a mate `n` plies away scores
    /// `±(30000 - n)`.
    pub value: Value,
    /// Moves to mate: positive when the side to move mates, negative when it is mated.
    pub mate: Option<i32>,
    /// Nodes searched, all iterations up to this depth.
    pub nodes: u64,
    /// The principal variation in UCI.
    pub pv: Vec<String>,
    /// The principal variation in SAN.
    pub pv_san: Vec<String>,
    /// Everything the search counted.
    pub stats: DeepStats,
}

/// Moves to mate for a mate score, `None` for any other value.
fn mate_in(value: Value) -> Option<i32> {
    (value.abs() >= MATE_BOUND).then(|| {
        let moves = (MATE - value.abs() + 1) / 2;
        if value > 0 { moves } else { -moves }
    })
}

impl Solution {
    fn of(board: &Board, guards: Guards, it: &DeepReport<Move>) -> Self {
        let mut line = board.clone();
        let (mut pv, mut pv_san) = (Vec::new(), Vec::new());
        for &mv in it.pv() {
            pv.push(uci(&line, mv));
            pv_san.push(san(&line, mv));
            line.play_unchecked(mv);
        }
        // The report's value is White's; the solution's the side to move's.
        let value = match board.side_to_move() {
            Color::White => it.value(),
            Color::Black => -it.value(),
        };
        let best = it.best_move();
        Self {
            fen: board.to_string(),
            configuration: guards.to_string(),
            depth: it.depth,
            best_move: best.map(|m| uci(board, m)),
            best_move_san: best.map(|m| san(board, m)),
            value,
            mate: mate_in(value),
            nodes: it.nodes(),
            pv,
            pv_san,
            stats: it.root.stats,
        }
    }
}

/// Searches `board` to `depth` under `guards` with a fresh searcher (the default table).
pub fn solve(board: &Board, depth: u32, guards: Guards) -> Result<Solution, ChessError> {
    let game = ChessGame::new(board.clone());
    let mut searcher = DeepSearcher::new(game);
    let mut all = solve_depths(&mut searcher, board, depth, guards)?;
    Ok(all.pop().expect("one solution per depth"))
}

/// Searches `board` to `depth` under `guards` on `searcher` (cleared first) and returns
/// the solution at every depth `1..=depth`: iterative deepening is deterministic, so each
/// is exactly what [`solve`] at that depth returns.
pub fn solve_depths(
    searcher: &mut DeepSearcher<ChessGame>,
    board: &Board,
    depth: u32,
    guards: Guards,
) -> Result<Vec<Solution>, ChessError> {
    searcher.set_game(ChessGame::new(board.clone()));
    let mut out = Vec::with_capacity(depth as usize);
    let config = Config::new(depth).with_guards(guards);
    searcher
        .search(&config, |it| out.push(Solution::of(board, guards, it)))
        .map_err(|e| ChessError::Search(e.to_string()))?;
    Ok(out)
}
