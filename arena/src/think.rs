//! The one place that drives the library's deep searcher for a game: what `go` asks (depth,
//! nodes, a time budget), a stop from another thread, progress per iteration, the table
//! between moves. The UCI engine and the in-process player both think through
//! [`Thinker`], so the searcher's API is met here and nowhere else.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use cozy_chess::Move;
use nullmove_chess::ChessGame;
use nullmove_optimized::{
    Config, DeepOptions, DeepReport, DeepSearcher, Game, Guards, Limits, MAX_DEPTH, Score,
    StopHandle,
};

use crate::{Budget, Line};

/// What ends a search, any combination (UCI's `go depth nodes movetime` and the clock's
/// share); with none of them the search goes to the deepest iteration the searcher allows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes: the search never visits more (deterministic: the same position, table and
    /// limit give the same move).
    pub nodes: Option<u64>,
    /// Time, from the moment the search starts: no iteration starts after `soft`, and the
    /// search stops at `hard` wherever it is.
    pub time: Option<Budget>,
}

/// What one iteration found: everything a UCI `info` line prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The value for the side to move (for an iteration cut short, a bound: the side to
    /// move does at least this well).
    pub score: Score,
    /// Nodes searched since this search began, by every thread.
    pub nodes: u64,
    /// Time since this search began.
    pub elapsed: Duration,
    /// The principal variation from the root.
    pub pv: Vec<Move>,
    /// The table's occupancy in per mille, sampled.
    pub hashfull: u32,
    /// Whether the iteration searched every root move (a search stopped inside an
    /// iteration reports the move that iteration had proven).
    pub complete: bool,
    /// The line's rank among the iteration's lines, from 1 (UCI's `multipv`).
    pub multipv: u32,
}

impl Info {
    /// Nodes per second, from the elapsed time (at least a millisecond).
    #[must_use]
    pub fn nps(&self) -> u64 {
        let ms = self.elapsed.as_millis().max(1);
        (u128::from(self.nodes) * 1000 / ms) as u64
    }

    /// What the searcher reports of an iteration.
    fn of(report: &DeepReport<Move>) -> Self {
        Self {
            depth: report.depth,
            seldepth: report.seldepth,
            score: report.score(),
            nodes: report.threads_nodes,
            elapsed: report.elapsed,
            pv: report.root.pv.clone(),
            hashfull: report.hashfull,
            complete: report.complete,
            multipv: 1,
        }
    }

    /// Each line of an iteration, best first: the report's lines, or its root alone.
    fn lines(report: &DeepReport<Move>) -> Vec<Self> {
        let main = Self::of(report);
        if report.lines.is_empty() {
            return vec![main];
        }
        (1..)
            .zip(&report.lines)
            .map(|(k, line)| Self {
                score: report.score_of(line.value),
                pv: line.pv.clone(),
                multipv: k,
                ..main.clone()
            })
            .collect()
    }
}

