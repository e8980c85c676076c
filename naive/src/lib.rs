//! The page's reference implementation ("Reference implementation"), mirrored line for line.
//!
//! Hold [`null_move_search`] beside the page's `nullMoveSearch`: same name, same parameters
//! in the same order, same statements in the same order. JavaScript numbers stay `f64` with
//! ±infinity; the board is mutated and restored in place as the JavaScript does; helpers
//! return fresh vectors as the JavaScript returns fresh arrays. The only addition is the
//! trailing `ctx` (node counting, root bookkeeping, the event sink), one line per hook. Plain
//! mode is the page's function called with `R = depthLimit`, so its null-move branch never
//! runs. This crate never improves on the page: the optimized crate does that, node for node.

use nullmove_core::{
    Board, CELLS, Engine, Event, EventSink, INF, LINES, LeafKind, Mode, NoSink, Player, Position,
    RootReport, RootTracker, SearchParams, Stats, Value,
};

/// `winner(board)`: `'X'`, `'O'` or `null`. The page calls it without printing it or naming
/// its source (it names only `heuristic()` and `score()` as the Iterative Deepening page's);
/// ours reads the eight lines of docs/src/specification.md, "The game".
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

/// `score(w, depth)`: a faster win scores higher (docs/src/specification.md, "The evaluation").
#[must_use]
pub fn score(w: Option<Player>, depth: u32) -> f64 {
    match w {
        Some(Player::X) => 10.0 - f64::from(depth),
        Some(Player::O) => f64::from(depth) - 10.0,
        None => 0.0,
    }
}

/// `heuristic(board)`: the line-counting static evaluator (docs/src/specification.md, "The
/// evaluation").
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

/// What the page's function does not have but a reviewer needs: the node counter, the root
/// moves' values and the event sink. Each hook is one line in [`null_move_search`], and each
/// emits the events in the order the page's statements run.
pub struct Ctx<'s, S: EventSink + ?Sized> {
    /// Counters.
    pub stats: Stats,
    /// What each root child returned.
    pub root: RootTracker,
    /// Where events go.
    pub sink: &'s mut S,
}

impl<'s, S: EventSink + ?Sized> Ctx<'s, S> {
    /// A fresh context.
    pub fn new(sink: &'s mut S) -> Self {
        Self {
            stats: Stats::default(),
            root: RootTracker::new(),
            sink,
        }
    }

    fn emit(&mut self, event: impl FnOnce() -> Event) {
        if self.sink.enabled() {
            self.sink.event(event());
        }
    }

    /// A call begins: one node.
    fn enter(&mut self, depth: u32, maximizing: bool, alpha: f64, beta: f64, allow_null: bool) {
        self.stats.nodes += 1;
        self.emit(|| Event::Call {
            depth,
            side: Player::from_maximizing(maximizing),
            alpha: to_value(alpha),
            beta: to_value(beta),
            allow_null,
        });
    }

    /// The call returns `value`.
    fn leave(&mut self, depth: u32, value: f64) -> f64 {
        self.emit(|| Event::Return {
            depth,
            value: to_value(value),
        });
        value
    }

    /// The call returns `value` without searching: a finished game or the depth limit.
    fn leaf(&mut self, depth: u32, kind: LeafKind, value: f64) -> f64 {
        self.emit(|| Event::Leaf {
            depth,
            kind,
            value: to_value(value),
        });
        self.leave(depth, value)
    }

    /// The side to move passes: a probe of `depth + 1 + r` starts.
    fn probe(&mut self, depth: u32, maximizing: bool, alpha: f64, beta: f64, r: u32) {
        self.stats.null_probes += 1;
        let bound = if maximizing { beta } else { alpha };
        self.emit(|| Event::ProbeStart {
            depth,
            side: Player::from_maximizing(maximizing),
            bound: to_value(bound),
            target_depth: depth + 1 + r,
        });
    }

    /// The probe returned `score`; it fails when it reaches the mover's bound.
    fn resolved(&mut self, depth: u32, maximizing: bool, score: f64, alpha: f64, beta: f64) {
        let (bound, fails) = if maximizing {
            (beta, score >= beta)
        } else {
            (alpha, score <= alpha)
        };
        self.emit(|| Event::ProbeResolved {
            depth,
            side: Player::from_maximizing(maximizing),
            score: to_value(score),
            bound: to_value(bound),
            fails,
        });
    }

    /// The node is pruned on the probe's word: it returns `bound`.
    fn prune(&mut self, depth: u32, bound: f64) -> f64 {
        self.stats.null_cutoffs += 1;
        self.emit(|| Event::Prune {
            depth,
            value: to_value(bound),
        });
        self.leave(depth, bound)
    }

    /// `mark` was placed on `cell`.
    fn moved(&mut self, depth: u32, mark: Player, cell: usize) {
        self.emit(|| Event::Move {
            depth,
            side: mark,
            mv: cell as u8,
        });
    }

