//! The deep searcher's public face: its memory, allocated once, and the game it stands on
//! (a root, the positions before it), kept, advanced or replaced between searches.

use std::sync::Arc;

use nullmove_core::Value;

use super::game_hooks::{DeepGame, MAX_PLY};
use super::limits::Clock;
use super::options::DeepOptions;
use super::report::{DEFAULT_TT_BITS, DeepError, DeepReport, DeepStats};
use super::tt::Table;
use crate::guards::Verifying;
use crate::{Config, Guards, RootMove};

/// Above every score the deep search computes: its open window.
pub(super) const INFINITY: Value = super::game_hooks::MATE + 1;

/// One row of the triangular principal-variation table per ply, and one more.
pub(super) const ROW: usize = MAX_PLY + 1;

/// The root's options and the lines of the iteration in progress.
#[derive(Debug)]
pub(super) struct RootChoice<M> {
    /// How many lines an iteration searches (1: the plain search).
    pub(super) multi_pv: usize,
    /// The moves the root may choose from (empty: all).
    pub(super) search_moves: Vec<M>,
    /// The moves the line being searched may not start with: the earlier lines'.
    pub(super) excluded: Vec<M>,
    /// Whether the search in progress leaves some root moves out.
    pub(super) restricted: bool,
    /// This iteration's lines (values for the side to move), then the last complete one's.
    pub(super) lines: Vec<(M, Value, Vec<M>)>,
    pub(super) previous: Vec<(M, Value)>,
    /// The root moves line 0 searched (every allowed one), for the report.
    pub(super) first_moves: Vec<RootMove<M>>,
}

impl<M> Default for RootChoice<M> {
    fn default() -> Self {
        Self {
            multi_pv: 1,
            search_moves: Vec::new(),
            excluded: Vec::new(),
            restricted: false,
            lines: Vec::new(),
            previous: Vec::new(),
            first_moves: Vec::new(),
        }
    }
}

/// The best root move the iteration in progress has proven so far, for a search stopped
/// inside it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Found<M> {
    pub(super) mv: M,
    /// Its value for the side to move: exact, or a lower bound when only a null window
    /// showed it better than the moves before it.
    pub(super) value: Value,
    /// Whether row 0 of the principal-variation table is its line.
    pub(super) line: bool,
}

