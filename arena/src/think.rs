//! The one place that drives the library's deep searcher for a game: limits (depth, nodes,
//! time), a stop from another thread, progress per iteration, the table between moves. The
//! UCI engine and the in-process player both think through [`Thinker`], so the searcher's
//! API is met here and nowhere else.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cozy_chess::Move;
use nullmove_chess::ChessGame;
use nullmove_optimized::{Config, DeepSearcher, Game, Guards, INF, MAX_DEPTH};

use crate::{Budget, Line, Score};

/// What ends a search, any combination; with none of them the search goes to the deepest
/// iteration the searcher allows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes: no iteration starts once this many are searched.
    pub nodes: Option<u64>,
    /// Time, from the moment the search starts.
    pub time: Option<Budget>,
}

/// A stop request shared between threads: one that searches and any that may end it.
#[derive(Debug, Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A request not yet made.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this handle to end.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the end was asked for.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// What one completed iteration found: everything a UCI `info` line prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included, where the searcher reports it.
    pub seldepth: Option<u32>,
    /// The value for the side to move.
    pub score: Score,
    /// Nodes searched since this search began.
    pub nodes: u64,
    /// Time since this search began.
    pub elapsed: Duration,
    /// The principal variation from the root (at least the best move).
    pub pv: Vec<Move>,
    /// The table's occupancy in per mille, where the searcher reports it.
    pub hashfull: Option<u32>,
}

impl Info {
    /// Nodes per second, from the elapsed time (at least a millisecond).
    #[must_use]
    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_millis().max(1);
        (u128::from(self.nodes) * 1000 / ms) as u64
    }
}

/// What a search decided: the move to play and the last completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thought {
    /// The move to play; `None` only when the position has no legal move (mate or
    /// stalemate).
    pub best: Option<Move>,
    /// The last completed iteration, `None` when none completed.
    pub info: Option<Info>,
}

/// The default table size, in MiB (UCI's `Hash`).
pub const DEFAULT_HASH_MIB: u32 = 16;

/// The largest table a [`Thinker`] takes, in MiB.
pub const MAX_HASH_MIB: u32 = 4096;

/// Bytes one slot of the searcher's table takes for chess (a key, a move, a value, a
/// depth and a bound).
const SLOT_BYTES: u64 = 24;

/// An engine's thinking: the deep searcher with its table, under one null-move
/// configuration, searching the positions of one game after another.
#[derive(Debug)]
pub struct Thinker {
    searcher: DeepSearcher<ChessGame>,
    guards: Guards,
    hash_mib: u32,
}

impl Thinker {
    /// A thinker searching under `guards` with a table of `hash_mib` MiB (at most
    /// [`MAX_HASH_MIB`]; the table is a power of two of slots, the largest that fits).
    #[must_use]
    pub fn new(guards: Guards, hash_mib: u32) -> Self {
        let game = ChessGame::new(cozy_chess::Board::default());
        Self {
            searcher: DeepSearcher::with_table(game, Some(table_bits(hash_mib))),
            guards,
            hash_mib,
        }
    }

    /// The null-move configuration.
    #[must_use]
    pub const fn guards(&self) -> Guards {
        self.guards
    }

    /// Searches under `guards` from now on.
    pub fn set_guards(&mut self, guards: Guards) {
        self.guards = guards;
    }

    /// The table's size in MiB, as asked.
    #[must_use]
    pub const fn hash_mib(&self) -> u32 {
        self.hash_mib
    }

    /// A table of `mib` MiB from now on, empty (allocated now, when the size changes).
    pub fn set_hash(&mut self, mib: u32) {
        if mib != self.hash_mib {
            *self = Self::new(self.guards, mib);
        }
    }

