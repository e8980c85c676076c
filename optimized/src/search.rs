//! The page's null-move search, generic over [`Game`] and [`EventSink`], allocation-free.
//!
//! The control flow is the page's `nullMoveSearch` ("Reference implementation") statement for
//! statement, so it visits the same nodes in the same order and emits the same events as
//! the naive mirror; what changes is how each step is paid for:
//! - each call makes and unmakes moves on its own copy of the game state, passed down by
//!   value (one register for tic-tac-toe), moves come from an owned iterator and nothing is
//!   allocated per node;
//! - the side to move is a type ([`Side`]), so every max-or-min choice is made at compile
//!   time;
//! - "never two null moves in a row" is a type-level fact: the probe's child is the
//!   `ALLOW_NULL = false` instance of [`Searcher::visit`], so it has no null-move code at all;
//! - leaves (a finished game, the depth limit) are settled inline by the parent
//!   ([`Searcher::visit`]) rather than through a call, still counted and traced as one node;
//! - events are built only when the sink is enabled; with [`NoSink`](nullmove_core::NoSink)
//!   the trace compiles away.
//!
//! Each decision of the null-move block is one named function, so the safeguards (minimum
//! probe depth, threat guard, endgame guard, adaptive R, verification; `guards.rs`) are named
//! predicates and steps here, configured in [`Config`], not scattered conditions. Every
//! `// PERF:` note quotes the measurement that kept its trick.

use nullmove_core::{
    Event, EventSink, Game, INF, LeafKind, Mode, Player, SearchParams, Stats, Value,
};

use crate::guards::{Confirm, Guards, Verifying};

/// What one search is asked to do: the page's parameters and the safeguards ([`Guards`],
/// all off by default, so the default search stays node for node the page's), read by
/// exactly one of the searcher's `null_move_allowed`, `reduction` or the probe's cutoff
/// step, `confirm_cutoff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Config {
    /// The page's `depthLimit`: at this depth the evaluation replaces search.
    pub depth_limit: u32,
    /// The page's `R`: extra plies a null-move probe skips beyond the normal one.
    pub reduction: u32,
    /// Plain alpha-beta never takes the null branch; null mode takes it by the page's rule.
    pub mode: Mode,
    /// The safeguards (issue 5); [`Guards::PAGE`] for the page's search.
    pub guards: Guards,
}

impl From<SearchParams> for Config {
    fn from(p: SearchParams) -> Self {
        Self {
            depth_limit: p.depth_limit(),
            reduction: p.reduction(),
            mode: p.mode(),
            guards: Guards::PAGE,
        }
    }
}

impl From<&SearchParams> for Config {
    fn from(p: &SearchParams) -> Self {
        Self::from(*p)
    }
}

/// Receives what each root child returned; below the root the searcher passes [`NoHook`],
/// so the move loop has no root bookkeeping at all.
pub trait RootHook<M> {
    /// Notes the value the root child reached by `mv` returned.
    fn record(&mut self, mv: M, value: Value);
}

/// The hook of every node below the root: does nothing, compiled away.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHook;

impl<M> RootHook<M> for NoHook {
    #[inline]
    fn record(&mut self, _mv: M, _value: Value) {}
}

/// Adapts a closure to [`RootHook`].
#[derive(Debug, Clone, Copy)]
pub struct Recorder<F>(pub F);

impl<M, F: FnMut(M, Value)> RootHook<M> for Recorder<F> {
    #[inline]
    fn record(&mut self, mv: M, value: Value) {
        (self.0)(mv, value);
    }
}

