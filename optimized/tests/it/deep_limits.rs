//! The deep search's limits: a node limit is exact and deterministic, a stopped search
//! reports what it had proven (the last iteration completed, or the move the iteration it
//! stopped in had proven better) and never nothing once a root move was searched; time, a
//! stop handle and the iteration callback end it with their reason. No timing is asserted
//! here (how promptly a limit ends a search is the overshoot example's measurement).

use crate::deep_support;

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use deep_support::{Piles, RandomTree, Ttt, settings};
use nullmove_core::Position;
use nullmove_optimized::{
    Bound, Config, DeepGame, DeepReport, DeepSearcher, Game, Guards, Limits, MAX_DEPTH, Stop,
    StopHandle,
};

/// A tree far too deep to finish: every limited search below stops inside it.
fn endless(seed: u64) -> RandomTree {
    RandomTree::endless(seed)
}

/// Searches `game` afresh (a new game: the table cleared) to `depth` under `guards` and
/// `limits`; the report.
fn limited<G: DeepGame>(
    searcher: &mut DeepSearcher<G>,
    game: &G,
    depth: u32,
    guards: Guards,
    limits: &Limits,
) -> DeepReport<G::Move> {
    searcher.set_game(game.clone());
    let config = Config::new(depth).with_guards(guards);
    searcher
        .search_with_limits(&config, limits, |_| {})
        .expect("a depth in range")
        .clone()
}

/// Every iteration of an unlimited search, afresh.
fn unlimited<G: DeepGame>(
    searcher: &mut DeepSearcher<G>,
    game: &G,
    depth: u32,
    guards: Guards,
) -> Vec<DeepReport<G::Move>> {
    searcher.set_game(game.clone());
    let mut all = Vec::new();
    searcher
        .search(&Config::new(depth).with_guards(guards), |it| {
            all.push(it.clone());
        })
        .expect("a depth in range");
    all
}

/// What a search stopped at `n` nodes must report, given every iteration of the same
/// search unlimited: the nodes; the last iteration completed, or, from the iteration it
/// stopped in, a prefix of that iteration's root moves and a move proven (its exact value,
/// or a lower bound on it for the side to move).
fn check_stopped_at<M: Copy + PartialEq + std::fmt::Debug>(
    stopped: &DeepReport<M>,
    full: &[DeepReport<M>],
    n: u64,
    maximizing: bool,
) -> Result<(), String> {
    let total = full.last().map_or(0, DeepReport::nodes);
    if n >= total {
        let last = full.last().expect("an iteration");
        return if stopped.stopped.is_none() && stopped.root == last.root {
            Ok(())
        } else {
            Err(format!(
                "enough nodes for the whole search, yet {stopped:?}"
            ))
        };
    }
    if stopped.stopped != Some(Stop::Nodes) || stopped.nodes() != n {
        return Err(format!(
            "{:?} after {} nodes",
            stopped.stopped,
            stopped.nodes()
        ));
    }
    let done = full.iter().filter(|it| it.nodes() <= n).count();
    if stopped.complete {
        // The last iteration completed within the nodes, unless the next had proven a move.
        let last = done.checked_sub(1).map(|i| &full[i]);
        return match last {
            Some(it)
                if it.depth == stopped.depth && it.root.best_move == stopped.root.best_move =>
            {
                Ok(())
            }
            None if stopped.depth == 0 && stopped.root.best_move.is_none() => Ok(()),
            _ => Err(format!(
                "complete depth {}, not the last done",
                stopped.depth
            )),
        };
    }
    let it = &full[done];
    if stopped.depth != it.depth || !it.root.moves.starts_with(&stopped.root.moves) {
        return Err(format!(
            "partial depth {}: moves {:?} are not a prefix of {:?}",
            stopped.depth, stopped.root.moves, it.root.moves
        ));
    }
    let best = stopped
        .root
        .best_move
        .ok_or("a partial iteration with no move")?;
    let in_full = it
        .root
        .root_move(best)
        .ok_or("the move proven is not a root move")?;
    let mover = |v: i32| if maximizing { v } else { -v };
    let holds = match stopped.root.root_move(best) {
        // Searched whole: the value the whole iteration gave it.
        Some(m) => m.bound == Bound::Exact && stopped.root.value == in_full.value,
        // Shown better by a null window, its re-search cut short: better than every move
        // searched before it (a null move or the table may make the re-search's value
        // smaller than the window's bound, never than those moves').
        None => stopped
            .root
            .moves
            .iter()
            .all(|m| mover(m.value) < mover(stopped.root.value)),
    };
    if holds {
        Ok(())
    } else {
        Err(format!(
            "proven {best:?} at {}, searched whole {in_full:?}",
            stopped.root.value
        ))
    }
}

