//! The tic-tac-toe experiments behind `nullmove sweep`, `probes`, `rules`, `safeguards`,
//! `zugzwang` and `trace`, each module named as the command that shows it. The audit
//! (`nullmove_fixtures`) measures the page's claims with them.
//!
//! - [`sweep`]: plain against null-move node counts over a grid of depth limits and R
//!   ("Complexity", "Pitfalls"), and the readings of a sweep the audit needs.
//! - [`probes`]: where a null-move search's nodes go: probes, cutoffs, what a probe costs
//!   ("Pitfalls").
//! - [`rules`]: the page's settled rules, checked on the events of traced searches ("Why it
//!   works", "Try it", "Complexity").
//! - [`safeguards`]: which of the optimized engine's guards make null move safe here, and
//!   what each costs ("Pitfalls").
//! - [`zugzwang`]: moving against passing by the oracle's exact values ("Why it works").
//! - [`trace`]: the one text rendering of a search's event log ("Try it").
//! - [`engines`]: the engines the page's searches run on, here and in the audit.

pub mod engines;
pub mod probes;
pub mod rules;
pub mod safeguards;
pub mod sweep;
pub mod trace;
pub mod zugzwang;

/// The hand-built position of "Pitfalls": O on cell 3, X on cell 5, X to move.
pub const PITFALL: &str = "...O.X...";
