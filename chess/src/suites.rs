//! The three suites of `data/`, compiled in: a command or a test can name them (`wac`,
//! `zugts`, `eet`) and read the same positions from any directory, with no file to find.

use std::fmt;
use std::str::FromStr;

use crate::{ChessError, EpdEntry, parse_epd};

/// A suite shipped in `data/` (its README gives each origin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suite {
    /// "Win at Chess": 300 tactical middlegame positions.
    Wac,
    /// The zugzwang positions test suite: 30 positions where the side to move would rather
    /// pass.
    Zugts,
    /// The Eigenmann Endgame Test: 100 endgames.
    Eet,
}

/// Why a suite name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown suite {0:?}: expected one of wac, zugts, eet")]
pub struct SuiteError(pub String);

impl Suite {
    /// Every suite, in the order the README lists them.
    pub const ALL: [Self; 3] = [Self::Wac, Self::Zugts, Self::Eet];

    /// The name commands take.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Wac => "wac",
            Self::Zugts => "zugts",
            Self::Eet => "eet",
        }
    }

    /// The file in `data/` it was compiled from.
    #[must_use]
    pub const fn file_name(self) -> &'static str {
        match self {
            Self::Wac => "wac.epd",
            Self::Zugts => "zugts.epd",
            Self::Eet => "eet.epd",
        }
    }

    /// The EPD text, as in `data/`.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            Self::Wac => include_str!("../data/wac.epd"),
            Self::Zugts => include_str!("../data/zugts.epd"),
            Self::Eet => include_str!("../data/eet.epd"),
        }
    }

    /// Every position of the suite.
    ///
    /// # Example
    /// ```
    /// use nullmove_chess::Suite;
    /// let wac = Suite::Wac.entries().unwrap();
    /// assert_eq!((wac.len(), wac[0].id.as_deref()), (300, Some("WAC.001")));
    /// assert_eq!("eet".parse::<Suite>().unwrap().entries().unwrap().len(), 100);
    /// ```
    pub fn entries(self) -> Result<Vec<EpdEntry>, ChessError> {
        parse_epd(self.text())
    }
}

impl fmt::Display for Suite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Suite {
    type Err = SuiteError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|suite| suite.name() == s)
            .ok_or_else(|| SuiteError(s.to_owned()))
    }
}