/// The side to move as a type: each node's max-or-min choices (which bound a probe must
/// reach, how `best` and the window move) are made at compile time, and a child is the
/// other side's instance. `GUARDED` says whether any safeguard is on ([`Guards`]): the
/// page's search (`false`, the default) compiles with no guard code at all.
// PERF: against the side read at run time, 51.8 instead of 57.1 instructions per node
// (`valgrind --tool=callgrind nullmove bench --engine optimized`, release build); the time
// difference is within this machine's noise (`cargo bench -p nullmove-optimized --
// 'optimized searcher/null'`: depth 9 R 1, 182 against 173 M nodes/s). The guards
// as a run-time flag cost the page's search 4.4% more instructions (callgrind, every 20th
// position x depth 1..=9 x R 0..=6 x both modes, 3.3 million nodes: 211.1 against 202.1
// million), mostly in `interior`'s prologue; as a type parameter they cost it none (the
// page's `interior` runs the same 97.1 million instructions as before the guards).
trait Side {
    /// Whether this side maximizes.
    const MAXIMIZING: bool;
    /// Whether the safeguards are on.
    const GUARDED: bool;
    /// The side that moves next.
    type Other: Side;
}

/// The maximizer to move (X in tic-tac-toe).
enum Max<const GUARDED: bool = false> {}
/// The minimizer to move (O in tic-tac-toe).
enum Min<const GUARDED: bool = false> {}

impl<const GUARDED: bool> Side for Max<GUARDED> {
    const MAXIMIZING: bool = true;
    const GUARDED: bool = GUARDED;
    type Other = Min<GUARDED>;
}

impl<const GUARDED: bool> Side for Min<GUARDED> {
    const MAXIMIZING: bool = false;
    const GUARDED: bool = GUARDED;
    type Other = Max<GUARDED>;
}

/// What a caller knows about a call's depth against the depth limit, as a const parameter of
/// [`Searcher::visit`], so that a known answer costs no test.
mod limit {
    /// Unknown: test `depth >= depthLimit`.
    pub const UNKNOWN: u8 = 0;
    /// At (or past) the limit: a leaf (every child of a node one ply above the limit).
    /// Only the move loop visits with it, and counts those nodes itself.
    pub const AT: u8 = 1;
    /// Below the limit (every child of a node two or more plies above it).
    pub const BELOW: u8 = 2;
}

/// A search in progress: the root state, the configuration, the counters and the sink.
/// Holds no heap memory of its own.
///
/// # Example
/// ```
/// use nullmove_core::{Mode, NoSink, Position, SearchParams};
/// use nullmove_optimized::{Searcher, TicTacToe};
/// let params = SearchParams::new(5, 3, Mode::Null).unwrap();
/// let mut sink = NoSink; // the trace compiles away
/// let mut s = Searcher::new(TicTacToe::from(Position::empty()), params.into(), &mut sink);
/// let mut root = Vec::new();
/// let value = s.search_root(|cell, v| root.push((cell, v)));
/// assert_eq!(s.stats().nodes, 803); // the page's "Why it works" figure
/// assert_eq!(root.len(), 9);
/// # let _ = value;
/// ```
pub struct Searcher<'s, G: Game + Copy, S: EventSink + ?Sized> {
    /// The root state; each node works on its own copy (see [`Searcher::interior`]).
    game: G,
    config: Config,
    /// Whether any guard is on: with none, the guards cost the page's search one test.
    guarded: bool,
    /// The verification state the current subtree runs in (see [`Verifying`]).
    verifying: Verifying,
    stats: Stats,
    sink: &'s mut S,
}

impl<'s, G: Game + Copy, S: EventSink + ?Sized> Searcher<'s, G, S> {
    /// A searcher about to search `game` under `config`, emitting into `sink`.
    pub fn new(game: G, config: Config, sink: &'s mut S) -> Self {
        Self {
            game,
            config,
            guarded: !config.guards.is_page(),
            verifying: Verifying::default(),
            stats: Stats::default(),
            sink,
        }
    }

    /// The counters so far.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The root state (a search never changes it).
    #[must_use]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The root call: depth 0, the open window `(-INF, INF)`, null moves allowed by the
    /// page's root call (and refused by its `depth > 0` rule). `record` receives each root
    /// move with what its child returned, in move order (SPEC.md, "The root report").
    pub fn search_root(&mut self, record: impl FnMut(G::Move, Value)) -> Value {
        let (game, hook) = (self.game, &mut Recorder(record));
        if self.guarded {
            return if game.maximizing() {
                self.visit::<Max<true>, true, { limit::UNKNOWN }, _>(game, 0, -INF, INF, hook)
            } else {
                self.visit::<Min<true>, true, { limit::UNKNOWN }, _>(game, 0, -INF, INF, hook)
            };
        }
        if game.maximizing() {
            self.visit::<Max, true, { limit::UNKNOWN }, _>(game, 0, -INF, INF, hook)
        } else {
            self.visit::<Min, true, { limit::UNKNOWN }, _>(game, 0, -INF, INF, hook)
        }
    }

