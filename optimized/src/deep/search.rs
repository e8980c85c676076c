//! The deep search: negamax alpha-beta with principal-variation search, iterative
//! deepening, a transposition table, quiescence, move ordering and null-move pruning.
//!
//! Negamax: every score is the side to move's, a child's is negated (Knuth & Moore 1975).
//! Fail-soft: a node returns its best score even outside the window. Principal-variation
//! search (Marsland 1983): the first move of a node gets the whole window, the others a
//! null window first and the whole window again only when they beat alpha; at the root the
//! window is full, so the root value is the exact minimax value of the depth-limited tree
//! with quiescence at its leaves (`tests/deep_minimax.rs` checks it against plain minimax).

use nullmove_core::Value;

use super::game::{DeepGame, INFINITY, MATE_BOUND, MAX_PLY};
use super::null::{NullMove, VerifyRule};
use super::report::{DeepConfig, DeepError, DeepReport, DeepStats, Iteration, MAX_DEPTH};
use super::tt::{Bound, Entry, Table, from_table, to_table};

/// Where a Stockfish verification search bars the verifying side's null move.
#[derive(Debug, Clone, Copy)]
struct Bar {
    /// Null move barred above this ply.
    min_ply: usize,
    /// The verifying side: plies of this parity.
    parity: usize,
}

/// What the null-move step decided.
enum NullStep {
    /// Search the node's moves as usual.
    Search,
    /// Cut the node with this value.
    Cut(Value),
    /// Tabibi–Netanyahu: search the moves one ply shallower, verification off below.
    Shallower,
}

/// Move-ordering scores: hash move, captures by the game's order, killers, the rest.
const HASH_MOVE: i32 = i32::MAX;
const NOISY: i32 = 1 << 24;
const KILLER: [i32; 2] = [NOISY - 1, NOISY - 2];

/// The deep searcher over one game. Every buffer is allocated by [`DeepSearcher::new`];
/// searching allocates nothing.
///
/// # Example
/// ```
/// use nullmove_optimized::{DeepConfig, DeepSearcher, Preset};
/// # use nullmove_optimized::{DeepGame, Outcome};
/// # /// Take 1 or 2 from a pile; whoever takes the last wins.
/// # #[derive(Debug)] struct Pile(u32, Vec<u32>);
/// # impl DeepGame for Pile {
/// #     type Move = u32;
/// #     const MAX_MOVES: usize = 2;
/// #     fn key(&self) -> u64 { u64::from(self.0) * 2 + self.1.len() as u64 % 2 }
/// #     fn legal_moves(&self, out: &mut Vec<u32>) { out.extend((1..=2).filter(|&t| t <= self.0)) }
/// #     fn noisy_moves(&self, _: &mut Vec<u32>) {}
/// #     fn capture_order(&self, _: u32) -> Option<i32> { None }
/// #     fn make(&mut self, t: u32) { self.0 -= t; }
/// #     fn unmake(&mut self, t: u32) { self.0 += t; }
/// #     fn make_null(&mut self) {}
/// #     fn unmake_null(&mut self) {}
/// #     fn in_check(&self) -> bool { false }
/// #     fn evaluate(&self) -> i32 { 0 }
/// #     fn outcome_without_moves(&self) -> Outcome { Outcome::Loss }
/// #     fn rule_draw(&self, _: usize) -> bool { false }
/// #     fn material(&self) -> i32 { 1 }
/// # }
/// // Take 1 or 2 from a pile of 4; whoever takes the last wins: take 1, win in 3 plies.
/// let mut searcher = DeepSearcher::new(Pile(4, vec![]), DeepConfig::new(Preset::None.null_move()));
/// let report = searcher.search(5, |_| {}).unwrap();
/// assert_eq!((report.best_move, report.value), (Some(1), nullmove_optimized::MATE - 3));
/// ```
#[derive(Debug)]
pub struct DeepSearcher<G: DeepGame> {
    game: G,
    config: DeepConfig,
    tt: Table<G::Move>,
    /// Every node's moves, stacked: a node's lie from the length it found to the length
    /// after generating; children stack theirs above and truncate on return.
    moves: Vec<G::Move>,
    /// The ordering score of each move in `moves`.
    order: Vec<i32>,
    killers: Vec<[Option<G::Move>; 2]>,
    /// The triangular principal-variation table: row `ply` holds the line from that ply.
    pv: Vec<Option<G::Move>>,
    pv_len: Vec<usize>,
    root_pv: Vec<G::Move>,
    root_best: Option<G::Move>,
    stats: DeepStats,
    bar: Option<Bar>,
}

