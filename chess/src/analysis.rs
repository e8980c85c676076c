//! What null move changes, measured on suite reports: against a baseline configuration
//! (plain alpha-beta, `none`), by how many pieces stand on the board; and at which depths
//! each configuration solves each position.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::{ChessError, SuiteReport};

/// Piece-count groups for [`against_baseline`]: endgames with few pieces apart from
/// middlegames (kings and pawns count).
pub const PIECE_GROUPS: [RangeInclusive<u32>; 6] =
    [2..=8, 9..=12, 13..=16, 17..=20, 21..=24, 25..=32];

/// The most pieces (kings and pawns included) an "endgame with few pieces" has here: six a
/// side. The article's risk claim (its zugzwang paragraph) compares such endgames with the
/// rest; fixed before anything was measured.
pub const FEW_PIECES: u32 = 12;

/// [`PIECE_GROUPS`] in two: endgames with few pieces ([`FEW_PIECES`] or fewer) and the rest.
pub const ENDGAME_SPLIT: [RangeInclusive<u32>; 2] = [2..=FEW_PIECES, FEW_PIECES + 1..=32];

/// One configuration against the baseline over the positions of one piece-count group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The configuration compared.
    pub configuration: String,
    /// The depth of the report.
    pub depth: u32,
    /// The smallest and largest piece counts of the group.
    pub pieces: (u32, u32),
    /// Positions in the group.
    pub positions: usize,
    /// Positions where the move chosen differs from the baseline's.
    pub changed_move: usize,
    /// Positions the baseline solves and this configuration does not.
    pub lost: usize,
    /// Positions this configuration solves and the baseline does not.
    pub gained: usize,
    /// Solved by the baseline in the group.
    pub baseline_solved: usize,
    /// This configuration's nodes in the group.
    pub nodes: u64,
    /// The baseline's nodes in the group.
    pub baseline_nodes: u64,
}

/// Every configuration of `report` but `baseline`, compared with it per group of
/// `groups` (groups without positions are left out).
pub fn against_baseline(
    report: &SuiteReport,
    baseline: &str,
    groups: &[RangeInclusive<u32>],
) -> Result<Vec<Change>, ChessError> {
    let column = |name: &str| {
        report
            .rows
            .iter()
            .position(|r| r.configuration == name)
            .ok_or_else(|| {
                ChessError::Search(format!("configuration {name:?} is not in the report"))
            })
    };
    let base = column(baseline)?;
    let mut out = Vec::new();
    for (i, row) in report.rows.iter().enumerate().filter(|&(i, _)| i != base) {
        for group in groups {
            let members: Vec<_> = report
                .positions
                .iter()
                .filter(|p| group.contains(&p.pieces))
                .collect();
            if members.is_empty() {
                continue;
            }
            let count = |f: &dyn Fn(&crate::ConfigResult, &crate::ConfigResult) -> bool| {
                members
                    .iter()
                    .filter(|p| f(&p.results[i], &p.results[base]))
                    .count()
            };
            out.push(Change {
                configuration: row.configuration.clone(),
                depth: row.depth,
                pieces: (*group.start(), *group.end()),
                positions: members.len(),
                changed_move: count(&|r, b| r.best_move != b.best_move),
                lost: count(&|r, b| b.solved && !r.solved),
                gained: count(&|r, b| r.solved && !b.solved),
                baseline_solved: count(&|_, b| b.solved),
                nodes: members.iter().map(|p| p.results[i].nodes).sum(),
                baseline_nodes: members.iter().map(|p| p.results[base].nodes).sum(),
            });
        }
    }
    Ok(out)
}

/// At which depths each configuration solves one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolvedDepths {
    /// The position's id.
    pub id: String,
    /// Pieces on the board.
    pub pieces: u32,
    /// Per configuration (the reports' order): the depths at which it is solved.
    pub configurations: Vec<(String, Vec<u32>)>,
}

/// Per position, the depths at which each configuration solves it, from the reports of
/// one suite at several depths (as [`crate::run_suite_depths`] returns them).
#[must_use]
pub fn solved_depths(reports: &[SuiteReport]) -> Vec<SolvedDepths> {
    let Some(first) = reports.first() else {
        return Vec::new();
    };
    first
        .positions
        .iter()
        .enumerate()
        .map(|(k, p)| SolvedDepths {
            id: p.id.clone(),
            pieces: p.pieces,
            configurations: first
                .rows
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    let depths = reports
                        .iter()
                        .filter(|r| r.positions[k].results[i].solved)
                        .map(|r| r.rows[i].depth)
                        .collect();
                    (row.configuration.clone(), depths)
                })
                .collect(),
        })
        .collect()
}

/// Tabibi & Netanyahu's comparison ("Verified Null-Move Pruning", ICGA Journal 25(3),
/// 2002) at one depth: verified null move with R = 3 against standard null move with R = 2
/// and R = 3, by tree size and positions solved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerifiedShape {
    /// The depth of the report.
    pub depth: u32,
    /// Positions in the report.
    pub positions: usize,
    /// Nodes of `verified`, `r2` and `r3`.
    pub nodes: [u64; 3],
    /// Positions solved by `verified`, `r2` and `r3`.
    pub solved: [usize; 3],
}

impl VerifiedShape {
    /// The configurations compared, in the order of `nodes` and `solved`.
    pub const CONFIGURATIONS: [&'static str; 3] = ["verified", "r2", "r3"];

    /// Their first claim: verified R = 3 builds a smaller tree than standard R = 2.
    #[must_use]
    pub const fn smaller_than_r2(&self) -> bool {
        self.nodes[0] < self.nodes[1]
    }

    /// Their second claim: verified R = 3 solves more positions than standard R = 3.
    #[must_use]
    pub const fn solves_more_than_r3(&self) -> bool {
        self.solved[0] > self.solved[2]
    }

    /// Verified's nodes over R = 2's.
    #[must_use]
    pub fn nodes_over_r2(&self) -> f64 {
        self.nodes[0] as f64 / self.nodes[1] as f64
    }
}

/// The comparison of [`VerifiedShape`] on `report`, `None` unless `verified`, `r2` and
/// `r3` were all searched.
#[must_use]
pub fn verified_shape(report: &SuiteReport) -> Option<VerifiedShape> {
    let row = |name: &str| report.rows.iter().find(|r| r.configuration == name);
    let [v, r2, r3] = VerifiedShape::CONFIGURATIONS.map(row);
    let (v, r2, r3) = (v?, r2?, r3?);
    Some(VerifiedShape {
        depth: v.depth,
        positions: v.positions,
        nodes: [v.nodes, r2.nodes, r3.nodes],
        solved: [v.solved, r2.solved, r3.solved],
    })
}
