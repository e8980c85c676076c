//! `nullmove kpk`: king and pawn against king, where null move meets real zugzwang
//! (issue 6): one position against the exact table, the table's statistics, the mutual
//! zugzwangs, and the error table of null-move search over every position.
//!
//! Every result is stated from one point of view, White's, the side with the pawn (a black
//! pawn is colour-flipped on the way in): the table's `win` is "White wins", `draw` is a
//! draw, whoever is to move; values are White's too (the maximizing side).

use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

use nullmove_core::{Mode, NoSink, Value};
use nullmove_fixtures::sweep::{parse_depths, parse_reductions};
use nullmove_kpk::game::{Evaluation, NullRule};
use nullmove_kpk::sweep::{self, Cutoff, SweepRow};
use nullmove_kpk::{Kpk, Side, Table, TableStats, Wdl};
use nullmove_optimized::{Config, Guards};
use serde::Serialize;

use crate::common::{self, CliError, Io, ModeArg, count};
use crate::guards::{ChessGuardArgs, flags_given};
use crate::progress::Progress;
use crate::refusals::{idle_guards, nothing_to_do, refuse};

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
    /// Reduction R of a null-move probe (null mode only) [default: 0].
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=9))]
    reduction: Option<u32>,
    /// Plain alpha-beta or null-move search.
    #[arg(long, value_enum, default_value = "null")]
    mode: ModeArg,
    /// The chess rule on passing (null mode only): the page's (a pass in check loses the
    /// king), no pass in check, or no pass without non-pawn material (never, in K+P vs K)
    /// [default: in-check].
    #[arg(long, value_enum)]
    rule: Option<RuleArg>,
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
    /// Depth limits, `A..=B` within 1..=9 (or one number); the time grows steeply with B.
    #[arg(long, default_value = "1..=4", value_parser = depths, value_name = "A..=B")]
    depths: RangeInclusive<u32>,
    /// Reductions R, `A..=B` within 0..=9 (or one number).
    #[arg(long, default_value = "0..=2", value_parser = reductions, value_name = "A..=B")]
    reductions: RangeInclusive<u32>,
    /// Print `{"rows":[...]}` instead of a table.
    #[arg(long)]
    json: bool,
}

fn depths(s: &str) -> Result<RangeInclusive<u32>, String> {
    parse_depths(s).map_err(|e| e.to_string())
}

fn reductions(s: &str) -> Result<RangeInclusive<u32>, String> {
    parse_reductions(s).map_err(|e| e.to_string())
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

/// The document of `nullmove kpk`, by subcommand; each prints as its own JSON document.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Document {
    /// `--fen`: one position searched.
    Position(PositionReport),
    /// `stats`.
    Stats(StatsReport),
    /// `zugzwangs`.
    Zugzwangs(ZugzwangList),
    /// `sweep`.
    Sweep(SweepReport),
}

/// Builds the document of `nullmove kpk`.
pub fn document(args: &Args) -> Result<Document, CliError> {
    build(args, &Progress::hidden())
}

