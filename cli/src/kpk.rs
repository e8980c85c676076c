//! `nullmove kpk`: king and pawn against king, where null move meets real zugzwang
//! (issue 6): one position against the exact table, the table's statistics, the mutual
//! zugzwangs, and the error table of null-move search over every position.

use std::process::ExitCode;
use std::time::Instant;

use nullmove_core::{Mode, NoSink, Value};
use nullmove_kpk::game::{Evaluation, NullRule};
use nullmove_kpk::sweep::{self, Cutoff, SweepRow};
use nullmove_kpk::{Kpk, Table, TableStats, Wdl};
use serde::Serialize;

use crate::common::{self, CliError, ModeArg};
use crate::guards::ChessGuardArgs;

/// Arguments of `nullmove kpk`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<KpkCommand>,
    /// The position (K+P vs K; a black pawn is colour-flipped).
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Depth limit of the search.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=9))]
    depth: u32,
    /// Reduction R of a null-move probe.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=9))]
    reduction: u32,
    /// Plain alpha-beta or null-move search.
    #[arg(long, value_enum, default_value = "null")]
    mode: ModeArg,
    /// The chess rule on passing: the page's (a pass in check loses the king), no pass in
    /// check, or no pass without non-pawn material (never, in K+P vs K).
    #[arg(long, value_enum, default_value = "in-check")]
    rule: RuleArg,
    // The safeguards of issue 5, in chess's words; all off by default.
    #[command(flatten)]
    guards: ChessGuardArgs,
    /// What the search sees at its depth limit.
    #[arg(long = "eval", value_enum, default_value = "exact")]
    evaluation: EvalArg,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Subcommand)]
enum KpkCommand {
    /// The table's counts, full board and the half Syzygy publishes.
    Stats(JsonOnly),
    /// Every mutual zugzwang (White to move draws, Black to move loses), as FEN.
    Zugzwangs(JsonOnly),
    /// Plain and null-move search of every position judged by the table.
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

/// Runs `nullmove kpk`.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    match &args.command {
        Some(KpkCommand::Stats(a)) => stats(a.json),
        Some(KpkCommand::Zugzwangs(a)) => zugzwangs(a.json),
        Some(KpkCommand::Sweep(a)) => run_sweep(a),
        None => position(args),
    }
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    mv: String,
    value: Value,
    wdl: Wdl,
}

#[derive(Serialize)]
struct SearchReport {
    evaluation: Evaluation,
    rule: NullRule,
    /// The safeguards on, in the command line's words (`none` when none).
    guards: String,
    mode: Mode,
    depth: u32,
    reduction: u32,
    value: Value,
    best_move: Option<String>,
    nodes: u64,
    null_probes: u64,
    null_cutoffs: u64,
    moves: Vec<MoveReport>,
    wrong: bool,
    cutoffs: Vec<Cutoff>,
}

#[derive(Serialize)]
struct PositionReport {
    fen: String,
    flipped: bool,
    wdl: Wdl,
    wdl_if_passed: Option<Wdl>,
    zugzwang: bool,
    search: SearchReport,
}

