//! The safeguards' flags (issue 5): each flag sets one of the optimized engine's [`Guards`];
//! all off is the page's search. `nullmove search` and `nullmove sweep` take [`GuardArgs`],
//! in tic-tac-toe's words; `nullmove kpk` takes [`ChessGuardArgs`], in chess's. Both share
//! [`DepthGuardArgs`], the guards that know nothing of the game.

use nullmove_core::Engine;
use nullmove_optimized::{GuardedEngine, Guards, Verification};

use crate::common::{CliError, EngineName};

/// The guards that read only depths and the search itself, the same in every game.
#[derive(Debug, Clone, clap::Args)]
pub struct DepthGuardArgs {
    /// Minimum probe depth: a probe must still search at least K real plies
    /// (depth + 1 + R + K <= depth limit); the page's rule is 0.
    #[arg(long, value_name = "K", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=9))]
    min_probe_depth: u32,
    /// Adaptive R (Heinz 1999): R with more than 6 plies left to the limit, R - 1 with
    /// fewer.
    #[arg(long)]
    adaptive_r: bool,
    /// Verify a probe that failed high: none; stockfish:V (with at least V plies left,
    /// search the node at the probe's depth with null barred for the mover, cut only if
    /// that fails high too); tn (Tabibi–Netanyahu: search one ply shallower, re-search at
    /// full depth if that does not fail high).
    #[arg(long, value_name = "none|stockfish:V|tn", default_value = "none",
          value_parser = parse_verification)]
    verify: Verification,
}

fn parse_verification(s: &str) -> Result<Verification, String> {
    s.parse()
        .map_err(|e: nullmove_optimized::GuardError| e.to_string())
}

impl DepthGuardArgs {
    /// `guards` with these flags' guards set.
    fn set(&self, guards: Guards) -> Guards {
        Guards {
            min_probe_depth: self.min_probe_depth,
            adaptive_r: self.adaptive_r,
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
        (g.adaptive_r, "--adaptive-r"),
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
    /// The guards the flags set.
    pub fn guards(&self) -> Guards {
        self.depth.set(Guards {
            threat: self.threat_guard,
            min_material: self.min_empty,
            ..Guards::PAGE
        })
    }

    /// The flags given, in the command line's words.
    pub(crate) fn given(&self) -> Vec<&'static str> {
        flags_given(&self.guards(), "--min-empty")
    }

    /// The engine that searches: `name`'s when no guard is on; with guards, the optimized
    /// engine with them, and an error for any other engine (the guards exist only there:
    /// naive stays the page, the oracle does not prune).
    pub fn engine(&self, name: EngineName) -> Result<Chosen, CliError> {
        let guards = self.guards();
        if guards.is_page() {
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

    /// The guards on (`page` when none).
    pub fn guards(&self) -> Guards {
        match self {
            Self::Named(_) => Guards::PAGE,
            Self::Guarded(g) => g.guards,
        }
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
    /// The guards the flags set; the endgame guard asks for one unit of non-pawn material.
    pub fn guards(&self) -> Guards {
        self.depth.set(Guards {
            threat: self.threat_guard,
            min_material: u32::from(self.no_null_without_pieces),
            ..Guards::PAGE
        })
    }

    /// The guards on, in this command's words joined by `+`
    /// (`min-probe-depth=1+no-null-without-pieces`), `none` when none.
    pub fn describe(&self) -> String {
        let g = self.guards();
        let parts: Vec<String> = [
            (
                g.min_probe_depth > 0,
                format!("min-probe-depth={}", g.min_probe_depth),
            ),
            (g.threat, "threat-guard".to_owned()),
            (g.min_material > 0, "no-null-without-pieces".to_owned()),
            (g.adaptive_r, "adaptive-r".to_owned()),
            (
                g.verification != Verification::None,
                format!("verify={}", g.verification),
            ),
        ]
        .into_iter()
        .filter_map(|(on, part)| on.then_some(part))
        .collect();
        if parts.is_empty() {
            "none".to_owned()
        } else {
            parts.join("+")
        }
    }
}