    /// The child of `cell` returned `value` (recorded at the root for the root report).
    fn child(&mut self, depth: u32, cell: usize, value: f64) {
        if depth == 0 {
            self.root.record(cell as u8, to_value(value));
        }
    }

    /// `beta <= alpha` after `cell`'s child: an ordinary cutoff.
    fn cutoff(&mut self, depth: u32, cell: usize, alpha: f64, beta: f64) {
        self.stats.beta_cutoffs += 1;
        self.emit(|| Event::Cutoff {
            depth,
            mv: cell as u8,
            alpha: to_value(alpha),
            beta: to_value(beta),
        });
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

/// The page's `nullMoveSearch(board, depth, maximizing, alpha, beta, depthLimit, R, allowNull)`,
/// statement for statement: the page's JavaScript stands beside or above each statement it
/// mirrors; the lines that start with `ctx.` are the instrumentation, one line each.
#[allow(clippy::too_many_arguments)] // the page's eight parameters and the instrumentation
#[rustfmt::skip] // Laid out beside the page's lines; rustfmt would break the mirrored statements.
pub fn null_move_search<S: EventSink + ?Sized>(
    board: &mut Board, depth: u32, maximizing: bool, mut alpha: f64, mut beta: f64,
    depth_limit: u32, r: u32, allow_null: bool, ctx: &mut Ctx<'_, S>,
) -> f64 {
    ctx.enter(depth, maximizing, alpha, beta, allow_null);
    let w = winner(board);                                              // const w = winner(board);
    let empties = empty_cells(board);                                   // const empties = emptyCells(board);
    if w.is_some() || empties.is_empty() {                              // if (w || empties.length === 0)
        return ctx.leaf(depth, LeafKind::Terminal, score(w, depth));   //   return score(w, depth);
    }
    if depth >= depth_limit {                                           // if (depth >= depthLimit)
        return ctx.leaf(depth, LeafKind::Heuristic, heuristic(board)); //   return heuristic(board);
    }

    if allow_null && depth > 0 && depth + r < depth_limit {             // if (allowNull && depth > 0 && depth + R < depthLimit) {
        ctx.probe(depth, maximizing, alpha, beta, r);
        // const nullScore = nullMoveSearch(board, depth + 1 + R, !maximizing, alpha, beta, depthLimit, R, false);
        let null_score = null_move_search(board, depth + 1 + r, !maximizing, alpha, beta, depth_limit, r, false, ctx);
        ctx.resolved(depth, maximizing, null_score, alpha, beta);
        if maximizing && null_score >= beta { return ctx.prune(depth, beta); }    // if (maximizing && nullScore >= beta) return beta;
        if !maximizing && null_score <= alpha { return ctx.prune(depth, alpha); } // if (!maximizing && nullScore <= alpha) return alpha;
    }                                                                   // }

    let mark = Player::from_maximizing(maximizing);                     // const mark = maximizing ? 'X' : 'O';
    let mut best = if maximizing { f64::NEG_INFINITY } else { f64::INFINITY }; // let best = maximizing ? -Infinity : Infinity;
    for cell in empties {                                               // for (const cell of empties) {
        board[cell] = Some(mark);                                       //   board[cell] = mark;
        ctx.moved(depth, mark, cell);
        // const value = nullMoveSearch(board, depth + 1, !maximizing, alpha, beta, depthLimit, R, true);
        let value = null_move_search(board, depth + 1, !maximizing, alpha, beta, depth_limit, r, true, ctx);
        board[cell] = None;                                             //   board[cell] = null;
        ctx.child(depth, cell, value);
        best = if maximizing { best.max(value) } else { best.min(value) }; // best = maximizing ? Math.max(best, value) : Math.min(best, value);
        if maximizing { alpha = alpha.max(best); } else { beta = beta.min(best); } // if (maximizing) alpha = Math.max(alpha, best); else beta = Math.min(beta, best);
        if beta <= alpha { ctx.cutoff(depth, cell, alpha, beta); break; } // if (beta <= alpha) break;
    }                                                                   // }
    ctx.leave(depth, best)                                              // return best;
}

/// The R the page's function is called with: the page's own in null mode; in plain mode
/// (docs/src/specification.md, "What a node is": the null-move branch never taken) the
/// depth limit, for `R` appears only in the branch's condition `depth + R < depthLimit`,
/// which then never holds.
fn page_r(params: &SearchParams) -> u32 {
    match params.mode() {
        Mode::Null => params.reduction(),
        Mode::Plain => params.depth_limit(),
    }
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
        let mut ctx = Ctx::new(sink);
        let value = null_move_search(
            &mut board,
            0,
            mover.is_maximizing(),
            f64::NEG_INFINITY,
            f64::INFINITY,
            params.depth_limit(),
            page_r(params),
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
    let mut ctx = Ctx::new(&mut sink);
    let v = null_move_search(
        &mut board,
        depth,
        maximizing,
        from(alpha),
        from(beta),
        params.depth_limit(),
        page_r(params),
        true,
        &mut ctx,
    );
    (to_value(v), ctx.stats)
}
