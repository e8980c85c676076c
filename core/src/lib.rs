//! Shared vocabulary of the null-move-pruning workspace.
//!
//! Everything the engines (naive, optimized, oracle) must agree on lives here once: the
//! tic-tac-toe rules, the evaluation the page reuses without printing it (`eval`), the
//! position notation, search parameters, the root report, statistics and trace events.
//! An engine crate owns only its search.

pub mod board;
pub mod engine;
pub mod eval;
pub mod position;
pub mod search;
pub mod trace;

pub use board::{Board, CELLS, Cell, LINES, Player, winner};
pub use engine::Engine;
pub use eval::{heuristic, score};
pub use position::{Position, PositionError};
pub use search::{
    INF, Mode, MoveValue, ParamError, RootReport, RootTracker, SearchParams, Stats, Value,
    best_move,
};
pub use trace::{Event, EventSink, LeafKind, NoSink};