/// Every node limit from 0 to 40 and then in about a hundred steps to the whole search of
/// `game` to `depth`: what went wrong.
fn every_limit<G: DeepGame + std::fmt::Debug>(game: &G, depth: u32, guards: Guards) -> Vec<String> {
    let mut s = DeepSearcher::with_table(game.clone(), Some(10));
    let full = unlimited(&mut s, game, depth, guards);
    let total = full.last().map_or(0, DeepReport::nodes);
    let step = (total / 97).max(1);
    let mut errors = Vec::new();
    let mut n = 0;
    while n <= total + 1 {
        let r = limited(&mut s, game, depth, guards, &Limits::new().with_nodes(n));
        if let Err(e) = check_stopped_at(&r, &full, n, game.maximizing()) {
            errors.push(format!("{game:?} {guards} at {n} of {total}: {e}"));
        }
        n += if n < 40 { 1 } else { step };
    }
    errors
}

/// Every node limit up to the whole search, on games of three kinds, with and without
/// null move.
#[test]
fn a_node_limit_stops_exactly_and_reports_what_was_proven() {
    let positions = Position::all_nonterminal();
    for guards in [Guards::NO_NULL_MOVE, Guards::R2] {
        let mut errors = Vec::new();
        for p in positions.iter().step_by(150) {
            errors.extend(every_limit(&Ttt::new(p), 7, guards));
        }
        for seed in 0..12 {
            errors.extend(every_limit(&RandomTree::new(seed, 9), 8, guards));
        }
        let piles = Piles {
            piles: [4, 5],
            first: true,
        };
        errors.extend(every_limit(&piles, 9, guards));
        assert!(
            errors.is_empty(),
            "{} wrong: {:#?}",
            errors.len(),
            &errors[..errors.len().min(10)]
        );
    }
}

/// The same state, the same node limit: the same report, node for node, on a tree too deep
/// to finish; a search that has searched a root move of depth 1 always names a move, and
/// its line starts with it (also when a stop comes in an aspiration window's re-search).
#[test]
fn a_node_limit_is_deterministic_and_always_names_a_move() {
    let limits = [1, 10, 100, 1_000, 10_000, 54_321];
    for (seed, options) in (0..20).flat_map(|seed| settings().map(|o| (seed, o))) {
        let game = endless(seed);
        let mut s = DeepSearcher::with_table(game, Some(12)).with_options(options);
        for n in limits {
            let limits = Limits::new().with_nodes(n);
            let a = limited(&mut s, &game, MAX_DEPTH, Guards::R3, &limits);
            let b = limited(&mut s, &game, MAX_DEPTH, Guards::R3, &limits);
            assert_eq!((a.stopped, a.nodes()), (Some(Stop::Nodes), n));
            assert_eq!(
                (
                    a.depth,
                    a.root.best_move,
                    a.root.value,
                    &a.root.pv,
                    a.root.stats
                ),
                (
                    b.depth,
                    b.root.best_move,
                    b.root.value,
                    &b.root.pv,
                    b.root.stats
                ),
                "seed {seed} at {n} nodes"
            );
            // With aspiration windows a move proven in a window's search stays named when
            // the stop comes in the search again, before any root move.
            let searched_one = !a.root.moves.is_empty();
            let named = a.root.best_move.is_some();
            if options.aspiration().is_none() {
                assert_eq!(named, searched_one, "seed {seed} at {n}");
            } else {
                assert!(named || !searched_one, "seed {seed} at {n}");
            }
            assert_eq!(
                a.root.pv.first(),
                a.root.best_move.as_ref(),
                "seed {seed} at {n}, {options:?}"
            );
            if n >= 1_000 {
                assert!(
                    a.depth >= 1 && a.root.best_move.is_some(),
                    "seed {seed} at {n}"
                );
            }
        }
    }
}

/// What a stopped search names, pinned: node limits every 7 nodes up to 3,000 on 20 endless
/// trees, each setting of [`settings`] with R 3. A change to what a stop keeps (the last
/// iteration's move, or a move proven in the iteration it stopped in, also when the stop
/// comes in a re-search) changes the sums, even where every other assertion still holds.
#[test]
fn what_stopped_searches_name_is_pinned() {
    let mut sums = Vec::new();
    for options in settings() {
        let (mut named, mut moves, mut values, mut depths) = (0_u64, 0_u64, 0_i64, 0_u64);
        for seed in 0..20 {
            let game = endless(seed);
            let mut s = DeepSearcher::with_table(game, Some(12)).with_options(options);
            for n in (1..=3_000).step_by(7) {
                let limits = Limits::new().with_nodes(n);
                let r = limited(&mut s, &game, MAX_DEPTH, Guards::R3, &limits);
                if let Some(mv) = r.root.best_move {
                    named += 1;
                    moves += u64::from(mv) * n;
                }
                values += i64::from(r.root.value);
                depths += u64::from(r.depth);
            }
        }
        sums.push((named, moves, values, depths));
    }
    assert_eq!(
        sums,
        [
            (8531, 13_610_689, 18_183, 41_525),
            (8531, 13_071_751, 90_539, 42_830)
        ]
    );
}

