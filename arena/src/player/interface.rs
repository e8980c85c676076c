//! What every player answers to: the trait a match asks for one move at a time, the limit a
//! move is searched under, the reply, and why no move came.

use std::time::Duration;

use nullmove_optimized::Score;

use crate::Line;

/// What a move is searched under: a fixed number of nodes, or the clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Nodes per move (`go nodes N`): deterministic, no clock.
    Nodes(u64),
    /// The clocks as they stand and the increment (`go wtime btime winc binc`).
    Clock {
        /// White's time left.
        white: Duration,
        /// Black's time left.
        black: Duration,
        /// Each side's increment.
        increment: Duration,
    },
}

/// A player's answer: its move in UCI notation (checked by the game, not by the player)
/// and what it said about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The move as the player wrote it.
    pub mv: String,
    /// The last score reported, from the mover's side.
    pub score: Option<Score>,
    /// The depth of that report.
    pub depth: Option<u32>,
    /// The nodes the search of this move counted, as last reported.
    pub nodes: Option<u64>,
}

/// Why a player gave no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// The player did not answer before its deadline.
    #[error("{0} did not answer in time ({1} ms)")]
    Stalled(String, u128),
    /// The player cannot go on (a process that ended or broke the protocol).
    #[error("{0}")]
    Failed(String),
}

/// A player in a match: a fresh game, then one move at a time.
pub trait Player: Send {
    /// Prepares for a new game: everything learnt before is forgotten, so a game plays the
    /// same whatever was played before it.
    fn new_game(&mut self) -> Result<(), PlayerError>;

    /// The move to play where `line` stands under `limit`; `deadline` is how long the
    /// runner waits for it.
    fn go(&mut self, line: &Line, limit: &Limit, deadline: Duration) -> Result<Reply, PlayerError>;

    /// The engine's own name (UCI's `id name`), where it has one apart from the player's.
    fn engine(&self) -> Option<&str> {
        None
    }
}
