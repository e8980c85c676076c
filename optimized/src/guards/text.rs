//! The guards in words: every guard's name, the presets' names, and `Display`/`FromStr`
//! for both, so that one name means one search on the command line, in tables and in code.

use std::fmt;
use std::str::FromStr;

use super::guard_set::PRESETS;
use super::{Guards, ReductionRule, Verification};

/// Why a guards description was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuardError {
    /// Not one of the four forms of a verification.
    Verification(String),
    /// Neither a preset, `r=R` nor `unguarded-r=R` where a description starts.
    Start(String),
    /// A part that names no guard, or a bad number in one.
    Part(String),
    /// The same guard twice, or two reduction rules.
    Twice(String),
    /// Guards after `none`, which never passes.
    NoNullMove(String),
    /// Guards after `unguarded-r=R`, which says there are none.
    Unguarded(String),
}

impl fmt::Display for GuardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Verification(v) => write!(
                f,
                "verification {v:?}: expected none, stockfish:V (V at least 1), tn or ordinary"
            ),
            Self::Start(s) => write!(
                f,
                "guards {s:?}: start with a preset (none, r2, r3, adaptive, verified, stockfish, \
                 npm), r=R or unguarded-r=R"
            ),
            Self::Part(p) => write!(
                f,
                "guard {p:?}: expected min-probe-depth=K, min-depth=D (D at least 2), \
                 threat-guard, min-material=M, \
                 adaptive-r, depth-r, eval-r=M, eval-gate, zero-window, non-pv, probe-checks or \
                 verify=none|stockfish:V|tn"
            ),
            Self::Twice(g) => write!(
                f,
                "guard {g:?} given twice (or with another reduction rule)"
            ),
            Self::NoNullMove(g) => write!(f, "none has no null move to guard: {g:?}"),
            Self::Unguarded(g) => write!(
                f,
                "unguarded-r=R takes no guard (start with r=R to add some): {g:?}"
            ),
        }
    }
}

impl std::error::Error for GuardError {}

/// Why a configuration name was refused: it names none of the presets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresetError(pub String);

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown configuration {:?}: expected one of none, r2, r3, adaptive, verified, \
             stockfish, npm",
            self.0
        )
    }
}

impl std::error::Error for PresetError {}

impl fmt::Display for Verification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::None => f.write_str("none"),
            Self::Stockfish { min_remaining } => write!(f, "stockfish:{min_remaining}"),
            Self::TabibiNetanyahu => f.write_str("tn"),
            Self::Ordinary => f.write_str("ordinary"),
        }
    }
}

impl FromStr for Verification {
    type Err = GuardError;

    /// `none`, `stockfish:V` (V at least 1), `tn` or `ordinary` (the page's).
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::Verification;
    /// assert_eq!("stockfish:3".parse(), Ok(Verification::Stockfish { min_remaining: 3 }));
    /// assert_eq!("stockfish:16".parse(), Ok(Verification::Stockfish { min_remaining: 16 }));
    /// assert_eq!("tn".parse(), Ok(Verification::TabibiNetanyahu));
    /// assert_eq!("ordinary".parse(), Ok(Verification::Ordinary));
    /// assert!("stockfish:0".parse::<Verification>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || GuardError::Verification(s.to_owned());
        match s {
            "none" => Ok(Self::None),
            "tn" => Ok(Self::TabibiNetanyahu),
            "ordinary" => Ok(Self::Ordinary),
            _ => {
                let v = s.strip_prefix("stockfish:").ok_or_else(bad)?;
                match v.parse() {
                    Ok(min_remaining) if min_remaining >= 1 => {
                        Ok(Self::Stockfish { min_remaining })
                    }
                    _ => Err(bad()),
                }
            }
        }
    }
}

impl Guards {
    /// The guards on, each in its description's words, without R: `min-probe-depth=1`,
    /// `min-depth=2`, `threat-guard`, `min-material=5`, `adaptive-r`, `depth-r`, `eval-r=100`,
    /// `eval-gate`, `zero-window`, `non-pv`, `probe-checks`, `verify=tn`.
    #[must_use]
    pub fn guard_names(&self) -> Vec<String> {
        let mut parts = Vec::new();
        if self.min_probe_depth > 0 {
            parts.push(format!("min-probe-depth={}", self.min_probe_depth));
        }
        if self.min_depth > 0 {
            parts.push(format!("min-depth={}", self.min_depth));
        }
        if self.threat {
            parts.push("threat-guard".to_owned());
        }
        if self.min_material > 0 {
            parts.push(format!("min-material={}", self.min_material));
        }
        match self.rule {
            ReductionRule::Fixed => {}
            ReductionRule::Adaptive => parts.push("adaptive-r".to_owned()),
            ReductionRule::DepthScaled => parts.push("depth-r".to_owned()),
        }
        if self.eval_r > 0 {
            parts.push(format!("eval-r={}", self.eval_r));
        }
        if self.eval_gate {
            parts.push("eval-gate".to_owned());
        }
        if self.zero_window {
            parts.push("zero-window".to_owned());
        }
        if self.non_pv {
            parts.push("non-pv".to_owned());
        }
        if self.probe_checks {
            parts.push("probe-checks".to_owned());
        }
        if self.verification != Verification::None {
            parts.push(format!("verify={}", self.verification));
        }
        parts
    }

