//! The deep search's deepest line: a game where the side to move is always in check with
//! one reply, so quiescence (which searches every legal move in check) follows the line to
//! `MAX_PLY`, the end of the searcher's per-ply buffers, and stands on the evaluation
//! there. The value is plain minimax's at every depth and starting ply, the principal
//! variation reaches `MAX_PLY`, and the buffers made by the constructor hold it all: the
//! search allocates nothing.

mod deep_support;

use deep_support::{minimax, mix};
use nullmove_counting::CountingAllocator;
use nullmove_optimized::{
    Config, DeepGame, DeepSearcher, Game, Guards, INF, MAX_DEPTH, MAX_PLY, Value,
};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Always in check, always one reply, never over; a pseudo-random evaluation per position.
#[derive(Debug, Clone, Copy)]
struct Forced {
    h: u64,
    ply: usize,
}

impl Game for Forced {
    type Move = u8;
    type Moves = std::ops::Range<u8>;
    fn maximizing(&self) -> bool {
        self.ply.is_multiple_of(2)
    }
    fn moves(&self) -> Self::Moves {
        0..1
    }
    fn play(&mut self, mv: u8) {
        self.h = mix(self.h ^ u64::from(mv + 1));
        self.ply += 1;
    }
    fn pass(&mut self) {
        unreachable!("no pass in check");
    }
    fn terminal_score(&self, _depth: u32) -> Option<Value> {
        None
    }
    fn evaluate(&self) -> Value {
        ((self.h >> 8) % 201) as Value - 100
    }
    fn null_allowed(&self) -> bool {
        false
    }
}

impl DeepGame for Forced {
    const MAX_MOVES: usize = 1;
    const ENDS_ONLY_WITHOUT_MOVES: bool = true;
    fn key(&self) -> u64 {
        self.h
    }
    fn in_check(&self) -> bool {
        true
    }
}

#[test]
fn quiescence_follows_checks_to_max_ply_and_allocates_nothing() {
    let start = Forced { h: mix(7), ply: 0 };
    for tt in [None, Some(8)] {
        let mut searcher = DeepSearcher::with_table(start, tt);
        let config = Config::new(MAX_DEPTH).with_guards(Guards::R3);
        let mut seen = Vec::with_capacity(MAX_DEPTH as usize);
        let ((), allocations) = CountingAllocator::measure(|| {
            searcher
                .search(&config, |r| {
                    seen.push((r.depth, r.root.value, r.root.pv.len()));
                })
                .expect("a depth in range");
        });
        assert_eq!(allocations, 0, "table {tt:?}");
        assert_eq!(seen.len(), MAX_DEPTH as usize);
        for (depth, value, pv) in seen {
            // The root maximizes: minimax's value is already the maximizer's.
            assert_eq!(value, minimax(&start, depth as i32, 0), "depth {depth}");
            assert_eq!(pv, MAX_PLY, "depth {depth}: one move from every ply");
        }
    }
}

#[test]
fn a_window_deep_below_a_root_reaches_max_ply_too() {
    for ply in [1, 30, MAX_PLY - MAX_DEPTH as usize - 1] {
        let game = Forced {
            h: mix(ply as u64),
            ply,
        };
        let mut searcher = DeepSearcher::with_table(game, Some(8));
        for depth in [1, 7, MAX_DEPTH] {
            let config = Config::new(depth).with_guards(Guards::NO_NULL_MOVE);
            let (value, allocations) = CountingAllocator::measure(|| {
                searcher
                    .search_window(&config, ply, -INF, INF)
                    .expect("in range")
            });
            assert_eq!(allocations, 0, "ply {ply} depth {depth}");
            let exact = minimax(&game, depth as i32, ply);
            let exact = if game.maximizing() { exact } else { -exact };
            assert_eq!(value, exact, "ply {ply} depth {depth}");
        }
    }
}

/// A long game before the root (more keys than the constructor's buffers hold, so
/// `set_history` must make room for the deepest line after them) still leaves the search
/// nothing to allocate, with quiescence reaching `MAX_PLY`.
#[test]
fn the_deepest_line_after_a_long_history_allocates_nothing() {
    let start = Forced { h: mix(11), ply: 0 };
    let history: Vec<u64> = (0..1000).map(|i| mix(1 << 40 | i)).collect();
    let mut searcher = DeepSearcher::with_table(start, Some(8));
    searcher.set_history(&history);
    let config = Config::new(MAX_DEPTH).with_guards(Guards::NO_NULL_MOVE);
    let (value, allocations) =
        CountingAllocator::measure(|| searcher.search(&config, |_| {}).map(|r| r.root.value));
    assert_eq!(allocations, 0);
    assert_eq!(value, Ok(minimax(&start, MAX_DEPTH as i32, 0)));
}
