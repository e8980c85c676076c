//! The page's reference implementation ("Reference implementation"), mirrored line for line.
//!
//! Hold [`null_move_search`] beside the page's `nullMoveSearch`: same name, same parameters
//! in the same order, same statements in the same order. JavaScript numbers stay `f64` with
//! ±infinity; the board is mutated and restored in place as the JavaScript does; helpers
//! return fresh vectors as the JavaScript returns fresh arrays. The only additions are the
//! trailing `ctx` (node counting, the plain-mode switch, root bookkeeping, the event sink).
//! This crate never improves on the page: the optimized crate does that, node for node.

use nullmove_core::{
    Board, CELLS, Engine, Event, EventSink, INF, LINES, LeafKind, Mode, NoSink, Player, Position,
    RootReport, RootTracker, SearchParams, Stats, Value,
};

/// `winner(board)` from the Iterative Deepening page: `'X'`, `'O'` or `null`.
#[must_use]
pub fn winner(board: &Board) -> Option<Player> {
    for [a, b, c] in LINES {
        let (a, b, c) = (a as usize, b as usize, c as usize);
        if board[a].is_some() && board[a] == board[b] && board[a] == board[c] {
            return board[a];
        }
    }
    None
}

/// `emptyCells(board)`: a fresh array of the empty cells, ascending.
#[must_use]
pub fn empty_cells(board: &Board) -> Vec<usize> {
    (0..CELLS).filter(|&i| board[i].is_none()).collect()
}

/// `score(w, depth)`: a faster win scores higher (SPEC.md).
#[must_use]
pub fn score(w: Option<Player>, depth: u32) -> f64 {
    match w {
        Some(Player::X) => 10.0 - f64::from(depth),
        Some(Player::O) => f64::from(depth) - 10.0,
        None => 0.0,
    }
}

/// `heuristic(board)`: the line-counting static evaluator (SPEC.md).
#[must_use]
pub fn heuristic(board: &Board) -> f64 {
    let mut total = 0.0;
    for line in LINES {
        let xs = line
            .iter()
            .filter(|&&c| board[c as usize] == Some(Player::X))
            .count();
        let os = line
            .iter()
            .filter(|&&c| board[c as usize] == Some(Player::O))
            .count();
        if os == 0 {
            total += 3f64.powi(xs as i32);
        }
        if xs == 0 {
            total -= 3f64.powi(os as i32);
        }
    }
    total
}

/// What the page's function does not have but a reviewer needs: the node counter, the
/// plain/null switch of the page's "mode" selector, the root moves' values, and the sink.
pub struct Ctx<'s, S: EventSink + ?Sized> {
    /// Counters.
    pub stats: Stats,
    /// `Mode::Plain` never takes the null branch ("Try it": plain depth-limited alpha-beta).
    pub mode: Mode,
    /// What each root child returned.
    pub root: RootTracker,
    /// Where events go.
    pub sink: &'s mut S,
}

impl<'s, S: EventSink + ?Sized> Ctx<'s, S> {
    /// A fresh context.
    pub fn new(mode: Mode, sink: &'s mut S) -> Self {
        Self {
            stats: Stats::default(),
            mode,
            root: RootTracker::new(),
            sink,
        }
    }

    fn emit(&mut self, event: impl FnOnce() -> Event) {
        if self.sink.enabled() {
            self.sink.event(event());
        }
    }
}

/// A JavaScript number as a report value (±Infinity become ±[`INF`]).
#[must_use]
pub fn to_value(x: f64) -> Value {
    if x == f64::INFINITY {
        INF
    } else if x == f64::NEG_INFINITY {
        -INF
    } else {
        debug_assert!(x.fract() == 0.0, "values are integers: {x}");
        x as Value
    }
}

/// The page's `nullMoveSearch(board, depth, maximizing, alpha, beta, depthLimit, R, allowNull)`.
pub fn null_move_search<S: EventSink + ?Sized>(
    board: &mut Board,
    depth: u32,
    maximizing: bool,
    mut alpha: f64,
    mut beta: f64,
    depth_limit: u32,
    r: u32,
    allow_null: bool,
    ctx: &mut Ctx<'_, S>,
) -> f64 {
    ctx.stats.nodes += 1;
    let side = Player::from_maximizing(maximizing);
    ctx.emit(|| Event::Call {
        depth,
        side,
        alpha: to_value(alpha),
        beta: to_value(beta),
        allow_null,
    });
    let v = null_move_search_body(
        board,
        depth,
        maximizing,
        &mut alpha,
        &mut beta,
        depth_limit,
        r,
        allow_null,
        ctx,
    );
    ctx.emit(|| Event::Return {
        depth,
        value: to_value(v),
    });
    v
}

