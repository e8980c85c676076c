//! The deep search: what a real engine puts around null-move pruning, written once for any
//! [`DeepGame`], under the same [`crate::Config`] and [`crate::Guards`] as the page's search.
//!
//! The page's searcher (`page/`) reproduces one JavaScript function node for node; real
//! engines need more before null move can pay: iterative deepening, a transposition table,
//! quiescence, move ordering (hash move, captures by MVV-LVA, killers), mate scores by
//! distance, draws by rule inside the search, the principal variation. [`DeepSearcher`] has
//! them, generic over [`DeepGame`] (the library's [`crate::Game`] and a few hooks; no chess in
//! it), and reports with the library's [`crate::Report`]. It allocates nothing while
//! searching.
//!
//! What is proven (`tests/deep_*.rs`): without null move, with or without the table, the
//! root value is the exact minimax value of the depth-limited tree with quiescence, on
//! every non-terminal tic-tac-toe position at every depth and on random game trees with
//! captures and checks; mate distances equal the solved game's; draws by rule are scored
//! as draws; windows are honoured the fail-soft way; a search allocates nothing.
//!
//! Its files have the page's searcher's names for the same parts: `searcher` (the state kept
//! between searches), `root` (iterative deepening and the root's moves), `node` (one call of
//! the recursion), `null_move` (its null-move block), `report`; then what only it has:
//! `game_hooks` ([`DeepGame`]), `quiescence`, `ordering`, `tt` (the transposition table),
//! `limits`, `options`, `pruning` (the forward pruning beside null move, each off unless
//! asked) and `multipv` (several lines, a restricted root).

mod game_hooks;
mod limits;
mod multipv;
mod node;
mod null_move;
mod options;
mod ordering;
mod pruning;
mod quiescence;
mod report;
mod root;
mod searcher;
mod threads;
mod tt;

pub use game_hooks::{DeepGame, MATE, MATE_BOUND, MAX_PLY};
pub use limits::{Limits, Stop, StopHandle};
pub use options::{
    DEFAULT_ASPIRATION, DeepOptions, FUTILITY_DEPTH, FUTILITY_MARGIN, LMP_DEPTH, LMR_FULL_MOVES,
    LMR_MIN_DEPTH, RFP_DEPTH, RFP_MARGIN, SEE_NOISY_MARGIN, SEE_PRUNING_DEPTH, SEE_QUIET_MARGIN,
};
pub use report::{DEFAULT_TT_BITS, DeepError, DeepReport, DeepStats, MAX_DEPTH, PvLine, Score};
pub use root::IterationControl;
pub use searcher::DeepSearcher;
pub use threads::MAX_THREADS;
