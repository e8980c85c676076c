//! Which lane a computation takes, from what it could cost at most: a search or trace whose
//! game tree is small goes in the light lane, which sweeps never enter, so a reader stepping
//! through the widget's pitfall never waits behind someone's sweep.

use nullmove_core::Position;

/// The most nodes a light search's tree may have, counted as [`tree_bound`] does: every
/// search of the widget's pitfall (`...O.X...`, depth limit 3: 424, or 638 verified) and
/// of any position to depth limit 5 (the empty board: 42,405), not the deep ones (the
/// empty board at depth limit 9: 23,466,223).
pub const LIGHT_NODES: u64 = 100_000;

/// A lane of computations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Answered at once: small searches and traces.
    Light,
    /// Sweeps, the audit and large searches.
    Heavy,
}

/// The lane of one search or trace of `position` to `depth` plies, null move on or not,
/// with or without verification (a second search of a pruned node).
#[must_use]
pub fn search_lane(position: &Position, depth: u32, null: bool, verified: bool) -> Lane {
    let empty = position.empty_cells().count() as u32;
    let passes = match (null, verified) {
        (false, _) => 0,
        (true, false) => 1,
        (true, true) => 2,
    };
    if tree_bound(empty, depth, passes) <= LIGHT_NODES {
        Lane::Light
    } else {
        Lane::Heavy
    }
}

/// An upper bound on the calls of any search of a position with `empty` empty cells to
/// `depth` plies, whatever R, guard or engine: each call makes at most one call per empty
/// cell a ply deeper, and `passes` more (a probe; a verification) of the same position at
/// most a ply deeper, whatever R reduces. Saturates rather than overflows.
#[must_use]
pub fn tree_bound(empty: u32, depth: u32, passes: u64) -> u64 {
    // bound[e][d], built up from the leaves: a full board or depth 0 is one call.
    let mut bound = [[1_u64; 10]; 10];
    for d in 1..=depth.min(9) as usize {
        for e in 1..=empty.min(9) as usize {
            bound[e][d] = (e as u64)
                .saturating_mul(bound[e - 1][d - 1])
                .saturating_add(passes.saturating_mul(bound[e][d - 1]))
                .saturating_add(1);
        }
    }
    bound[empty.min(9) as usize][depth.min(9) as usize]
}

#[cfg(test)]
mod tests {
    use nullmove_core::{Mode, SearchParams};
    use nullmove_optimized::games::tictactoe::OptimizedEngine;

    use super::*;

    #[test]
    fn the_bound_of_the_widgets_searches() {
        // Plain alpha-beta's full tree: every move sequence, 986,410 from the empty board.
        assert_eq!(tree_bound(9, 9, 0), 986_410);
        assert_eq!(tree_bound(7, 3, 1), 424);
        assert_eq!(tree_bound(7, 3, 2), 638);
        assert_eq!(tree_bound(9, 5, 1), 42_405);
        assert_eq!(tree_bound(9, 9, 1), 23_466_223);
        let pitfall: Position = "...O.X...".parse().expect("the pitfall");
        assert_eq!(search_lane(&pitfall, 3, true, true), Lane::Light);
        assert_eq!(search_lane(&Position::empty(), 5, true, false), Lane::Light);
        assert_eq!(search_lane(&Position::empty(), 6, true, false), Lane::Heavy);
        assert_eq!(
            search_lane(&Position::empty(), 9, false, false),
            Lane::Heavy
        );
    }

    /// The bound holds for every null-move search it classes light: every position, depth
    /// limit and R (R 0 makes the most calls).
    #[test]
    fn no_light_search_passes_its_bound() {
        for position in Position::all_nonterminal() {
            let empty = position.empty_cells().count() as u32;
            for depth in 1..=9 {
                let bound = tree_bound(empty, depth, 1);
                if bound > LIGHT_NODES {
                    continue;
                }
                for r in 0..=2 {
                    let params = SearchParams::new(depth, r, Mode::Null).expect("valid");
                    let report =
                        nullmove_core::Engine::search(&OptimizedEngine, &position, &params);
                    assert!(report.nodes <= bound, "{position} depth {depth} R {r}");
                }
            }
        }
    }
}
