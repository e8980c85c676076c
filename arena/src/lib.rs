//! Chess games for the playing-strength measurements: the null-move configurations against
//! each other or against any UCI engine.
//!
//! - [`Thinker`]: our engine's thinking (the library's deep searcher under limits, a stop
//!   from another thread, progress per iteration), shared by the UCI engine and the
//!   in-process player.
//! - [`uci`]: `nullmove uci`, the UCI protocol for any chess GUI or match tool.
//! - [`Line`], [`TimeControl`], [`budget`], [`Score`]: a game's history, its clock, the
//!   share of the clock a move spends, scores as engines report them.

mod clock;
mod line;
mod score;
mod think;
pub mod uci;

pub use clock::{Budget, TimeControl, budget};
pub use line::Line;
pub use score::Score;
pub use think::{DEFAULT_HASH_MIB, Info, Limits, MAX_HASH_MIB, Stop, Thinker, Thought};