fn build(args: &Args, progress: &Progress) -> Result<Document, CliError> {
    Ok(match &args.command {
        Some(KpkCommand::Stats(_)) => Document::Stats(stats()),
        Some(KpkCommand::Zugzwangs(_)) => Document::Zugzwangs(zugzwangs()),
        Some(KpkCommand::Sweep(a)) => Document::Sweep(sweep_report(a, progress)),
        None => Document::Position(position(args)?),
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
        common::write_json(io.out, &doc)?;
        return Ok(0);
    }
    match &doc {
        Document::Position(r) => render_position(r, io.out)?,
        Document::Stats(s) => render_stats(s, io.out)?,
        Document::Zugzwangs(z) => render_zugzwangs(z, io.out)?,
        Document::Sweep(s) => render_sweep(s, io.out)?,
    }
    Ok(0)
}

/// One root move of a searched position.
#[derive(Debug, Serialize)]
pub struct MoveReport {
    /// The move, UCI.
    #[serde(rename = "move")]
    pub mv: String,
    /// What its child returned, from White's point of view.
    pub value: Value,
    /// The table's result after it, from White's point of view (`win`: White wins).
    pub wdl: Wdl,
}

/// The search of one position. Settings it did not apply are absent: `rule`,
/// `reduction` and `guards` in plain mode.
#[derive(Debug, Serialize)]
pub struct SearchReport {
    /// What the search sees at its depth limit.
    pub evaluation: Evaluation,
    /// The chess rule on passing (null mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<NullRule>,
    /// The safeguards on, in the command line's words, `none` when none (null mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guards: Option<String>,
    /// Plain or null.
    pub mode: Mode,
    /// The depth limit.
    pub depth: u32,
    /// R (null mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduction: Option<u32>,
    /// What the root call returned, from White's point of view.
    pub value: Value,
    /// The chosen move, UCI.
    pub best_move: Option<String>,
    /// Every call.
    pub nodes: u64,
    /// Null-move probes.
    pub null_probes: u64,
    /// Null-move cutoffs.
    pub null_cutoffs: u64,
    /// Every root move.
    pub moves: Vec<MoveReport>,
    /// Whether the result is wrong by the table.
    pub wrong: bool,
    /// Every null-move cutoff, traced.
    pub cutoffs: Vec<Cutoff>,
}

/// The document of `nullmove kpk --fen`.
#[derive(Debug, Serialize)]
pub struct PositionReport {
    /// The position, White holding the pawn.
    pub fen: String,
    /// Whether it was colour-flipped on the way in.
    pub flipped: bool,
    /// The side every result is stated for: `white`, the side with the pawn.
    pub point_of_view: &'static str,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Why the root has no move to search, when it has none: `game over: checkmate, White
    /// won`, `game over: stalemate, a draw`, `depth limit 0: the root is a leaf`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaf: Option<String>,
    /// The table's result (`win`: White wins; `draw`).
    pub wdl: Wdl,
    /// The table's result with the other side to move, when legal.
    pub wdl_if_passed: Option<Wdl>,
    /// Whether the placement is a mutual zugzwang.
    pub zugzwang: bool,
    /// The search.
    pub search: SearchReport,
}

/// Refuses the flags that would change nothing: the null move's rule, R and guards in plain
/// mode; everything that shapes a pass when no pass can happen (the low-material rule, in
/// K+P vs K); the threat guard on top of the in-check rule, which it is.
fn check_flags(args: &Args, guards: &Guards) -> Result<(), CliError> {
    let flags = flags_given(guards, "--no-null-without-pieces");
    if args.mode == ModeArg::Plain {
        let mut given: Vec<&str> = [
            (args.rule.is_some(), "--rule"),
            (args.reduction.is_some(), "--reduction"),
        ]
        .into_iter()
        .filter_map(|(on, flag)| on.then_some(flag))
        .collect();
        given.extend(&flags);
        if !given.is_empty() {
            return Err(nothing_to_do(
                &given,
                "with --mode plain: plain alpha-beta never passes, so no rule on passing, R \
                 or guard comes into play",
            ));
        }
        return Ok(());
    }
    let rule = args.rule.unwrap_or(RuleArg::InCheck);
    let low_material = (rule == RuleArg::NonPawnMaterial, guards.min_material > 0);
    if low_material.0 || low_material.1 {
        let mut given: Vec<&str> = Vec::new();
        if args.reduction.is_some() {
            given.push("--reduction");
        }
        given.extend(
            flags
                .iter()
                .filter(|f| **f != "--no-null-without-pieces" || low_material == (true, true)),
        );
        if !given.is_empty() {
            return Err(nothing_to_do(
                &given,
                "when no side may ever pass: K+P vs K has no piece besides king and pawn, so \
                 the low-material rule (--rule non-pawn-material or --no-null-without-pieces) \
                 forbids every null move",
            ));
        }
    }
    if guards.threat && rule == RuleArg::InCheck {
        return Err(refuse(
            &["--threat-guard"],
            "with --rule in-check (the default): in chess the threat guard is the in-check \
             rule itself",
            "use it with --rule page, or ",
        ));
    }
    idle_guards(guards, args.depth, args.reduction.unwrap_or(0))
}

/// Why a K+P vs K root has no move to search, when it has none.
fn leaf_reason(p: Kpk, depth: u32) -> Option<String> {
    if p.legal_moves().is_empty() {
        Some(if p.in_check() {
            format!("game over: checkmate, {} won", p.side_to_move().other())
        } else {
            "game over: stalemate, a draw".to_owned()
        })
    } else if depth == 0 {
        Some("depth limit 0: the root is a leaf".to_owned())
    } else {
        None
    }
}

fn position(args: &Args) -> Result<PositionReport, CliError> {
    let Some(fen) = &args.fen else {
        return Err(CliError::msg(
            "give --fen FEN, or one of: stats, zugzwangs, sweep",
        ));
    };
    let parsed = Kpk::parse_fen(fen).map_err(|e| CliError::Message(format!("bad FEN: {e}")))?;
    let guards = args.guards.guards();
    check_flags(args, &guards)?;
    let p = parsed.position;
    let table = Table::build();
    let evaluation = Evaluation::from(args.evaluation);
    let rule = NullRule::from(args.rule.unwrap_or(RuleArg::InCheck));
    let mode = Mode::from(args.mode);
    let reduction = args.reduction.unwrap_or(0);
    let config = Config {
        guards,
        ..sweep::config(args.depth, reduction, mode)
    };
    let result = sweep::search(&table, &p, evaluation, rule, config, &mut NoSink);
    let null = mode == Mode::Null;
    let cutoffs = if null {
        sweep::trace_cutoffs(&table, &p, evaluation, rule, config)
    } else {
        Vec::new()
    };
    Ok(PositionReport {
        fen: p.to_string(),
        flipped: parsed.flipped,
        point_of_view: "white",
        side_to_move: match p.side_to_move() {
            Side::White => "white",
            Side::Black => "black",
        },
        leaf: leaf_reason(p, args.depth),
        wdl: table.wdl(&p),
        wdl_if_passed: p.with_other_side_to_move().map(|q| table.wdl(&q)),
        zugzwang: table.is_zugzwang(&p),
        search: SearchReport {
            evaluation,
            rule: null.then_some(rule),
            guards: null.then(|| args.guards.describe()),
            mode,
            depth: args.depth,
            reduction: null.then_some(reduction),
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
    })
}

/// How the search was set up, in the table's words.
fn search_settings(s: &SearchReport) -> String {
    let mut parts = vec![format!("{} eval", s.evaluation.name())];
    if let Some(rule) = s.rule {
        parts.push(format!("rule {}", rule.name()));
    }
    if let Some(guards) = &s.guards {
        parts.push(format!("guards {guards}"));
    }
    let r = s.reduction.map(|r| format!(" R {r}")).unwrap_or_default();
    parts.push(format!("{} depth {}{r}", s.mode, s.depth));
    parts.join(", ")
}

fn render_position(report: &PositionReport, out: &mut dyn Write) -> io::Result<()> {
    let s = &report.search;
    let (mover, other) = match report.side_to_move {
        "white" => ("White", "Black"),
        _ => ("Black", "White"),
    };
    writeln!(
        out,
        "{}{}",
        report.fen,
        if report.flipped {
            "  (colour-flipped: Black had the pawn; White here is Black in the FEN given)"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "{} · every result and value from White's point of view (White has the pawn): \
         \"White wins\" or \"draw\"",
        report
            .leaf
            .clone()
            .filter(|l| l.starts_with("game over"))
            .unwrap_or_else(|| format!("{mover} to move"))
    )?;
    writeln!(
        out,
        "table: {}; with {other} to move instead: {}; mutual zugzwang: {}",
        report.wdl.for_white(),
        report
            .wdl_if_passed
            .map_or("illegal (Black would be in check)".to_owned(), |w| w
                .for_white()
                .to_owned()),
        if report.zugzwang { "yes" } else { "no" }
    )?;
    let pruning = if s.rule.is_some() {
        format!(
            ", probes {}, null cutoffs {}",
            count(s.null_probes),
            count(s.null_cutoffs)
        )
    } else {
        String::new()
    };
    writeln!(
        out,
        "search: {}: value {}, best {}, nodes {}{pruning}{}",
        search_settings(s),
        common::show_value(s.value),
        s.best_move.as_deref().unwrap_or("-"),
        count(s.nodes),
        if s.wrong { "  WRONG by the table" } else { "" }
    )?;
    if let Some(leaf) = &report.leaf {
        return writeln!(out, "{leaf}, no move to search");
    }
    writeln!(out, "{:<8} {:>8}  result after it", "move", "value")?;
    for m in &s.moves {
        writeln!(
            out,
            "{:<8} {:>8}  {}",
            m.mv,
            common::show_value(m.value),
            m.wdl.for_white()
        )?;
    }
    for c in s.cutoffs.iter().filter(|c| c.unsound) {
        writeln!(
            out,
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
        )?;
    }
    Ok(())
}

/// The document of `nullmove kpk stats`: the table's counts (how long it took to build is
/// shown in the table only).
#[derive(Debug, Serialize)]
pub struct StatsReport {
    /// The counts.
    #[serde(flatten)]
    pub stats: TableStats,
    /// How long the retrograde analysis took.
    #[serde(skip)]
    pub built: Duration,
}

fn stats() -> StatsReport {
    let start = Instant::now();
    let table = Table::build();
    let built = start.elapsed();
    StatsReport {
        stats: table.stats(),
        built,
    }
}

fn render_stats(r: &StatsReport, out: &mut dyn Write) -> io::Result<()> {
    let s = &r.stats;
    writeln!(
        out,
        "K+P vs K, solved by retrograde analysis in {:.1} ms",
        r.built.as_secs_f64() * 1e3
    )?;
    writeln!(out, "{:<24} {:>12} {:>12}", "", "full board", "files a-d")?;
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
        writeln!(out, "{name:<24} {:>12} {:>12}", count(full), count(half))?;
    }
    writeln!(out, "mutual zugzwangs: {}", count(s.mutual_zugzwangs))
}

/// The document of `nullmove kpk zugzwangs`.
#[derive(Debug, Serialize)]
pub struct ZugzwangList {
    /// How many.
    pub count: usize,
    /// Each as FEN, White to move.
    pub zugzwangs: Vec<String>,
}

fn zugzwangs() -> ZugzwangList {
    let table = Table::build();
    let list: Vec<String> = table.zugzwangs().map(|z| z.to_string()).collect();
    ZugzwangList {
        count: list.len(),
        zugzwangs: list,
    }
}

fn render_zugzwangs(z: &ZugzwangList, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{} mutual zugzwangs (White to move draws, Black to move loses):",
        count(z.count as u64)
    )?;
    for fen in &z.zugzwangs {
        writeln!(out, "{fen}")?;
    }
    Ok(())
}

/// The document of `nullmove kpk sweep`.
#[derive(Debug, Serialize)]
pub struct SweepReport {
    /// One row per configuration, evaluation, depth limit and R.
    pub rows: Vec<SweepRow>,
}

fn positions(args: &SweepArgs) -> Vec<Kpk> {
    if args.half_board {
        sweep::half_board_positions()
    } else {
        sweep::sweep_positions()
    }
}

fn evaluations(args: &SweepArgs) -> Vec<Evaluation> {
    match args.evaluation {
        Some(e) => vec![e.into()],
        None => vec![Evaluation::Exact, Evaluation::Heuristic],
    }
}

fn sweep_report(args: &SweepArgs, progress: &Progress) -> SweepReport {
    let table = Table::build();
    let (positions, evaluations) = (positions(args), evaluations(args));
    progress.set_len(sweep::work_items(&positions, &evaluations));
    let rows = sweep::sweep_with_progress(
        &table,
        &positions,
        &sweep::configurations(),
        &evaluations,
        args.depths.clone(),
        args.reductions.clone(),
        &|| progress.add(1),
    );
    SweepReport { rows }
}

fn render_sweep(report: &SweepReport, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
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
    )?;
    for r in &report.rows {
        writeln!(
            out,
            "{:<18} {:<9} {:>5} {:>2} {:>9} {:>11} {:>10} {:>10} {:>10} {:>12} {:>12}",
            r.configuration,
            r.evaluation.name(),
            r.depth,
            r.reduction,
            count(r.positions),
            count(r.wrong_plain),
            count(r.wrong_null),
            count(r.wrong_null_only),
            count(r.wrong_at_zugzwang),
            count(r.nodes_plain),
            count(r.nodes_null)
        )?;
    }
    Ok(())
}