/// A stop from another thread ends a search that would not end, with a move.
#[test]
fn a_stop_from_another_thread_ends_the_search_with_a_move() {
    let game = endless(7);
    let mut s = DeepSearcher::with_table(game, Some(16));
    let stop = StopHandle::new();
    let remote = stop.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        remote.stop();
    });
    let config = Config::new(MAX_DEPTH).with_guards(Guards::R3);
    let report = s
        .search_with_limits(&config, &Limits::new().with_stop(&stop), |_| {})
        .expect("a depth in range");
    stopper.join().expect("the stopping thread");
    assert_eq!(report.stopped, Some(Stop::Handle));
    assert!(
        report.root.best_move.is_some() && report.depth >= 1,
        "{report:?}"
    );
    // The flag stays set: the next search stops before its first node.
    let again = s
        .search_with_limits(&config, &Limits::new().with_stop(&stop), |_| {})
        .expect("a depth in range");
    assert_eq!(
        (again.stopped, again.nodes(), again.depth),
        (Some(Stop::Handle), 0, 0)
    );
    assert_eq!(again.root.best_move, None);
    stop.reset();
    let limits = Limits::new().with_stop(&stop).with_nodes(500);
    let after = s
        .search_with_limits(&config, &limits, |_| {})
        .expect("a depth");
    assert_eq!(after.stopped, Some(Stop::Nodes));
}

/// A time limit ends a search that would not end; a deadline already past ends it once
/// the first iteration is complete, so there is always a move that was searched.
#[test]
fn time_ends_the_search_with_its_reason() {
    let game = endless(3);
    let mut s = DeepSearcher::with_table(game, Some(16));
    let config = Config::new(MAX_DEPTH).with_guards(Guards::R2);
    let budget = Limits::new().with_time(Duration::from_millis(5));
    let report = s
        .search_with_limits(&config, &budget, |_| {})
        .expect("a depth");
    assert_eq!(report.stopped, Some(Stop::Time));
    assert!(
        report.elapsed >= Duration::from_millis(5),
        "{:?}",
        report.elapsed
    );
    let past = Limits::new().with_deadline(Instant::now());
    let report = s
        .search_with_limits(&config, &past, |_| {})
        .expect("a depth");
    assert_eq!(
        (report.stopped, report.depth, report.complete),
        (Some(Stop::Time), 1, true)
    );
    assert!(report.root.best_move.is_some());
    // A budget beyond the clock's range is no limit.
    let forever = Limits::new().with_time(Duration::MAX).with_nodes(2_000);
    let report = s
        .search_with_limits(&config, &forever, |_| {})
        .expect("a depth");
    assert_eq!(report.stopped, Some(Stop::Nodes));
}

/// The callback's `Break` ends the search after the iteration it saw, which is complete.
#[test]
fn the_callback_may_stop_the_search() {
    let game = endless(11);
    let mut s = DeepSearcher::with_table(game, Some(12));
    let config = Config::new(MAX_DEPTH).with_guards(Guards::NO_NULL_MOVE);
    let mut seen = Vec::new();
    let report = s
        .search(&config, |it| {
            seen.push((it.depth, it.nodes(), it.complete));
            if it.depth == 4 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .expect("a depth");
    assert_eq!(seen.iter().map(|s| s.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert!(seen.iter().all(|s| s.2), "every iteration seen is complete");
    assert!(
        seen.windows(2).all(|w| w[0].1 < w[1].1),
        "nodes grow: {seen:?}"
    );
    assert_eq!((report.depth, report.stopped), (4, Some(Stop::Callback)));
    assert!(report.complete);
}

/// Everything a UCI `info` line prints is in each iteration's report.
#[test]
fn each_iteration_reports_what_an_info_line_prints() {
    let game = RandomTree::new(5, 12);
    // 2^10 slots: `hashfull` samples all but 24 of them, so the few this search stores show.
    let mut s = DeepSearcher::with_table(game, Some(10));
    let mut last_elapsed = Duration::ZERO;
    s.search(&Config::new(8).with_guards(Guards::R2), |it| {
        assert!(
            it.seldepth >= 1,
            "seldepth {} depth {}",
            it.seldepth,
            it.depth
        );
        assert!(it.elapsed >= last_elapsed);
        last_elapsed = it.elapsed;
        assert!(it.hashfull <= 1000);
        assert_eq!(it.root.pv.first().copied(), it.root.best_move);
        assert_eq!(it.maximizing, Game::maximizing(&game));
        assert!(it.complete && it.stopped.is_none());
    })
    .expect("a depth");
    assert!(s.report().hashfull > 0, "{}", s.report().hashfull);
}