/// What a search decided: the move to play and the iteration it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thought {
    /// The move to play; `None` only when the position has no legal move (mate or
    /// stalemate).
    pub best: Option<Move>,
    /// The iteration the move comes from, `None` when the search was stopped before it
    /// proved any move (then `best` is the first legal move).
    pub info: Option<Info>,
    /// Every line of that iteration, best first (`info`'s alone without `MultiPV`).
    pub lines: Vec<Info>,
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
    multi_pv: usize,
    search_moves: Vec<Move>,
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
            multi_pv: 1,
            search_moves: Vec::new(),
        }
    }

    /// Reports the `n` best lines from now on (UCI's `MultiPV`; 1 is the plain search).
    pub fn set_multi_pv(&mut self, n: usize) {
        self.multi_pv = n.max(1);
    }

    /// Chooses among `moves` only from now on (UCI's `go searchmoves`; empty: every move).
    pub fn set_search_moves(&mut self, moves: &[Move]) {
        self.search_moves.clear();
        self.search_moves.extend_from_slice(moves);
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

    /// The deep search's options (the check extension, late-move reductions).
    #[must_use]
    pub const fn options(&self) -> DeepOptions {
        self.searcher.options()
    }

    /// Searches with `options` from now on; the table stays.
    pub const fn set_options(&mut self, options: DeepOptions) {
        self.searcher.set_options(options);
    }

    /// The threads searching (UCI's `Threads`).
    #[must_use]
    pub fn threads(&self) -> usize {
        self.searcher.threads()
    }

    /// Searches on `threads` threads from now on (Lazy SMP: one table shared); changing it
    /// empties the table.
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
    }

    /// The table's size in MiB, as asked.
    #[must_use]
    pub const fn hash_mib(&self) -> u32 {
        self.hash_mib
    }

    /// The bytes the table's entries take, as allocated.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.searcher.table_size().1
    }

    /// A table of `mib` MiB from now on, empty (allocated now, when the size changes).
    pub fn set_hash(&mut self, mib: u32) {
        if mib != self.hash_mib {
            let (options, threads) = (self.options(), self.threads());
            self.searcher = Self::new(self.guards, mib).searcher;
            self.hash_mib = mib;
            self.set_options(options);
            self.set_threads(threads);
        }
    }

    /// Forgets everything learnt (the table, killers): a new game, which then plays the
    /// same whatever was searched before.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Searches the position `line` ends in, its history counting for repetitions, until a
    /// limit or `stop` ends it; `on_info` gets each completed iteration. Past the soft time
    /// limit no iteration starts; at the hard one, at a node limit or at a stop the search
    /// ends where it is, with the last iteration's move or a better one the stopped
    /// iteration had proven.
    pub fn think(
        &mut self,
        line: &Line,
        limits: &GoLimits,
        stop: &StopHandle,
        mut on_info: impl FnMut(&Info),
    ) -> Thought {
        let started = Instant::now();
        let root = line.game().clone();
        // A search stopped before it proved a move plays the first it may choose.
        let listed = |m: &Move| self.search_moves.is_empty() || self.search_moves.contains(m);
        let first = root.moves().find(listed).or_else(|| root.moves().next());
        let Some(first) = first else {
            return Thought {
                best: None,
                info: None,
                lines: Vec::new(),
            };
        };
        // The table is kept between moves only within one root: a new root starts clean.
        self.searcher.set_game(root.clone());
        self.searcher.set_history(line.history());
        self.searcher.set_multi_pv(self.multi_pv);
        self.searcher.set_search_moves(&self.search_moves);
        let depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let config = Config::new(depth).with_guards(self.guards);
        let mut hard = Limits::new().with_stop(stop);
        if let Some(n) = limits.nodes {
            hard = hard.with_nodes(n);
        }
        if let Some(t) = limits.time {
            hard = hard.with_deadline(started + t.hard);
        }
        let soft = limits.time.map(|t| t.soft);
        let searched = self.searcher.search_threads(&config, &hard, |it| {
            for info in Info::lines(it) {
                on_info(&info);
            }
            if soft.is_some_and(|s| it.elapsed >= s) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let report = searched.ok().filter(|r| r.root.best_move.is_some());
        Thought {
            best: Some(report.and_then(|r| r.root.best_move).unwrap_or(first)),
            lines: report.map(Info::lines).unwrap_or_default(),
            info: report.map(Info::of),
        }
    }
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

    fn think(fen: &str, limits: &GoLimits, stop: &StopHandle) -> (Thought, Vec<Info>) {
        let board = nullmove_chess::parse_fen(fen).unwrap();
        let mut infos = Vec::new();
        let t = Thinker::new(Guards::R3, 1).think(&Line::new(board), limits, stop, |i| {
            infos.push(i.clone());
        });
        (t, infos)
    }

    #[test]
    fn a_mate_in_one_is_found_and_reported_as_mate() {
        let limits = GoLimits {
            depth: Some(3),
            ..GoLimits::default()
        };
        let fen = "6k1/5ppp/8/6N1/8/8/8/3Q2K1 w - - 0 1";
        let (t, infos) = think(fen, &limits, &StopHandle::new());
        let board = nullmove_chess::parse_fen(fen).unwrap();
        assert_eq!(nullmove_chess::uci(&board, t.best.unwrap()), "d1d8");
        assert_eq!(t.info.unwrap().score, Score::Mate(1));
        assert_eq!(infos.len(), 3);
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
        let (t, _) = think(fen, &GoLimits::default(), &StopHandle::new());
        assert_eq!(
            t,
            Thought {
                best: None,
                info: None,
                lines: Vec::new()
            }
        );
    }

    #[test]
    fn multipv_reports_ranked_lines_and_searchmoves_restricts_the_root() {
        let board = cozy_chess::Board::default();
        let line = Line::new(board.clone());
        let limits = GoLimits {
            depth: Some(4),
            ..GoLimits::default()
        };
        let mut thinker = Thinker::new(Guards::R3, 1);
        thinker.set_multi_pv(3);
        let mut infos = Vec::new();
        let t = thinker.think(&line, &limits, &StopHandle::new(), |i| {
            infos.push(i.clone());
        });
        let last: Vec<&Info> = infos.iter().filter(|i| i.depth == 4).collect();
        assert_eq!(
            last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert!(last.windows(2).all(|w| crate::centipawns(w[0].score)
            >= crate::centipawns(w[1].score)
            && w[0].pv[0] != w[1].pv[0]));
        assert_eq!(t.best, Some(last[0].pv[0]));
        let f3 = nullmove_chess::parse_uci(&board, "g1f3").unwrap();
        let h3 = nullmove_chess::parse_uci(&board, "h2h3").unwrap();
        thinker.set_multi_pv(1);
        thinker.set_search_moves(&[f3, h3]);
        let t = thinker.think(&line, &limits, &StopHandle::new(), |_| {});
        assert!([f3, h3].contains(&t.best.unwrap()));
        // Stopped before any move was proven, the move is still a listed one.
        let stopped = StopHandle::new();
        stopped.stop();
        let t = thinker.think(&line, &limits, &stopped, |_| {});
        assert!(
            t.info.is_none() && [f3, h3].contains(&t.best.unwrap()),
            "{t:?}"
        );
    }

    #[test]
    fn a_node_limit_is_never_passed_and_a_stop_still_gives_a_legal_move() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let limits = GoLimits {
            nodes: Some(5000),
            ..GoLimits::default()
        };
        let (t, _) = think(start, &limits, &StopHandle::new());
        assert!(t.info.unwrap().nodes <= 5000);
        let stopped = StopHandle::new();
        stopped.stop();
        let (t, infos) = think(start, &GoLimits::default(), &stopped);
        assert!(infos.is_empty() && t.info.is_none());
        let board = cozy_chess::Board::default();
        assert!(board.is_legal(t.best.unwrap()));
    }
}
