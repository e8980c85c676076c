//! The deep search's signature on chess, as engines keep one (Stockfish's `bench`): a fixed
//! set of positions searched by each configuration to a fixed depth from a cleared table.
//! Its node total changes with any change to move ordering, pruning or the table, so a
//! commit that changes it must say so; the time beside it is the speed.

use std::time::{Duration, Instant};

use nullmove_optimized::{Config, DeepSearcher, Guards};

use crate::{ChessError, ChessGame, Suite};

/// The depth every position is searched to (iterative deepening from 1).
pub const BENCH_DEPTH: u32 = 5;

/// The positions: the first of each suite, tactical middlegames and endgames both.
pub const BENCH_SUITES: [(Suite, usize); 2] = [(Suite::Wac, 20), (Suite::Eet, 10)];

/// The table's size, `2^BENCH_TABLE_BITS` slots: room for a depth-5 search, and small
/// enough that clearing it before each search costs far less than the search.
pub const BENCH_TABLE_BITS: u32 = 16;

/// One position of the workload.
#[derive(Debug, Clone)]
pub struct BenchPosition {
    /// The suite's id (`WAC.001`).
    pub id: String,
    /// The position.
    pub game: ChessGame,
}

/// The workload's positions, in order ([`BENCH_SUITES`]).
pub fn bench_positions() -> Result<Vec<BenchPosition>, ChessError> {
    let mut out = Vec::new();
    for (suite, first) in BENCH_SUITES {
        for entry in suite.entries()?.iter().take(first) {
            out.push(BenchPosition {
                id: entry.name(),
                game: ChessGame::new(entry.board()?),
            });
        }
    }
    Ok(out)
}

/// A searcher with the workload's table; one serves every search (each clears it first).
#[must_use]
pub fn bench_searcher() -> DeepSearcher<ChessGame> {
    let start = ChessGame::new(cozy_chess::Board::default());
    DeepSearcher::with_table(start, Some(BENCH_TABLE_BITS))
}

/// One configuration over the workload: its nodes, and the time spent searching (clearing
/// the table before each search is not counted).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BenchRun {
    /// Nodes over every position, quiescence included.
    pub nodes: u64,
    /// Time in the searches.
    pub time: Duration,
}

/// Searches every position to [`BENCH_DEPTH`] under `guards` on `searcher`, its table
/// cleared before each.
pub fn bench_run(
    searcher: &mut DeepSearcher<ChessGame>,
    positions: &[BenchPosition],
    guards: Guards,
) -> Result<BenchRun, ChessError> {
    let config = Config::new(BENCH_DEPTH).with_guards(guards);
    let mut run = BenchRun {
        nodes: 0,
        time: Duration::ZERO,
    };
    for p in positions {
        searcher.set_game(p.game.clone());
        let start = Instant::now();
        let report = searcher
            .search(&config, |_| {})
            .map_err(|e| ChessError::Search(e.to_string()))?;
        run.time += start.elapsed();
        run.nodes += report.nodes();
    }
    Ok(run)
}