    /// Turns on the guard `part` names (one of [`Guards::guard_names`]' words).
    fn set(&mut self, part: &str) -> Result<(), GuardError> {
        let bad = || GuardError::Part(part.to_owned());
        let twice = || GuardError::Twice(part.to_owned());
        let number = |v: &str| v.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(bad);
        let (name, value) = part.split_once('=').unwrap_or((part, ""));
        let fresh = match (name, value) {
            ("min-probe-depth", v) => {
                let k = number(v)?;
                std::mem::replace(&mut self.min_probe_depth, k) == 0
            }
            ("min-depth", v) => {
                // One ply or fewer is every node: a guard that changes nothing is refused.
                let d = number(v).ok().filter(|&d| d >= 2).ok_or_else(bad)?;
                std::mem::replace(&mut self.min_depth, d) == 0
            }
            ("threat-guard", "") => !std::mem::replace(&mut self.threat, true),
            ("min-material", v) => {
                let m = number(v)?;
                std::mem::replace(&mut self.min_material, m) == 0
            }
            ("adaptive-r", "") => {
                std::mem::replace(&mut self.rule, ReductionRule::Adaptive) == ReductionRule::Fixed
            }
            ("depth-r", "") => {
                std::mem::replace(&mut self.rule, ReductionRule::DepthScaled)
                    == ReductionRule::Fixed
            }
            ("eval-r", v) => {
                let m = number(v)?;
                std::mem::replace(&mut self.eval_r, m) == 0
            }
            ("eval-gate", "") => !std::mem::replace(&mut self.eval_gate, true),
            ("zero-window", "") => !std::mem::replace(&mut self.zero_window, true),
            ("non-pv", "") => !std::mem::replace(&mut self.non_pv, true),
            ("probe-checks", "") => !std::mem::replace(&mut self.probe_checks, true),
            ("verify", v) => {
                let verification: Verification = v.parse()?;
                std::mem::replace(&mut self.verification, verification) == Verification::None
            }
            _ => return Err(bad()),
        };
        if fresh { Ok(()) } else { Err(twice()) }
    }
}

impl fmt::Display for Guards {
    /// The preset's name (`none`, `r2`, ..., `npm`); null move with no guard at all as
    /// `unguarded-r=R` (so that it never reads like the preset `r2`, which has the threat
    /// guard); otherwise `r=R` followed by the guards on, joined by `+`
    /// (`r=1+min-probe-depth=1+threat-guard`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.preset_name() {
            return f.write_str(name);
        }
        if self.is_unguarded() {
            return write!(f, "unguarded-r={}", self.reduction);
        }
        write!(f, "r={}", self.reduction)?;
        for part in self.guard_names() {
            write!(f, "+{part}")?;
        }
        Ok(())
    }
}

impl Guards {
    /// The preset named `name`, and nothing else (no guards added): where a command
    /// compares named configurations, as the chess suites' tables do.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::Guards;
    /// assert_eq!(Guards::preset("verified"), Ok(Guards::VERIFIED));
    /// assert!(Guards::preset("r4").is_err());
    /// assert!(Guards::preset("r3+zero-window").is_err());
    /// ```
    pub fn preset(name: &str) -> Result<Self, PresetError> {
        PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, g)| *g)
            .ok_or_else(|| PresetError(name.to_owned()))
    }
}

impl FromStr for Guards {
    type Err = GuardError;

