//! The game: cells, players, lines, and who has three in a line (docs/src/specification.md,
//! "The game").

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A cell index, `0..=8`, row-major: `0 1 2 / 3 4 5 / 6 7 8`.
pub type Cell = u8;

/// Number of cells on the board.
pub const CELLS: usize = 9;

/// The 8 lines: three rows, three columns, two diagonals, in that order.
pub const LINES: [[Cell; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A side. `X` maximizes and moves first on the empty board; `O` minimizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Player {
    /// The maximizer.
    X,
    /// The minimizer.
    O,
}

impl Player {
    /// The other side.
    #[must_use]
    pub const fn opponent(self) -> Self {
        match self {
            Self::X => Self::O,
            Self::O => Self::X,
        }
    }

    /// Whether this side maximizes the score (X does).
    #[must_use]
    pub const fn is_maximizing(self) -> bool {
        matches!(self, Self::X)
    }

    /// The side that maximizes when `maximizing`, else the minimizer.
    #[must_use]
    pub const fn from_maximizing(maximizing: bool) -> Self {
        if maximizing { Self::X } else { Self::O }
    }

    /// The mark written in the position notation.
    #[must_use]
    pub const fn mark(self) -> char {
        match self {
            Self::X => 'X',
            Self::O => 'O',
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.mark())
    }
}

/// A raw board: what stands in each cell. Unlike [`crate::Position`] it carries no side to
/// move, because a null move flips the side without touching the board ("Why it works").
pub type Board = [Option<Player>; CELLS];

/// The side holding three in a line, if any. When both do (impossible in a real game) X is
/// reported, as the first line scanned decides; validated positions never have both.
///
/// # Example
/// ```
/// use nullmove_core::{winner, Player, Position};
/// let p: Position = "XXXOO....".parse().unwrap();
/// assert_eq!(winner(p.board()), Some(Player::X));
/// ```
#[must_use]
pub fn winner(board: &Board) -> Option<Player> {
    LINES.iter().find_map(|&[a, b, c]| {
        let m = board[a as usize]?;
        (board[b as usize] == Some(m) && board[c as usize] == Some(m)).then_some(m)
    })
}

/// Whether `player` holds all three cells of some line.
#[must_use]
pub fn has_line(board: &Board, player: Player) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&c| board[c as usize] == Some(player)))
}