/// The function's body, split out only so that every `return` passes one `Return` event.
fn null_move_search_body<S: EventSink + ?Sized>(
    board: &mut Board,
    depth: u32,
    maximizing: bool,
    alpha: &mut f64,
    beta: &mut f64,
    depth_limit: u32,
    r: u32,
    allow_null: bool,
    ctx: &mut Ctx<'_, S>,
) -> f64 {
    let side = Player::from_maximizing(maximizing);
    let w = winner(board); //                                      const w = winner(board);
    let empties = empty_cells(board); //                           const empties = emptyCells(board);
    if w.is_some() || empties.is_empty() {
        let s = score(w, depth); //                                return score(w, depth);
        ctx.emit(|| Event::Leaf {
            depth,
            kind: LeafKind::Terminal,
            value: to_value(s),
        });
        return s;
    }
    if depth >= depth_limit {
        let h = heuristic(board); //                               return heuristic(board);
        ctx.emit(|| Event::Leaf {
            depth,
            kind: LeafKind::Heuristic,
            value: to_value(h),
        });
        return h;
    }

    // if (allowNull && depth > 0 && depth + R < depthLimit) — in plain mode never taken.
    if ctx.mode == Mode::Null && allow_null && depth > 0 && depth + r < depth_limit {
        let bound = if maximizing { *beta } else { *alpha };
        ctx.stats.null_probes += 1;
        ctx.emit(|| Event::ProbeStart {
            depth,
            side,
            bound: to_value(bound),
            target_depth: depth + 1 + r,
        });
        // const nullScore = nullMoveSearch(board, depth + 1 + R, !maximizing, alpha, beta, depthLimit, R, false);
        let null_score = null_move_search(
            board,
            depth + 1 + r,
            !maximizing,
            *alpha,
            *beta,
            depth_limit,
            r,
            false,
            ctx,
        );
        let fails = (maximizing && null_score >= *beta) || (!maximizing && null_score <= *alpha);
        ctx.emit(|| Event::ProbeResolved {
            depth,
            side,
            score: to_value(null_score),
            bound: to_value(bound),
            fails,
        });
        if maximizing && null_score >= *beta {
            ctx.stats.null_cutoffs += 1;
            ctx.emit(|| Event::Prune {
                depth,
                value: to_value(*beta),
            });
            return *beta; //                                       return beta;
        }
        if !maximizing && null_score <= *alpha {
            ctx.stats.null_cutoffs += 1;
            ctx.emit(|| Event::Prune {
                depth,
                value: to_value(*alpha),
            });
            return *alpha; //                                      return alpha;
        }
    }

    let mark = side; //                                            const mark = maximizing ? 'X' : 'O';
    let mut best = if maximizing {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    for cell in empties {
        board[cell] = Some(mark);
        ctx.emit(|| Event::Move {
            depth,
            side,
            cell: cell as u8,
        });
        let value = null_move_search(
            board,
            depth + 1,
            !maximizing,
            *alpha,
            *beta,
            depth_limit,
            r,
            true,
            ctx,
        );
        board[cell] = None;
        if depth == 0 {
            ctx.root.record(cell as u8, to_value(value)); // root report bookkeeping
        }
        best = if maximizing {
            best.max(value)
        } else {
            best.min(value)
        };
        if maximizing {
            *alpha = alpha.max(best);
        } else {
            *beta = beta.min(best);
        }
        if *beta <= *alpha {
            ctx.stats.beta_cutoffs += 1;
            ctx.emit(|| Event::Cutoff {
                depth,
                cell: cell as u8,
                alpha: to_value(*alpha),
                beta: to_value(*beta),
            });
            break;
        }
    }
    best
}

/// The page's function as an [`Engine`]: the root is a depth-0 call with the open window.
#[derive(Debug, Clone, Copy, Default)]
pub struct NaiveEngine;

impl NaiveEngine {
    fn run<S: EventSink + ?Sized>(
        position: &Position,
        params: &SearchParams,
        sink: &mut S,
    ) -> RootReport {
        let mover = position.side_to_move();
        let mut board = *position.board();
        let mut ctx = Ctx::new(params.mode(), sink);
        let value = null_move_search(
            &mut board,
            0,
            mover.is_maximizing(),
            f64::NEG_INFINITY,
            f64::INFINITY,
            params.depth_limit(),
            params.reduction(),
            true,
            &mut ctx,
        );
        debug_assert_eq!(&board, position.board(), "the board is restored");
        let stats = ctx.stats;
        ctx.root.finish(mover, to_value(value), stats)
    }
}

impl Engine for NaiveEngine {
    fn name(&self) -> &'static str {
        "naive"
    }

    fn search_traced(
        &self,
        position: &Position,
        params: &SearchParams,
        sink: &mut dyn EventSink,
    ) -> RootReport {
        Self::run(position, params, sink)
    }

    fn search(&self, position: &Position, params: &SearchParams) -> RootReport {
        Self::run(position, params, &mut NoSink)
    }
}

/// Runs the page's function on a raw board with an explicit window, as the page calls it
/// recursively: the entry point for tests that compare engines below the root.
#[must_use]
pub fn search_window(
    board: &Board,
    depth: u32,
    maximizing: bool,
    alpha: Value,
    beta: Value,
    params: &SearchParams,
) -> (Value, Stats) {
    let from = |v: Value| {
        if v <= -INF {
            f64::NEG_INFINITY
        } else if v >= INF {
            f64::INFINITY
        } else {
            f64::from(v)
        }
    };
    let mut board = *board;
    let mut sink = NoSink;
    let mut ctx = Ctx::new(params.mode(), &mut sink);
    let v = null_move_search(
        &mut board,
        depth,
        maximizing,
        from(alpha),
        from(beta),
        params.depth_limit(),
        params.reduction(),
        true,
        &mut ctx,
    );
    (to_value(v), ctx.stats)
}