    /// A preset's name or `r=R`, optionally followed by guards joined by `+`, each at most
    /// once (the form [`Guards`]' `Display` writes), or `unguarded-r=R` alone.
    ///
    /// # Example
    /// ```
    /// use nullmove_optimized::Guards;
    /// assert_eq!("stockfish".parse(), Ok(Guards::STOCKFISH));
    /// assert_eq!("r=3+threat-guard".parse(), Ok(Guards::R3));
    /// assert_eq!("unguarded-r=3".parse(), Ok(Guards::unguarded(3)));
    /// assert_eq!("r=3".parse(), Ok(Guards::unguarded(3)));
    /// let g: Guards = "r3+zero-window".parse().unwrap();
    /// assert_eq!(g, Guards { zero_window: true, ..Guards::R3 });
    /// assert_eq!(g.to_string(), "r=3+threat-guard+zero-window");
    /// assert!("r3+r3".parse::<Guards>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.split('+').peekable();
        let start = parts.next().unwrap_or_default();
        if let Some(r) = start.strip_prefix("unguarded-r=") {
            let r = r.parse().map_err(|_| GuardError::Start(s.to_owned()))?;
            if parts.peek().is_some() {
                return Err(GuardError::Unguarded(s.to_owned()));
            }
            return Ok(Self::unguarded(r));
        }
        let mut guards = if let Some(r) = start.strip_prefix("r=") {
            Self::unguarded(r.parse().map_err(|_| GuardError::Start(s.to_owned()))?)
        } else {
            Self::preset(start).map_err(|_| GuardError::Start(s.to_owned()))?
        };
        for part in parts {
            if !guards.null_move {
                return Err(GuardError::NoNullMove(s.to_owned()));
            }
            guards.set(part)?;
        }
        Ok(guards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nullmove_core::Value;

    #[test]
    fn presets_round_trip_through_their_names() {
        for (name, g) in Guards::presets() {
            assert_eq!(g.to_string(), name);
            assert_eq!(name.parse::<Guards>(), Ok(g));
            assert_eq!(g.to_string().parse::<Guards>(), Ok(g));
        }
        let names: Vec<&str> = Guards::presets().map(|(n, _)| n).collect();
        assert_eq!(
            names,
            [
                "none",
                "r2",
                "r3",
                "adaptive",
                "verified",
                "stockfish",
                "npm"
            ]
        );
    }

    #[test]
    fn composed_guards_round_trip() {
        let g = Guards {
            min_probe_depth: 2,
            min_depth: 3,
            threat: true,
            min_material: 4,
            rule: ReductionRule::Adaptive,
            eval_gate: true,
            eval_r: 50,
            zero_window: true,
            non_pv: true,
            probe_checks: true,
            verification: Verification::Stockfish { min_remaining: 12 },
            ..Guards::unguarded(1)
        };
        let text = g.to_string();
        assert_eq!(
            text,
            "r=1+min-probe-depth=2+min-depth=3+threat-guard+min-material=4+adaptive-r+eval-r=50+eval-gate+zero-window+non-pv+probe-checks+verify=stockfish:12"
        );
        assert_eq!(text.parse(), Ok(g));
        for r in [0, 2, 3] {
            let bare = Guards::unguarded(r);
            assert_eq!(bare.to_string(), format!("unguarded-r={r}"));
            assert_eq!(bare.to_string().parse(), Ok(bare));
        }
    }

    #[test]
    fn bad_descriptions_are_refused_with_the_reason() {
        let err = |s: &str| s.parse::<Guards>().unwrap_err();
        assert_eq!(err("r9x"), GuardError::Start("r9x".into()));
        assert_eq!(err("r=x"), GuardError::Start("r=x".into()));
        assert_eq!(err("r2+threat"), GuardError::Part("threat".into()));
        assert_eq!(err("r2+eval-r=0"), GuardError::Part("eval-r=0".into()));
        assert_eq!(err("stockfish+non-pv"), GuardError::Twice("non-pv".into()));
        assert_eq!(
            err("stockfish+probe-checks"),
            GuardError::Twice("probe-checks".into())
        );
        assert_eq!(
            err("r2+threat-guard"),
            GuardError::Twice("threat-guard".into())
        );
        assert_eq!(err("adaptive+depth-r"), GuardError::Twice("depth-r".into()));
        assert_eq!(
            err("r=1+min-probe-depth=0"),
            GuardError::Part("min-probe-depth=0".into())
        );
        for d in ["0", "1", "x"] {
            let part = format!("min-depth={d}");
            assert_eq!(err(&format!("r3+{part}")), GuardError::Part(part));
        }
        assert_eq!(
            err("r3+min-depth=2+min-depth=3"),
            GuardError::Twice("min-depth=3".into())
        );
        assert_eq!(
            err("none+zero-window"),
            GuardError::NoNullMove("none+zero-window".into())
        );
        assert!(matches!(err("r=1+verify=x"), GuardError::Verification(_)));
        assert_eq!(err(""), GuardError::Start(String::new()));
        assert_eq!(
            err("unguarded-r=2+zero-window"),
            GuardError::Unguarded("unguarded-r=2+zero-window".into())
        );
        assert_eq!(
            err("unguarded-r=x"),
            GuardError::Start("unguarded-r=x".into())
        );
    }

    #[test]
    fn predicates_never_overflow() {
        let huge = Guards {
            min_probe_depth: u32::MAX,
            rule: ReductionRule::DepthScaled,
            ..Guards::unguarded(u32::MAX)
        };
        assert!(!huge.probe_deep_enough(u32::MAX, u32::MAX));
        assert_eq!(huge.reduction(u32::MAX, 0), u32::MAX);
        let eval_r = Guards { eval_r: 1, ..huge };
        assert_eq!(eval_r.reduction(u32::MAX, Value::MAX), u32::MAX);
        assert!(Guards::unguarded(0).probe_deep_enough(5, 1));
        let k1 = Guards {
            min_probe_depth: 1,
            ..Guards::unguarded(0)
        };
        assert!(k1.probe_deep_enough(0, 2) && !k1.probe_deep_enough(1, 2));
    }
}
