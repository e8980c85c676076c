//! What one search is asked to do: how deep, and how it uses the null move.

use crate::Guards;

/// The configuration of a search: the depth limit and the [`Guards`] (whether and how the
/// null move is tried). Build it from [`Config::new`] or [`Config::default`] and the `with_`
/// methods. Null move is off until [`Config::with_guards`] turns it on: plain alpha-beta is
/// exact, null move is a bet that passing never helps, which games with zugzwang lose.
///
/// # Example
/// ```
/// use nullmove_optimized::{Config, Guards};
/// assert_eq!(Config::new(8).guards(), Guards::NO_NULL_MOVE); // plain alpha-beta
/// let config = Config::new(8).with_guards(Guards::R3);
/// assert_eq!((config.depth_limit(), config.guards().reduction), (8, 3));
/// let plain = config.without_null_move();
/// assert!(!plain.guards().null_move);
/// assert_eq!(Config::default(), Config::new(6));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    depth_limit: u32,
    guards: Guards,
    pv: bool,
}

impl Default for Config {
    /// Depth limit 6, no null move: a start for a small game; the depth limit is the one
    /// setting every game should choose.
    fn default() -> Self {
        Self::new(6)
    }
}

impl Config {
    /// A search to `depth_limit` plies (any depth: the search stops earlier where the game
    /// ends) without null move ([`Guards::NO_NULL_MOVE`]), keeping the principal variation.
    #[must_use]
    pub const fn new(depth_limit: u32) -> Self {
        Self {
            depth_limit,
            guards: Guards::NO_NULL_MOVE,
            pv: true,
        }
    }

    /// The same configuration with another depth limit.
    #[must_use]
    pub const fn with_depth_limit(self, depth_limit: u32) -> Self {
        Self {
            depth_limit,
            ..self
        }
    }

    /// The same configuration with `guards` (which carry R and whether null move is on).
    #[must_use]
    pub const fn with_guards(self, guards: Guards) -> Self {
        Self { guards, ..self }
    }

    /// The same configuration without null move: plain alpha-beta ([`Guards::NO_NULL_MOVE`]).
    #[must_use]
    pub const fn without_null_move(self) -> Self {
        self.with_guards(Guards::NO_NULL_MOVE)
    }

    /// The same configuration keeping the principal variation (`true`, the default) or not:
    /// a search that only needs the best move and the root values saves the bookkeeping.
    /// Either way the search visits the same nodes and calls the game exactly as often: the
    /// line is made of what the search saw, nothing is played or evaluated again for it.
    #[must_use]
    pub const fn with_pv(self, pv: bool) -> Self {
        Self { pv, ..self }
    }

    /// The depth limit: at this depth the static evaluation replaces search.
    #[must_use]
    pub const fn depth_limit(&self) -> u32 {
        self.depth_limit
    }

    /// Whether and how null move is tried.
    #[must_use]
    pub const fn guards(&self) -> Guards {
        self.guards
    }

    /// The guards, borrowed.
    pub(crate) const fn guards_ref(&self) -> &Guards {
        &self.guards
    }

    /// Whether the search keeps the principal variation ([`crate::Report::pv`]).
    #[must_use]
    pub const fn pv(&self) -> bool {
        self.pv
    }
}
