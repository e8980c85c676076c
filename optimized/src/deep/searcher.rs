//! The deep searcher's public face: its memory, allocated once, and the two ways to search
//! (iterative deepening from the root, one call with a window).

use nullmove_core::{INF, Value};

use super::game::{DeepGame, MAX_PLY};
use super::report::{DEFAULT_TT_BITS, DeepError, DeepReport, DeepStats, MAX_DEPTH};
use super::tt::Table;
use crate::guards::Verifying;
use crate::{Config, Guards};

/// Above every score the deep search computes: its open window.
pub(super) const INFINITY: Value = super::game::MATE + 1;

/// One row of the triangular principal-variation table per ply, and one more.
pub(super) const ROW: usize = MAX_PLY + 1;

/// The deep search over one game: iterative deepening, a transposition table, quiescence,
/// move ordering (the previous iteration's best move, the table's move, captures by the
/// game's order, killers), mate scores by distance, draws by rule, null move under the
/// library's [`Guards`]. Every buffer is allocated by the constructor (and
/// [`DeepSearcher::set_history`]); searching allocates nothing.
///
/// It takes the same [`Config`] as the page's searcher ([`crate::search`]): the depth limit
/// is the deepest iteration, the guards rule the null move, `pv` whether the principal
/// variation is kept. It is principal-variation search (negamax, fail-soft, Marsland 1983):
/// the first move of a node gets its whole window, the others a null window first, so at
/// the root, with the window open, the value is the exact minimax value of the
/// depth-limited tree with quiescence at its leaves when no null move prunes.
///
/// # Example
/// Tic-tac-toe from its empty board, searched to the end: a draw, the centre chosen (the
/// shallow iterations' favourite, tried first and never beaten), the line played out.
/// ```
/// use nullmove_core::Position;
/// use nullmove_optimized::{tictactoe::TicTacToe, Config, DeepSearcher, Guards};
/// let mut searcher = DeepSearcher::new(TicTacToe::from(Position::empty()));
/// let report = searcher.search(&Config::new(9).with_guards(Guards::NO_NULL_MOVE), |_| {}).unwrap();
/// assert_eq!((report.depth, report.root.value), (9, 0));
/// assert_eq!(report.root.best_move.map(|m| m.cell()), Some(4));
/// assert_eq!(report.root.pv.len(), 9);
/// ```
#[derive(Debug)]
pub struct DeepSearcher<G: DeepGame> {
    pub(super) game: G,
    pub(super) tt: Table<G::Move>,
    /// Every node's moves, stacked: a node's lie from the length it found to the length
    /// after generating; children stack theirs above and truncate on return.
    pub(super) moves: Vec<G::Move>,
    /// The ordering score of each move in `moves`.
    pub(super) order: Vec<i32>,
    pub(super) killers: Vec<[Option<G::Move>; 2]>,
    /// The triangular principal-variation table: row `ply` holds the line from that ply.
    pub(super) pv: Vec<Option<G::Move>>,
    pub(super) pv_len: Vec<usize>,
    /// The keys of the game before the root (the first `history`), then of the nodes on
    /// the path being searched, one per ply from `base_ply`.
    pub(super) keys: Vec<u64>,
    pub(super) history: usize,
    /// The ply of the search's first node: 0 from the root, more for
    /// [`DeepSearcher::search_window`].
    pub(super) base_ply: usize,
    /// The current search's configuration.
    pub(super) guards: Guards,
    pub(super) keep_pv: bool,
    /// The verification state the current subtree runs in.
    pub(super) verifying: Verifying,
    /// The previous iteration's best move, tried first at the root.
    pub(super) root_best: Option<G::Move>,
    pub(super) stats: DeepStats,
    pub(super) report: DeepReport<G::Move>,
}

impl<G: DeepGame> DeepSearcher<G> {
    /// A searcher for `game` with the default transposition table (2^20 slots), every buffer
    /// allocated now.
    pub fn new(game: G) -> Self {
        Self::with_table(game, Some(DEFAULT_TT_BITS))
    }

    /// A searcher for `game` with a transposition table of `2^tt_bits` slots, or none
    /// (`None`: every probe misses; the root still tries the previous iteration's best move
    /// first). The table's size is fixed for the searcher's life.
    pub fn with_table(game: G, tt_bits: Option<u32>) -> Self {
        // One verification frame may stack on top of a full line of plies.
        let frames = MAX_PLY + 2;
        let mut report = DeepReport::default();
        report.root.moves.reserve(G::MAX_MOVES);
        report.root.pv.reserve(ROW);
        Self {
            game,
            tt: Table::new(tt_bits),
            moves: Vec::with_capacity(frames * G::MAX_MOVES),
            order: Vec::with_capacity(frames * G::MAX_MOVES),
            killers: vec![[None; 2]; ROW],
            pv: vec![None; ROW * ROW],
            pv_len: vec![0; ROW + 1],
            keys: Vec::with_capacity(frames),
            history: 0,
            base_ply: 0,
            guards: Guards::NO_NULL_MOVE,
            keep_pv: true,
            verifying: Verifying::default(),
            root_best: None,
            stats: DeepStats::default(),
            report,
        }
    }

