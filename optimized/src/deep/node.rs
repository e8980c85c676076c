//! The deep search's recursion: negamax alpha-beta with principal-variation search and the
//! transposition table; its null move is `null_move.rs`'s, its horizon `quiescence.rs`'s,
//! its move order `ordering.rs`'s.
//!
//! Negamax: inside, every score is the side to move's and a child's is negated (Knuth &
//! Moore 1975); the game's values, from the maximizer's side, are converted where they
//! enter (evaluations, finished games) and the root's where it leaves. Fail-soft: a node
//! returns its best score even outside the window. Each child is the parent's state
//! copied with the move played ([`Game`]'s one state discipline): nothing is taken back.

use nullmove_core::Value;

use super::game_hooks::{DeepGame, MATE, MATE_BOUND, MAX_PLY};
use super::null_move::NullStep;
use super::options::{LMR_FULL_MOVES, LMR_MIN_DEPTH};
use super::searcher::{DeepSearcher, Found, INFINITY, ROW};
use super::tt::{Bound, Entry, from_table, to_table};
use crate::Game;
use crate::report::{Bound as RootBound, RootMove};

/// The game's static evaluation from the side to move's point of view.
pub(super) fn evaluation<G: Game>(game: &G) -> Value {
    let e = game.evaluate();
    debug_assert!(e.abs() < MATE_BOUND, "evaluation {e} inside ±MATE_BOUND");
    if game.maximizing() { e } else { -e }
}

/// A finished game's score `ply` plies below the root for the side to move: who won, by the
/// sign of the game's terminal score (the maximizer's view), at the distance reached.
pub(super) fn finished<G: Game>(game: &G, terminal: Value, ply: usize) -> Value {
    let won = MATE - ply as Value;
    let for_max = terminal.signum() * won;
    if game.maximizing() { for_max } else { -for_max }
}

/// Late-move reductions' `r` for the `number`th move (from 1) of a node with `depth` plies
/// left: Ethereal's `0.75 + ln(depth) ln(number) / 2.25`, one less on the principal
/// variation, never so much that the move lands in quiescence.
fn lmr(depth: i32, number: usize, pv_node: bool) -> i32 {
    let r = 0.75 + f64::from(depth).ln() * (number as f64).ln() / 2.25;
    (r as i32 - i32::from(pv_node)).clamp(0, depth - 2)
}

