//! A deeper search for real games: the techniques a chess engine puts around null-move
//! pruning, written once for any [`DeepGame`].
//!
//! The page's searcher (`search.rs`) reproduces one JavaScript function node for node; real
//! engines need more before null move can pay: iterative deepening, a transposition table,
//! quiescence, move ordering (hash move, captures by MVV-LVA, killers), mate scores by
//! distance, draws by rule inside the search, the principal variation. [`DeepSearcher`] has
//! them, generic over [`DeepGame`] (no chess in it), and its null move is one [`NullMove`]
//! rule, named by a [`Preset`]. It allocates nothing while searching.
//!
//! What is proven (`tests/deep_*.rs`): without null move, with or without the table, the
//! root value is the exact minimax value of the depth-limited tree with quiescence, on
//! every non-terminal tic-tac-toe position at every depth and on random game trees with
//! captures and checks; mate distances equal the solved game's; draws by rule are scored
//! as draws; a search allocates nothing.

mod game;
mod null;
mod report;
mod search;
mod tt;

pub use game::{DeepGame, INFINITY, MATE, MATE_BOUND, MAX_PLY, Outcome};
pub use null::{
    HEINZ_ABOVE, NullMove, Preset, PresetError, Reduction, STOCKFISH_VERIFY_FROM, VerifyRule,
};
pub use report::{
    DEFAULT_TT_BITS, DeepConfig, DeepError, DeepReport, DeepStats, Iteration, MAX_DEPTH,
};
pub use search::DeepSearcher;
