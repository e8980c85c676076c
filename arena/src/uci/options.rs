//! The engine's UCI options: the null-move configuration, the table's size, the time kept
//! for the way between engine and GUI, the selectivity beside null move (the check
//! extension, late-move reductions; off by default).

use std::time::Duration;

use nullmove_optimized::{DeepOptions, Guards, MAX_THREADS};

use crate::{DEFAULT_HASH_MIB, MAX_HASH_MIB};

/// The configuration the engine plays by default: standard null move, R 3 (the chess
/// commands' default).
pub const DEFAULT_CONFIGURATION: &str = "r3";

/// The default `Move Overhead` in milliseconds (Stockfish's).
pub const DEFAULT_OVERHEAD_MS: u64 = 10;

/// The most `Move Overhead` may be, in milliseconds.
const MAX_OVERHEAD_MS: u64 = 5000;

/// What the options set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// `NullMove`: the configuration searched under.
    pub guards: Guards,
    /// `Hash`: the table's size in MiB.
    pub hash_mib: u32,
    /// `Move Overhead`: time set aside from every move's share of the clock.
    pub overhead: Duration,
    /// `CheckExtension` and `LateMoveReductions`: the deep search's options.
    pub search: DeepOptions,
    /// `Threads`: the threads searching (Lazy SMP, one shared table).
    pub threads: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            guards: Guards::preset(DEFAULT_CONFIGURATION).expect("a preset"),
            hash_mib: DEFAULT_HASH_MIB,
            overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            search: DeepOptions::default(),
            threads: 1,
        }
    }
}

/// The `option` lines `uci` prints.
#[must_use]
pub fn declarations() -> Vec<String> {
    let names: Vec<&str> = Guards::presets().map(|(name, _)| name).collect();
    vec![
        format!(
            "option name NullMove type combo default {DEFAULT_CONFIGURATION} var {}",
            names.join(" var ")
        ),
        format!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"),
        format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max \
             {MAX_OVERHEAD_MS}"
        ),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        "option name CheckExtension type check default false".to_owned(),
        "option name LateMoveReductions type check default false".to_owned(),
    ]
}

impl Settings {
    /// Sets option `name` (case-insensitive, as UCI asks) to `value`; the reason in words
    /// when the option does not exist or the value does not fit it (nothing changes then).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        let need = |what: &str| format!("option {name:?} needs a value: {what}");
        match name.to_ascii_lowercase().as_str() {
            "nullmove" => {
                let v = value.ok_or_else(|| need("a configuration name"))?;
                self.guards = Guards::preset(v).map_err(|e| format!("NullMove: {e}"))?;
            }
            "hash" => {
                let v = value.ok_or_else(|| need("MiB"))?;
                self.hash_mib = bounded(v, 1, u64::from(MAX_HASH_MIB))
                    .map_err(|e| format!("Hash: {e}"))? as u32;
            }
            "move overhead" => {
                let v = value.ok_or_else(|| need("milliseconds"))?;
                let ms =
                    bounded(v, 0, MAX_OVERHEAD_MS).map_err(|e| format!("Move Overhead: {e}"))?;
                self.overhead = Duration::from_millis(ms);
            }
            "threads" => {
                let v = value.ok_or_else(|| need("a number of threads"))?;
                self.threads = bounded(v, 1, MAX_THREADS as u64)
                    .map_err(|e| format!("Threads: {e}"))? as usize;
            }
            "checkextension" => {
                let on = check(value).map_err(|e| format!("CheckExtension: {e}"))?;
                self.search = self.search.with_check_extension(on);
            }
            "latemovereductions" => {
                let on = check(value).map_err(|e| format!("LateMoveReductions: {e}"))?;
                self.search = self.search.with_late_move_reductions(on);
            }
            _ => {
                return Err(format!(
                    "no option {name:?} (the options are NullMove, Hash, Move Overhead, \
                     Threads, CheckExtension and LateMoveReductions)"
                ));
            }
        }
        Ok(())
    }
}

/// A `check` option's value: `true` or `false` (UCI's words, any case).
fn check(value: Option<&str>) -> Result<bool, String> {
    match value.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("{:?} is not true or false", value.unwrap_or(""))),
    }
}

/// A whole number in `lo..=hi`.
fn bounded(text: &str, lo: u64, hi: u64) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| format!("{text:?} is not a whole number in {lo}..={hi}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_set_and_refuse() {
        let mut s = Settings::default();
        s.set("NullMove", Some("none")).unwrap();
        assert!(!s.guards.null_move);
        s.set("hash", Some("64")).unwrap();
        s.set("Move Overhead", Some("0")).unwrap();
        assert_eq!((s.hash_mib, s.overhead), (64, Duration::ZERO));
        let before = s;
        assert!(
            s.set("NullMove", Some("r9"))
                .unwrap_err()
                .contains("none, r2")
        );
        assert!(s.set("Hash", Some("0")).unwrap_err().contains("1..=4096"));
        assert!(s.set("Hash", None).unwrap_err().contains("needs a value"));
        assert!(
            s.set("Ponder", Some("true"))
                .unwrap_err()
                .contains("no option \"Ponder\"")
        );
        assert!(s.set("Threads", Some("0")).unwrap_err().contains("1..=256"));
        assert_eq!(s, before);
    }

    #[test]
    fn the_selectivity_beside_null_move_is_off_until_set() {
        let mut s = Settings::default();
        assert_eq!(s.search, DeepOptions::default());
        s.set("CheckExtension", Some("true")).unwrap();
        s.set("latemovereductions", Some("TRUE")).unwrap();
        assert!(s.search.check_extension() && s.search.late_move_reductions());
        s.set("CheckExtension", Some("false")).unwrap();
        assert!(!s.search.check_extension() && s.search.late_move_reductions());
        let before = s;
        let refused = s.set("LateMoveReductions", Some("yes")).unwrap_err();
        assert!(refused.contains("not true or false"), "{refused}");
        assert!(s.set("CheckExtension", None).is_err());
        assert_eq!(s, before);
        s.set("Threads", Some("2")).unwrap();
        assert_eq!(s.threads, 2);
        let lines = declarations();
        assert!(
            lines
                .iter()
                .any(|l| l == "option name Threads type spin default 1 min 1 max 256")
        );
        assert!(
            lines
                .iter()
                .any(|l| l == "option name CheckExtension type check default false")
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("option name LateMoveReductions type check"))
        );
    }

    #[test]
    fn the_combo_lists_every_preset() {
        let lines = declarations();
        for (name, _) in Guards::presets() {
            assert!(lines[0].contains(&format!("var {name}")), "{name}");
        }
    }
}