fn position(args: &Args) -> Result<ExitCode, CliError> {
    let Some(fen) = &args.fen else {
        return Err(CliError::Message(
            "give --fen FEN, or one of: stats, zugzwangs, sweep".into(),
        ));
    };
    let parsed = Kpk::parse_fen(fen).map_err(|e| CliError::Message(format!("bad FEN: {e}")))?;
    let p = parsed.position;
    let table = Table::build();
    let evaluation = Evaluation::from(args.evaluation);
    let rule = NullRule::from(args.rule);
    let mode = Mode::from(args.mode);
    let config = args.guards.config(args.depth, args.reduction, mode);
    let result = sweep::search(&table, &p, evaluation, rule, config, &mut NoSink);
    let cutoffs = if mode == Mode::Null {
        sweep::trace_cutoffs(&table, &p, evaluation, rule, config)
    } else {
        Vec::new()
    };
    let report = PositionReport {
        fen: p.to_string(),
        flipped: parsed.flipped,
        wdl: table.wdl(&p),
        wdl_if_passed: p.with_other_side_to_move().map(|q| table.wdl(&q)),
        zugzwang: table.is_zugzwang(&p),
        search: SearchReport {
            evaluation,
            rule,
            guards: args.guards.describe(),
            mode,
            depth: args.depth,
            reduction: args.reduction,
            value: result.value,
            best_move: result.best_move.map(|m| m.to_string()),
            nodes: result.stats.nodes,
            null_probes: result.stats.null_probes,
            null_cutoffs: result.stats.null_cutoffs,
            moves: result
                .moves()
                .map(|(m, value)| MoveReport {
                    mv: m.to_string(),
                    value,
                    wdl: table.successor_wdl(&p.play(m)),
                })
                .collect(),
            wrong: sweep::is_wrong(&table, &p, evaluation, &result),
            cutoffs,
        },
    };
    if args.json {
        common::print_json(&report)?;
        return Ok(ExitCode::SUCCESS);
    }
    let s = &report.search;
    println!(
        "{}{}",
        report.fen,
        if report.flipped {
            "  (colour-flipped: Black had the pawn)"
        } else {
            ""
        }
    );
    println!(
        "table: {} for White; with the other side to move: {}; zugzwang: {}",
        report.wdl,
        report
            .wdl_if_passed
            .map_or("illegal (Black would be in check)".into(), |w| w
                .to_string()),
        if report.zugzwang { "yes" } else { "no" }
    );
    println!(
        "search: {} eval, rule {}, guards {}, {} depth {} R {}: value {}, best {}, nodes {}, probes {}, null cutoffs {}{}",
        evaluation.name(),
        rule.name(),
        s.guards,
        mode,
        s.depth,
        s.reduction,
        common::show_value(s.value),
        s.best_move.as_deref().unwrap_or("-"),
        s.nodes,
        s.null_probes,
        s.null_cutoffs,
        if s.wrong { "  WRONG by the table" } else { "" }
    );
    println!("{:<8} {:>8}  table", "move", "value");
    for m in &s.moves {
        println!("{:<8} {:>8}  {}", m.mv, common::show_value(m.value), m.wdl);
    }
    for c in s.cutoffs.iter().filter(|c| c.unsound) {
        println!(
            "unsound null cutoff at depth {}: {} returned {} but plain search gives {}{}",
            c.depth,
            c.node,
            common::show_value(c.bound),
            common::show_value(c.plain_value),
            if c.zugzwang {
                " (a mutual zugzwang)"
            } else {
                ""
            }
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn stats(json: bool) -> Result<ExitCode, CliError> {
    let start = Instant::now();
    let table = Table::build();
    let built = start.elapsed();
    let s: TableStats = table.stats();
    if json {
        common::print_json(&s)?;
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "K+P vs K, solved by retrograde analysis in {:.1} ms",
        built.as_secs_f64() * 1e3
    );
    println!("{:<22} {:>12} {:>12}", "", "full board", "files a-d");
    let rows = [
        (
            "legal positions",
            s.legal_positions,
            s.half_board.legal_positions,
        ),
        (
            "White to move: wins",
            s.white_to_move.wins,
            s.half_board.white_to_move.wins,
        ),
        (
            "White to move: draws",
            s.white_to_move.draws,
            s.half_board.white_to_move.draws,
        ),
        (
            "Black to move: losses",
            s.black_to_move.white_wins,
            s.half_board.black_to_move.white_wins,
        ),
        (
            "Black to move: draws",
            s.black_to_move.draws,
            s.half_board.black_to_move.draws,
        ),
    ];
    for (name, full, half) in rows {
        println!("{name:<22} {full:>12} {half:>12}");
    }
    println!("mutual zugzwangs: {}", s.mutual_zugzwangs);
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct ZugzwangList {
    count: usize,
    zugzwangs: Vec<String>,
}

fn zugzwangs(json: bool) -> Result<ExitCode, CliError> {
    let table = Table::build();
    let list: Vec<String> = table.zugzwangs().map(|z| z.to_string()).collect();
    if json {
        common::print_json(&ZugzwangList {
            count: list.len(),
            zugzwangs: list,
        })?;
    } else {
        println!(
            "{} mutual zugzwangs (White to move draws, Black to move loses):",
            list.len()
        );
        for fen in list {
            println!("{fen}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct SweepReport {
    rows: Vec<SweepRow>,
}

fn run_sweep(args: &SweepArgs) -> Result<ExitCode, CliError> {
    let table = Table::build();
    let positions = if args.half_board {
        sweep::half_board_positions()
    } else {
        sweep::sweep_positions()
    };
    let evaluations: Vec<Evaluation> = match args.evaluation {
        Some(e) => vec![e.into()],
        None => vec![Evaluation::Exact, Evaluation::Heuristic],
    };
    let rows = sweep::sweep(
        &table,
        &positions,
        &sweep::configurations(),
        &evaluations,
        1..=4,
        0..=2,
    );
    if args.json {
        common::print_json(&SweepReport { rows })?;
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{:<18} {:<9} {:>5} {:>2} {:>9} {:>11} {:>10} {:>10} {:>10} {:>12} {:>12}",
        "configuration",
        "eval",
        "depth",
        "R",
        "positions",
        "wrong_plain",
        "wrong_null",
        "null_only",
        "zugzwang",
        "nodes_plain",
        "nodes_null"
    );
    for r in &rows {
        println!(
            "{:<18} {:<9} {:>5} {:>2} {:>9} {:>11} {:>10} {:>10} {:>10} {:>12} {:>12}",
            r.configuration,
            r.evaluation.name(),
            r.depth,
            r.reduction,
            r.positions,
            r.wrong_plain,
            r.wrong_null,
            r.wrong_null_only,
            r.wrong_at_zugzwang,
            r.nodes_plain,
            r.nodes_null
        );
    }
    Ok(ExitCode::SUCCESS)
}
