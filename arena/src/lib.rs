//! Chess games for the playing-strength measurements: the null-move configurations against
//! each other or against any UCI engine.
//!
//! - [`Thinker`]: our engine's thinking (the library's deep searcher under limits, a stop
//!   from another thread, progress per iteration), shared by the UCI engine and the
//!   in-process player.
//! - [`uci`]: `nullmove uci`, the UCI protocol for any chess GUI or match tool.
//! - [`PlayerSpec`], [`Player`]: our engine in process, or any UCI engine in its process.
//! - [`play_game`]: one game under the rules, the clock or a node count, and the optional
//!   score adjudication.
//! - [`Book`], [`run_match`], [`MatchSpec`]: game pairs from an EPD book's openings (a
//!   published book's zip read as it is, in the file's order or a seeded one), played
//!   concurrently, deterministically sharded (`--shard I/N`), stopped by an SPRT.
//! - [`document`], [`merge`], [`write_pgn`]: the match's JSON, the merge of its shards,
//!   its games in PGN; [`Provenance`]: the build and command that played a match, which a
//!   merge and a resumed run (`--resume`, [`same_run`]) require to be one.
//! - [`read_match`], [`check_games`], [`replay_pairs`]: a recorded match read back, its
//!   games checked by the rules and, at fixed nodes, its first pairs played again;
//!   [`NULL_MOVE_WORTH`], [`committed_book`]: the matches and books committed in `data/`.
//! - [`Line`], [`TimeControl`], [`budget`], [`centipawns`], [`pawns`]: a game's history,
//!   its clock, the share of the clock a move spends, scores compared and written.

mod arbiter;
mod book;
mod book_cover;
mod clock;
mod document;
mod effort;
mod line;
mod merge;
mod pgn;
pub mod player;
mod provenance;
mod recorded;
mod runner;
mod score;
mod think;
pub mod uci;
mod verify;
mod zip;

pub use arbiter::{
    Adjudication, Control, GameRecord, GameResult, Interrupted, MoveRecord, Played, Reason,
    insufficient_material, play_game,
};
pub use book::Book;
pub use clock::{Budget, TimeControl, budget};
pub use document::{GameDoc, MatchFields, PairDoc, PlayerDoc, document, summary};
pub use effort::{PlayerEffort, SideEffort};
pub use line::Line;
pub use merge::{Sequential, merge, same_run, sequential};
pub use nullmove_optimized::Score;
pub use nullmove_optimized::StopHandle;
pub use pgn::{PgnHeader, today, write_pgn};
pub use player::{Player, PlayerSpec, Program};
pub use provenance::{Provenance, search_signature, sha256_hex};
pub use recorded::{NULL_MOVE_WORTH, Recorded, committed_book};
pub use runner::{
    Ending, MatchOutcome, MatchSpec, PairFinished, PairRecord, Shard, Standing, run_match,
};
pub use score::{centipawns, pawns};
pub use think::{DEFAULT_HASH_MIB, GoLimits, Info, MAX_HASH_MIB, Thinker, Thought};
pub use verify::{check_games, read_match, replay_pairs};
