//! The one interface tests, fixtures and the CLI use for every engine.

use crate::position::Position;
use crate::search::{RootReport, SearchParams};
use crate::trace::EventSink;

/// An engine that searches a tic-tac-toe position and reports on its root ([`RootReport`]).
///
/// # Example
/// ```
/// # mod nullmove_optimized { pub use nullmove_core::EventSink; pub mod games { pub mod tictactoe {
/// #     pub use nullmove_core::{Engine, Mode, Position, RootReport, SearchParams};
/// # } } }
/// use nullmove_optimized::EventSink; // re-exported by the library
/// use nullmove_optimized::games::tictactoe::{Engine, Mode, Position, RootReport, SearchParams};
/// struct Nothing;
/// impl Engine for Nothing {
///     fn name(&self) -> &'static str { "nothing" }
///     fn search_traced(&self, _: &Position, _: &SearchParams, _: &mut dyn EventSink) -> RootReport {
///         RootReport { best_move: None, value: 0, nodes: 1, moves: vec![], stats: Default::default() }
///     }
/// }
/// let r = Nothing.search(&Position::empty(), &SearchParams::new(1, 0, Mode::Plain).unwrap());
/// assert_eq!(r.nodes, 1);
/// ```
pub trait Engine: Sync {
    /// Short name used on the command line (`naive`, `optimized`, `oracle`).
    fn name(&self) -> &'static str;

    /// Searches `position` and reports on the root, emitting every event into `sink`.
    fn search_traced(
        &self,
        position: &Position,
        params: &SearchParams,
        sink: &mut dyn EventSink,
    ) -> RootReport;

    /// Searches without a trace. Engines override this with a monomorphized, sink-free path.
    fn search(&self, position: &Position, params: &SearchParams) -> RootReport {
        self.search_traced(position, params, &mut crate::trace::NoSink)
    }
}
