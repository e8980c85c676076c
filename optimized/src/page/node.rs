//! One call of the page's recursive function, generic over [`Game`] and [`EventSink`],
//! allocation-free: the node, its leaves and its move loop; its null move is
//! `null_move.rs`'s.
//!
//! The control flow is the page's `nullMoveSearch` ("Reference implementation") statement for
//! statement, so it visits the same nodes in the same order and emits the same events as
//! the page's function; what changes is how each step is paid for:
//! - each call plays moves on copies of its own state, passed down by value (one register
//!   for tic-tac-toe), moves come from an owned iterator and nothing is allocated per node;
//! - the side to move is a type ([`Side`]), so every max-or-min choice is made at compile
//!   time;
//! - "never two null moves in a row" is a type-level fact: the probe's child is the
//!   `ALLOW_NULL = false` instance of [`Run::visit`], so it has no null-move code at all;
//! - leaves (a finished game, the depth limit) are settled inline by the parent
//!   ([`Run::visit`]) rather than through a call, still counted and traced as one node;
//! - events are built only when the sink is enabled; with [`NoSink`](crate::NoSink) the trace
//!   compiles away.
//!
//! Every `// PERF:` note quotes the measurement that kept its trick.

use nullmove_core::{Event, EventSink, INF, LeafKind, Player, Stats, Value};

use super::lines::Lines;
use super::root::{NoHook, RootHook};
use crate::guards::Verifying;
use crate::{Config, Game, Guards};
use limit::UNKNOWN;

/// The side to move as a type, with the search's two switches: each node's max-or-min
/// choices (which bound a probe must reach, how `best` and the window move) are made at
/// compile time, and a child is the other side's instance. `GUARDED` says whether any guard
/// is on ([`Guards`]): the page's search (`false`) compiles with no guard code at all. `PV`
/// says whether the search keeps the principal variation ([`Config::with_pv`]).
// PERF: against the side read at run time, 51.8 instead of 57.1 instructions per node
// (`valgrind --tool=callgrind nullmove bench --engine optimized`, release build); the time
// difference is within this machine's noise (`cargo bench -p nullmove-bench --
// 'optimized searcher/null'`: depth 9 R 1, 182 against 173 M nodes/s). The guards
// as a run-time flag cost the page's search 4.4% more instructions (callgrind, every 20th
// position x depth 1..=9 x R 0..=6 x both modes, 3.3 million nodes: 211.1 against 202.1
// million), mostly in `interior`'s prologue; as a type parameter they cost it none (the
// page's `interior` runs the same 97.1 million instructions as before the guards).
pub(super) trait Side {
    /// Whether this side maximizes.
    const MAXIMIZING: bool;
    /// Whether the guards are on.
    const GUARDED: bool;
    /// Whether the principal variation is kept.
    const PV: bool;
    /// The side that moves next.
    type Other: Side;
    /// This side without the principal variation: a probe's or a verification's subtree,
    /// whose line never becomes a node's, so that the rows follow the real plies from the
    /// root, not the plies a probe jumps (`depth + 1 + R`, up to the depth limit).
    type Quiet: Side;
}

/// The maximizer to move.
enum Max<const GUARDED: bool, const PV: bool> {}
/// The minimizer to move.
enum Min<const GUARDED: bool, const PV: bool> {}

impl<const GUARDED: bool, const PV: bool> Side for Max<GUARDED, PV> {
    const MAXIMIZING: bool = true;
    const GUARDED: bool = GUARDED;
    const PV: bool = PV;
    type Other = Min<GUARDED, PV>;
    type Quiet = Max<GUARDED, false>;
}

impl<const GUARDED: bool, const PV: bool> Side for Min<GUARDED, PV> {
    const MAXIMIZING: bool = false;
    const GUARDED: bool = GUARDED;
    const PV: bool = PV;
    type Other = Max<GUARDED, PV>;
    type Quiet = Min<GUARDED, false>;
}

/// What a caller knows about a call's depth against the depth limit, as a const parameter of
/// [`Run::visit`], so that a known answer costs no test.
pub(super) mod limit {
    /// Unknown: test `depth >= depthLimit`.
    pub const UNKNOWN: u8 = 0;
    /// At (or past) the limit: a leaf (every child of a node one ply above the limit).
    /// Only the move loop visits with it, and counts those nodes itself.
    pub const AT: u8 = 1;
    /// Below the limit (every child of a node two or more plies above it).
    pub const BELOW: u8 = 2;
}

