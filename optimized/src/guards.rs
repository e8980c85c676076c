//! How a search uses the null move: whether at all, its reduction R, and the guards real
//! engines put around it, each one named predicate or step. One [`Guards`] value configures
//! both searchers of the library, the page's ([`crate::search`]) and the deep one
//! ([`crate::DeepSearcher`]): every field means the same in both, but
//! [`Guards::zero_window`], which the deep search needs no switch for (its probes always
//! search the null window at beta, as principal-variation engines' do).
//!
//! The page leaves the guards out on purpose ("Pitfalls": real engines refuse a null move
//! once too little depth remains for the probe to do real work, and re-verify a cutoff with
//! an ordinary search); the companion article lists chess's: no null move in check, none in
//! low-material positions, a milder reduction, a verification search. Engines add a
//! zero-window probe, a probe only where the static evaluation already reaches beta, an R
//! that grows with depth and with the evaluation's margin, and no probe on the principal
//! variation (Stockfish's null-move step, `src/search.cpp`), and quiet checks where a probe
//! lands in quiescence (Stockfish's `qsearch` at `DEPTH_QS_CHECKS`). [`Guards`] holds them
//! all; a searcher asks it these things and nothing else:
//! - whether a pass is allowed here and with which R ([`Guards::window_allows`],
//!   [`Guards::depth_allows`], [`Guards::threat_allows`], [`Guards::material_allows`], [`Guards::eval_allows`], the
//!   verification's own conditions, [`Guards::reduction`], [`Guards::probe_deep_enough`]);
//! - the probe's window ([`Guards::probe_window`]);
//! - what to do with a probe that failed high ([`Verification`]): prune at once, or search
//!   again first;
//! - in the deep search, whether a probe that lands in quiescence tries quiet checks
//!   ([`Guards::probe_checks`]).
//!
//! What stays each searcher's own rule, whatever the guards: never at the root, never twice
//! in a row, the game's [`Game::null_allowed`](crate::Game::null_allowed) (chess: not in
//! check); the page's search probes only where the probe's child lies within the depth
//! limit, the deep search also below it (into quiescence), never when beta is already a won
//! score, always in the null window at beta, and never takes a probe's win as a cutoff.
//!
//! The named presets ([`Guards::NO_NULL_MOVE`], [`Guards::R2`], [`Guards::R3`],
//! [`Guards::ADAPTIVE`], [`Guards::VERIFIED`], [`Guards::STOCKFISH`], [`Guards::NPM`]) parse
//! from and display as their names (`none`, `r2`, ...), so one name means one search in every
//! game, every searcher and every table. Null move without any guard, the page's own rule,
//! is no preset: [`Guards::unguarded`] displays as `unguarded-r=R`, never like `r2`.

mod guard_set;
mod reduction;
mod text;
mod verification;

pub use guard_set::Guards;
pub use reduction::{HEINZ_DEPTH, ReductionRule, STOCKFISH_EVAL_R};
pub use text::{GuardError, PresetError};
pub(crate) use verification::{Confirm, Verifying};
pub use verification::{STOCKFISH_VERIFY_FROM, Verification};
