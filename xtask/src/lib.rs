//! The repository's own tasks (`cargo xtask ...`): results as data, and the code's layout.
//!
//! A figure that depends on the machine or takes longer than a test may (timings, matches,
//! suites deeper than the tests search, mutation runs, the gate's own time) is a result file
//! under `results/` ([`result`]): the command that made it, its provenance captured by the tool
//! ([`provenance`], [`runner`]) and the command's own JSON document. The docs show it through
//! generated sections ([`sections`]) that a view ([`views`]) renders with the command's own
//! types and renderers, with where the figures came from under it; a result whose search
//! signatures are not today's ([`today`]) says so. `cargo xtask results render` writes every
//! section and chart ([`pages`]); the tests fail while any differs from what the files give.
//!
//! `cargo xtask layout` ([`layout`]) holds the code's shape: no import cycle between a crate's
//! files, no crate depending on one above it in the book's table of layers. Both it and
//! `cargo xtask licenses` ([`licenses`]: every package under an allowed license, every
//! published crate with the LICENSE file) read the manifests through `cargo metadata`
//! ([`metadata`]).

pub mod criterion;
pub mod currency;
pub mod ethereal;
pub mod example;
pub mod figures;
pub mod gate;
pub mod held;
pub mod json;
pub mod layout;
pub mod licenses;
pub mod loose;
pub mod metadata;
pub mod pages;
pub mod provenance;
pub mod result;
pub mod runner;
pub mod sections;
pub mod today;
pub mod views;

use std::path::PathBuf;

/// The repository's root: the workspace this tool is a member of.
#[must_use]
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map_or(manifest.clone(), PathBuf::from)
}