/// A search in progress: the configuration, the counters, the sink and the principal
/// variation's rows. Holds no heap memory of its own.
pub(super) struct Run<'a, G: Game, S: EventSink<G::Move> + ?Sized> {
    pub(super) depth_limit: u32,
    /// Whether null move is on at all ([`Guards::null_move`]), and its fixed R.
    pub(super) null_move: bool,
    pub(super) reduction: u32,
    pub(super) guards: &'a Guards,
    /// Whether any guard is on: with none, the guards cost the page's search one test.
    guarded: bool,
    /// Whether the principal variation is kept.
    pv: bool,
    /// With a fixed R, the page's `depth + R < depthLimit` is `depth < probes_below`,
    /// computed once and without overflow.
    pub(super) probes_below: u32,
    /// The verification state the current subtree runs in (see [`Verifying`]).
    pub(super) verifying: Verifying,
    /// The counters so far.
    pub(super) stats: Stats,
    sink: &'a mut S,
    lines: &'a mut Lines<G::Move>,
}

impl<'a, G: Game, S: EventSink<G::Move> + ?Sized> Run<'a, G, S> {
    /// A search under `config`, emitting into `sink`, keeping lines in `lines`.
    pub(super) fn new(config: &'a Config, sink: &'a mut S, lines: &'a mut Lines<G::Move>) -> Self {
        let guards = config.guards_ref();
        Self {
            depth_limit: config.depth_limit(),
            null_move: guards.null_move,
            reduction: guards.reduction,
            guards,
            guarded: !guards.is_unguarded(),
            pv: config.pv(),
            probes_below: config.depth_limit().saturating_sub(guards.reduction),
            verifying: Verifying::default(),
            stats: Stats::default(),
            sink,
            lines,
        }
    }

    /// One call of the recursive search at `depth` with the window `(alpha, beta)`, null
    /// move allowed (and refused at depth 0 by the page's rule), the side's and the guards'
    /// instance chosen here once.
    // PERF: `enter`, `enter_as` and `interior` are `#[inline]`, so that the root's call from
    // `Searcher` (another module, so another codegen unit) instantiates the recursion in the
    // caller's unit: 2,205.7 instead of 2,257.7 million instructions (`valgrind
    // --tool=callgrind --dump-instr=no nullmove bench --engine optimized`; with `Searcher` in
    // this file, 2,205.6 without the hints).
    #[inline]
    pub(super) fn enter<H: RootHook<G::Move>>(
        &mut self,
        game: G,
        depth: u32,
        alpha: Value,
        beta: Value,
        hook: &mut H,
    ) -> Value {
        match (self.guarded, self.pv) {
            (false, false) => self.enter_as::<false, false, H>(game, depth, alpha, beta, hook),
            (false, true) => self.enter_as::<false, true, H>(game, depth, alpha, beta, hook),
            (true, false) => self.enter_as::<true, false, H>(game, depth, alpha, beta, hook),
            (true, true) => self.enter_as::<true, true, H>(game, depth, alpha, beta, hook),
        }
    }

    /// [`Run::enter`] with the switches chosen: the side's instance.
    #[inline]
    fn enter_as<const GUARDED: bool, const PV: bool, H: RootHook<G::Move>>(
        &mut self,
        game: G,
        depth: u32,
        alpha: Value,
        beta: Value,
        hook: &mut H,
    ) -> Value {
        if game.maximizing() {
            self.visit::<Max<GUARDED, PV>, true, UNKNOWN, H>(game, depth, alpha, beta, hook)
        } else {
            self.visit::<Min<GUARDED, PV>, true, UNKNOWN, H>(game, depth, alpha, beta, hook)
        }
    }

    #[inline]
    pub(super) fn emit(&mut self, event: impl FnOnce() -> Event<G::Move>) {
        if self.sink.enabled() {
            self.sink.event(event());
        }
    }