    /// One call of the page's function at `depth` with the window `(alpha, beta)` and
    /// `allowNull = true`, as the move loop calls it: the entry point for comparing engines
    /// below the root.
    pub fn search_window(&mut self, depth: u32, alpha: Value, beta: Value) -> Value {
        let game = self.game;
        if self.guarded {
            let hook = &mut NoHook;
            return if game.maximizing() {
                self.visit::<Max<true>, true, { limit::UNKNOWN }, _>(game, depth, alpha, beta, hook)
            } else {
                self.visit::<Min<true>, true, { limit::UNKNOWN }, _>(game, depth, alpha, beta, hook)
            };
        }
        if game.maximizing() {
            self.visit::<Max, true, { limit::UNKNOWN }, NoHook>(
                game,
                depth,
                alpha,
                beta,
                &mut NoHook,
            )
        } else {
            self.visit::<Min, true, { limit::UNKNOWN }, NoHook>(
                game,
                depth,
                alpha,
                beta,
                &mut NoHook,
            )
        }
    }

    #[inline]
    fn emit(&mut self, event: impl FnOnce() -> Event) {
        if self.sink.enabled() {
            self.sink.event(event());
        }
    }

    /// The page's rule for trying a null move here, the `allowNull` part excepted (that one
    /// is the node's type): null mode, not at the root ("the root's actual answer is the move
    /// itself"), and the probe must start before the depth limit (`depth + R < depthLimit`);
    /// then whatever the game says about passing (chess: not in check); then, when any is
    /// on, the safeguards' predicates ([`Guards::allows`]).
    #[inline]
    fn null_move_allowed<Sd: Side>(&self, game: &G, depth: u32) -> bool {
        self.config.mode == Mode::Null
            && depth > 0
            && depth + self.reduction::<Sd>(depth) < self.config.depth_limit
            && game.null_allowed()
            && (!Sd::GUARDED
                || self.config.guards.allows(
                    game,
                    depth,
                    self.reduction::<Sd>(depth),
                    self.config.depth_limit,
                    self.verifying,
                ))
    }

    /// The reduction R of a probe from a node at `depth`: the page's fixed R, or the
    /// adaptive R of [`Guards::reduction`].
    #[inline]
    fn reduction<Sd: Side>(&self, depth: u32) -> u32 {
        if Sd::GUARDED {
            self.config
                .guards
                .reduction(self.config.reduction, self.config.depth_limit - depth)
        } else {
            self.config.reduction
        }
    }

    /// The probe's cutoff step, after a probe failed high at `depth`: the
    /// page prunes at once; a verification guard first searches the node again with real
    /// moves (its own call at [`Verification::target`](crate::Verification::target), in
    /// the state [`Verification::below`](crate::Verification::below) hands its subtree)
    /// and lets [`Verification::verdict`](crate::Verification::verdict) decide.
    // PERF: out of line and cold, so the page's search (no guard on) keeps its code layout.
    #[cold]
    #[inline(never)]
    fn confirm_cutoff<Sd: Side>(
        &mut self,
        game: G,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        let verification = self.config.guards.verification;
        let r = self.reduction::<Sd>(depth);
        let bound = if Sd::MAXIMIZING { beta } else { alpha };
        let Some(target_depth) =
            verification.target(depth, r, self.config.depth_limit, self.verifying)
        else {
            return Some(self.prune(depth, bound));
        };
        debug_assert!(target_depth < self.config.depth_limit, "a real search");
        let side = Player::from_maximizing(Sd::MAXIMIZING);
        self.emit(|| Event::VerifyStart {
            depth,
            side,
            target_depth,
        });
        let outer = self.verifying;
        self.verifying = verification.below(outer, Sd::MAXIMIZING);
        let score = self.visit::<Sd, false, { limit::UNKNOWN }, NoHook>(
            game,
            target_depth,
            alpha,
            beta,
            &mut NoHook,
        );
        self.verifying = outer;
        let fails = Self::probe_fails(Sd::MAXIMIZING, score, alpha, beta);
        self.emit(|| Event::VerifyResolved {
            depth,
            side,
            score,
            bound,
            fails,
        });
        match verification.verdict(fails, score) {
            Confirm::Prune => Some(self.prune(depth, bound)),
            Confirm::Value(value) => {
                self.emit(|| Event::Return { depth, value });
                Some(value)
            }
            Confirm::Search => None,
        }
    }

