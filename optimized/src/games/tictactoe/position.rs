//! Between the bitboard state and the shared vocabulary's [`Position`], both ways, and why a
//! state below a null move is no position.

use nullmove_core::{Player, Position, PositionError};

use super::state::{TicTacToe, bitboards};

/// Why a bitboard state is not a [`Position`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToPositionError {
    /// The board itself could not arise in a real game.
    Board(PositionError),
    /// The board is fine but the stored side to move is not the one the counts imply (the
    /// state is below a null move).
    SideToMove {
        /// The side the state says is to move.
        stored: Player,
        /// The side the marks imply.
        inferred: Player,
    },
}

impl std::fmt::Display for ToPositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Board(e) => write!(f, "the board is not a position of a real game: {e}"),
            Self::SideToMove { stored, inferred } => write!(
                f,
                "{stored} is to move, but a position with these marks has {inferred} to move (a \
                 null move was made)"
            ),
        }
    }
}

impl std::error::Error for ToPositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Board(e) => Some(e),
            Self::SideToMove { .. } => None,
        }
    }
}

impl From<PositionError> for ToPositionError {
    fn from(e: PositionError) -> Self {
        Self::Board(e)
    }
}

impl TicTacToe {
    /// The state as a validated position: fails when the board is not reachable or the side
    /// to move differs from the inferred one.
    pub fn to_position(&self) -> Result<Position, ToPositionError> {
        let p = Position::from_board(self.board())?;
        if p.side_to_move() == self.side_to_move() {
            Ok(p)
        } else {
            Err(ToPositionError::SideToMove {
                stored: self.side_to_move(),
                inferred: p.side_to_move(),
            })
        }
    }
}

impl From<Position> for TicTacToe {
    /// The side to move is inferred from the bitboards as [`Position::side_to_move`] infers
    /// it (X when the marks are even), so the board is read once.
    // PERF: per-search setup; measured in `bitboards`.
    #[inline]
    fn from(p: Position) -> Self {
        let (x, o) = bitboards(p.board());
        let state = Self::from_bitboards(x, o, (x | o).count_ones() % 2 == 0);
        debug_assert_eq!(state.side_to_move(), p.side_to_move());
        state
    }
}

impl From<&Position> for TicTacToe {
    #[inline]
    fn from(p: &Position) -> Self {
        Self::from(*p)
    }
}

impl TryFrom<TicTacToe> for Position {
    type Error = ToPositionError;
    fn try_from(g: TicTacToe) -> Result<Self, Self::Error> {
        g.to_position()
    }
}
