//! The Elo and SPRT statistics' integration tests, one binary (one link, tests run in
//! parallel).

mod edges;
mod properties;
mod published;
mod sequential;
