//! Which lane a computation takes, from what it could cost at most, read from the request's
//! own parameters: a search or trace whose game tree is small goes in the light lane, which
//! sweeps never enter, so a reader stepping through the widget's pitfall never waits
//! behind someone's sweep.

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

/// What a route's computation could cost, and so which lane it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// One search of a tic-tac-toe position (a search or a trace), bounded by its game
    /// tree: light when `search_lane` finds it small, read from the query's `board`,
    /// `depth`, `mode` and `verify`.
    Search,
    /// Heavy whatever its parameters: sweeps, the audit.
    Heavy,
}

impl Cost {
    /// The lane of a request with these query parameters, which its command's parser has
    /// accepted. A parameter this cannot read counts as the most costly it could be.
    #[must_use]
    pub fn lane(self, pairs: &[(String, String)]) -> Lane {
        match self {
            Self::Heavy => Lane::Heavy,
            Self::Search => {
                let value = |name: &str| {
                    pairs
                        .iter()
                        .find(|(k, _)| k == name)
                        .map(|(_, v)| v.as_str())
                };
                let (Some(board), Some(depth)) =
                    (value("board"), value("depth").and_then(|d| d.parse().ok()))
                else {
                    return Lane::Heavy;
                };
                // The oracle takes no mode; any mode but plain probes.
                let null = value("mode").is_some_and(|m| m != "plain");
                let verified = value("verify").is_some_and(|v| v != "none");
                search_lane(board, depth, null, verified)
            }
        }
    }
}

/// The lane of one search or trace of `board` (the position notation, `.` an empty cell)
/// to `depth` plies, null move on or not, with or without verification (a second search
/// of a pruned node); heavy for a board that is not nine cells.
#[must_use]
pub fn search_lane(board: &str, depth: u32, null: bool, verified: bool) -> Lane {
    if board.len() != 9 {
        return Lane::Heavy;
    }
    let empty = board.bytes().filter(|&b| b == b'.').count() as u32;
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
    use nullmove_core::{Mode, Position, SearchParams};
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
        assert_eq!(search_lane("...O.X...", 3, true, true), Lane::Light);
        assert_eq!(search_lane(".........", 5, true, false), Lane::Light);
        assert_eq!(search_lane(".........", 6, true, false), Lane::Heavy);
        assert_eq!(search_lane(".........", 9, false, false), Lane::Heavy);
        assert_eq!(search_lane("...O.X..", 1, false, false), Lane::Heavy);
    }

    fn query(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn the_lane_is_read_from_the_querys_own_parameters() {
        let pitfall = [("board", "...O.X..."), ("depth", "3"), ("reduction", "1")];
        let with = |extra: &[(&'static str, &'static str)]| {
            let mut pairs = pitfall.to_vec();
            pairs.extend(extra);
            Cost::Search.lane(&query(&pairs))
        };
        assert_eq!(with(&[("mode", "null"), ("verify", "tn")]), Lane::Light);
        // Six plies of the empty board: small without probes (the oracle takes no mode),
        // past the bound with them.
        let empty = |extra: &[(&'static str, &'static str)]| {
            let mut pairs = vec![("board", "........."), ("depth", "6")];
            pairs.extend(extra);
            Cost::Search.lane(&query(&pairs))
        };
        assert_eq!(empty(&[("mode", "plain")]), Lane::Light);
        assert_eq!(empty(&[("engine", "oracle")]), Lane::Light);
        assert_eq!(empty(&[("mode", "null"), ("reduction", "1")]), Lane::Heavy);
        // What cannot be read counts as the most costly.
        assert_eq!(
            Cost::Search.lane(&query(&[("board", "...O.X...")])),
            Lane::Heavy
        );
        assert_eq!(Cost::Heavy.lane(&query(&pitfall)), Lane::Heavy);
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
