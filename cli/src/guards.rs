//! The safeguards' flags: each flag sets one of the optimized engine's [`Guards`]; all off
//! is the page's search. `nullmove search` and `nullmove sweep` take [`GuardArgs`], in
//! tic-tac-toe's words; `nullmove kpk` takes [`ChessGuardArgs`], in chess's. Both share
//! [`DepthGuardArgs`], the guards that know nothing of the game.

use nullmove_core::{Engine, Mode, SearchParams};
use nullmove_optimized::games::tictactoe::GuardedEngine;
use nullmove_optimized::{Config, Guards, ReductionRule, Verification};

use crate::engine_args::EngineName;
use crate::error::CliError;
use crate::refusals::{idle_guards, nothing_to_do, refuse};
use nullmove_report::format::TicTacToeGuards;

/// The guards that read only depths and the search itself, the same in every game.
#[derive(Debug, Clone, clap::Args)]
#[allow(clippy::struct_excessive_bools)] // one flag per guard
pub struct DepthGuardArgs {
    /// Minimum probe depth: a probe must still search at least K real plies
    /// (depth + 1 + R + K <= depth limit); the page's rule is 0.
    #[arg(long, value_name = "K", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=9))]
    min_probe_depth: u32,
    /// Adaptive R (Heinz 1999): R with more than 6 plies left to the limit, R - 1 with
    /// fewer.
    #[arg(long, conflicts_with = "depth_r")]
    adaptive_r: bool,
    /// R growing with depth (Stockfish's shape): R plus a third of the plies left.
    #[arg(long)]
    depth_r: bool,
    /// Stockfish's evaluation term: R one ply more for every M by which the static
    /// evaluation passes the bound the probe must prove, at most three more (0: off).
    #[arg(long, value_name = "M", default_value_t = 0)]
    eval_r: u32,
    /// Probe only where the static evaluation already reaches the bound the probe must
    /// prove (at least beta for the maximizer, at most alpha for the minimizer).
    #[arg(long)]
    eval_gate: bool,
    /// Search the probe (and a verification) in the null window at that bound,
    /// (beta - 1, beta) or (alpha, alpha + 1), instead of the node's window.
    #[arg(long)]
    zero_window: bool,
    /// Pass only at nodes searched with a null window, beta - alpha = 1 (Stockfish: never on
    /// the principal variation); this alpha-beta has them inside zero-window probes.
    #[arg(long)]
    non_pv: bool,
    /// Verify a probe that failed high: none; stockfish:V (with at least V plies left,
    /// search the node at the probe's depth with null barred for the mover, cut only if
    /// that fails high too); tn (Tabibi–Netanyahu: search one ply shallower, re-search at
    /// full depth if that does not fail high); ordinary (the page's: search the node at full
    /// depth with plain alpha-beta, no pass anywhere in it, cut only if that fails high too).
    #[arg(long, value_name = "none|stockfish:V|tn|ordinary", default_value = "none",
          value_parser = parse_verification)]
    verify: Verification,
}

/// A verification, V capped as the depth limit is: a V at or above the search's own depth
/// limit is refused with the search ([`crate::refusals`]).
fn parse_verification(s: &str) -> Result<Verification, String> {
    let bad = || {
        format!(
            "verification {s:?}: expected none, stockfish:V (V in 1..={}), tn or ordinary",
            SearchParams::MAX
        )
    };
    match s.parse().map_err(|_| bad())? {
        Verification::Stockfish { min_remaining } if min_remaining > SearchParams::MAX => {
            Err(bad())
        }
        v => Ok(v),
    }
}

impl DepthGuardArgs {
    /// `guards` with these flags' guards set.
    fn set(&self, guards: Guards) -> Guards {
        let rule = match (self.adaptive_r, self.depth_r) {
            (true, _) => ReductionRule::Adaptive,
            (false, true) => ReductionRule::DepthScaled,
            (false, false) => ReductionRule::Fixed,
        };
        Guards {
            min_probe_depth: self.min_probe_depth,
            rule,
            eval_gate: self.eval_gate,
            eval_r: self.eval_r,
            zero_window: self.zero_window,
            non_pv: self.non_pv,
            verification: self.verify,
            ..guards
        }
    }
}

