//! Quiescence, the deep search's horizon: below the last ply the static evaluation stands
//! unless a noisy move (chess: a capture) beats it, so a leaf is never scored in the middle
//! of an exchange; in check every move is searched. A null-move probe's first ply may add
//! quiet checks ([`crate::Guards::probe_checks`]); with [`crate::DeepOptions`]' quiescence
//! SEE, captures that lose material are skipped.

use nullmove_core::Value;

use super::game_hooks::{DeepGame, MAX_PLY};
use super::node::{evaluation, finished};
use super::searcher::{DeepSearcher, INFINITY};

impl<G: DeepGame> DeepSearcher<G> {
    /// Quiescence: the static evaluation stands unless a noisy move beats it (or, with
    /// `checks`, a quiet check: Stockfish's `qsearch` at `DEPTH_QS_CHECKS`, only ever this
    /// call's own ply); in check, every legal move is searched and there is no standing pat.
    /// No table, no draws by rule (captures are irreversible).
    pub(super) fn quiesce(
        &mut self,
        game: &G,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        checks: bool,
    ) -> Value {
        if !self.enter(ply) {
            return 0;
        }
        self.stats.qnodes += 1;
        self.pv_len[ply] = 0;
        // Never the evaluation of a finished game. A game that ends only without moves is
        // asked here too unless in check, where every legal move is generated below anyway:
        // quiescence does not generate them all otherwise (chess: a stalemate).
        let in_check = if G::ENDS_ONLY_WITHOUT_MOVES {
            let in_check = game.in_check();
            if !in_check && let Some(t) = game.terminal_score(ply as u32) {
                return finished(game, t, ply);
            }
            in_check
        } else {
            if let Some(t) = game.terminal_score(ply as u32) {
                return finished(game, t, ply);
            }
            game.in_check()
        };
        if ply >= MAX_PLY {
            return evaluation(game);
        }
        let start = self.moves.len();
        let mut best;
        if in_check {
            game.legal_moves(&mut self.moves);
            if self.moves.len() == start {
                return Self::without_moves(game, ply);
            }
            best = -INFINITY;
        } else {
            let stand = evaluation(game);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            game.noisy_moves(&mut self.moves);
            if checks {
                game.quiet_checks(&mut self.moves);
            }
        }
        let end = self.moves.len();
        self.score_moves(game, start, end, None, ply);
        let see = self.options.quiescence_see() && !in_check;
        for i in start..end {
            let mv = self.pick(i, end);
            if see && !game.exchange_at_least(mv, 0) {
                continue;
            }
            let mut child = game.clone();
            child.play(mv);
            let v = -self.quiesce(&child, ply + 1, -beta, -alpha, false);
            if self.stopped() {
                break;
            }
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
}
