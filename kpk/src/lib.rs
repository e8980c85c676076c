//! King and pawn against king (K+P vs K): the smallest real chess endgame with zugzwang,
//! solved exactly, so that null-move pruning can be measured where the companion article
//! says it fails (zugzwang, its Ke5 Pe4 / ke7 example).
//!
//! - [`Kpk`]: a validated position (white king, black king, white pawn, side to move), FEN
//!   in and out through cozy-chess, a black pawn colour-flipped on the way in.
//! - [`Kpk::legal_moves`]: allocation-free legal moves, double step and the four
//!   promotions included, proven equal to cozy-chess's on every legal position.
//! - [`Table`]: the exact win/draw table by retrograde analysis, and the mutual zugzwangs.
//! - [`kpk_game::KpkGame`]: the endgame as a [`nullmove_optimized::Game`] for the generic
//!   optimized searcher, with the exact table or a heuristic at the depth limit.
//! - [`sweep`]: plain and null-move search of every position judged by the table, each
//!   wrong result traced to the null-move cutoff that caused it.

pub mod article;
pub mod kpk_game;
pub mod movegen;
pub mod position;
pub mod square;
pub mod sweep;
pub mod table;

pub use movegen::{MAX_MOVES, Move, MoveList, Moves, Promotion, Successor};
pub use position::{Kpk, KpkError, ParsedFen, SLOTS, from_cozy};
pub use square::{Side, Square};
pub use table::{BlackToMove, HalfBoard, Table, TableStats, Wdl, WhiteToMove};
