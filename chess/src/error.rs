//! Why a position, a move, an EPD line or a search was refused: the error the readers of
//! each and the search share.

/// Why a position, a move, a suite or a search was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// cozy-chess refused the FEN (its reason after the colon).
    #[error("invalid FEN {fen:?}: {reason}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A move that is not legal in the position (UCI or as given).
    #[error("illegal move {0:?}")]
    IllegalMove(String),
    /// A SAN move that does not name exactly one legal move.
    #[error("SAN {san:?} in {fen}: {reason}")]
    San {
        /// The move as written.
        san: String,
        /// The position it was read in.
        fen: String,
        /// Malformed, no match, or ambiguous (the candidates).
        reason: String,
    },
    /// A line of an EPD file that is not EPD.
    #[error("EPD line {line}: {message}")]
    Epd {
        /// The line, 1-based.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The search refused its parameters.
    #[error("{0}")]
    Search(String),
}
