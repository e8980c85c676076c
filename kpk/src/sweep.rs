//! Null move measured against the table.
//!
//! Every legal position is searched by plain alpha-beta and by null-move search with the
//! generic optimized searcher; each root result is judged by the table. A result is wrong
//! when the move the search chooses throws the table's result away (White from a win to a
//! draw, Black from a draw to a loss) or, under the exact evaluation, whose values are
//! win/draw only, when the root value claims the other result. Each wrong result of the
//! null-move search is then traced: the searcher's events are replayed to find every node
//! where a null-move cutoff fired, and a cutoff is *unsound* when plain alpha-beta from that
//! node, same depth and window, does not reach the bound the probe claimed.

mod configurations;
mod cutoffs;
mod errors;
mod example;
mod root;

pub use configurations::{Configuration, config, configurations, page_config};
pub use cutoffs::{Cutoff, trace_cutoffs};
pub use errors::{
    SweepRow, half_board_positions, sweep, sweep_positions, sweep_with_progress, work_items,
};
pub use example::{ArticleFixture, article_fixture};
pub use root::{RootResult, is_wrong, search};
