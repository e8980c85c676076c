//! Where a computation runs: the lane its cost asks for ([`lane`]), a fixed number of
//! workers per lane ([`gate`]), documents kept once computed ([`cache`]), and the signal
//! that stops a computation whose clients have all gone ([`cancel`]).

pub mod cache;
pub mod cancel;
pub mod gate;
pub mod lane;
