//! `nullmove kpk --fen`'s document: one position searched and judged by the table, its
//! results from White's point of view, and its table.

use std::io::{self, Write};

use nullmove_core::{Mode, NoSink, Value};
use nullmove_kpk::kpk_game::{Evaluation, NullRule};
use nullmove_kpk::sweep::{self, Cutoff};
use nullmove_kpk::{Kpk, ParsedFen, Side, Table, Wdl};
use nullmove_numbers::counted;
use nullmove_optimized::{Bound, Config};
use serde::Serialize;

use crate::format;

/// One root move of a searched position.
#[derive(Debug, Serialize)]
pub struct MoveReport {
    /// The move, UCI.
    #[serde(rename = "move")]
    pub mv: String,
    /// What its child returned, from White's point of view.
    pub value: Value,
    /// `exact`, or `upper` (the move is worth at most `value` to White: it failed low, or
    /// a null-move cutoff below it said so) or `lower` (at least `value`).
    pub bound: &'static str,
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

/// How the search was set up, in the command line's words: `null move, depth limit 3, R
/// 1, rule in-check, guards none, exact evaluation at the limit`.
fn search_settings(s: &SearchReport) -> String {
    let mut parts = match s.reduction {
        Some(r) => vec![format!("null move, depth limit {}, R {r}", s.depth)],
        None => vec![format!("plain alpha-beta, depth limit {}", s.depth)],
    };
    if let Some(rule) = s.rule {
        // The `--rule` value that chose it.
        parts.push(format!("rule {}", rule.name().replace('_', "-")));
    }
    if let Some(guards) = &s.guards {
        parts.push(format!("guards {guards}"));
    }
    parts.push(format!("{} evaluation at the limit", s.evaluation.name()));
    parts.join(", ")
}

/// The position, whose move it is and the point of view, and the table's results.
fn render_heading(report: &PositionReport, out: &mut dyn Write) -> io::Result<()> {
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
    )
}

/// The position, each search's settings and result, every root move beside the verdict.
pub fn render_position(report: &PositionReport, out: &mut dyn Write) -> io::Result<()> {
    render_heading(report, out)?;
    let s = &report.search;
    let pruning = if s.rule.is_some() {
        format!(
            ", {}, {}",
            counted(s.null_probes, "probe", "probes"),
            counted(s.null_cutoffs, "null cutoff", "null cutoffs")
        )
    } else {
        String::new()
    };
    writeln!(
        out,
        "search: {}\n  value {}, best move {}, {}{pruning}{}",
        search_settings(s),
        format::show_value(s.value),
        s.best_move.as_deref().unwrap_or("-"),
        counted(s.nodes, "node", "nodes"),
        if s.wrong { "; WRONG by the table" } else { "" }
    )?;
    if let Some(leaf) = &report.leaf {
        return writeln!(out, "{leaf}, no move to search");
    }
    writeln!(
        out,
        "{:<8} {:>8}  {:<16}  result after it",
        "move", "value", "bound"
    )?;
    for m in &s.moves {
        // As `search` marks a move that failed low: its value only bounds the move's.
        let bound = match m.bound {
            "upper" => "bound: at most",
            "lower" => "bound: at least",
            _ => "",
        };
        writeln!(
            out,
            "{:<8} {:>8}  {bound:<16}  {}",
            m.mv,
            format::show_value(m.value),
            m.wdl.for_white()
        )?;
    }
    for c in s.cutoffs.iter().filter(|c| c.unsound) {
        writeln!(
            out,
            "unsound null cutoff at depth {}: {} returned {} but plain search gives {}{}",
            c.depth,
            c.node,
            format::show_value(c.bound),
            format::show_value(c.plain_value),
            if c.zugzwang {
                " (a mutual zugzwang)"
            } else {
                ""
            }
        )?;
    }
    Ok(())
}

/// How one K+P vs K position is searched: what the search sees at its depth limit, the
/// chess rule on passing, the mode, the depth limit and R, the searcher's configuration and
/// the guards in the command line's words.
#[derive(Debug, Clone)]
pub struct KpkSearch {
    /// What the search sees at its depth limit.
    pub evaluation: Evaluation,
    /// The chess rule on passing.
    pub rule: NullRule,
    /// Plain or null.
    pub mode: Mode,
    /// The depth limit.
    pub depth: u32,
    /// R (null mode only).
    pub reduction: u32,
    /// The searcher's configuration.
    pub config: Config,
    /// The guards on, in the command line's words.
    pub guards: String,
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

/// Searches `parsed`'s position as `how` says and judges it by the exact table.
#[must_use]
pub fn search(parsed: &ParsedFen, how: &KpkSearch) -> PositionReport {
    let p = parsed.position;
    let table = Table::build();
    let KpkSearch {
        evaluation,
        rule,
        mode,
        depth,
        reduction,
        config,
        ..
    } = *how;
    let result = sweep::search(&table, &p, evaluation, rule, config, &mut NoSink);
    let null = mode == Mode::Null;
    let cutoffs = if null {
        sweep::trace_cutoffs(&table, &p, evaluation, rule, config)
    } else {
        Vec::new()
    };
    PositionReport {
        fen: p.to_string(),
        flipped: parsed.flipped,
        point_of_view: "white",
        side_to_move: match p.side_to_move() {
            Side::White => "white",
            Side::Black => "black",
        },
        leaf: leaf_reason(p, depth),
        wdl: table.wdl(&p),
        wdl_if_passed: p.with_other_side_to_move().map(|q| table.wdl(&q)),
        zugzwang: table.is_zugzwang(&p),
        search: SearchReport {
            evaluation,
            rule: null.then_some(rule),
            guards: null.then(|| how.guards.clone()),
            mode,
            depth,
            reduction: null.then_some(reduction),
            value: result.value,
            best_move: result.best_move.map(|m| m.to_string()),
            nodes: result.stats.nodes,
            null_probes: result.stats.null_probes,
            null_cutoffs: result.stats.null_cutoffs,
            moves: result
                .root_moves()
                .iter()
                .map(|m| MoveReport {
                    mv: m.mv.to_string(),
                    value: m.value,
                    bound: match m.bound {
                        Bound::Exact => "exact",
                        Bound::Upper => "upper",
                        Bound::Lower => "lower",
                    },
                    wdl: table.successor_wdl(&p.play(m.mv)),
                })
                .collect(),
            wrong: sweep::is_wrong(&table, &p, evaluation, &result),
            cutoffs,
        },
    }
}