    /// Forgets everything learnt (the table, killers): a new game, which then plays the
    /// same whatever was searched before.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Searches the position `line` ends in, its history counting for repetitions, until a
    /// limit or `stop` ends it; `on_info` gets each completed iteration. The searcher
    /// stops only between iterations: a time budget's soft limit ends the deepening, and an
    /// iteration started before it runs to its end.
    pub fn think(
        &mut self,
        line: &Line,
        limits: &Limits,
        stop: &Stop,
        mut on_info: impl FnMut(&Info),
    ) -> Thought {
        let started = Instant::now();
        let root = line.game().clone();
        let Some(first) = root.moves().next() else {
            return Thought {
                best: None,
                info: None,
            };
        };
        // The table is kept between moves only within one root: a new root starts clean.
        self.searcher.set_game(root.clone());
        self.searcher.set_history(line.history());
        let deepest = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut last: Option<Info> = None;
        // The last two iterations' times, for the next one's.
        let mut growth = (Duration::ZERO, Duration::ZERO);
        for depth in 1..=deepest {
            let config = Config::new(depth).with_guards(self.guards);
            let Ok(value) = self.searcher.search_window(&config, 0, -INF, INF) else {
                break;
            };
            let Some(best) = self.searcher.report().root.best_move else {
                break;
            };
            let white = root.maximizing();
            let info = Info {
                depth,
                seldepth: None,
                score: Score::from_value(if white { value } else { -value }),
                nodes: self.searcher.stats().shared.nodes,
                elapsed: started.elapsed(),
                pv: vec![best],
                hashfull: None,
            };
            on_info(&info);
            let took = info
                .elapsed
                .saturating_sub(last.as_ref().map_or(Duration::ZERO, |i| i.elapsed));
            let spent = limits.nodes.is_some_and(|n| info.nodes >= n)
                || limits.time.is_some_and(|t| {
                    info.elapsed >= t.soft || !fits(took, &growth, info.elapsed, t.hard)
                });
            growth = (took, growth.0);
            last = Some(info);
            if spent || stop.is_stopped() {
                break;
            }
        }
        Thought {
            best: Some(last.as_ref().map_or(first, |i| i.pv[0])),
            info: last,
        }
    }
}

/// How much longer an iteration takes than the one before it, when the times say nothing
/// better (chess engines' effective branching factor is about 2 to 4).
const GROWTH: u32 = 4;

/// Whether another iteration, after one that took `took` (and `before` the one before it),
/// is expected to end by `hard` with `elapsed` gone: the searcher cannot stop inside an
/// iteration, so one that would run past the hard limit is not started.
fn fits(took: Duration, before: &(Duration, Duration), elapsed: Duration, hard: Duration) -> bool {
    let ratio = if before.0.is_zero() {
        GROWTH
    } else {
        (took.as_micros() / before.0.as_micros().max(1)).clamp(2, 8) as u32
    };
    elapsed + took * ratio <= hard
}

/// The table's slots as a power of two: the most that fit in `mib` MiB (at least 2^10).
fn table_bits(mib: u32) -> u32 {
    let slots = u64::from(mib.clamp(1, MAX_HASH_MIB)) * (1 << 20) / SLOT_BYTES;
    slots.ilog2().max(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_fits_its_mebibytes() {
        assert_eq!(table_bits(16), 19);
        assert_eq!(table_bits(1), 15);
        for mib in [1, 3, 16, 100, MAX_HASH_MIB] {
            let bytes = (1_u64 << table_bits(mib)) * SLOT_BYTES;
            assert!(bytes <= u64::from(mib) << 20, "{mib}");
            assert!(bytes * 2 > u64::from(mib) << 20, "{mib}");
        }
    }

    #[test]
    fn a_mate_in_one_is_found_and_reported_as_mate() {
        let board = nullmove_chess::parse_fen("6k1/5ppp/8/6N1/8/8/8/3Q2K1 w - - 0 1").unwrap();
        let mut thinker = Thinker::new(Guards::R3, 1);
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let mut infos = Vec::new();
        let t = thinker.think(&Line::new(board.clone()), &limits, &Stop::new(), |i| {
            infos.push(i.clone());
        });
        assert_eq!(nullmove_chess::uci(&board, t.best.unwrap()), "d1d8");
        assert_eq!(t.info.unwrap().score, Score::Mate(1));
        assert_eq!(infos.len(), 3);
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let board = nullmove_chess::parse_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let t = Thinker::new(Guards::R3, 1).think(
            &Line::new(board),
            &Limits::default(),
            &Stop::new(),
            |_| {},
        );
        assert_eq!(
            t,
            Thought {
                best: None,
                info: None
            }
        );
    }
}
