//! `nullmove kpk`: king and pawn against king, where null move meets real zugzwang: one
//! position against the exact table, the table's statistics, the mutual
//! zugzwangs, and the error table of null-move search over every position.
//!
//! Every result is stated from one point of view, White's, the side with the pawn (a black
//! pawn is colour-flipped on the way in): the table's `win` is "White wins", `draw` is a
//! draw, whoever is to move; values are White's too (the maximizing side).

mod position;
mod sweep;

use std::ops::RangeInclusive;

use nullmove_kpk::kpk_game::{Evaluation, NullRule};

pub use nullmove_report::kpk::Document;
use nullmove_report::kpk::table;

use crate::commands::sweep::{parse_depths, parse_reductions};
use crate::engine_args::ModeArg;
use crate::error::CliError;
use crate::guards::ChessGuardArgs;
use crate::output::{self, Io};
use crate::progress::Progress;

/// Arguments of `nullmove kpk`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<KpkCommand>,
    /// The position (K+P vs K; a black pawn is colour-flipped).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Depth limit of the search. By default 2, the shallowest limit at which a null-move
    /// probe can happen at all (below the root, at R 0): `search` has no default depth.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=9))]
    depth: u32,
    /// Reduction R of a null-move probe (null mode only; refused with plain) [default: 0,
    /// the only R that probes at depth limit 2]; `search` has no default R.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=9))]
    reduction: Option<u32>,
    /// Plain alpha-beta or null-move search. By default null: this command measures null
    /// move against the exact table; `search`, where the page compares the two, has no
    /// default mode.
    #[arg(long, value_enum, default_value = "null")]
    mode: ModeArg,
    /// The chess rule on passing (null mode only): the page's (a pass in check loses the
    /// king), no pass in check, or no pass without non-pawn material (never, in K+P vs K)
    /// [default: in-check].
    #[arg(long, value_enum)]
    rule: Option<RuleArg>,
    // The safeguards, in chess's words; all off by default.
    #[command(flatten)]
    guards: ChessGuardArgs,
    /// What the search sees at its depth limit: by default the table's exact result, so
    /// every error is null move's own (`kpk sweep` measures both when not told).
    #[arg(long = "eval", value_enum, default_value = "exact")]
    evaluation: EvalArg,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Subcommand)]
enum KpkCommand {
    /// The table's counts, full board and the half Syzygy publishes.
    #[command(after_help = crate::examples::KPK_STATS)]
    Stats(JsonOnly),
    /// Every mutual zugzwang (White to move draws, Black to move loses), as FEN.
    #[command(after_help = crate::examples::KPK_ZUGZWANGS)]
    Zugzwangs(JsonOnly),
    /// Plain and null-move search of every position judged by the table.
    #[command(after_help = crate::examples::KPK_SWEEP)]
    Sweep(SweepArgs),
}

#[derive(Debug, clap::Args)]
struct JsonOnly {
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct SweepArgs {
    /// Only the pawn on files a–d (the half Syzygy counts; about half the time).
    #[arg(long)]
    half_board: bool,
    /// Which evaluations; both by default.
    #[arg(long = "eval", value_enum)]
    evaluation: Option<EvalArg>,
    /// Depth limits, `A..=B` within 1..=9 (or one number). By default 1..=4, not the
    /// tic-tac-toe sweep's 1..=9: the time grows steeply with B.
    #[arg(long, default_value = "1..=4", value_parser = parse_depths, value_name = "A..=B")]
    depths: RangeInclusive<u32>,
    /// Reductions R, `A..=B` within 0..=9 (or one number). By default 0..=2, where these
    /// depth limits leave a probe something to search (the tic-tac-toe sweep: 0..=6).
    #[arg(long, default_value = "0..=2", value_parser = parse_reductions, value_name = "A..=B")]
    reductions: RangeInclusive<u32>,
    /// Only these configurations, comma-separated (all when absent).
    #[arg(long, value_delimiter = ',', value_parser = sweep::parse_configuration, value_name = "A,B")]
    configurations: Vec<String>,
    /// Print `{"rows":[...]}` instead of a table.
    #[arg(long)]
    json: bool,
}

/// `--rule` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RuleArg {
    Page,
    InCheck,
    NonPawnMaterial,
}

impl From<RuleArg> for NullRule {
    fn from(r: RuleArg) -> Self {
        match r {
            RuleArg::Page => Self::Page,
            RuleArg::InCheck => Self::InCheck,
            RuleArg::NonPawnMaterial => Self::NonPawnMaterial,
        }
    }
}

/// `--eval` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum EvalArg {
    Exact,
    Heuristic,
}

impl From<EvalArg> for Evaluation {
    fn from(e: EvalArg) -> Self {
        match e {
            EvalArg::Exact => Self::Exact,
            EvalArg::Heuristic => Self::Heuristic,
        }
    }
}

/// Builds the document of `nullmove kpk`.
pub fn document(args: &Args) -> Result<Document, CliError> {
    build(args, &Progress::hidden())
}

fn build(args: &Args, progress: &Progress) -> Result<Document, CliError> {
    Ok(match &args.command {
        Some(KpkCommand::Stats(_)) => Document::Stats(table::stats()),
        Some(KpkCommand::Zugzwangs(_)) => Document::Zugzwangs(table::zugzwangs()),
        Some(KpkCommand::Sweep(a)) => Document::Sweep(sweep::sweep_report(a, progress)),
        None => Document::Position(position::position(args)?),
    })
}

/// Runs `nullmove kpk`.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let json = match &args.command {
        Some(KpkCommand::Stats(a) | KpkCommand::Zugzwangs(a)) => a.json,
        Some(KpkCommand::Sweep(a)) => a.json,
        None => args.json,
    };
    let progress = match &args.command {
        Some(KpkCommand::Sweep(_)) => {
            Progress::on_terminal(io.terminal, 0, "positions searched", "sweeping K+P vs K")
        }
        _ => Progress::hidden(),
    };
    let doc = build(args, &progress);
    progress.finish();
    let doc = doc?;
    if json {
        output::write_json(io.out, &doc)?;
        return Ok(0);
    }
    match &doc {
        Document::Position(r) => nullmove_report::kpk::position::render_position(r, io.out)?,
        Document::Stats(s) => table::render_stats(s, io.out)?,
        Document::Zugzwangs(z) => table::render_zugzwangs(z, io.out)?,
        Document::Sweep(s) => nullmove_report::kpk::sweep::render_sweep(s, io.out)?,
    }
    Ok(0)
}