/// The deep search over one game: iterative deepening, a transposition table, quiescence,
/// move ordering (the previous iteration's best move, the table's move, captures by the
/// game's order, killers), mate scores by distance, draws by rule, null move under the
/// library's [`Guards`], and limits (nodes, time, a stop from another thread: [`Limits`]).
/// Every buffer is allocated by the constructor (and [`DeepSearcher::set_history`]);
/// searching allocates nothing.
///
/// It takes the same [`Config`] as the page's searcher ([`crate::search`]): the depth limit
/// is the deepest iteration, the guards rule the null move, `pv` whether the principal
/// variation is kept. It is principal-variation search (negamax, fail-soft, Marsland 1983):
/// the first move of a node gets its whole window, the others a null window first, so at
/// the root, with the window open, the value is the exact minimax value of the
/// depth-limited tree with quiescence at its leaves when no null move prunes.
///
/// **Values** are on the deep search's own scale, whatever [`crate::Game::terminal_score`]
/// returns: a game won `n` plies below the root scores `MATE - n` ([`crate::MATE`]), lost
/// `-(MATE - n)`, drawn 0; everything else is [`crate::Game::evaluate`]'s. The page's
/// searcher returns the game's own terminal scores instead.
///
/// **Between moves** the searcher keeps what it learnt: [`DeepSearcher::play`] advances
/// the root by a move played and [`DeepSearcher::set_position`] sets another root, both
/// keeping the transposition table (its entries age, so a later search replaces stale
/// ones first); [`DeepSearcher::set_game`] starts a new game and forgets everything, as
/// [`DeepSearcher::clear`] does (UCI's `ucinewgame`).
///
/// # Example
/// Tic-tac-toe from its empty board, searched to the end: a draw, the centre chosen (the
/// shallow iterations' favourite, tried first and never beaten), the line played out.
/// ```
/// use nullmove_optimized::games::tictactoe::{Position, TicTacToe};
/// use nullmove_optimized::{Config, DeepSearcher, Guards};
/// let mut searcher = DeepSearcher::new(TicTacToe::from(Position::empty()));
/// let report = searcher.search(&Config::new(9).with_guards(Guards::NO_NULL_MOVE), |_| {}).unwrap();
/// assert_eq!((report.depth, report.root.value), (9, 0));
/// assert_eq!(report.root.best_move.map(|m| m.cell()), Some(4));
/// assert_eq!(report.root.pv.len(), 9);
/// ```
///
/// [`Limits`]: crate::Limits
#[derive(Debug)]
pub struct DeepSearcher<G: DeepGame> {
    pub(super) game: G,
    /// The transposition table: this searcher's alone, or shared with its helper threads
    /// ([`DeepSearcher::set_threads`]).
    pub(super) tt: Arc<Table>,
    /// A helper thread's searcher: the main thread alone clears the table and starts its
    /// searches (generations).
    pub(super) helper: bool,
    /// Every node's moves, stacked: a node's lie from the length it found to the length
    /// after generating; children stack theirs above and truncate on return.
    pub(super) moves: Vec<G::Move>,
    /// The ordering score of each move in `moves`.
    pub(super) order: Vec<i32>,
    pub(super) killers: Vec<[Option<G::Move>; 2]>,
    /// The history heuristic's counters, by [`DeepGame::move_index`].
    pub(super) quiet_history: Vec<i32>,
    /// Aspiration and history: the switches beyond [`Config`].
    pub(super) options: DeepOptions,
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
    /// The current search's limits, and whether it has stopped.
    pub(super) clock: Clock,
    /// The deepest ply the current iteration reached.
    pub(super) seldepth: usize,
    /// The current iteration's depth: the check extension's bound.
    pub(super) root_depth: i32,
    /// Whether the current search reports on its root (iterative deepening does; a window
    /// search does not).
    pub(super) reporting: bool,
    /// The root moves of the iteration in progress, with their values and bounds.
    pub(super) root_moves: Vec<RootMove<G::Move>>,
    /// The best root move the iteration in progress has proven.
    pub(super) found: Option<Found<G::Move>>,
    /// `MultiPV` and `searchmoves`, and the lines of the iteration in progress.
    pub(super) choice: RootChoice<G::Move>,
    pub(super) report: DeepReport<G::Move>,
    /// The helper threads' searchers ([`DeepSearcher::set_threads`]), none for one thread.
    pub(super) helpers: Vec<DeepSearcher<G>>,
}

impl<G: DeepGame> DeepSearcher<G> {
    /// A searcher for `game` with the default transposition table (2^20 slots), every buffer
    /// allocated now.
    pub fn new(game: G) -> Self {
        Self::with_table(game, Some(DEFAULT_TT_BITS))
    }

    /// A searcher for `game` whose transposition table takes at most `mib` MiB (UCI's
    /// `Hash` option; the most entries, a power of two, that fit), none for 0. Allocated
    /// now, once: a new size is a new searcher.
    pub fn with_hash_mib(game: G, mib: usize) -> Self {
        let mut searcher = Self::with_table(game, None);
        searcher.tt = Arc::new(Table::with_mib(mib));
        searcher
    }