const ROW: usize = MAX_PLY + 1;

impl<G: DeepGame> DeepSearcher<G> {
    /// A searcher for `game` under `config`, every buffer allocated now.
    pub fn new(game: G, config: DeepConfig) -> Self {
        // One verification frame may stack on top of a full line of plies.
        let frames = MAX_PLY + 2;
        Self {
            game,
            config,
            tt: Table::new(config.tt_bits),
            moves: Vec::with_capacity(frames * G::MAX_MOVES),
            order: Vec::with_capacity(frames * G::MAX_MOVES),
            killers: vec![[None; 2]; ROW],
            pv: vec![None; ROW * ROW],
            pv_len: vec![0; ROW + 1],
            root_pv: Vec::with_capacity(ROW),
            root_best: None,
            stats: DeepStats::default(),
            bar: None,
        }
    }

    /// The game, in its root position between searches.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// The configuration.
    pub const fn config(&self) -> DeepConfig {
        self.config
    }

    /// Replaces the game (a new root) and forgets everything learnt: the table, killers
    /// and statistics. Searching the same position twice after `set_game` gives the same
    /// result, node for node.
    pub fn set_game(&mut self, game: G) {
        self.game = game;
        self.clear();
    }

    /// Changes the null-move rule (the table keeps its size) and forgets everything
    /// learnt, so one searcher, one table, serves every configuration in turn.
    pub fn set_null(&mut self, null: Option<NullMove>) {
        self.config.null = null;
        self.clear();
    }

