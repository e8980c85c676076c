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
use cozy_chess::Board;
pub use epd::{EpdEntry, parse_epd, parse_line};
pub use error::ChessError;
pub use eval::{Eval, VALUES, square_bonus, value};
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

/// Reads a FEN; the two clocks may be left out (0 and 1).
///
/// # Example
/// ```
/// let b = nullmove_chess::parse_fen("8/3k4/8/8/3PK3/8/8/8 w - -").unwrap();
/// assert_eq!(b.to_string(), "8/3k4/8/8/3PK3/8/8/8 w - - 0 1");
/// let e = nullmove_chess::parse_fen("8/8/8 w - -").unwrap_err();
/// assert_eq!(e.to_string(), "invalid FEN \"8/8/8 w - -\": 3 ranks, expected 8");
/// let e = nullmove_chess::parse_fen("8/8/8/5K2/4k3/8/8/8 w - -").unwrap_err();
/// assert!(e.to_string().contains("the kings stand next to each other"), "{e}");
/// ```
pub fn parse_fen(fen: &str) -> Result<Board, ChessError> {
    let refuse = |reason: String| ChessError::Fen {
        fen: fen.to_owned(),
        reason,
    };
    // cozy-chess 0.3 reads a placement of fewer than eight ranks without complaint.
    let placement = fen.split_whitespace().next().unwrap_or("");
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(refuse(format!("{} ranks, expected 8", ranks.len())));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let width: u32 = rank.chars().map(|c| c.to_digit(10).unwrap_or(1)).sum();
        if width != 8 {
            return Err(refuse(format!(
                "rank {} is {width} squares wide, expected 8",
                8 - i
            )));
        }
    }
    let fields = fen.split_whitespace().count();
    let full = if fields == 4 {
        format!("{} 0 1", fen.trim())
    } else {
        fen.trim().to_owned()
    };
    let board = Board::from_fen(&full, false).map_err(|e| refuse(fen_error(e)))?;
    kings_apart(&board).map_err(refuse)?;
    Ok(board)
}

/// Two kings side by side are no position a game reaches, and a search from one would take
/// a king: refused, as cozy-chess's own check leaves them to us.
pub(crate) fn kings_apart(board: &Board) -> Result<(), String> {
    let (white, black) = (
        board.king(cozy_chess::Color::White),
        board.king(cozy_chess::Color::Black),
    );
    if cozy_chess::get_king_moves(white).has(black) {
        return Err("the kings stand next to each other (not a legal position)".to_owned());
    }
    Ok(())
}

/// cozy-chess's reason in our words: what a legal position needs, where it only says
/// "invalid".
fn fen_error(e: cozy_chess::FenParseError) -> String {
    use cozy_chess::FenParseError as E;
    match e {
        E::InvalidBoard => "not a legal position (each side needs one king, at most 16 pieces \
                            and 8 pawns, no pawn on the first or last rank, and the side not \
                            to move cannot be in check)"
            .to_owned(),
        other => other
            .to_string()
            .trim_end_matches('.')
            .replacen("The", "the", 1),
    }
}

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
