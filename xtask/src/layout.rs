//! The code's layout, held so that it cannot regress unseen: no crate's files import one
//! another in a cycle ([`cycles`]).

pub mod cycles;
pub mod imports;
pub mod source;