    /// The transposition table's entries (0 without one) and the bytes they take.
    #[must_use]
    pub fn table_size(&self) -> (usize, usize) {
        (self.tt.len(), self.tt.bytes())
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
            tt: Arc::new(Table::new(tt_bits)),
            helper: false,
            moves: Vec::with_capacity(frames * G::MAX_MOVES),
            order: Vec::with_capacity(frames * G::MAX_MOVES),
            killers: vec![[None; 2]; ROW],
            quiet_history: vec![0; G::MOVE_INDEXES],
            options: DeepOptions::default(),
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
            clock: Clock::idle(),
            seldepth: 0,
            root_depth: 0,
            reporting: false,
            root_moves: Vec::with_capacity(G::MAX_MOVES),
            found: None,
            choice: RootChoice::default(),
            report,
            helpers: Vec::new(),
        }
    }

    /// The same searcher with `options` (aspiration windows, the history heuristic).
    #[must_use]
    pub fn with_options(mut self, options: DeepOptions) -> Self {
        self.options = options;
        self
    }

    /// Sets the options of the searches to come; the table and what was learnt stay.
    pub const fn set_options(&mut self, options: DeepOptions) {
        self.options = options;
    }

    /// The options searches run with.
    #[must_use]
    pub const fn options(&self) -> DeepOptions {
        self.options
    }

    /// The game, in its root position.
    pub const fn game(&self) -> &G {
        &self.game
    }

    /// Starts a new game at `game` (no history before it) and forgets everything learnt:
    /// the table, killers, the history heuristic's counters, the last report. Searching the same position twice after
    /// `set_game` gives the same result, node for node.
    pub fn set_game(&mut self, game: G) {
        self.set_position(game);
        self.clear();
    }

    /// Sets another root, with no history before it ([`DeepSearcher::set_history`] gives
    /// one), keeping the transposition table: what it learnt about positions the new root
    /// reaches still counts (a UCI `position` command without `ucinewgame`).
    pub fn set_position(&mut self, game: G) {
        self.game = game;
        self.keys.clear();
        self.history = 0;
        self.new_root();
    }

    /// Plays `mv` at the root: the root advances by the move, the position before it joins
    /// the history (for repetitions), and the table is kept. Refused, with nothing changed,
    /// when the game is over or `mv` is not a legal move of the root. Allocates only when
    /// the history outgrows its room (not a search).
    pub fn play(&mut self, mv: G::Move) -> Result<(), DeepError> {
        if !G::ENDS_ONLY_WITHOUT_MOVES && self.game.terminal_score(0).is_some() {
            return Err(DeepError::GameOver);
        }
        self.moves.clear();
        self.game.legal_moves(&mut self.moves);
        let (any, legal) = (!self.moves.is_empty(), self.moves.contains(&mv));
        self.moves.clear();
        if !legal {
            return Err(if any {
                DeepError::IllegalMove(format!("{mv:?}"))
            } else {
                DeepError::GameOver
            });
        }
        self.keys.truncate(self.history);
        self.keys.push(self.game.repetition_key());
        self.keys.reserve(MAX_PLY + 2);
        self.history += 1;
        self.game.play(mv);
        self.new_root();
        Ok(())
    }

    /// The keys ([`DeepGame::repetition_key`]) of the positions played before the root,
    /// oldest first, so that repetitions reaching back into the game count: a position that
    /// occurred twice before is drawn the third time. Replaces the history
    /// [`DeepSearcher::play`] kept. Allocates room for them (not a search).
    pub fn set_history(&mut self, keys: &[u64]) {
        self.keys.clear();
        self.keys.reserve(keys.len() + MAX_PLY + 2);
        self.keys.extend_from_slice(keys);
        self.history = keys.len();
    }

    /// The keys of the positions before the root, oldest first (what
    /// [`DeepSearcher::set_history`] and [`DeepSearcher::play`] gave).
    #[must_use]
    pub fn history(&self) -> &[u64] {
        &self.keys[..self.history]
    }

    /// Forgets the table, killers, history, the last report and statistics (UCI's
    /// `ucinewgame`).
    pub fn clear(&mut self) {
        for helper in &mut self.helpers {
            helper.clear();
        }
        if !self.helper {
            self.tt.clear();
        }
        self.quiet_history.fill(0);
        self.new_root();
        self.stats = DeepStats::default();
        self.report.reset();
    }

    /// What belongs to the old root goes: its best move, the killers of its plies.
    fn new_root(&mut self) {
        self.root_best = None;
        self.killers.fill([None; 2]);
    }

    /// The last search's statistics (of [`DeepSearcher::search_window`] too).
    pub const fn stats(&self) -> DeepStats {
        self.stats
    }

    /// The last report of iterative deepening ([`DeepSearcher::search`]); a window search
    /// leaves it as it was.
    pub const fn report(&self) -> &DeepReport<G::Move> {
        &self.report
    }

    /// Takes `config` for the next search starting at `base_ply`: every per-search state
    /// starts afresh (the table and killers do not).
    pub(super) fn configure(&mut self, config: &Config, base_ply: usize) {
        self.guards = config.guards();
        self.keep_pv = config.pv();
        self.verifying = Verifying::default();
        self.base_ply = base_ply;
        self.keys.truncate(self.history);
        // A stopped search may leave frames behind.
        self.moves.clear();
        self.order.clear();
        self.stats = DeepStats::default();
        self.seldepth = 0;
        self.found = None;
        self.root_moves.clear();
    }
}
