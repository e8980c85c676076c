//! A suite at fixed depths under several configurations (`nullmove chess suite`'s
//! document): positions in parallel, every configuration searched on each.

use cozy_chess::Move;
use nullmove_optimized::{DeepOptions, DeepSearcher, Guards};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::solve::solve_depths;
use crate::{ChessError, ChessGame, EpdEntry};

/// One configuration at one depth over the suite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteRow {
    /// The configuration's name.
    pub configuration: String,
    /// The depth in plies.
    pub depth: u32,
    /// Positions searched.
    pub positions: usize,
    /// Positions solved: the move chosen is one of `bm` (if any) and none of `am`.
    pub solved: usize,
    /// Nodes over all positions.
    pub nodes: u64,
}

/// One configuration's result on one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfigResult {
    /// The configuration's name.
    pub configuration: String,
    /// The depth in plies.
    pub depth: u32,
    /// The move chosen, in SAN (`None`: no legal move).
    pub best_move_san: Option<String>,
    /// The move chosen, in UCI.
    pub best_move: Option<String>,
    /// Whether the move chosen solves the position.
    pub solved: bool,
    /// The value for the side to move.
    pub value: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Null-move probes searched.
    pub null_probes: u64,
    /// Verification searches started.
    pub verifications: u64,
}

/// One position with every configuration's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionReport {
    /// The suite's `id` (or the line number).
    pub id: String,
    /// The position.
    pub fen: String,
    /// `bm`, as the suite writes it.
    pub best_moves: Vec<String>,
    /// `am`, as the suite writes it.
    pub avoid_moves: Vec<String>,
    /// Pieces on the board, kings and pawns included.
    pub pieces: u32,
    /// One result per configuration, in the order asked.
    pub results: Vec<ConfigResult>,
}

/// A suite at one depth: the totals per configuration and every position's results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuiteReport {
    /// One row per configuration.
    pub rows: Vec<SuiteRow>,
    /// One entry per position, in the suite's order.
    pub positions: Vec<PositionReport>,
}

/// A position made ready: its moves resolved once.
struct Prepared<'a> {
    entry: &'a EpdEntry,
    board: cozy_chess::Board,
    best: Vec<Move>,
    avoid: Vec<Move>,
}

fn prepare(entries: &[EpdEntry]) -> Result<Vec<Prepared<'_>>, ChessError> {
    entries
        .iter()
        .map(|entry| {
            Ok(Prepared {
                entry,
                board: entry.board()?,
                best: entry.best()?,
                avoid: entry.avoid()?,
            })
        })
        .collect()
}

/// Runs `entries` at `depth` under each of `presets`; `progress` is called once per
/// position finished (from any thread).
pub fn run_suite(
    entries: &[EpdEntry],
    depth: u32,
    presets: &[Guards],
    progress: &(dyn Fn() + Sync),
) -> Result<SuiteReport, ChessError> {
    let mut reports = run_suite_depths(entries, depth, presets, progress)?;
    Ok(reports.pop().expect("a report per depth"))
}

/// Runs `entries` to `depth` under each of `presets`, one search per position and
/// configuration, and returns the report of every depth `1..=depth`, each exactly what
/// [`run_suite`] at that depth returns (iterative deepening is deterministic).
pub fn run_suite_depths(
    entries: &[EpdEntry],
    depth: u32,
    presets: &[Guards],
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<SuiteReport>, ChessError> {
    run_suite_options(entries, depth, presets, DeepOptions::default(), progress)
}

/// [`run_suite_depths`] with the deep search's `options` (the check extension, late-move
/// reductions: the selectivity beside null move) rather than its defaults.
pub fn run_suite_options(
    entries: &[EpdEntry],
    depth: u32,
    presets: &[Guards],
    options: DeepOptions,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<SuiteReport>, ChessError> {
    if presets.is_empty() {
        return Err(ChessError::Search("no configuration to run".to_owned()));
    }
    let prepared = prepare(entries)?;
    // One searcher (one table) per worker, reused for every position and configuration.
    let per_position: Vec<Vec<Vec<ConfigResult>>> = prepared
        .par_iter()
        .map_init(
            || {
                DeepSearcher::new(ChessGame::new(cozy_chess::Board::default()))
                    .with_options(options)
            },
            |searcher, p| {
                let mut by_depth = vec![Vec::with_capacity(presets.len()); depth as usize];
                for &preset in presets {
                    let solutions = solve_depths(searcher, &p.board, depth, preset)?;
                    for (d, s) in solutions.into_iter().enumerate() {
                        let chosen = s.best_move.as_deref();
                        let is = |m: &Move| Some(crate::uci(&p.board, *m).as_str()) == chosen;
                        let solved = chosen.is_some()
                            && (p.best.is_empty() || p.best.iter().any(is))
                            && !p.avoid.iter().any(is);
                        by_depth[d].push(ConfigResult {
                            configuration: s.configuration,
                            depth: s.depth,
                            best_move_san: s.best_move_san,
                            best_move: s.best_move,
                            solved,
                            value: s.value,
                            nodes: s.nodes,
                            null_probes: s.stats.shared.null_probes,
                            verifications: s.stats.shared.verifications,
                        });
                    }
                }
                progress();
                Ok(by_depth)
            },
        )
        .collect::<Result<_, ChessError>>()?;
    Ok((0..depth as usize)
        .map(|d| report(&prepared, presets, d as u32 + 1, &per_position, d))
        .collect())
}

fn report(
    prepared: &[Prepared<'_>],
    presets: &[Guards],
    depth: u32,
    per_position: &[Vec<Vec<ConfigResult>>],
    d: usize,
) -> SuiteReport {
    let positions: Vec<PositionReport> = prepared
        .iter()
        .zip(per_position)
        .map(|(p, results)| PositionReport {
            id: p.entry.name(),
            fen: p.entry.fen.clone(),
            best_moves: p.entry.best_moves.clone(),
            avoid_moves: p.entry.avoid_moves.clone(),
            pieces: p.board.occupied().len(),
            results: results[d].clone(),
        })
        .collect();
    let rows = presets
        .iter()
        .enumerate()
        .map(|(i, preset)| SuiteRow {
            configuration: preset.to_string(),
            depth,
            positions: positions.len(),
            solved: positions.iter().filter(|p| p.results[i].solved).count(),
            nodes: positions.iter().map(|p| p.results[i].nodes).sum(),
        })
        .collect();
    SuiteReport { rows, positions }
}
