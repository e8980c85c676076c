//! Games the library ships, each a [`Game`](crate::Game) and a
//! [`DeepGame`](crate::DeepGame) like a user's own: [`tictactoe`], the page's game, on
//! bitboards, with the workspace's engines; [`connect_four`], a real game with zugzwang;
//! [`Pile`], the smallest game worth searching, which every example and unit test of the
//! library uses.

pub mod connect_four;
mod pile;
pub mod tictactoe;

pub use pile::Pile;
