//! The code's layout, held so that it cannot regress unseen: no crate's files import one
//! another in a cycle ([`cycles`]), and no crate depends on one above it in the book's table
//! of layers ([`layers`], with what it reads of the manifests in [`manifest`]).

pub mod cycles;
pub mod imports;
pub mod layers;
pub mod manifest;
pub mod source;