    /// One call of the page's function, split in two: this inlined head counts the node,
    /// emits its `Call` and settles the leaves (a finished game, the depth limit); only a
    /// node that will probe or move pays for a real call, into [`Run::interior`].
    /// `LIMIT` is what the caller knows about `depth >= depthLimit` (see [`limit`]).
    // PERF: against every node a call (`visit` out of line), 51.8 instead of 58.5
    // instructions per node (`valgrind --tool=callgrind nullmove bench --engine optimized`)
    // and, with `cargo bench -p nullmove-bench -- 'optimized searcher/null'`, depth 9 R 1
    // 182 instead of 134 M nodes/s, depth 5 R 3 330 instead of 299.
    #[allow(clippy::inline_always)] // measured: see the PERF note above
    #[inline(always)]
    pub(super) fn visit<Sd: Side, const ALLOW_NULL: bool, const LIMIT: u8, H: RootHook<G::Move>>(
        &mut self,
        game: G,
        depth: u32,
        alpha: Value,
        beta: Value,
        hook: &mut H,
    ) -> Value {
        debug_assert!(alpha < beta, "a non-empty window ({alpha}, {beta})");
        debug_assert!(
            -INF <= alpha && beta <= INF,
            "windows stay inside the sentinels"
        );
        debug_assert_eq!(game.maximizing(), Sd::MAXIMIZING, "the type is the side");
        let at_limit = match LIMIT {
            limit::AT => true,
            limit::BELOW => false,
            _ => depth >= self.depth_limit,
        };
        debug_assert_eq!(at_limit, depth >= self.depth_limit, "LIMIT = {LIMIT}");
        // Leaves at the limit are counted by their parent's loop, once per loop (`moves`).
        if LIMIT != limit::AT {
            self.stats.nodes += 1;
        }
        self.emit(|| Event::Call {
            depth,
            side: Player::from_maximizing(Sd::MAXIMIZING),
            alpha,
            beta,
            allow_null: ALLOW_NULL,
        });
        // The page tests "real, finished game" first, then "out of budget". At or past the
        // limit either way the call is a leaf, so there the two tests become one choice
        // between the terminal score and the heuristic.
        if at_limit {
            let (value, kind) = match game.terminal_score(depth) {
                Some(s) => (s, LeafKind::Terminal),
                None => (game.evaluate(), LeafKind::Heuristic),
            };
            debug_assert!(
                -INF < value && value < INF,
                "leaves stay inside the sentinels"
            );
            self.emit(|| Event::Leaf { depth, kind, value });
            self.emit(|| Event::Return { depth, value });
            return value;
        }
        if let Some(s) = game.terminal_score(depth) {
            debug_assert!(-INF < s && s < INF, "scores stay inside the sentinels");
            // A finished game has no line: its parent reads an empty row, not a stale one.
            if Sd::PV {
                self.lines.clear(depth);
            }
            self.emit(|| Event::Leaf {
                depth,
                kind: LeafKind::Terminal,
                value: s,
            });
            self.emit(|| Event::Return { depth, value: s });
            return s;
        }
        self.interior::<Sd, ALLOW_NULL, H>(game, depth, alpha, beta, hook)
    }

    /// The rest of one call of the page's `nullMoveSearch(board, depth, maximizing, alpha,
    /// beta, depthLimit, R, allowNull)` once [`Run::visit`] has ruled out a leaf: the null
    /// move, then the moves. The side and `allowNull` are type parameters, the state is this
    /// call's own copy, the depth limit and the guards live in `self`.
    // PERF: the state travels down by value (tic-tac-toe's is one `Copy` word, kept in a
    // register, so a clone is that word), each child getting a copy with the move played,
    // nothing taken back.
    // Against one state mutated in place through a `&mut G` with make and unmake: 49.03
    // instead of 54.89 instructions per node (`valgrind --tool=callgrind --dump-instr=no
    // nullmove bench --engine optimized`, 2,146.4 against 2,402.9 million); copying and then
    // also unmaking, as before, ran the same 2,146.4 million. The first measurement of the
    // same choice, `cargo bench -p nullmove-bench -- 'optimized searcher/null'`: depth 5
    // R 3, 330 instead of 262 M nodes/s; depth 9 R 1, 182 instead of 153.
    // PERF: `#[inline]` with `enter`: see the note there.
    #[inline]
    #[allow(clippy::needless_pass_by_value)] // by value, in registers: the PERF note above
    fn interior<Sd: Side, const ALLOW_NULL: bool, H: RootHook<G::Move>>(
        &mut self,
        game: G,
        depth: u32,
        alpha: Value,
        beta: Value,
        hook: &mut H,
    ) -> Value {
        debug_assert!(depth < self.depth_limit, "leaves are settled by visit()");

        // 3. The null move (`null_move.rs`): pass, search the opponent's reply at depth + 1
        //    + R with null moves disabled; a node it settles (pruned on the probe's word,
        //    or by a verification) returns here.
        if let Some(value) = self.null_move::<Sd, ALLOW_NULL>(&game, depth, alpha, beta) {
            return value;
        }

        // 4. Every real move in order, alpha-beta style. One ply above the limit every
        //    child is a leaf: that loop is compiled separately, with no call in it.
        // PERF: against one loop testing every child's depth, 51.8 instead of 54.2
        // instructions per node (`valgrind --tool=callgrind nullmove bench --engine
        // optimized`); `cargo bench -p nullmove-bench -- 'optimized searcher/null'`: depth
        // 5 R 3, 330 instead of 288 M nodes/s (at depth 9, where few children sit on the
        // limit, within noise).
        if depth + 1 >= self.depth_limit {
            self.moves::<Sd, { limit::AT }, H>(&game, depth, alpha, beta, hook)
        } else {
            self.moves::<Sd, { limit::BELOW }, H>(&game, depth, alpha, beta, hook)
        }
    }