/// The flags that set `g`'s guards, in the command line's words, the endgame guard's flag
/// named `endgame` (each game words it its own way).
pub(crate) fn flags_given(g: &Guards, endgame: &'static str) -> Vec<&'static str> {
    [
        (g.min_probe_depth > 0, "--min-probe-depth"),
        (g.threat, "--threat-guard"),
        (g.min_material > 0, endgame),
        (g.rule == ReductionRule::Adaptive, "--adaptive-r"),
        (g.rule == ReductionRule::DepthScaled, "--depth-r"),
        (g.eval_r > 0, "--eval-r"),
        (g.eval_gate, "--eval-gate"),
        (g.zero_window, "--zero-window"),
        (g.non_pv, "--non-pv"),
        (g.verification != Verification::None, "--verify"),
    ]
    .into_iter()
    .filter_map(|(on, flag)| on.then_some(flag))
    .collect()
}

/// The guard flags in tic-tac-toe's words.
#[derive(Debug, Clone, clap::Args)]
pub struct GuardArgs {
    #[command(flatten)]
    depth: DepthGuardArgs,
    /// Threat guard: no pass when the side that would move next has two in a line with
    /// the third cell empty (tic-tac-toe's "no null move in check").
    #[arg(long)]
    threat_guard: bool,
    /// Endgame guard: no pass with fewer than M empty cells (0: off).
    #[arg(long, value_name = "M", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=9))]
    min_empty: u32,
}

impl GuardArgs {
    /// The guards the flags set (R is the search's).
    pub fn guards(&self) -> Guards {
        self.depth.set(Guards {
            threat: self.threat_guard,
            min_material: self.min_empty,
            ..Guards::unguarded(0)
        })
    }

    /// The flags given, in the command line's words.
    pub(crate) fn given(&self) -> Vec<&'static str> {
        flags_given(&self.guards(), "--min-empty")
    }

    /// Refuses the guards that cannot act on any search with depth limits up to `max_depth`
    /// and reductions up to `max_reduction` ([`idle_guards`]), and the endgame guard at one
    /// empty cell: a position with a move to make has one, so it never refuses a pass.
    pub fn refuse_idle(&self, max_depth: u32, max_reduction: u32) -> Result<(), CliError> {
        if self.min_empty == 1 {
            return Err(refuse(
                &["--min-empty"],
                "at 1: a position with a move to make has at least one empty cell, so it \
                 refuses no pass",
                "use 2 or more, or ",
            ));
        }
        idle_guards(&self.guards(), max_depth, max_reduction)
    }

    /// Refuses the guards that would change nothing in one search with `params`: every one
    /// in plain mode, else those of [`GuardArgs::refuse_idle`].
    pub fn refuse_idle_in(&self, params: &SearchParams) -> Result<(), CliError> {
        let given = self.given();
        if params.mode() == Mode::Plain && !given.is_empty() {
            return Err(nothing_to_do(
                &given,
                "with --mode plain: the guards restrain null-move probes, which plain \
                 alpha-beta never makes",
            ));
        }
        self.refuse_idle(params.depth_limit(), params.reduction())
    }

    /// The engine that searches: `name`'s when no guard is on; with guards, the optimized
    /// engine with them, and an error for any other engine (the guards exist only there:
    /// naive stays the page, the oracle does not prune).
    pub fn engine(&self, name: EngineName) -> Result<Chosen, CliError> {
        let guards = self.guards();
        if guards.is_unguarded() {
            return Ok(Chosen::Named(name.engine()));
        }
        if name != EngineName::Optimized {
            let given = self.given();
            return Err(CliError::Message(format!(
                "{} {} the optimized engine (use --engine optimized), not --engine {}",
                given.join(" "),
                if given.len() == 1 { "needs" } else { "need" },
                name.engine().name()
            )));
        }
        Ok(Chosen::Guarded(GuardedEngine::new(guards)))
    }
}

/// The engine a command searches with.
pub enum Chosen {
    /// An engine by name, no guard on.
    Named(&'static dyn Engine),
    /// The optimized engine with guards.
    Guarded(GuardedEngine),
}

impl Chosen {
    /// The engine.
    pub fn get(&self) -> &dyn Engine {
        match self {
            Self::Named(e) => *e,
            Self::Guarded(g) => g,
        }
    }

    /// The guards on, named in tic-tac-toe's words (`page` when none).
    pub fn guards(&self) -> TicTacToeGuards {
        TicTacToeGuards(match self {
            Self::Named(_) => Guards::unguarded(0),
            Self::Guarded(g) => g.guards,
        })
    }
}

/// The guard flags in chess's words (`nullmove kpk`): the threat guard is chess's "no null
/// move in check", the endgame guard its low-material rule.
#[derive(Debug, Clone, clap::Args)]
pub struct ChessGuardArgs {
    #[command(flatten)]
    depth: DepthGuardArgs,
    /// Threat guard, in chess: no null move in check (the article's first safeguard; with
    /// --rule page it adds what --rule in-check does).
    #[arg(long)]
    threat_guard: bool,
    /// Endgame guard, in chess: no null move without non-pawn material (the article's
    /// low-material rule, Stockfish's); K+P vs K has none, so no null move at all.
    #[arg(long)]
    no_null_without_pieces: bool,
}

impl ChessGuardArgs {
    /// The guards the flags set (R is the search's); the endgame guard asks for one unit of
    /// non-pawn material.
    pub fn guards(&self) -> Guards {
        self.depth.set(Guards {
            threat: self.threat_guard,
            min_material: u32::from(self.no_null_without_pieces),
            ..Guards::unguarded(0)
        })
    }

    /// The search's configuration: null move at R with these guards, or plain alpha-beta.
    pub fn config(&self, depth_limit: u32, reduction: u32, mode: Mode) -> Config {
        let guards = match mode {
            Mode::Null => self.guards().with_reduction(reduction),
            Mode::Plain => Guards::NO_NULL_MOVE,
        };
        Config::new(depth_limit).with_guards(guards)
    }
}
