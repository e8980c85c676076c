//! Tic-tac-toe on bitboards: the page's game as a [`Game`](crate::Game) of the generic
//! searcher.
//!
//! One 9-bit board per side (bit `c` is cell `c`, row-major: `0 1 2 / 3 4 5 / 6 7 8`).
//! Beside the two bitboards the state keeps the board's base-3 key (`sum 3^c * (1 for X, 2
//! for O)`), updated by one addition per move, which indexes one precomputed table
//! answering, in one load, everything the search asks of a board: who has a line, whether
//! it is full, and the page's heuristic ("Reference implementation"; the evaluation is the
//! one `nullmove_core::eval` reconstructs).
//!
//! [`TicTacToe`] is a [`Game`](crate::Game) and a [`crate::DeepGame`] like any other, and this module
//! re-exports the vocabulary it is made from ([`Position`], [`Player`], ...). The engines
//! ([`OptimizedEngine`], [`GuardedEngine`], [`search_window`]) serve the workspace's own
//! engine interface, [`Engine`], which every tic-tac-toe engine of the workspace shares; it
//! and what it takes and gives ([`SearchParams`], [`Mode`], [`RootReport`]) are re-exported
//! here too, so a crate of your own needs this library alone.

mod engine;
mod position;
mod state;

pub use engine::{GuardedEngine, OptimizedEngine, search_window};
/// Tic-tac-toe's vocabulary, which this module's states and moves are made from.
pub use nullmove_core::{Board, Cell, Player, Position, PositionError};
/// The workspace's engine interface, which the engines here implement, and what it takes
/// and gives.
pub use nullmove_core::{Engine, Mode, MoveValue, ParamError, RootReport, SearchParams};
pub use position::ToPositionError;
pub use state::{Mark, Marks, TicTacToe, key_of};
