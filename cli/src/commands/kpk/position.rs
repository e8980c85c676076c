//! `nullmove kpk --fen`: one position searched and judged by the table, its results from
//! White's point of view; the flags that would change nothing refused.

use nullmove_core::Mode;
use nullmove_kpk::Kpk;
use nullmove_kpk::kpk_game::{Evaluation, NullRule};
use nullmove_optimized::Guards;

use super::{Args, RuleArg};
use crate::engine_args::ModeArg;
use crate::error::CliError;
use crate::guards::flags_given;
use crate::refusals::{idle_guards, nothing_to_do, refuse};
use nullmove_report::format::ChessGuards;
use nullmove_report::kpk::position::{KpkSearch, PositionReport, search};

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

pub(super) fn position(args: &Args) -> Result<PositionReport, CliError> {
    let Some(fen) = &args.fen else {
        return Err(CliError::msg(
            "give --fen FEN, or one of: stats, zugzwangs, sweep",
        ));
    };
    let parsed = Kpk::parse_fen(fen).map_err(|e| CliError::Message(format!("bad FEN: {e}")))?;
    let guards = args.guards.guards();
    check_flags(args, &guards)?;
    let mode = Mode::from(args.mode);
    let reduction = args.reduction.unwrap_or(0);
    Ok(search(
        &parsed,
        &KpkSearch {
            evaluation: Evaluation::from(args.evaluation),
            rule: NullRule::from(args.rule.unwrap_or(RuleArg::InCheck)),
            mode,
            depth: args.depth,
            reduction,
            config: args.guards.config(args.depth, reduction, mode),
            guards: ChessGuards(guards).to_string(),
        },
    ))
}
