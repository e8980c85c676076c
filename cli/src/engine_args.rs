//! The tic-tac-toe engines and modes as the command line names them.

use nullmove_core::{Engine, Mode};

/// The engines a command can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineName {
    /// The page's JavaScript, line for line.
    Naive,
    /// The generic, allocation-free searcher on bitboards: the page's nodes, faster.
    Optimized,
    /// Exhaustive minimax without pruning: it takes no mode, reduction or guard.
    Oracle,
}

impl EngineName {
    /// The engine behind the name.
    #[must_use]
    pub fn engine(self) -> &'static dyn Engine {
        match self {
            Self::Naive => &nullmove_naive::NaiveEngine,
            Self::Optimized => &nullmove_optimized::games::tictactoe::OptimizedEngine,
            Self::Oracle => &nullmove_oracle::OracleEngine,
        }
    }
}

/// `plain` or `null` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// Plain depth-limited alpha-beta.
    Plain,
    /// Alpha-beta with null-move pruning.
    Null,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Self {
        match m {
            ModeArg::Plain => Mode::Plain,
            ModeArg::Null => Mode::Null,
        }
    }
}