    /// The page's move loop at `depth`: each move played on a copy, its child searched with
    /// the window carried, `best` and the window updated, a cutoff when `beta <= alpha`.
    /// `CHILD_LIMIT` is where every child lies against the depth limit.
    ///
    /// The node's line (its principal variation) changes only where a child's value is
    /// exact, strictly inside the window it was searched with: that child moved the window
    /// without cutting it. Fail-soft alpha-beta gives an exact node exactly one such last
    /// child, its best, so a bound's line is never read. The line is made of what the
    /// search saw, without asking the game anything again: a child's row (empty for a
    /// finished game, see [`Run::visit`]) and, one ply above the limit, the first move that
    /// reached the best leaf.
    #[allow(clippy::inline_always)] // measured: see the PERF note in `interior`
    #[inline(always)]
    fn moves<Sd: Side, const CHILD_LIMIT: u8, H: RootHook<G::Move>>(
        &mut self,
        game: &G,
        depth: u32,
        mut alpha: Value,
        mut beta: Value,
        hook: &mut H,
    ) -> Value {
        let maximizing = Sd::MAXIMIZING;
        let window = (alpha, beta);
        let mut best = if maximizing { -INF } else { INF };
        // PERF: the leaves at the limit counted here in a register and added to the node
        // count once per loop, instead of one read-modify-write of `stats.nodes` per leaf:
        // 51.12 -> 49.05 instructions per node (`valgrind --tool=callgrind --dump-instr=no
        // nullmove bench --engine optimized`, 2,237.8 -> 2,147.0 million); `nullmove bench
        // --engine optimized`, 15 alternating runs on a VM whose timings swung by 30%: median
        // 158.6 -> 180.2 M nodes/s, best 190.7 -> 193.7.
        let mut leaves = 0;
        // With the line kept, one ply above the limit: the first move to reach `best`.
        let mut best_leaf = None;
        for mv in game.moves() {
            let mut child = game.clone();
            child.play(mv);
            self.emit(|| Event::Move {
                depth,
                side: Player::from_maximizing(maximizing),
                mv,
            });
            let value = self.visit::<Sd::Other, true, CHILD_LIMIT, NoHook>(
                child,
                depth + 1,
                alpha,
                beta,
                &mut NoHook,
            );
            hook.record(mv, value, alpha, beta);
            if CHILD_LIMIT == limit::AT {
                leaves += 1;
            }
            let moved = if maximizing { alpha } else { beta };
            if Sd::PV
                && CHILD_LIMIT == limit::AT
                && if maximizing {
                    value > best
                } else {
                    value < best
                }
            {
                best_leaf = Some(mv);
            }
            if maximizing {
                best = best.max(value);
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                beta = beta.min(best);
            }
            if beta <= alpha {
                self.stats.beta_cutoffs += 1;
                self.emit(|| Event::Cutoff {
                    depth,
                    mv,
                    alpha,
                    beta,
                });
                break;
            }
            // The window moved without a cutoff: the child's value is exact.
            if Sd::PV && CHILD_LIMIT != limit::AT && moved != if maximizing { alpha } else { beta }
            {
                self.lines.set(depth, mv, true);
            }
        }
        self.stats.nodes += leaves;
        debug_assert!(
            best != if maximizing { -INF } else { INF },
            "a move was searched"
        );
        if Sd::PV && CHILD_LIMIT == limit::AT && window.0 < best && best < window.1 {
            let mv = best_leaf.expect("the best leaf is among the moves");
            self.lines.set(depth, mv, false);
        }
        self.emit(|| Event::Return { depth, value: best });
        best
    }
}
