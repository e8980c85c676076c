//! Flags that would change nothing are refused, not echoed: one place that says why, in one
//! line, for every command.

use nullmove_optimized::{Guards, ReductionRule, Verification};

use crate::engine_args::EngineName;
use crate::error::CliError;
use nullmove_report::format::and_list;

/// `flags` refused because they change nothing `why`.
#[must_use]
pub fn nothing_to_do(flags: &[&str], why: &str) -> CliError {
    refuse(flags, why, "")
}

/// [`nothing_to_do`] with another remedy than leaving the flags out, offered first
/// (`"use a smaller V, or "`).
#[must_use]
pub fn refuse(flags: &[&str], why: &str, remedy: &str) -> CliError {
    let (verb, them) = if flags.len() == 1 {
        ("changes", "it")
    } else {
        ("change", "them")
    };
    CliError::Message(format!(
        "{} {verb} nothing {why} ({remedy}leave {them} out)",
        and_list(flags)
    ))
}

/// The guards among `guards` that cannot act on any search with depth limits up to
/// `max_depth` and reductions up to `max_reduction`: adaptive R when every R is 0 (one ply
/// less than 0 is still 0), the growing R when no node that probes has three plies left
/// (a third of two is 0), Stockfish's verification when V is at least the depth limit (no
/// node that probes has V plies left).
pub fn idle_guards(guards: &Guards, max_depth: u32, max_reduction: u32) -> Result<(), CliError> {
    if guards.rule == ReductionRule::Adaptive && max_reduction == 0 {
        return Err(nothing_to_do(
            &["--adaptive-r"],
            "with R 0: it reduces by one ply less near the horizon, and R 0 stays 0",
        ));
    }
    // A node that probes is below the root: at most `max_depth - 1` plies left.
    if guards.rule == ReductionRule::DepthScaled && max_depth < 4 {
        return Err(refuse(
            &["--depth-r"],
            &format!(
                "at depth limit {max_depth}: it adds a third of the plies left to R, and a node \
                 that probes has at most {} left, a third of which is 0",
                max_depth.saturating_sub(1)
            ),
            "use a depth limit of at least 4, or ",
        ));
    }
    if let Verification::Stockfish { min_remaining } = guards.verification
        && min_remaining >= max_depth
    {
        return Err(refuse(
            &["--verify"],
            &format!(
                "with stockfish:{min_remaining} at depth limit {max_depth}: it verifies only \
                     with {min_remaining} plies left, and a node that probes has at most {}",
                max_depth.saturating_sub(1)
            ),
            "use a smaller V, or ",
        ));
    }
    Ok(())
}

/// The engine behind `name`, refused when it is the oracle, which searches without a window
/// or null move and so has no `what` (probes, events) to show.
pub fn null_move_engine(
    name: EngineName,
    what: &str,
) -> Result<&'static dyn nullmove_core::Engine, CliError> {
    if name == EngineName::Oracle {
        return Err(CliError::Message(format!(
            "the oracle searches without a window or null move, so it has no {what}; use \
             --engine optimized or naive"
        )));
    }
    Ok(name.engine())
}
