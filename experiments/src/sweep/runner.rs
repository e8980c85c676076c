//! Running a sweep: plain alpha-beta, the oracle's exact values and every null-move search
//! of each (position, depth limit), in parallel, summed into rows.

use std::sync::atomic::{AtomicBool, Ordering};

use nullmove_core::{Cell, Engine, Mode, MoveValue, Player, Position, RootReport, SearchParams};
use rayon::prelude::*;

use super::grid::Grid;
use super::position_set::PositionSet;
use super::rows::{Sweep, SweepRow, savings_percent};

/// Whether the move `chosen` is worth less to `mover` than the best exact value, by the
/// oracle's report `exact` of the same position and depth limit.
#[must_use]
pub fn is_worse_move(chosen: Option<Cell>, exact: &RootReport, mover: Player) -> bool {
    let Some(cell) = chosen else { return false };
    let value = exact
        .moves
        .iter()
        .find(|m: &&MoveValue| m.cell == cell)
        .expect("the chosen move is a legal root move the oracle searched")
        .value;
    if mover.is_maximizing() {
        value < exact.value
    } else {
        value > exact.value
    }
}

/// Counters of one combination while the sweep runs.
#[derive(Debug, Clone, Copy, Default)]
struct Acc {
    positions: u64,
    nodes_plain: u64,
    nodes_null: u64,
    value_changed: u64,
    worse_move: u64,
}

impl Acc {
    fn merge(&mut self, o: &Self) {
        self.positions += o.positions;
        self.nodes_plain += o.nodes_plain;
        self.nodes_null += o.nodes_null;
        self.value_changed += o.value_changed;
        self.worse_move += o.worse_move;
    }
}

/// Number of work items [`run`] reports progress for: one per (position, depth limit).
#[must_use]
pub fn work_items(set: PositionSet, grid: &Grid) -> u64 {
    let positions = match set {
        PositionSet::Empty => 1,
        PositionSet::All => Position::all_nonterminal().len(),
    };
    (positions * grid.depths().count()) as u64
}

/// Runs the sweep with `engine` over `set` and `grid`, in parallel (rayon) across
/// (position, depth limit) items, calling `progress` after each item.
///
/// Per item the work is shared across reductions: plain alpha-beta never reads R (the
/// page's null branch is the only use of `R`), so it is searched once per depth limit, and
/// the oracle's exact root values (for `worse_move`) are computed once per depth limit too.
/// Only the null-move search runs once per reduction.
///
/// # Example
/// ```
/// use nullmove_experiments::sweep::{run, Grid, PositionSet};
/// let grid = Grid::new(3..=3, 1..=1).unwrap();
/// let s = run(&nullmove_naive::NaiveEngine, PositionSet::Empty, &grid, &|| {});
/// let r = s.row(3, 1).unwrap();
/// assert_eq!((r.nodes_plain, r.nodes_null, r.savings_percent), (167, 78, 53.3));
/// ```
pub fn run(
    engine: &dyn Engine,
    set: PositionSet,
    grid: &Grid,
    progress: &(dyn Fn() + Sync),
) -> Sweep {
    run_many(engine, &[engine], set, grid, progress)
        .pop()
        .expect("one sweep per null-move engine")
}

