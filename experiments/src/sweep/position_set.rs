//! Which positions a sweep searches: the page's empty board, or every non-terminal
//! reachable position.

use std::str::FromStr;

use nullmove_core::Position;
use serde::{Deserialize, Serialize};

/// Which positions a sweep searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PositionSet {
    /// The empty board, X to move: the page's own sweep ("Why it works", "Complexity").
    Empty,
    /// Every non-terminal reachable position (4,520): beyond the page.
    All,
}

impl PositionSet {
    /// The positions, in [`Position::all_nonterminal`] order for `All`.
    #[must_use]
    pub fn positions(self) -> Vec<Position> {
        match self {
            Self::Empty => vec![Position::empty()],
            Self::All => Position::all_nonterminal(),
        }
    }

    /// The name used on the command line and in snapshots.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::All => "all",
        }
    }
}

impl FromStr for PositionSet {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "empty" => Ok(Self::Empty),
            "all" => Ok(Self::All),
            other => Err(format!(
                "unknown position set {other:?} (expected empty or all)"
            )),
        }
    }
}
