//! King and pawn against king's documents: one position searched and judged by the exact
//! table, the table's counts and mutual zugzwangs, and the sweep of every position.

pub mod position;
pub mod sweep;
pub mod table;
