//! A validated position and its nine-character notation (docs/src/specification.md,
//! "Position notation").

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::{Board, CELLS, Cell, Player, has_line, winner};

/// Why a string or a move does not describe a position of a real game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The notation has nine characters, one a cell.
    WrongLength(usize),
    /// Only `X`, `O` and `.` (either case) stand for a cell.
    BadCharacter {
        /// The cell the character stands for.
        index: usize,
        /// The offending character.
        ch: char,
    },
    /// X moves first, so X has as many marks as O or one more.
    ImpossibleCounts {
        /// Marks of X.
        x: usize,
        /// Marks of O.
        o: usize,
    },
    /// Both sides have three in a line: the game ended at the first one.
    TwoWinners,
    /// A side has a line, yet its opponent has moved since.
    MoveAfterWin {
        /// The side with the line.
        winner: Player,
        /// The side that moved afterwards.
        loser: Player,
    },
    /// A cell outside `0..=8`.
    CellOutOfRange(usize),
    /// A move onto a cell that already holds a mark.
    CellTaken(Cell),
    /// A move in a finished game.
    GameOver,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongLength(n) => {
                write!(
                    f,
                    "a board is 9 characters (one per cell, row-major), got {n}"
                )
            }
            Self::BadCharacter { index, ch } => {
                write!(f, "character {ch:?} at cell {index} is not X, O or '.'")
            }
            Self::ImpossibleCounts { x, o } => write!(
                f,
                "impossible counts: {x} X and {o} O (X moves first, so X has as many marks as O \
                 or one more)"
            ),
            Self::TwoWinners => {
                f.write_str("both X and O have three in a line; the game ends at the first")
            }
            Self::MoveAfterWin { winner, loser } => write!(
                f,
                "{winner} has three in a line but {loser} moved after the game was over"
            ),
            Self::CellOutOfRange(cell) => write!(f, "cell {cell} is outside 0..=8"),
            Self::CellTaken(cell) => write!(f, "cell {cell} is already taken"),
            Self::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A position of a real game: a board reachable from the empty board by legal play, with
/// the side to move inferred (X when the counts are equal, O when X has one more).
///
/// # Example
/// ```
/// # mod nullmove_optimized { pub mod games { pub mod tictactoe {
/// #     pub use nullmove_core::{Player, Position};
/// # } } }
/// use nullmove_optimized::games::tictactoe::{Player, Position}; // re-exported by the library
/// let p: Position = "...O.X...".parse().unwrap();
/// assert_eq!(p.side_to_move(), Player::X);
/// assert_eq!(p.to_string(), "...O.X...");
/// assert!("XXX".parse::<Position>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
}

impl Position {
    /// The empty board, X to move.
    #[must_use]
    pub const fn empty() -> Self {
        Self {
            board: [None; CELLS],
        }
    }

    /// Validates a raw board: counts possible, at most one winner, nobody moved after a win.
    pub fn from_board(board: Board) -> Result<Self, PositionError> {
        let x = board.iter().filter(|&&c| c == Some(Player::X)).count();
        let o = board.iter().filter(|&&c| c == Some(Player::O)).count();
        if x != o && x != o + 1 {
            return Err(PositionError::ImpossibleCounts { x, o });
        }
        let (x_line, o_line) = (has_line(&board, Player::X), has_line(&board, Player::O));
        if x_line && o_line {
            return Err(PositionError::TwoWinners);
        }
        if x_line && x == o {
            return Err(PositionError::MoveAfterWin {
                winner: Player::X,
                loser: Player::O,
            });
        }
        if o_line && x > o {
            return Err(PositionError::MoveAfterWin {
                winner: Player::O,
                loser: Player::X,
            });
        }
        Ok(Self { board })
    }

    /// The raw board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// What stands on `cell`.
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Player> {
        self.board[cell as usize]
    }

    /// Number of marks on the board, which is also the number of plies played.
    #[must_use]
    pub fn marks(&self) -> usize {
        self.board.iter().filter(|c| c.is_some()).count()
    }

    /// The side to move: X when the counts are equal, O when X has one more.
    #[must_use]
    pub fn side_to_move(&self) -> Player {
        if self.marks().is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        }
    }

    /// The side with three in a line, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        winner(&self.board)
    }

    /// Whether the game is over: a line, or a full board.
    #[must_use]
    pub fn is_terminal(&self) -> bool {
        self.winner().is_some() || self.marks() == CELLS
    }

    /// Empty cells in ascending order: the moves, when the game is not over.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..CELLS as Cell).filter(|&c| self.board[c as usize].is_none())
    }

    /// Legal moves in ascending cell order (none when the game is over).
    pub fn moves(&self) -> impl Iterator<Item = Cell> + '_ {
        let over = self.is_terminal();
        self.empty_cells().filter(move |_| !over)
    }

    /// The position after the side to move marks `cell`.
    pub fn play(&self, cell: usize) -> Result<Self, PositionError> {
        if cell >= CELLS {
            return Err(PositionError::CellOutOfRange(cell));
        }
        if self.is_terminal() {
            return Err(PositionError::GameOver);
        }
        if self.board[cell].is_some() {
            return Err(PositionError::CellTaken(cell as Cell));
        }
        let mut board = self.board;
        board[cell] = Some(self.side_to_move());
        Ok(Self { board })
    }

    /// Every position reachable from the empty board, each once, in a fixed order
    /// (breadth-first by number of marks, then by move order). There are 5,478.
    #[must_use]
    pub fn all_reachable() -> Vec<Self> {
        let mut seen = std::collections::HashSet::new();
        let mut out = vec![Self::empty()];
        seen.insert(Self::empty());
        let mut i = 0;
        while i < out.len() {
            let p = out[i];
            for c in p.moves() {
                let next = p.play(c as usize).expect("moves() yields legal moves");
                if seen.insert(next) {
                    out.push(next);
                }
            }
            i += 1;
        }
        out
    }

    /// Every reachable position whose game is not over: the positions a search can start
    /// from with at least one move. There are 4,520.
    #[must_use]
    pub fn all_nonterminal() -> Vec<Self> {
        Self::all_reachable()
            .into_iter()
            .filter(|p| !p.is_terminal())
            .collect()
    }
}

