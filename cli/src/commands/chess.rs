//! `nullmove chess`: real chess under the null-move configurations, where the technique is
//! supposed to pay: one position searched to a fixed depth, or a test suite (`suite`) with
//! what the measurements need (nodes and solutions per configuration and depth, the moves
//! null move changes by pieces on the board, the depths at which each position is solved),
//! or the deep search's signature (`bench`).

mod bench;
mod r#match;
mod position;
mod sprt;
mod suite;

use std::ops::RangeInclusive;

pub use nullmove_report::chess::{Document, configuration_names};
pub use sprt::SprtArgs;

use crate::error::CliError;
use crate::output::{self, Io};
use crate::progress::Progress;

/// The type of a null-move configuration: one of the library's named [`Guards`] presets
/// (`none`, `r2`, `r3`, `adaptive`, `verified`, `stockfish`, `npm`), the same names the
/// tic-tac-toe and K+P vs K tables use.
///
/// [`Guards`]: nullmove_optimized::Guards
pub type Config = nullmove_optimized::Guards;

/// A configuration by name ([`Config::preset`], the library's one parser of names), or the
/// list of names as the error.
pub(crate) fn parse_config(name: &str) -> Result<Config, String> {
    Config::preset(name).map_err(|e| e.to_string())
}

/// The deepest search a command accepts (the deep searcher's limit).
pub const MAX_DEPTH: u32 = nullmove_optimized::MAX_DEPTH;

/// `--depths A..=B` (or one number) within `1..=MAX_DEPTH`.
fn parse_depths(s: &str) -> Result<RangeInclusive<u32>, String> {
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("{t:?} is not a depth: expected A..=B or one number"))
    };
    let (a, b) = if let Some((a, b)) = s.split_once("..=") {
        (number(a)?, number(b)?)
    } else {
        let d = number(s)?;
        (d, d)
    };
    if !(1 <= a && a <= b && b <= MAX_DEPTH) {
        return Err(format!(
            "depths {a}..={b}: expected 1 <= A <= B <= {MAX_DEPTH}"
        ));
    }
    Ok(a..=b)
}

/// Arguments of `nullmove chess`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<ChessCommand>,
    /// The position, as FEN (the two clocks may be left out).
    #[arg(long, value_name = "FEN", required = true)]
    fen: Option<String>,
    /// Depth in plies (iterative deepening from 1 up to it).
    #[arg(long, required = true, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: Option<u32>,
    /// The null-move configuration: none, r2, r3, adaptive, verified, stockfish or npm. By
    /// default r3, as the UCI engine's `NullMove`; `suite` takes all seven unless told.
    #[arg(long, value_name = "NAME", default_value = "r3", value_parser = parse_config)]
    config: Config,
    /// Print one JSON document instead of the board and the result.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Subcommand)]
enum ChessCommand {
    /// A test suite under each configuration: nodes and positions solved per depth, and
    /// with --by-pieces and --per-position what null move changes and where.
    #[command(after_help = crate::examples::CHESS_SUITE)]
    Suite(suite::SuiteArgs),
    /// Games between configurations or against any UCI engine, in pairs from a book: Elo
    /// with its interval, an SPRT, shards and their merge, PGN.
    #[command(after_help = crate::examples::CHESS_MATCH)]
    Match(Box<r#match::MatchArgs>),
    /// The deep search's signature: a fixed set of positions under each configuration to a
    /// fixed depth, the node total and nodes per second.
    #[command(after_help = crate::examples::CHESS_BENCH)]
    Bench(bench::BenchArgs),
    /// A match's statistics from its counts: Elo with its 95% interval and, with
    /// --elo0/--elo1, the SPRT's LLR and decision, as fishtest computes them.
    #[command(after_help = crate::examples::CHESS_SPRT)]
    Sprt(sprt::SprtArgs),
}

/// Builds the document of `nullmove chess` (no progress, no file written).
pub fn document(args: &Args) -> Result<Document, CliError> {
    match &args.command {
        Some(ChessCommand::Suite(a)) => {
            Ok(Document::Suite(suite::document(a, &Progress::hidden())?))
        }
        Some(ChessCommand::Match(a)) => Ok(Document::Match(r#match::document(a)?)),
        Some(ChessCommand::Bench(a)) => Ok(Document::Bench(bench::document(a)?)),
        Some(ChessCommand::Sprt(a)) => Ok(Document::Sprt(sprt::document(a)?)),
        None => Ok(Document::Position(position::document(args)?)),
    }
}

/// Runs `nullmove chess`.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    match &args.command {
        Some(ChessCommand::Suite(a)) => suite::run(a, io),
        Some(ChessCommand::Match(a)) => r#match::run(a, io),
        Some(ChessCommand::Bench(a)) => bench::run(a, io),
        Some(ChessCommand::Sprt(a)) => sprt::run(a, io),
        None => {
            let doc = position::document(args)?;
            output::emit(
                io.out,
                args.json,
                &doc,
                nullmove_report::chess::position::render,
            )?;
            Ok(0)
        }
    }
}
