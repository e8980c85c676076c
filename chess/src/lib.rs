//! Real chess for the null-move measurements: where null-move pruning is supposed to pay,
//! and where zugzwang makes it fail.
//!
//! - [`ChessGame`]: chess as a [`Game`] and a [`DeepGame`] for the generic
//!   deep search, on cozy-chess (legal moves, FEN, Zobrist keys), with our incremental
//!   [`Eval`] (Michniewski's material and piece-square tables) and the draws by rule.
//! - [`perft`]: move counting through our moves played, against the published figures.
//! - [`san`], [`parse_san`], [`uci`], [`parse_uci`]: moves in writing.
//! - [`parse_epd`]: the test suites (`data/`), compiled in as [`Suite`].
//! - [`bench_run`]: the deep search's signature, a fixed workload's node total.
//! - [`solve`], [`run_suite`]: one position at a fixed depth under a configuration
//!   (a preset of the library's [`Guards`]), a suite in parallel; [`analysis`] compares the configurations.
//!
//! # Example
//! ```
//! use nullmove_chess::{Guards, parse_fen, solve};
//! // White mates in one on the back rank.
//! let board = parse_fen("6k1/5ppp/8/6N1/8/8/8/3Q2K1 w - - 0 1").unwrap();
//! let s = solve(&board, 2, Guards::R3).unwrap();
//! assert_eq!(s.best_move_san.as_deref(), Some("Qd8#"));
//! assert_eq!(s.mate, Some(1));
//! ```

pub mod analysis;
mod bench;
mod chess960;
mod chess_game;
mod epd;
mod error;
mod eval;
mod fen;
mod notation;
mod see;
mod solve;
mod suite;
mod suites;

pub use bench::{
    BENCH_DEPTH, BENCH_SUITES, BENCH_TABLE_BITS, BenchPosition, BenchRun, bench_positions,
    bench_run, bench_searcher,
};
pub use chess_game::{ChessGame, MAX_MOVES};
pub use chess960::{parse_fen_960, parse_uci_in, uci_in};
pub use epd::{EpdEntry, parse_epd, parse_line};
pub use error::ChessError;
pub use eval::{Eval, VALUES, square_bonus, value};
pub use fen::parse_fen;
pub use notation::{is_capture, is_castling, parse_san, parse_uci, san, uci};
pub use nullmove_optimized::DeepStats;
pub use nullmove_optimized::Guards;
pub use see::see_ge;
pub use solve::{Solution, solve, solve_depths};
pub use suite::{
    ConfigResult, PositionReport, SuiteReport, SuiteRow, run_suite, run_suite_depths,
    run_suite_options,
};
pub use suites::{Suite, SuiteError};

use nullmove_optimized::{DeepGame, Game};

/// Counts the leaves of the legal move tree `depth` plies deep, through the game's own
/// moves played ([`Game::play`] on a copy per child, as the searchers do), so perft proves
/// them, not only cozy-chess's generator. One move list per ply, reused.
///
/// # Example
/// ```
/// use nullmove_chess::{ChessGame, perft};
/// let game = ChessGame::new(cozy_chess::Board::default());
/// assert_eq!(perft(&game, 3), 8_902);
/// ```
#[must_use]
pub fn perft(game: &ChessGame, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(MAX_MOVES); depth as usize + 1];
    perft_with(game, depth, &mut buffers)
}

fn perft_with(game: &ChessGame, depth: u32, buffers: &mut [Vec<cozy_chess::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, deeper) = buffers.split_first_mut().expect("a buffer per ply");
    list.clear();
    game.legal_moves(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for &mv in list.iter() {
        let mut child = game.clone();
        child.play(mv);
        total += perft_with(&child, depth - 1, deeper);
    }
    total
}
