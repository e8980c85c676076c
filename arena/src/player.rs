//! The players of a match: our engine in process under a configuration name, or any UCI
//! engine by path (our own through `nullmove uci` among them), each asked for one move at a
//! time under the match's limit.

mod client;
mod inprocess;
mod interface;
mod spec;

pub use client::UciPlayer;
pub use inprocess::InProcess;
pub use interface::{Limit, Player, PlayerError, Reply};
pub use spec::{PlayerSpec, Program};