    /// The game, in its root position.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// Replaces the game (a new root, with no history before it) and forgets everything
    /// learnt: the table, killers and statistics. Searching the same position twice after
    /// `set_game` gives the same result, node for node.
    pub fn set_game(&mut self, game: G) {
        self.game = game;
        self.keys.clear();
        self.history = 0;
        self.clear();
    }

    /// The keys ([`DeepGame::repetition_key`]) of the positions played before the root, oldest first,
    /// so that repetitions reaching back into the game count: a position that occurred
    /// twice before is drawn the third time. Allocates room for them (not a search).
    pub fn set_history(&mut self, keys: &[u64]) {
        self.keys.clear();
        self.keys.reserve(keys.len() + MAX_PLY + 2);
        self.keys.extend_from_slice(keys);
        self.history = keys.len();
    }

    /// Forgets the table, killers, principal variation and statistics.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.fill([None; 2]);
        self.root_best = None;
        self.stats = DeepStats::default();
        self.report.depth = 0;
        self.report.root.moves.clear();
        self.report.root.pv.clear();
        self.report.root.best_move = None;
        self.report.root.value = 0;
        self.report.root.stats = DeepStats::default();
    }

    /// The statistics since the last [`DeepSearcher::clear`].
    pub const fn stats(&self) -> DeepStats {
        self.stats
    }

    /// The last iteration's report.
    pub const fn report(&self) -> &DeepReport<G::Move> {
        &self.report
    }

    /// Iterative deepening from depth 1 to `config`'s depth limit under its guards, calling
    /// `on_iteration` with each iteration's report; returns the last. The table, killers
    /// and statistics carry over from one iteration to the next (and from an earlier
    /// search, until [`DeepSearcher::clear`]).
    pub fn search(
        &mut self,
        config: &Config,
        mut on_iteration: impl FnMut(&DeepReport<G::Move>),
    ) -> Result<&DeepReport<G::Move>, DeepError> {
        let depth = config.depth_limit();
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(DeepError::Depth(depth));
        }
        self.configure(config, 0);
        let root = self.game.clone();
        let maximizing = root.maximizing();
        for d in 1..=depth {
            self.report.root.moves.clear();
            let value = self.node(&root, d as i32, 0, -INFINITY, INFINITY, false);
            self.root_best = self.report.root.best_move;
            let report = &mut self.report;
            report.depth = d;
            report.root.value = if maximizing { value } else { -value };
            report.root.stats = self.stats;
            report.root.pv.clear();
            if self.keep_pv {
                let line = &self.pv[..self.pv_len[0]];
                report
                    .root
                    .pv
                    .extend(line.iter().map(|m| m.expect("a PV entry")));
            }
            on_iteration(&self.report);
        }
        Ok(&self.report)
    }

    /// One call of the recursive search on the game as if it stood `ply` plies below a root
    /// (so draws by rule apply and mates count from that root; at ply 0 it is the root; the
    /// last `ply` positions of [`DeepSearcher::set_history`] lie inside the search, where a
    /// repetition draws at once),
    /// with `config`'s depth limit as the plies left and the window `(alpha, beta)`, from
    /// the maximizer's point of view like the value returned. Fail-soft: a value at or
    /// below alpha is an upper bound of the true value, one at or above beta a lower bound,
    /// one between them exact. The table and killers are used and kept.
    pub fn search_window(
        &mut self,
        config: &Config,
        ply: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<Value, DeepError> {
        let depth = config.depth_limit();
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(DeepError::Depth(depth));
        }
        if !(-INF <= alpha && alpha < beta && beta <= INF) {
            return Err(DeepError::Window(alpha, beta));
        }
        if ply >= MAX_PLY - MAX_DEPTH as usize {
            return Err(DeepError::Ply(ply));
        }
        self.configure(config, ply);
        let root = self.game.clone();
        let maximizing = root.maximizing();
        let (a, b) = if maximizing {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        // Every score lies strictly inside (-INFINITY, INFINITY): a wider window is searched
        // as the open one, which bounds the value the same way.
        let a = a.clamp(-INFINITY, INFINITY - 1);
        let b = b.clamp(a + 1, INFINITY);
        self.report.root.moves.clear();
        let value = self.node(&root, depth as i32, ply, a, b, false);
        Ok(if maximizing { value } else { -value })
    }

    /// Takes `config` for the next search starting at `base_ply`.
    fn configure(&mut self, config: &Config, base_ply: usize) {
        self.guards = config.guards();
        self.keep_pv = config.pv();
        self.verifying = Verifying::default();
        self.base_ply = base_ply;
        self.keys.truncate(self.history);
    }
}