    /// The page's prune: the node returns the bound its probe reached, without a move.
    #[inline]
    fn prune(&mut self, depth: u32, bound: Value) -> Value {
        self.stats.null_cutoffs += 1;
        self.emit(|| Event::Prune {
            depth,
            value: bound,
        });
        self.emit(|| Event::Return {
            depth,
            value: bound,
        });
        bound
    }

    /// Whether a probe's score proves the node good enough without moving: at least beta for
    /// the maximizer, at most alpha for the minimizer (the page's two `return` lines).
    #[inline]
    fn probe_fails(maximizing: bool, score: Value, alpha: Value, beta: Value) -> bool {
        if maximizing {
            score >= beta
        } else {
            score <= alpha
        }
    }

    /// One call of the page's function, split in two: this inlined head counts the node,
    /// emits its `Call` and settles the leaves (a finished game, the depth limit); only a
    /// node that will probe or move pays for a real call, into [`Searcher::interior`].
    /// `LIMIT` is what the caller knows about `depth >= depthLimit` (see [`limit`]).
    // PERF: against every node a call (`visit` out of line), 51.8 instead of 58.5
    // instructions per node (`valgrind --tool=callgrind nullmove bench --engine optimized`)
    // and, with `cargo bench -p nullmove-optimized -- 'optimized searcher/null'`, depth 9 R 1
    // 182 instead of 134 M nodes/s, depth 5 R 3 330 instead of 299.
    #[allow(clippy::inline_always)] // measured: see the PERF note above
    #[inline(always)]
    fn visit<Sd: Side, const ALLOW_NULL: bool, const LIMIT: u8, H: RootHook<G::Move>>(
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
            _ => depth >= self.config.depth_limit,
        };
        debug_assert_eq!(
            at_limit,
            depth >= self.config.depth_limit,
            "LIMIT = {LIMIT}"
        );
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
    /// beta, depthLimit, R, allowNull)` once [`Searcher::visit`] has ruled out a leaf: the
    /// null move, then the moves. The side and `allowNull` are type parameters, the board
    /// is this call's own copy, the depth limit and R live in `self`.
    // PERF: the state travels down by value (`G: Copy`; tic-tac-toe's is one word, kept in a
    // register), each call making and unmaking moves on its own copy. Against one state
    // mutated in place through a `&mut G`: 51.8 instead of 54.9 instructions per node
    // (`valgrind --tool=callgrind nullmove bench --engine optimized`); `cargo bench -p
    // nullmove-optimized -- 'optimized searcher/null'`: depth 5 R 3, 330 instead of 262 M
    // nodes/s; depth 9 R 1, 182 instead of 153; depth 9 R 4, 225 instead of 199.
    fn interior<Sd: Side, const ALLOW_NULL: bool, H: RootHook<G::Move>>(
        &mut self,
        mut game: G,
        depth: u32,
        alpha: Value,
        beta: Value,
        hook: &mut H,
    ) -> Value {
        debug_assert!(
            depth < self.config.depth_limit,
            "leaves are settled by visit()"
        );
        let maximizing = Sd::MAXIMIZING;
        let side = Player::from_maximizing(maximizing);

        // 3. The null move: pass, search the opponent's reply at depth + 1 + R with null
        //    moves disabled, and prune if even that reaches the bound.
        if ALLOW_NULL && self.null_move_allowed::<Sd>(&game, depth) {
            let r = self.reduction::<Sd>(depth);
            let bound = if maximizing { beta } else { alpha };
            self.stats.null_probes += 1;
            self.emit(|| Event::ProbeStart {
                depth,
                side,
                bound,
                target_depth: depth + 1 + r,
            });
            game.make_null();
            let score = self.visit::<Sd::Other, false, { limit::UNKNOWN }, NoHook>(
                game,
                depth + 1 + r,
                alpha,
                beta,
                &mut NoHook,
            );
            game.unmake_null();
            let fails = Self::probe_fails(maximizing, score, alpha, beta);
            self.emit(|| Event::ProbeResolved {
                depth,
                side,
                score,
                bound,
                fails,
            });
            if fails {
                if !Sd::GUARDED {
                    return self.prune(depth, bound);
                }
                if let Some(value) = self.confirm_cutoff::<Sd>(game, depth, alpha, beta) {
                    return value;
                }
            }
        }

        // 4. Every real move in order, alpha-beta style. One ply above the limit every
        //    child is a leaf: that loop is compiled separately, with no call in it.
        // PERF: against one loop testing every child's depth, 51.8 instead of 54.2
        // instructions per node (`valgrind --tool=callgrind nullmove bench --engine
        // optimized`); `cargo bench -p nullmove-optimized -- 'optimized searcher/null'`: depth
        // 5 R 3, 330 instead of 288 M nodes/s (at depth 9, where few children sit on the
        // limit, within noise).
        if depth + 1 >= self.config.depth_limit {
            self.moves::<Sd, { limit::AT }, H>(game, depth, alpha, beta, hook)
        } else {
            self.moves::<Sd, { limit::BELOW }, H>(game, depth, alpha, beta, hook)
        }
    }

