//! `nullmove kpk --fen`: one position searched and judged by the table, its results from
//! White's point of view; the flags that would change nothing refused.

use nullmove_core::{Mode, NoSink};
use nullmove_kpk::kpk_game::{Evaluation, NullRule};
use nullmove_kpk::sweep::{self};
use nullmove_kpk::{Kpk, Side, Table};
use nullmove_optimized::{Bound, Guards};

use super::{Args, RuleArg};
use crate::engine_args::ModeArg;
use crate::error::CliError;
use crate::guards::flags_given;
use crate::refusals::{idle_guards, nothing_to_do, refuse};
use nullmove_report::kpk::position::{MoveReport, PositionReport, SearchReport};

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

pub(super) fn position(args: &Args) -> Result<PositionReport, CliError> {
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
    let config = args.guards.config(args.depth, reduction, mode);
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
    })
}