    /// Forgets the table, killers, principal variation and statistics.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.fill([None; 2]);
        self.root_pv.clear();
        self.root_best = None;
        self.stats = DeepStats::default();
    }

    /// The statistics since the last [`clear`](Self::clear).
    pub const fn stats(&self) -> DeepStats {
        self.stats
    }

    /// The principal variation of the last iteration.
    pub fn pv(&self) -> &[G::Move] {
        &self.root_pv
    }

    /// Iterative deepening from depth 1 to `depth`, calling `on_iteration` after each; the
    /// table, killers and statistics carry over from one iteration to the next (and from
    /// an earlier search, until [`clear`](Self::clear)). An iteration's result is exactly
    /// what a search to that depth would return: iterative deepening is deterministic.
    pub fn search(
        &mut self,
        depth: u32,
        mut on_iteration: impl FnMut(&Iteration<'_, G::Move>),
    ) -> Result<DeepReport<G::Move>, DeepError> {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(DeepError::Depth(depth));
        }
        let mut report = None;
        for d in 1..=depth {
            let value = self.node(d as i32, 0, -INFINITY, INFINITY, false, true);
            self.root_pv.clear();
            let line = &self.pv[..self.pv_len[0]];
            self.root_pv
                .extend(line.iter().map(|m| m.expect("a PV entry")));
            self.root_best = self.root_pv.first().copied();
            let it = Iteration {
                depth: d,
                value,
                best_move: self.root_best,
                pv: &self.root_pv,
                stats: self.stats,
            };
            on_iteration(&it);
            report = Some(DeepReport {
                depth: d,
                value,
                best_move: self.root_best,
                stats: self.stats,
            });
        }
        Ok(report.expect("at least one iteration"))
    }

    /// One call of the recursive search on the current position as if it stood `ply` plies
    /// below a root (so draws by rule apply and mates count from that root; at ply 0 it is
    /// the root), with `depth` plies left and the window `(alpha, beta)`. Fail-soft: a value
    /// at or below alpha is an upper bound of the true value, one at or above beta a lower
    /// bound, one between them exact. The table and killers are used and kept.
    pub fn search_window(
        &mut self,
        depth: u32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Value, DeepError> {
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(DeepError::Depth(depth));
        }
        if !(-INFINITY <= alpha && alpha < beta && beta <= INFINITY) {
            return Err(DeepError::Window(alpha, beta));
        }
        if ply >= MAX_PLY - MAX_DEPTH as usize {
            return Err(DeepError::Ply(ply));
        }
        Ok(self.node(depth as i32, ply, alpha, beta, false, true))
    }

    /// One node of the main search, `ply` plies below the root with `depth` plies left.
    /// `after_null`: the move into this node was a pass. `verify`: Tabibi–Netanyahu
    /// verification is on here.
    fn node(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
        after_null: bool,
        verify: bool,
    ) -> Value {
        debug_assert!(alpha < beta, "window ({alpha}, {beta})");
        if depth <= 0 {
            return self.quiesce(ply, alpha, beta);
        }
        self.stats.nodes += 1;
        self.pv_len[ply] = 0;
        let root = ply == 0;
        if !root {
            if self.game.rule_draw(ply) {
                return 0;
            }
            if ply >= MAX_PLY {
                return self.game.evaluate();
            }
        }
        let key = self.game.key();
        let mut hash_move = match self.probe(key, depth, ply, alpha, beta) {
            Ok(mv) => mv,
            Err(settled) => return settled,
        };
        if root {
            hash_move = self.root_best.or(hash_move);
        }
        let (mut depth, mut verify) = (depth, verify);
        let mut suspect = false;
        if !root && !after_null && !self.game.in_check() {
            match self.null_step(depth, ply, alpha, beta, verify) {
                NullStep::Search => {}
                NullStep::Cut(v) => return v,
                NullStep::Shallower => {
                    depth -= 1;
                    verify = false;
                    suspect = true;
                }
            }
        }
        let start = self.moves.len();
        self.game.legal_moves(&mut self.moves);
        let end = self.moves.len();
        if start == end {
            return self.game.outcome_without_moves().value(ply);
        }
        self.score_moves(start, end, hash_move, ply);
        let (mut best, mut best_move) = self.move_loop(start, end, depth, ply, alpha, beta, verify);
        if suspect && best < beta {
            // Tabibi–Netanyahu: the shallower search did not confirm the probe, so a
            // zugzwang is suspected: search again at full depth with verification on.
            self.stats.verification_failures += 1;
            depth += 1;
            verify = true;
            (best, best_move) = self.move_loop(start, end, depth, ply, alpha, beta, verify);
        }
        self.moves.truncate(start);
        self.order.truncate(start);
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            mv: best_move,
            value: to_table(best, ply),
            depth,
            bound,
        });
        best
    }

    /// The table's word on a node: the move to try first (`Ok`), or the value that settles
    /// the node (`Err`) when a stored result searched at least as deep decides the window.
    /// Neither the root nor a principal-variation node is settled, so the root's value and
    /// line are always searched.
    fn probe(
        &mut self,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Option<G::Move>, Value> {
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

    /// Searches the moves `start..end` of the node at `ply` in order; returns the best
    /// score and the move that raised alpha last (`None` if none did).
    fn move_loop(
        &mut self,
        start: usize,
        end: usize,
        depth: i32,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        verify: bool,
    ) -> (Value, Option<G::Move>) {
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in start..end {
            let mv = self.pick(i, end);
            self.game.make(mv);
            let mut v;
            if i == start {
                v = -self.node(depth - 1, ply + 1, -beta, -alpha, false, verify);
            } else {
                v = -self.node(depth - 1, ply + 1, -alpha - 1, -alpha, false, verify);
                if v > alpha && v < beta {
                    v = -self.node(depth - 1, ply + 1, -beta, -alpha, false, verify);
                }
            }
            self.game.unmake(mv);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_move = Some(mv);
                    self.update_pv(ply, mv);
                    if v >= beta {
                        self.stats.beta_cutoffs += 1;
                        self.remember_killer(ply, mv);
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// The null-move step of a node that may pass by the shared rules (not the root, not
    /// after a pass, not in check): the configuration's conditions, the probe, and what
    /// the verification (if any) makes of a fail-high.
    fn null_step(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: Value,
        beta: Value,
        verify: bool,
    ) -> NullStep {
        let Some(rule) = self.config.null else {
            return NullStep::Search;
        };
        let tn = rule.verification == VerifyRule::TabibiNetanyahu;
        let barred = self
            .bar
            .is_some_and(|b| ply < b.min_ply && ply % 2 == b.parity);
        if beta >= MATE_BOUND
            || (!rule.at_pv_nodes && beta - alpha > 1)
            || (rule.needs_material && self.game.material() <= 0)
            || (tn && verify && depth <= 1)
            || barred
        {
            return NullStep::Search;
        }
        let reads_eval = rule.needs_eval_above_beta
            || matches!(rule.reduction, super::null::Reduction::Stockfish { .. });
        let eval = if reads_eval { self.game.evaluate() } else { 0 };
        if rule.needs_eval_above_beta && eval < beta {
            return NullStep::Search;
        }
        let probe_depth = rule.reduction.probe_depth(depth, eval - beta);
        self.stats.null_probes += 1;
        self.game.make_null();
        let v = -self.node(probe_depth, ply + 1, -beta, -beta + 1, true, verify);
        self.game.unmake_null();
        if v < beta || v >= MATE_BOUND {
            return NullStep::Search;
        }
        match rule.verification {
            VerifyRule::TabibiNetanyahu if verify => {
                self.stats.verifications += 1;
                NullStep::Shallower
            }
            VerifyRule::Stockfish { from_depth } if self.bar.is_none() && depth >= from_depth => {
                self.stats.verifications += 1;
                self.bar = Some(Bar {
                    min_ply: ply + (3 * probe_depth.max(0) / 4) as usize,
                    parity: ply % 2,
                });
                let w = self.node(probe_depth, ply, beta - 1, beta, false, verify);
                self.bar = None;
                if w >= beta {
                    self.stats.null_cutoffs += 1;
                    NullStep::Cut(v)
                } else {
                    self.stats.verification_failures += 1;
                    NullStep::Search
                }
            }
            _ => {
                self.stats.null_cutoffs += 1;
                NullStep::Cut(v)
            }
        }
    }

    /// Quiescence: the static evaluation stands unless a noisy move beats it; in check,
    /// every legal move is searched and there is no standing pat. No table, no draws by
    /// rule (captures are irreversible).
    fn quiesce(&mut self, ply: usize, mut alpha: Value, beta: Value) -> Value {
        self.stats.nodes += 1;
        self.stats.qnodes += 1;
        self.pv_len[ply] = 0;
        if ply >= MAX_PLY {
            return self.game.evaluate();
        }
        let start = self.moves.len();
        let mut best;
        if self.game.in_check() {
            self.game.legal_moves(&mut self.moves);
            if self.moves.len() == start {
                return self.game.outcome_without_moves().value(ply);
            }
            best = -INFINITY;
        } else {
            let stand = self.game.evaluate();
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            self.game.noisy_moves(&mut self.moves);
        }
        let end = self.moves.len();
        self.score_moves(start, end, None, ply);
        for i in start..end {
            let mv = self.pick(i, end);
            self.game.make(mv);
            let v = -self.quiesce(ply + 1, -beta, -alpha);
            self.game.unmake(mv);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, mv);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.moves.truncate(start);
        self.order.truncate(start);
        best
    }

    /// Gives each move of `start..end` its ordering score: the hash move first, then noisy
    /// moves by the game's order (MVV-LVA), then the two killers of this ply, then the
    /// rest in generation order.
    fn score_moves(&mut self, start: usize, end: usize, hash_move: Option<G::Move>, ply: usize) {
        debug_assert_eq!(self.order.len(), start);
        let killers = self.killers[ply];
        for i in start..end {
            let mv = self.moves[i];
            let score = if Some(mv) == hash_move {
                HASH_MOVE
            } else if let Some(o) = self.game.capture_order(mv) {
                debug_assert!((0..NOISY).contains(&o), "capture order {o} out of range");
                NOISY + o
            } else if Some(mv) == killers[0] {
                KILLER[0]
            } else if Some(mv) == killers[1] {
                KILLER[1]
            } else {
                0
            };
            self.order.push(score);
        }
    }

    /// Moves the best-scored remaining move to position `i` (selection sort, so a cutoff
    /// early spares sorting the rest; ties keep generation order) and returns it.
    fn pick(&mut self, i: usize, end: usize) -> G::Move {
        let mut best = i;
        for j in i + 1..end {
            if self.order[j] > self.order[best] {
                best = j;
            }
        }
        self.moves.swap(i, best);
        self.order.swap(i, best);
        self.moves[i]
    }

    /// A quiet move that cut becomes this ply's first killer.
    fn remember_killer(&mut self, ply: usize, mv: G::Move) {
        if self.game.capture_order(mv).is_none() && self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
    }

    /// `mv` followed by the child's line becomes the line of `ply`.
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child = self.pv_len[ply + 1];
        self.pv[ply * ROW] = Some(mv);
        let from = (ply + 1) * ROW;
        self.pv.copy_within(from..from + child, ply * ROW + 1);
        self.pv_len[ply] = child + 1;
    }
}