    /// The page's move loop at `depth`: each move made, its child searched with the window
    /// carried, the move taken back, `best` and the window updated, a cutoff when
    /// `beta <= alpha`. `CHILD_LIMIT` is where every child lies against the depth limit.
    #[allow(clippy::inline_always)] // measured: see the PERF note in `interior`
    #[inline(always)]
    fn moves<Sd: Side, const CHILD_LIMIT: u8, H: RootHook<G::Move>>(
        &mut self,
        mut game: G,
        depth: u32,
        mut alpha: Value,
        mut beta: Value,
        hook: &mut H,
    ) -> Value {
        let maximizing = Sd::MAXIMIZING;
        let side = Player::from_maximizing(maximizing);
        let mut best = if maximizing { -INF } else { INF };
        let mut searched = false;
        // PERF: the leaves at the limit counted here in a register and added to the node
        // count once per loop, instead of one read-modify-write of `stats.nodes` per leaf:
        // 51.12 -> 49.05 instructions per node (`valgrind --tool=callgrind --dump-instr=no
        // nullmove bench --engine optimized`, 2,237.8 -> 2,147.0 million); `nullmove bench
        // --engine optimized`, 15 alternating runs on a VM whose timings swung by 30%: median
        // 158.6 -> 180.2 M nodes/s, best 190.7 -> 193.7.
        let mut leaves = 0;
        for mv in game.moves() {
            game.make(mv);
            self.emit(|| Event::Move {
                depth,
                side,
                cell: G::move_label(mv),
            });
            let value = self.visit::<Sd::Other, true, CHILD_LIMIT, NoHook>(
                game,
                depth + 1,
                alpha,
                beta,
                &mut NoHook,
            );
            game.unmake(mv);
            hook.record(mv, value);
            searched = true;
            if CHILD_LIMIT == limit::AT {
                leaves += 1;
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
                    cell: G::move_label(mv),
                    alpha,
                    beta,
                });
                break;
            }
        }
        self.stats.nodes += leaves;
        debug_assert!(searched, "a position that is not over has a move");
        self.emit(|| Event::Return { depth, value: best });
        best
    }
}
