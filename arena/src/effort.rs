//! What each player spent on its moves: depth reached, nodes searched, time taken. Fixed
//! nodes and a clock give the same players different budgets; these say which.

use serde::{Deserialize, Serialize};

use crate::arbiter::MoveRecord;

/// One side's sums over its moves in one game, which the match's [`PlayerEffort`] averages.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideEffort {
    /// Moves the side played.
    pub moves: u64,
    /// Of those, the moves whose search reported both a depth and its nodes.
    pub reported: u64,
    /// The depths of the reported moves (each the last iteration the search completed),
    /// summed.
    pub depth: u64,
    /// The nodes of the reported moves, summed.
    pub nodes: u64,
    /// The time of every move, in microseconds, summed.
    pub micros: u64,
    /// The time of the reported moves, in microseconds, summed.
    pub reported_micros: u64,
}

impl SideEffort {
    /// White's and Black's sums over `moves`, the first made by White when `white_first`.
    #[must_use]
    pub fn of_game(moves: &[MoveRecord], white_first: bool) -> [Self; 2] {
        let mut sides = [Self::default(); 2];
        for (ply, mv) in moves.iter().enumerate() {
            let side = &mut sides[usize::from((ply % 2 == 0) != white_first)];
            side.moves += 1;
            let micros = u64::try_from(mv.time.as_micros()).unwrap_or(u64::MAX);
            side.micros = side.micros.saturating_add(micros);
            if let (Some(depth), Some(nodes)) = (mv.depth, mv.nodes) {
                side.reported += 1;
                side.reported_micros = side.reported_micros.saturating_add(micros);
                side.depth += u64::from(depth);
                side.nodes += nodes;
            }
        }
        sides
    }

    fn add(&mut self, other: &Self) {
        self.moves += other.moves;
        self.reported += other.reported;
        self.depth += other.depth;
        self.nodes += other.nodes;
        self.micros = self.micros.saturating_add(other.micros);
        self.reported_micros = self.reported_micros.saturating_add(other.reported_micros);
    }
}

/// A player's effort over a match's games: the means of its moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerEffort {
    /// The player's name, as in `players`.
    pub name: String,
    /// Moves it played.
    pub moves: u64,
    /// Moves whose search reported a depth and nodes (the means below are over these).
    pub reported: u64,
    /// The mean depth of the last iteration each search completed.
    pub mean_depth: Option<f64>,
    /// The mean nodes a move.
    pub nodes_per_move: Option<f64>,
    /// The mean time a move, in milliseconds (this machine's).
    pub ms_per_move: Option<f64>,
    /// The time a node, in nanoseconds (this machine's): the reported moves' time over
    /// their nodes.
    pub ns_per_node: Option<f64>,
}

/// Each named player's effort over `games`, given as (White's name, Black's name, the sides'
/// sums); players with no recorded move are left out, so a document written before effort
/// was recorded has none.
pub fn tally<'a>(
    names: &[String],
    games: impl Iterator<Item = (&'a str, &'a str, &'a [SideEffort; 2])>,
) -> Vec<PlayerEffort> {
    let mut sums = vec![SideEffort::default(); names.len()];
    for (white, black, sides) in games {
        for (name, side) in [white, black].into_iter().zip(sides) {
            if let Some(i) = names.iter().position(|n| n == name) {
                sums[i].add(side);
            }
        }
    }
    names
        .iter()
        .zip(&sums)
        .filter(|(_, s)| s.moves > 0)
        .map(|(name, s)| {
            let per = |x: f64, n: u64| (n > 0).then(|| x / n as f64);
            PlayerEffort {
                name: name.clone(),
                moves: s.moves,
                reported: s.reported,
                mean_depth: per(s.depth as f64, s.reported),
                nodes_per_move: per(s.nodes as f64, s.reported),
                ms_per_move: per(s.micros as f64 / 1000.0, s.moves),
                ns_per_node: per(s.reported_micros as f64 * 1000.0, s.nodes),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn mv(depth: Option<u32>, nodes: Option<u64>, ms: u64) -> MoveRecord {
        MoveRecord {
            uci: "e2e4".into(),
            san: "e4".into(),
            score: None,
            depth,
            nodes,
            time: Duration::from_millis(ms),
        }
    }

    #[test]
    fn each_side_sums_its_own_moves_whoever_moves_first() {
        let moves = [
            mv(Some(4), Some(1000), 2),
            mv(Some(6), Some(3000), 4),
            mv(None, None, 1),
        ];
        let [w, b] = SideEffort::of_game(&moves, true);
        assert_eq!((w.moves, w.reported, w.depth, w.nodes), (2, 1, 4, 1000));
        assert_eq!((w.micros, w.reported_micros), (3000, 2000));
        assert_eq!((b.moves, b.depth, b.nodes, b.micros), (1, 6, 3000, 4000));
        let [w, b] = SideEffort::of_game(&moves, false);
        assert_eq!((w.moves, w.depth, b.moves, b.depth), (1, 6, 2, 4));
    }

    #[test]
    fn the_means_are_per_player_over_both_colours() {
        let names = ["r3".to_owned(), "none".to_owned()];
        let a = SideEffort::of_game(
            &[mv(Some(4), Some(1000), 2), mv(Some(6), Some(500), 1)],
            true,
        );
        let b = SideEffort::of_game(
            &[mv(Some(8), Some(3000), 6), mv(Some(2), Some(1500), 3)],
            true,
        );
        let games = [("r3", "none", &a), ("none", "r3", &b)];
        let effort = tally(&names, games.into_iter());
        assert_eq!(effort.len(), 2);
        let r3 = &effort[0];
        assert_eq!((r3.name.as_str(), r3.moves, r3.reported), ("r3", 2, 2));
        assert_eq!(r3.mean_depth, Some(3.0));
        assert_eq!(r3.nodes_per_move, Some(1250.0));
        assert_eq!(r3.ms_per_move, Some(2.5));
        assert_eq!(r3.ns_per_node, Some(2000.0));
        assert_eq!(effort[1].mean_depth, Some(7.0));
        assert!(tally(&names, std::iter::empty()).is_empty());
    }
}
