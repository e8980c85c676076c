//! `go perft N`: the leaves `N` plies below the position, move by move, as Stockfish prints
//! them (GUIs' and move generators' test suites compare against these lines).

use cozy_chess::Board;
use nullmove_chess::{ChessGame, perft, uci_in};
use nullmove_optimized::{DeepGame, Game};

/// The lines of `go perft depth` from `board` (a line per legal move, `move: leaves`, in
/// the generator's order; a blank line; `Nodes searched: total`), castling written as
/// `chess960` says.
///
/// # Example
/// ```
/// let lines = nullmove_arena::uci::perft_lines(&cozy_chess::Board::default(), 2, false);
/// assert_eq!(lines.len(), 20 + 2);
/// assert!(lines.contains(&"e2e4: 20".to_owned()));
/// assert_eq!(lines.last().unwrap(), "Nodes searched: 400");
/// ```
#[must_use]
pub fn perft_lines(board: &Board, depth: u32, chess960: bool) -> Vec<String> {
    let game = ChessGame::new(board.clone());
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut lines = Vec::with_capacity(moves.len() + 2);
    let mut total = 0;
    for mv in moves {
        let mut child = game.clone();
        child.play(mv);
        let leaves = perft(&child, depth - 1);
        total += leaves;
        lines.push(format!("{}: {leaves}", uci_in(board, mv, chess960)));
    }
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines
}
