//! K+P vs K as a [`Game`] for the generic searcher, with two evaluations: the exact table
//! and a static heuristic.
//!
//! The game ends where the endgame does: a promotion (resolved exactly by
//! [`Successor::promotion_wins`]), the pawn taken (K vs K), mate or stalemate. Passing is
//! refused in check ([`Game::null_allowed`]) under chess's rule, [`NullRule::InCheck`]; the
//! page's literal rule lets a checked king pass and be taken; the article's and Stockfish's
//! low-material rule refuses every pass here.

use nullmove_core::Value;
use nullmove_optimized::Game;

use crate::movegen::{Move, Moves, Successor};
use crate::position::Kpk;
use crate::square::Side;
use crate::table::{Table, Wdl};

/// A win under the exact evaluation: values are win/draw only, so the null move's
/// assumption is the only possible source of a wrong result.
pub const EXACT_WIN: Value = 1000;

/// A mate-like win under the heuristic evaluation, minus the depth (faster wins score
/// higher, as the page's `score` does); far above any heuristic value.
pub const HEURISTIC_WIN: Value = 10_000;

/// What the search sees at its depth limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Evaluation {
    /// The table: [`EXACT_WIN`] or 0.
    Exact,
    /// Material, pawn advance and king distances, as an engine without tables would guess.
    Heuristic,
}

impl Evaluation {
    /// `exact` or `heuristic`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Exact => "exact",
            Self::Heuristic => "heuristic",
        }
    }
}

/// Which chess rule decides whether the side to move may pass (the searcher's own rules,
/// not at the root, never twice in a row, enough depth, apply on top).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NullRule {
    /// The page's rule, taken literally: pass whenever the searcher would. A pass in check
    /// leaves the king capturable, so the probe's position is scored at once as a win for
    /// the capturer (in K+P vs K only Black can be in check).
    Page,
    /// Chess's own rule and Stockfish's first condition: no null move in check.
    InCheck,
    /// The article's and Stockfish's low-material rule: no null move unless the mover has
    /// a piece besides king and pawns. In K+P vs K neither side ever has one.
    NonPawnMaterial,
}

impl NullRule {
    /// `page`, `in_check` or `non_pawn_material`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Page => "page",
            Self::InCheck => "in_check",
            Self::NonPawnMaterial => "non_pawn_material",
        }
    }
}

/// The static heuristic, from White's point of view: the pawn (100), 10 a rank of advance,
/// 5 for each step the black king is further from the pawn than the white king.
///
/// # Example
/// ```
/// use nullmove_kpk::{Kpk, kpk_game::heuristic};
/// let p: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1".parse().unwrap();
/// assert_eq!(heuristic(&p), 100 + 20 + 5 * (3 - 1));
/// ```
#[must_use]
pub fn heuristic(p: &Kpk) -> Value {
    let advance = Value::from(p.pawn().rank()) - 1;
    let guard = Value::from(p.black_king().distance(p.pawn()))
        - Value::from(p.white_king().distance(p.pawn()));
    100 + 10 * advance + 5 * guard
}

/// The moves of a position, owned and allocation-free, in generation order, made one at
/// a time ([`Kpk::moves`]).
#[derive(Debug, Clone)]
pub struct KpkMoves(Moves);

impl Iterator for KpkMoves {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        self.0.next()
    }
}

/// The state the searcher copies: a K+P vs K position or a finished game, and a shared
/// reference to the table.
#[derive(Debug, Clone, Copy)]
pub struct KpkGame<'t> {
    node: Successor,
    /// Set while a pass made in check is being searched: the king can be taken.
    king_en_prise: bool,
    table: &'t Table,
    evaluation: Evaluation,
    rule: NullRule,
}

impl<'t> KpkGame<'t> {
    /// The game from `root`.
    #[must_use]
    pub fn new(root: Kpk, table: &'t Table, evaluation: Evaluation, rule: NullRule) -> Self {
        Self {
            node: Successor::Kpk(root),
            king_en_prise: false,
            table,
            evaluation,
            rule,
        }
    }