/// [`run`], abandoned once `stop` is set: it is read before each (position, depth limit)
/// item and between an item's reductions, so a server stops computing for a client that
/// has gone within one search. `None` when stopped.
///
/// # Example
/// ```
/// use std::sync::atomic::AtomicBool;
/// use nullmove_experiments::sweep::{run_until, Grid, PositionSet};
/// let grid = Grid::new(1..=9, 0..=6).unwrap();
/// let stopped = AtomicBool::new(true);
/// let engine = &nullmove_naive::NaiveEngine;
/// assert!(run_until(engine, PositionSet::All, &grid, &|| {}, &stopped).is_none());
/// ```
pub fn run_until(
    engine: &dyn Engine,
    set: PositionSet,
    grid: &Grid,
    progress: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Option<Sweep> {
    run_many_until(engine, &[engine], set, grid, progress, stop)
        .map(|mut sweeps| sweeps.pop().expect("one sweep per null-move engine"))
}

/// Runs one sweep per engine of `nulls`, each comparing that engine's null-move search with
/// plain alpha-beta searched by `plain`: [`run`] for several engines at once (the
/// safeguards' configurations), with plain alpha-beta and the oracle's exact values shared
/// across them. Plain mode of every engine of `nulls` must be `plain`'s search.
#[must_use]
pub fn run_many(
    plain: &dyn Engine,
    nulls: &[&dyn Engine],
    set: PositionSet,
    grid: &Grid,
    progress: &(dyn Fn() + Sync),
) -> Vec<Sweep> {
    run_many_until(plain, nulls, set, grid, progress, &AtomicBool::new(false))
        .expect("a sweep nobody stops runs to its end")
}

/// [`run_many`], abandoned once `stop` is set (see [`run_until`]).
fn run_many_until(
    plain: &dyn Engine,
    nulls: &[&dyn Engine],
    set: PositionSet,
    grid: &Grid,
    progress: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Option<Vec<Sweep>> {
    let positions = set.positions();
    let depths: Vec<u32> = grid.depths().collect();
    let reductions: Vec<u32> = grid.reductions().collect();
    let items: Vec<(usize, usize)> = (0..positions.len())
        .flat_map(|p| (0..depths.len()).map(move |d| (p, d)))
        .collect();
    let layout = Layout {
        cells: depths.len() * reductions.len(),
        reductions: reductions.len(),
    };
    let accs = layout.cells * nulls.len();
    let totals = items
        .par_iter()
        .fold(
            || vec![Acc::default(); accs],
            |mut acc, &(pi, di)| {
                if stop.load(Ordering::Relaxed) {
                    return acc;
                }
                let item = Item {
                    position: &positions[pi],
                    depth: depths[di],
                    di,
                };
                measure_item(plain, nulls, &item, &reductions, &layout, &mut acc, stop);
                progress();
                acc
            },
        )
        .reduce(
            || vec![Acc::default(); accs],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x.merge(y);
                }
                a
            },
        );
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let sweeps = (0..nulls.len())
        .map(|ei| {
            let rows = depths
                .iter()
                .enumerate()
                .flat_map(|(di, &depth)| {
                    let totals = &totals;
                    reductions.iter().enumerate().map(move |(ri, &reduction)| {
                        let a = totals[layout.index(ei, di, ri)];
                        SweepRow {
                            depth,
                            reduction,
                            positions: a.positions,
                            nodes_plain: a.nodes_plain,
                            nodes_null: a.nodes_null,
                            savings_percent: savings_percent(a.nodes_plain, a.nodes_null),
                            value_changed: a.value_changed,
                            worse_move: a.worse_move,
                        }
                    })
                })
                .collect();
            Sweep { rows }
        })
        .collect();
    Some(sweeps)
}

/// Where one (engine, depth limit, R) counter sits in a flat vector of counters.
#[derive(Debug, Clone, Copy)]
struct Layout {
    /// Counters per engine: depth limits x reductions.
    cells: usize,
    /// Reductions per depth limit.
    reductions: usize,
}

impl Layout {
    const fn index(&self, engine: usize, depth: usize, reduction: usize) -> usize {
        engine * self.cells + depth * self.reductions + reduction
    }
}

/// One (position, depth limit) work item.
struct Item<'p> {
    position: &'p Position,
    depth: u32,
    /// The depth limit's index in the grid.
    di: usize,
}

/// Plain alpha-beta and the oracle once for the item, then every engine of `nulls` at every
/// reduction, counted into `acc`.
fn measure_item(
    plain: &dyn Engine,
    nulls: &[&dyn Engine],
    item: &Item<'_>,
    reductions: &[u32],
    layout: &Layout,
    acc: &mut [Acc],
    stop: &AtomicBool,
) {
    let (position, depth) = (item.position, item.depth);
    let mover = position.side_to_move();
    let plain_params = SearchParams::new(depth, reductions[0], Mode::Plain)
        .expect("a validated grid holds valid parameters");
    let plain = plain.search(position, &plain_params);
    let exact = nullmove_oracle::exact_root(position, depth);
    debug_assert!(
        !is_worse_move(plain.best_move, &exact, mover),
        "plain alpha-beta chooses an exact best move ({position}, depth {depth})"
    );
    for (ri, &r) in reductions.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let null_params = SearchParams::new(depth, r, Mode::Null)
            .expect("a validated grid holds valid parameters");
        for (ei, engine) in nulls.iter().enumerate() {
            let null = engine.search(position, &null_params);
            let a = &mut acc[layout.index(ei, item.di, ri)];
            a.positions += 1;
            a.nodes_plain += plain.nodes;
            a.nodes_null += null.nodes;
            a.value_changed += u64::from(null.value != plain.value);
            a.worse_move += u64::from(is_worse_move(null.best_move, &exact, mover));
        }
    }
}
