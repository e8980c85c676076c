//! Move ordering: the hash move, noisy moves by the game's order (MVV-LVA), the killers,
//! then quiet moves by their history or in generation order; and what a cut teaches it.

use super::game_hooks::DeepGame;
use super::searcher::DeepSearcher;

/// Move-ordering scores: hash move, captures by the game's order, killers, the rest.
const HASH_MOVE: i32 = i32::MAX;
const NOISY: i32 = 1 << 24;
const KILLER: [i32; 2] = [NOISY - 1, NOISY - 2];

/// A history counter past this halves them all, so the counters stay below the killers'
/// scores and recent cuts outweigh old ones.
const HISTORY_MAX: i32 = 1 << 20;

impl<G: DeepGame> DeepSearcher<G> {
    /// Gives each move of `start..end` its ordering score: the hash move first, then noisy
    /// moves by the game's order (MVV-LVA), then the two killers of this ply, then the
    /// rest by their history (when on), ties in generation order.
    pub(super) fn score_moves(
        &mut self,
        game: &G,
        start: usize,
        end: usize,
        hash_move: Option<G::Move>,
        ply: usize,
    ) {
        debug_assert_eq!(self.order.len(), start);
        let killers = self.killers[ply];
        let history = self.uses_history();
        for i in start..end {
            let mv = self.moves[i];
            let score = if Some(mv) == hash_move {
                HASH_MOVE
            } else if let Some(o) = game.capture_order(mv) {
                debug_assert!((0..NOISY).contains(&o), "capture order {o} out of range");
                NOISY + o
            } else if Some(mv) == killers[0] {
                KILLER[0]
            } else if Some(mv) == killers[1] {
                KILLER[1]
            } else if history {
                // PERF: on WAC's first 50 (R 3, depth 8) 0.957x the nodes of generation
                // order (CHANGELOG.md, 2026-12-01).
                self.quiet_history[game.move_index(mv)]
            } else {
                0
            };
            self.order.push(score);
        }
    }

    /// Moves the best-scored remaining move to position `i` (selection sort, so a cutoff
    /// early spares sorting the rest; ties keep generation order) and returns it.
    pub(super) fn pick(&mut self, i: usize, end: usize) -> G::Move {
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

    /// Whether the move picked at `i` is a plain quiet move: no capture, neither the hash
    /// move nor a killer (what late-move reductions may reduce).
    #[inline]
    pub(super) fn plain_quiet(&self, i: usize) -> bool {
        self.order[i] < KILLER[1]
    }

    /// A quiet move that cut with `depth` plies left becomes this ply's first killer and,
    /// with the history heuristic, gains `depth²`.
    pub(super) fn remember_cut(&mut self, game: &G, depth: i32, ply: usize, mv: G::Move) {
        if game.capture_order(mv).is_some() {
            return;
        }
        if self.killers[ply][0] != Some(mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(mv);
        }
        if self.uses_history() {
            let counter = &mut self.quiet_history[game.move_index(mv)];
            *counter += depth * depth;
            if *counter > HISTORY_MAX {
                self.quiet_history.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }

    /// Whether quiet moves are ordered by history: asked for, and the game has indexes.
    #[inline]
    fn uses_history(&self) -> bool {
        G::MOVE_INDEXES > 0 && self.options.quiet_history()
    }

    /// A new search: what earlier ones taught counts half.
    pub(super) fn age_history(&mut self) {
        self.quiet_history.iter_mut().for_each(|h| *h /= 2);
    }
}

#[cfg(test)]
mod tests {
    use super::{DeepSearcher, HISTORY_MAX};
    use crate::games::Pile;
    use crate::games::tictactoe::{Position, TicTacToe};
    use crate::{DeepGame, Game};

    /// A cut raises its move's counter by the depth squared; a counter may reach the cap
    /// itself; one past it halves every counter, so quiet moves stay below the killers and
    /// old cuts fade. The pile game's two counters are driven directly (no search of test
    /// size brings one to the cap): taking one is index 0, taking two index 1.
    #[test]
    fn a_counter_past_the_cap_halves_them_all() {
        let game = Pile::new(9);
        let mut searcher = DeepSearcher::new(game);
        // The other index's counter, which only the halving touches.
        searcher.quiet_history[1] = 4;
        // 1,024² is the cap exactly: kept whole.
        searcher.remember_cut(&game, 1024, 1, 1);
        assert_eq!(searcher.quiet_history, [HISTORY_MAX, 4]);
        searcher.remember_cut(&game, 1, 2, 1);
        assert_eq!(searcher.quiet_history, [(HISTORY_MAX + 1) / 2, 2]);
    }

    /// A game that gives no index function has every move at index 0.
    #[test]
    fn the_default_move_index_is_0() {
        let game = TicTacToe::from(Position::empty());
        assert!(game.moves().all(|mv| game.move_index(mv) == 0));
    }
}