    /// The current node.
    #[must_use]
    pub const fn node(&self) -> Successor {
        self.node
    }

    fn kpk(&self) -> Kpk {
        match self.node {
            Successor::Kpk(p) => p,
            other => unreachable!("the game ended at {other:?}"),
        }
    }

    fn win(&self, depth: u32) -> Value {
        match self.evaluation {
            Evaluation::Exact => EXACT_WIN,
            Evaluation::Heuristic => HEURISTIC_WIN - depth as Value,
        }
    }

    /// The table's verdict as a value of the exact evaluation.
    #[must_use]
    pub const fn exact_value(wdl: Wdl) -> Value {
        match wdl {
            Wdl::Win => EXACT_WIN,
            Wdl::Draw => 0,
        }
    }

    /// The score of a game that has left K+P vs K or whose king can be taken: the king
    /// taken, a promotion resolved by rule, the pawn taken (a draw).
    #[cold]
    #[inline(never)]
    fn finished_score(&self, depth: u32) -> Value {
        if self.king_en_prise {
            return self.win(depth);
        }
        match self.node {
            promoted @ Successor::Promoted { .. } => {
                if promoted.promotion_wins() == Some(true) {
                    self.win(depth)
                } else {
                    0
                }
            }
            Successor::PawnTaken { .. } => 0,
            Successor::Kpk(_) => unreachable!("K+P vs K is scored by terminal_score"),
        }
    }
}

impl Game for KpkGame<'_> {
    type Move = Move;
    type Moves = KpkMoves;

    fn maximizing(&self) -> bool {
        if self.king_en_prise {
            return true;
        }
        match self.node {
            Successor::Kpk(p) => p.side_to_move() == Side::White,
            Successor::Promoted { .. } => false,
            Successor::PawnTaken { .. } => true,
        }
    }

    #[inline]
    fn moves(&self) -> KpkMoves {
        KpkMoves(self.kpk().moves())
    }

    fn play(&mut self, mv: Move) {
        self.node = self.kpk().play(mv);
    }

    fn pass(&mut self) {
        let p = self.kpk();
        if p.in_check() {
            // Black passed in check: White, to move, takes the king. Only the page's
            // literal rule gets here.
            debug_assert_eq!(self.rule, NullRule::Page);
            self.king_en_prise = true;
        } else {
            self.node = Successor::Kpk(
                p.with_other_side_to_move()
                    .expect("a pass out of check leaves a legal position"),
            );
        }
    }

    fn null_allowed(&self) -> bool {
        match self.rule {
            NullRule::Page => true,
            NullRule::InCheck => !self.kpk().in_check(),
            NullRule::NonPawnMaterial => false,
        }
    }

    /// The threat guard's question in chess terms: the mover is in check, so a pass would
    /// leave the king to be taken (the article's first safeguard).
    fn pass_is_dangerous(&self) -> bool {
        self.kpk().in_check()
    }

    /// The endgame guard's measure in chess terms, the article's and Stockfish's: the
    /// mover's non-pawn material, which K+P vs K never has.
    fn material(&self) -> u32 {
        0
    }

    // PERF: the common case, K+P vs K with a king that cannot be taken, inlined into the
    // search, the finished games out of line (`KpkGame::finished_score`); with `moves` and
    // `evaluate` inlined too, 3.00 instead of 3.39 billion instructions for the sweep that
    // `Judge`'s note in `sweep/errors.rs` quotes.
    #[allow(clippy::inline_always)] // measured: see the PERF note above
    #[inline(always)]
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        match self.node {
            Successor::Kpk(p) if !self.king_en_prise => {
                if p.has_legal_move() {
                    None
                } else {
                    // Mated (only Black can be, by the pawn) or stalemated.
                    Some(if p.in_check() { self.win(depth) } else { 0 })
                }
            }
            _ => Some(self.finished_score(depth)),
        }
    }

    #[inline]
    fn evaluate(&self) -> Value {
        let p = self.kpk();
        match self.evaluation {
            Evaluation::Exact => Self::exact_value(self.table.wdl(&p)),
            Evaluation::Heuristic => heuristic(&p),
        }
    }
}
