//! The safeguards' flags (issue 5), shared by `nullmove search` and `nullmove sweep`: each
//! flag sets one of the optimized engine's [`Guards`]; all off is the page's search.

use nullmove_core::Engine;
use nullmove_optimized::{GuardedEngine, Guards, Verification};

use crate::common::{CliError, EngineName};

/// The guard flags.
#[derive(Debug, Clone, clap::Args)]
pub struct GuardArgs {
    /// Minimum probe depth: a probe must still search at least K real plies
    /// (depth + 1 + R + K <= depth limit); the page's rule is 0.
    #[arg(long, value_name = "K", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=9))]
    min_probe_depth: u32,
    /// Threat guard: no pass when the side that would move next has two in a line with
    /// the third cell empty (tic-tac-toe's "no null move in check").
    #[arg(long)]
    threat_guard: bool,
    /// Endgame guard: no pass with fewer than M empty cells (0: off).
    #[arg(long, value_name = "M", default_value_t = 0,
          value_parser = clap::value_parser!(u32).range(0..=9))]
    min_empty: u32,
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

impl GuardArgs {
    /// The guards the flags set.
    pub fn guards(&self) -> Guards {
        Guards {
            min_probe_depth: self.min_probe_depth,
            threat: self.threat_guard,
            min_material: self.min_empty,
            adaptive_r: self.adaptive_r,
            verification: self.verify,
        }
    }

    /// The flags given, in the command line's words.
    fn given(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.min_probe_depth > 0 {
            v.push("--min-probe-depth");
        }
        if self.threat_guard {
            v.push("--threat-guard");
        }
        if self.min_empty > 0 {
            v.push("--min-empty");
        }
        if self.adaptive_r {
            v.push("--adaptive-r");
        }
        if self.verify != Verification::None {
            v.push("--verify");
        }
        v
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
