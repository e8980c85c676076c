//! The page's searcher: the null-move search of the page's "Reference implementation",
//! node for node, for any [`Game`](crate::Game), allocation-free and deterministic.
//!
//! Its files have the deep searcher's (`deep/`) names: `searcher` the entry points
//! ([`search`], [`Searcher`]), `root` what the root records into the
//! [`Report`](crate::Report), `node` one call of the recursive function, `null_move` its
//! null-move block; and `lines`, the principal variation's working rows.

mod lines;
mod node;
mod null_move;
mod root;
mod searcher;

pub use searcher::{SearchError, Searcher, search, search_traced};