impl Default for Position {
    fn default() -> Self {
        Self::empty()
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let chars: Vec<char> = s.chars().collect();
        if chars.len() != CELLS {
            return Err(PositionError::WrongLength(chars.len()));
        }
        let mut board = [None; CELLS];
        for (index, (&ch, cell)) in chars.iter().zip(board.iter_mut()).enumerate() {
            *cell = match ch {
                'X' | 'x' => Some(Player::X),
                'O' | 'o' => Some(Player::O),
                '.' => None,
                _ => return Err(PositionError::BadCharacter { index, ch }),
            };
        }
        Self::from_board(board)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in &self.board {
            write!(f, "{}", cell.map_or('.', Player::mark))?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    #[test]
    fn reachable_counts_are_the_known_ones() {
        let all = Position::all_reachable();
        assert_eq!(all.len(), 5_478);
        assert_eq!(Position::all_nonterminal().len(), 4_520);
    }

    /// The validator accepts exactly the reachable positions: all 3^9 boards checked.
    #[test]
    fn parser_accepts_exactly_the_reachable_boards() {
        let reachable: std::collections::HashSet<String> = Position::all_reachable()
            .iter()
            .map(ToString::to_string)
            .collect();
        let mut accepted = 0;
        for n in 0..3_u32.pow(9) {
            let s: String = (0..9)
                .map(|i| ['.', 'X', 'O'][(n / 3_u32.pow(i) % 3) as usize])
                .collect();
            let ok = s.parse::<Position>().is_ok();
            assert_eq!(ok, reachable.contains(&s), "{s}");
            accepted += usize::from(ok);
        }
        assert_eq!(accepted, 5_478);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(e("X.."), PositionError::WrongLength(3));
        assert_eq!(
            e("X.Z......"),
            PositionError::BadCharacter { index: 2, ch: 'Z' }
        );
        assert_eq!(
            e("XX......."),
            PositionError::ImpossibleCounts { x: 2, o: 0 }
        );
        assert_eq!(
            e("O........"),
            PositionError::ImpossibleCounts { x: 0, o: 1 }
        );
        assert_eq!(e("XXXOOO..."), PositionError::TwoWinners);
        assert!(matches!(e("XXXOO.O.."), PositionError::MoveAfterWin { .. }));
        assert!(matches!(e("OOOXX.X.X"), PositionError::MoveAfterWin { .. }));
        assert_eq!(
            "xo.......".parse::<Position>().unwrap().to_string(),
            "XO......."
        );
    }

    #[test]
    fn play_rejects_bad_moves() {
        let p: Position = "X........".parse().unwrap();
        assert_eq!(p.play(0), Err(PositionError::CellTaken(0)));
        assert_eq!(p.play(9), Err(PositionError::CellOutOfRange(9)));
        let won: Position = "XXXOO....".parse().unwrap();
        assert_eq!(won.play(8), Err(PositionError::GameOver));
        assert_eq!(won.moves().count(), 0);
    }

    quickcheck! {
        /// Any reachable position prints and parses back to itself, in either case.
        fn notation_round_trips(index: usize, lower: bool) -> bool {
            let all = Position::all_reachable();
            let p = all[index % all.len()];
            let s = p.to_string();
            let s = if lower { s.to_lowercase() } else { s };
            s.parse::<Position>() == Ok(p)
        }

        /// Arbitrary strings are accepted only when they name a reachable board.
        fn arbitrary_strings_are_rejected_unless_reachable(s: String) -> bool {
            match s.parse::<Position>() {
                Ok(p) => Position::all_reachable().contains(&p)
                    && p.to_string() == s.to_uppercase(),
                Err(_) => true,
            }
        }

        /// Strings over the notation's own alphabet: accepted iff reachable.
        fn alphabet_strings_accepted_iff_reachable(cells: Vec<u8>) -> bool {
            let s: String = cells.iter().take(9).map(|b| ['.', 'X', 'O', 'x', 'o'][(*b % 5) as usize]).collect();
            let ok = s.parse::<Position>().is_ok();
            let reachable = Position::all_reachable().iter().any(|p| p.to_string() == s.to_uppercase());
            ok == reachable
        }
    }
}
