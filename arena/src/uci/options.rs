//! The engine's UCI options: the null-move configuration, the table's size, the time kept
//! for the way between engine and GUI, the selectivity beside null move (the check
//! extension, late-move reductions; off by default), the threads, and what a GUI or an
//! analyst asks for (several lines, Chess960, pondering). Every spin states its range; a
//! value outside it is refused with the range in words, and the engine goes on.

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

/// The most lines `MultiPV` asks for (Stockfish's limit is 500; a chess position has at
/// most 218 legal moves).
pub const MAX_MULTI_PV: u64 = 256;

/// What the options set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// `NullMove`: the configuration searched under, with `NullMinDepth`'s minimum depth.
    pub guards: Guards,
    /// `NullMinDepth`: no pass with fewer plies left (1: wherever the configuration
    /// passes; [`Guards::min_depth`]).
    pub null_min_depth: u32,
    /// `Hash`: the table's size in MiB.
    pub hash_mib: u32,
    /// `Move Overhead`: time set aside from every move's share of the clock.
    pub overhead: Duration,
    /// `CheckExtension` and `LateMoveReductions`: the deep search's options.
    pub search: DeepOptions,
    /// `Threads`: the threads searching (Lazy SMP, one shared table).
    pub threads: usize,
    /// `MultiPV`: the lines each iteration reports.
    pub multi_pv: u32,
    /// `UCI_Chess960`: castling written king-takes-rook, FENs with rook files.
    pub chess960: bool,
    /// `Ponder`: the GUI says it may send `go ponder` (the engine ponders whenever asked).
    pub ponder: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            guards: Guards::preset(DEFAULT_CONFIGURATION).expect("a preset"),
            null_min_depth: 1,
            hash_mib: DEFAULT_HASH_MIB,
            overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            search: DeepOptions::default(),
            threads: 1,
            multi_pv: 1,
            chess960: false,
            ponder: false,
        }
    }
}

/// The `option` lines `uci` prints.
#[must_use]
pub fn declarations() -> Vec<String> {
    let names: Vec<&str> = Guards::presets().map(|(name, _)| name).collect();
    [
        format!(
            "option name NullMove type combo default {DEFAULT_CONFIGURATION} var {}",
            names.join(" var ")
        ),
        format!("option name NullMinDepth type spin default 1 min 1 max {MAX_NULL_MIN_DEPTH}"),
        format!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"),
        format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max \
             {MAX_OVERHEAD_MS}"
        ),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
    ]
    .into_iter()
    .chain(
        SEARCH_STEPS
            .iter()
            .map(|(name, _)| format!("option name {name} type check default false")),
    )
    .chain([
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"),
        "option name Ponder type check default false".to_owned(),
        "option name UCI_Chess960 type check default false".to_owned(),
    ])
    .collect()
}

