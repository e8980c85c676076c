//! The evaluation the page reuses from its Iterative Deepening page without printing it.
//!
//! The page's "Reference implementation" calls `score()` and `heuristic()` "unchanged from
//! iterative-deepening.html". That page is not part of our source, so
//! docs/src/specification.md reconstructs the pair; the evidence is that, run through the
//! page's own function, it reproduces every node count the page publishes (167/78,
//! 1,787/803, 20,866/80,790, 20,866/19,036) and the pitfall's heuristic 9 and value 12,
//! while simpler line counts reproduce none of the null-move counts. The fixtures crate
//! asserts both facts.

use crate::board::{Board, LINES, Player};

/// Terminal score of a finished game reached at `depth` plies from the root: `10 - depth`
/// when X has a line, `depth - 10` when O has, `0` for a draw. Earlier wins score higher.
///
/// # Example
/// ```
/// use nullmove_core::{score, Player};
/// assert_eq!(score(Some(Player::X), 3), 7);
/// assert_eq!(score(Some(Player::O), 3), -7);
/// assert_eq!(score(None, 9), 0);
/// ```
#[must_use]
pub fn score(winner: Option<Player>, depth: u32) -> i32 {
    let depth = depth as i32;
    match winner {
        Some(Player::X) => 10 - depth,
        Some(Player::O) => depth - 10,
        None => 0,
    }
}

/// Static evaluation at the depth limit: over the 8 lines, add `3^(X marks)` for each line
/// with no O and subtract `3^(O marks)` for each line with no X (an empty line adds 1 and
/// subtracts 1, a line holding both adds nothing).
///
/// # Example
/// ```
/// use nullmove_core::{heuristic, Position};
/// assert_eq!(heuristic(Position::empty().board()), 0);
/// // The pitfall position after X takes the centre ("Pitfalls").
/// assert_eq!(heuristic("...OXX...".parse::<Position>().unwrap().board()), 9);
/// ```
#[must_use]
pub fn heuristic(board: &Board) -> i32 {
    LINES
        .iter()
        .map(|line| {
            let count = |p: Player| {
                line.iter()
                    .filter(|&&c| board[c as usize] == Some(p))
                    .count() as u32
            };
            let (x, o) = (count(Player::X), count(Player::O));
            let plus = if o == 0 { 3_i32.pow(x) } else { 0 };
            let minus = if x == 0 { 3_i32.pow(o) } else { 0 };
            plus - minus
        })
        .sum()
}
