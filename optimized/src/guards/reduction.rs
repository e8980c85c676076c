//! How a probe's reduction R varies with the depth left (fixed, Heinz's adaptive R,
//! Stockfish's growing R), and the constants of Heinz's rule and Stockfish's evaluation term.

/// Heinz's threshold (1999, "Adaptive Null-Move Pruning", ICCA Journal 22(3)): above this
/// many plies of remaining depth the adaptive probe reduces by the full R, at or below it by
/// one ply less.
pub const HEINZ_DEPTH: u32 = 6;

/// How much the static evaluation must pass the bound for each extra ply of Stockfish's
/// reduction: one pawn of a centipawn evaluation (Stockfish divides by 205, about its
/// endgame pawn).
pub const STOCKFISH_EVAL_R: u32 = 100;

/// How R varies with the depth left to the limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ReductionRule {
    /// The same R everywhere (the page).
    #[default]
    Fixed,
    /// Heinz (1999): R above [`HEINZ_DEPTH`] plies of remaining depth, R - 1 at or below it
    /// (with R = 3, his 3 and 2): milder near the horizon.
    Adaptive,
    /// Stockfish's depth term: R plus a third of the remaining depth, so deep probes skip
    /// more. With R = 3 it is Stockfish's `(1090 + 81 * depth) / 256` (which counts the
    /// pass's own ply) exactly, up to 17 plies.
    DepthScaled,
}