impl<G: DeepGame> DeepSearcher<G> {
    /// One node of the main search, `ply` plies below the root with `depth` plies left.
    /// `after_null`: the move into this node was a pass.
    pub(super) fn node(
        &mut self,
        game: &G,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
        after_null: bool,
    ) -> Value {
        debug_assert!(alpha < beta, "window ({alpha}, {beta})");
        if depth <= 0 {
            return self.quiesce(game, ply, alpha, beta, false);
        }
        if !self.enter(ply) {
            return 0;
        }
        self.pv_len[ply] = 0;
        if !G::ENDS_ONLY_WITHOUT_MOVES
            && let Some(t) = game.terminal_score(ply as u32)
        {
            return finished(game, t, ply);
        }
        let root = ply == 0;
        let key = game.key();
        self.keys.truncate(self.history + ply - self.base_ply);
        let seen = game.repetition_key();
        self.keys.push(seen);
        if !root {
            if game.draw_by_rule() || self.repeats(game, ply, seen) {
                return 0;
            }
            if ply >= MAX_PLY {
                return evaluation(game);
            }
        }
        let hash_code = match self.probe(key, depth, ply, alpha, beta) {
            Ok(code) => code,
            Err(settled) => return settled,
        };
        if let Some(v) = self.reverse_futility(game, depth, ply, (alpha, beta)) {
            return v;
        }
        let step = if root || after_null {
            NullStep::Search
        } else {
            self.null_step(game, depth, ply, alpha, beta)
        };
        if let NullStep::Cut(v) = step {
            return v;
        }
        let start = self.moves.len();
        game.legal_moves(&mut self.moves);
        // Read among all the legal moves, whose order the code may be a place in.
        let mut hash_move =
            hash_code.and_then(|code| game.move_of_code(&self.moves[start..], code));
        if root {
            self.restrict_root(start);
            hash_move = self.root_best.or(hash_move);
        }
        let end = self.moves.len();
        if start == end {
            return Self::without_moves(game, ply);
        }
        self.score_moves(game, start, end, hash_move, ply);
        let (depth, best, best_move) = if let NullStep::Shallower = step {
            self.verify_shallower(game, start, end, depth, ply, alpha, beta)
        } else {
            let (best, mv) = self.move_loop(game, start, end, depth, ply, alpha, beta);
            (depth, best, mv)
        };
        self.moves.truncate(start);
        self.order.truncate(start);
        if self.stopped() {
            // Cut short: neither stored nor used (every caller checks the same way).
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if root && self.choice.restricted {
            // The value of some root moves only: not the position's.
            return best;
        }
        self.tt.store(Entry {
            key,
            mv: best_move.map(|mv| game.move_code(mv)),
            value: to_table(best, ply),
            depth,
            bound,
        });
        best
    }

    /// Counts a node `ply` plies below the root, unless a limit says the search must stop
    /// (then `false`, and the node is not searched).
    #[inline]
    pub(super) fn enter(&mut self, ply: usize) -> bool {
        let nodes = self.stats.shared.nodes;
        if nodes >= self.clock.next_look && self.clock.look(nodes) {
            return false;
        }
        self.stats.shared.nodes = nodes + 1;
        self.seldepth = self.seldepth.max(ply);
        true
    }

    /// Whether the search has stopped: every caller of the recursion asks after each call
    /// and returns at once, storing and recording nothing.
    #[inline]
    pub(super) const fn stopped(&self) -> bool {
        self.clock.stopped.is_some()
    }

    /// The score of a node without a legal move: the game is over (chess: mate or
    /// stalemate), as [`Game::terminal_score`] says.
    pub(super) fn without_moves(game: &G, ply: usize) -> Value {
        let terminal = game.terminal_score(ply as u32);
        debug_assert!(terminal.is_some(), "a position without moves is over");
        terminal.map_or(0, |t| finished(game, t, ply))
    }

    /// Whether the position at `ply`, whose key is `key` (the last on the path), repeats an
    /// earlier one within [`DeepGame::reversible_plies`]: once is enough inside the search
    /// (fewer than `ply` plies back: after the root), twice before it (the root and the
    /// game's history: threefold).
    fn repeats(&self, game: &G, ply: usize, key: u64) -> bool {
        let now = self.keys.len() - 1;
        let reach = (game.reversible_plies() as usize).min(now);
        let mut seen = 0;
        let mut back = 4;
        while back <= reach {
            if self.keys[now - back] == key {
                if back < ply {
                    return true;
                }
                seen += 1;
                if seen == 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// The table's word on a node: the code of the move to try first (`Ok`), or the value
    /// that settles the node (`Err`) when a stored result searched at least as deep decides
    /// the window. Neither the root nor a principal-variation node is settled, so the root's
    /// value and line are always searched.
    fn probe(
        &mut self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Option<u16>, Value> {
        let Some(e) = self.tt.probe(key) else {
            return Ok(None);
        };
        self.stats.tt_hits += 1;
        let value = from_table(e.value, ply);
        let pv_node = beta - alpha > 1;
        if ply > 0 && !pv_node && e.depth >= depth && e.bound.settles(value, alpha, beta) {
            self.stats.tt_cutoffs += 1;
            return Err(value);
        }
        Ok(e.mv)
    }

    /// Searches the moves `start..end` of the node at `ply` in order, principal-variation
    /// style, with the check extension and late-move reductions when on
    /// ([`super::DeepOptions`]); returns the best score and the move that raised alpha last
    /// (`None` if none did). At the root, each move's value and bound go into the report.
    #[allow(clippy::too_many_arguments)] // the node's whole situation
    pub(super) fn move_loop(
        &mut self,
        game: &G,
        start: usize,
        end: usize,
        depth: i32,
        ply: usize,
        mut alpha: Value,
        beta: Value,
    ) -> (Value, Option<G::Move>) {
        let mut best = -INFINITY;
        let mut best_move = None;
        let root = ply == 0 && self.reporting;
        let extend = self.options.check_extension() && (ply as i32) < 2 * self.root_depth;
        // Not at the root, whose every move's value goes into the report.
        let reduce = self.options.late_move_reductions()
            && ply > 0
            && depth >= LMR_MIN_DEPTH
            && !game.in_check();
        let pv_node = beta - alpha > 1;
        let pruning = self.move_pruning(game, depth, ply, (alpha, beta));
        for i in start..end {
            let mv = self.pick(i, end);
            let mut child = game.clone();
            child.play(mv);
            if let Some(p) = pruning
                && self.pruned(
                    p,
                    game,
                    &child,
                    (i, i - start + 1),
                    mv,
                    depth,
                    (alpha, best),
                )
            {
                continue;
            }
            let checks = (extend || reduce) && child.in_check();
            let next = depth - 1 + i32::from(extend && checks);
            let r = if reduce && !checks && i - start >= LMR_FULL_MOVES && self.plain_quiet(i) {
                lmr(depth, i - start + 1, pv_node)
            } else {
                0
            };
            let (v, window) = if i == start {
                let v = -self.node(&child, next, ply + 1, -beta, -alpha, false);
                (v, (alpha, beta))
            } else {
                self.later_move(&child, mv, (next, r), ply, alpha, beta)
            };
            if self.stopped() {
                break;
            }
            if root {
                self.record_root(game, mv, v, window);
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if root {
                        self.found = Some(Found {
                            mv,
                            value: v,
                            line: true,
                        });
                    }
                    if v >= beta {
                        self.stats.shared.beta_cutoffs += 1;
                        self.remember_cut(game, depth, ply, mv);
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// A move after a node's first, `child` the position it leads to, with `next` plies
    /// left below it, `r` of them reduced first: a null window at alpha (at `next - r`, then
    /// at `next` if the reduced search beats alpha), then the whole window if it falls
    /// inside. Returns the value and the window it was last searched in.
    fn later_move(
        &mut self,
        child: &G,
        mv: G::Move,
        (next, r): (i32, i32),
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> (Value, (Value, Value)) {
        let root = ply == 0 && self.reporting;
        let mut v = -self.node(child, next - r, ply + 1, -alpha - 1, -alpha, false);
        if r > 0 && v > alpha && !self.stopped() {
            v = -self.node(child, next, ply + 1, -alpha - 1, -alpha, false);
        }
        if v > alpha && v < beta && !self.stopped() {
            let proven = self.found;
            if root {
                // Better than every move before it, whatever the re-search says.
                self.found = Some(Found {
                    mv,
                    value: v,
                    line: false,
                });
            }
            v = -self.node(child, next, ply + 1, -beta, -alpha, false);
            if root && v <= alpha && !self.stopped() {
                self.found = proven;
            }
            return (v, (alpha, beta));
        }
        (v, (alpha, alpha + 1))
    }

    /// A root move's value, searched in `window` (the side to move's), into the iteration's
    /// root moves from the maximizer's point of view.
    fn record_root(&mut self, game: &G, mv: G::Move, v: Value, window: (Value, Value)) {
        let bound = RootBound::of(v, window.0, window.1);
        let (value, bound) = if game.maximizing() {
            (v, bound)
        } else {
            (-v, bound.flipped())
        };
        self.root_moves.push(RootMove { mv, value, bound });
    }

    /// `mv` followed by the child's line becomes the line of `ply` (when the principal
    /// variation is kept).
    pub(super) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        if !self.keep_pv {
            return;
        }
        let child = self.pv_len[ply + 1];
        self.pv[ply * ROW] = Some(mv);
        let from = (ply + 1) * ROW;
        self.pv.copy_within(from..from + child, ply * ROW + 1);
        self.pv_len[ply] = child + 1;
    }
}
