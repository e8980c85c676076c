//! The root's choices beyond the best move: several principal variations (UCI's `MultiPV`)
//! and a root restricted to some moves (UCI's `go searchmoves`).
//!
//! Line k is searched as Stockfish's `pvIdx` loop does (`search.cpp`, the `MultiPV` loop): the
//! root again, without the first moves of lines 0..k, so its value is the (k+1)-th best
//! root move's; then the lines are sorted, best first. The table keeps no root entry of a
//! restricted search, as Stockfish stores none for `pvIdx > 0`: its value is not the
//! position's. The plain search (one line, every root move) never comes here: it is node for
//! node what it was, and allocates nothing; a search of several lines allocates its lines.

use super::game_hooks::DeepGame;
use super::report::PvLine;
use super::searcher::{DeepSearcher, ROW};

impl<G: DeepGame> DeepSearcher<G> {
    /// Searches `n` principal variations from now on (UCI's `MultiPV`): each iteration
    /// reports the `n` best root moves, each with its line and value, in
    /// [`crate::DeepReport::lines`], best first (fewer when the root has fewer moves). 1, the
    /// default, is the plain search, node for node; 0 counts as 1.
    pub fn set_multi_pv(&mut self, n: usize) {
        let n = n.max(1);
        self.choice.multi_pv = n;
        self.choice.lines.reserve(n);
        self.choice.previous.reserve(n);
        self.choice.excluded.reserve(n);
    }

    /// The number of lines an iteration searches.
    #[must_use]
    pub const fn multi_pv(&self) -> usize {
        self.choice.multi_pv
    }

    /// Restricts the root to `moves` from now on (UCI's `go searchmoves`); empty: every move.
    /// Moves not legal at the root are ignored; when none is, the root is searched whole.
    pub fn set_search_moves(&mut self, moves: &[G::Move]) {
        self.choice.search_moves.clear();
        self.choice.search_moves.extend_from_slice(moves);
    }

    /// Whether the iterations take the lines' way: several lines, or a restricted root.
    pub(super) fn several_lines(&self) -> bool {
        self.choice.multi_pv > 1 || !self.choice.search_moves.is_empty()
    }

    /// Whether `mv` may be searched at the root by the line in progress.
    fn allowed(&self, mv: G::Move) -> bool {
        let c = &self.choice;
        (c.search_moves.is_empty() || c.search_moves.contains(&mv)) && !c.excluded.contains(&mv)
    }

    /// Leaves out of the root's moves `start..` those the line in progress may not search.
    pub(super) fn restrict_root(&mut self, start: usize) {
        if !self.choice.restricted {
            return;
        }
        let mut keep = start;
        for i in start..self.moves.len() {
            let mv = self.moves[i];
            if self.allowed(mv) {
                self.moves[keep] = mv;
                keep += 1;
            }
        }
        self.moves.truncate(keep);
    }

    /// The root's legal moves the search may choose from: how many lines there can be.
    fn allowed_root_moves(&mut self, root: &G) -> usize {
        self.moves.clear();
        root.legal_moves(&mut self.moves);
        let listed = self
            .moves
            .iter()
            .filter(|m| self.choice.search_moves.contains(m));
        let any_listed = listed.count();
        if any_listed == 0 {
            // None of the listed moves is legal: the whole root, as without the list.
            self.choice.search_moves.clear();
        }
        let n = self.moves.len();
        self.moves.clear();
        if any_listed == 0 { n } else { any_listed }
    }

    /// One iteration of `depth` plies searched line by line. Returns whether it completed;
    /// when stopped it publishes what it proved: the lines done, or line 0's best move so far.
    pub(super) fn iterate_lines(&mut self, root: &G, depth: u32) -> bool {
        if depth == 1 {
            // The lines of an earlier search belong to another root.
            self.choice.previous.clear();
        }
        let lines = self.choice.multi_pv.min(self.allowed_root_moves(root));
        if lines == 0 {
            // A finished game: its value, no move.
            let value = self.iterate(root, depth as i32, None);
            self.publish(depth, value, None, true, true);
            self.report.lines.clear();
            return true;
        }
        self.choice.lines.clear();
        self.choice.excluded.clear();
        for k in 0..lines {
            self.choice.restricted = k > 0 || !self.choice.search_moves.is_empty();
            let previous = self.choice.previous.get(k).copied();
            self.root_best = previous.map(|(mv, _)| mv);
            let value = self.iterate(root, depth as i32, previous.map(|(_, v)| v));
            if self.stopped() {
                self.choice.restricted = false;
                if k == 0 {
                    if let Some(f) = self.found {
                        self.publish(depth, f.value, Some(f.mv), f.line, false);
                        self.publish_found_line(f.mv);
                    }
                } else {
                    self.publish_lines(depth, false);
                }
                return false;
            }
            let Some(found) = self.found else {
                break;
            };
            if k == 0 {
                self.choice.first_moves.clear();
                self.choice.first_moves.extend_from_slice(&self.root_moves);
            }
            let mut pv = Vec::with_capacity(ROW);
            if self.keep_pv && found.line {
                pv.extend(
                    self.pv[..self.pv_len[0]]
                        .iter()
                        .map(|m| m.expect("a PV entry")),
                );
            } else {
                pv.push(found.mv);
            }
            self.choice.lines.push((found.mv, value, pv));
            self.choice.excluded.push(found.mv);
        }
        self.choice.restricted = false;
        // Best first; a later line that searched higher than an earlier one ranks above it.
        self.choice.lines.sort_by_key(|l| std::cmp::Reverse(l.1));
        self.choice.previous.clear();
        let lines = self.choice.lines.iter().map(|l| (l.0, l.1));
        self.choice.previous.extend(lines);
        self.publish_lines(depth, true);
        true
    }

    /// Publishes the iteration's lines done so far, line 0 as the root's.
    fn publish_lines(&mut self, depth: u32, complete: bool) {
        let Some((mv, value)) = self.choice.lines.first().map(|l| (l.0, l.1)) else {
            return;
        };
        self.publish(depth, value, Some(mv), false, complete);
        let max = self.report.maximizing;
        let report = &mut self.report;
        report.root.moves.clear();
        report
            .root
            .moves
            .extend_from_slice(&self.choice.first_moves);
        report.root.pv.clear();
        report.lines.clear();
        for (_, v, pv) in &self.choice.lines {
            let value = if max { *v } else { -*v };
            report.lines.push(PvLine {
                value,
                pv: pv.clone(),
            });
        }
        if self.keep_pv {
            report.root.pv.extend_from_slice(&self.choice.lines[0].2);
        }
    }

    /// The report's one line, line 0's best move so far: the root's value and line.
    fn publish_found_line(&mut self, mv: G::Move) {
        let report = &mut self.report;
        let mut pv = report.root.pv.clone();
        if pv.is_empty() {
            pv.push(mv);
        }
        report.lines.clear();
        report.lines.push(PvLine {
            value: report.root.value,
            pv,
        });
    }
}