/// Every option's name, in `uci`'s order, as a sentence lists them (`A, B and C`).
fn option_names() -> String {
    let names: Vec<String> = declarations()
        .iter()
        .filter_map(|d| {
            let rest = d.strip_prefix("option name ")?;
            Some(rest.split_once(" type ")?.0.to_owned())
        })
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// The deep search's steps, each a `check` option of its own (off by default).
type Step = fn(DeepOptions, bool) -> DeepOptions;

/// The `check` options that switch the deep search's steps, in `uci`'s order.
const SEARCH_STEPS: [(&str, Step); 7] = [
    ("CheckExtension", DeepOptions::with_check_extension),
    ("LateMoveReductions", DeepOptions::with_late_move_reductions),
    ("QuiescenceSEE", DeepOptions::with_quiescence_see),
    ("ReverseFutility", DeepOptions::with_reverse_futility),
    ("Futility", DeepOptions::with_futility),
    ("LateMovePruning", DeepOptions::with_late_move_pruning),
    ("SeePruning", DeepOptions::with_see_pruning),
];

impl Settings {
    /// Sets option `name` (case-insensitive, as UCI asks) to `value`; the reason in words
    /// when the option does not exist or the value does not fit it (nothing changes then).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        let need = |what: &str| format!("option {name:?} needs a value: {what}");
        if let Some((step, with)) = SEARCH_STEPS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            let v = value.ok_or_else(|| need("true or false"))?;
            let on = check(v).map_err(|e| format!("{step}: {e}"))?;
            self.search = with(self.search, on);
            return Ok(());
        }
        match name.to_ascii_lowercase().as_str() {
            "nullmove" => {
                let v = value.ok_or_else(|| need("a configuration name"))?;
                self.guards = Guards::preset(v).map_err(|e| format!("NullMove: {e}"))?;
                self.guards.min_depth = guard_depth(self.null_min_depth);
            }
            "nullmindepth" => {
                let v = value.ok_or_else(|| need("plies"))?;
                self.null_min_depth = bounded(v, 1, u64::from(MAX_NULL_MIN_DEPTH))
                    .map_err(|e| format!("NullMinDepth: {e}"))?
                    as u32;
                self.guards.min_depth = guard_depth(self.null_min_depth);
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
            "multipv" => {
                let v = value.ok_or_else(|| need("a number of lines"))?;
                self.multi_pv =
                    bounded(v, 1, MAX_MULTI_PV).map_err(|e| format!("MultiPV: {e}"))? as u32;
            }
            "ponder" => {
                let v = value.ok_or_else(|| need("true or false"))?;
                self.ponder = check(v).map_err(|e| format!("Ponder: {e}"))?;
            }
            "uci_chess960" => {
                let v = value.ok_or_else(|| need("true or false"))?;
                self.chess960 = check(v).map_err(|e| format!("UCI_Chess960: {e}"))?;
            }
            _ => {
                return Err(format!(
                    "no option {name:?} (the options are {})",
                    option_names()
                ));
            }
        }
        Ok(())
    }
}

/// The most `NullMinDepth` may be, in plies (the deep search's deepest iteration).
const MAX_NULL_MIN_DEPTH: u32 = nullmove_optimized::MAX_DEPTH;

/// [`Guards::min_depth`] for `NullMinDepth` plies: 1 is every depth, the guard off.
const fn guard_depth(plies: u32) -> u32 {
    if plies <= 1 { 0 } else { plies }
}

/// A `check` option's value: `true` or `false`, in any case.
fn check(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!(
            "{text:?} is neither true nor false (expected true or false)"
        )),
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
            s.set("Contempt", Some("1"))
                .unwrap_err()
                .contains("no option \"Contempt\"")
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
        assert!(refused.contains("true or false"), "{refused}");
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
    fn analysis_options_set_and_refuse() {
        let mut s = Settings::default();
        assert_eq!((s.multi_pv, s.chess960, s.ponder), (1, false, false));
        s.set("multipv", Some("3")).unwrap();
        s.set("UCI_Chess960", Some("true")).unwrap();
        s.set("Ponder", Some("TRUE")).unwrap();
        assert_eq!((s.multi_pv, s.chess960, s.ponder), (3, true, true));
        let before = s;
        assert!(s.set("MultiPV", Some("0")).unwrap_err().contains("1..=256"));
        assert!(
            s.set("MultiPV", Some("257"))
                .unwrap_err()
                .contains("1..=256")
        );
        assert!(
            s.set("UCI_Chess960", Some("yes"))
                .unwrap_err()
                .contains("true or false")
        );
        assert_eq!(s, before);
    }

    #[test]
    fn every_spin_states_its_range() {
        for line in declarations().iter().filter(|l| l.contains("type spin")) {
            assert!(
                line.contains(" default ") && line.contains(" min ") && line.contains(" max "),
                "{line}"
            );
        }
        // Every option offered takes its own default, and the refusal of an unknown one
        // names them all.
        let unknown = Settings::default().set("Contempt", Some("1")).unwrap_err();
        for line in declarations() {
            let name = &line["option name ".len()..line.find(" type ").unwrap()];
            let default = line
                .split(" default ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap();
            assert_eq!(
                Settings::default().set(name, Some(default)),
                Ok(()),
                "{line}"
            );
            assert!(unknown.contains(name), "{unknown} lacks {name}");
        }
    }

    #[test]
    fn the_combo_lists_every_preset() {
        let lines = declarations();
        for (name, _) in Guards::presets() {
            assert!(lines[0].contains(&format!("var {name}")), "{name}");
        }
    }
}
