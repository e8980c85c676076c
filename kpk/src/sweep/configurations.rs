//! The configurations the sweep compares: chess's rules on passing and the optimized
//! engine's safeguards, each a named [`Config`] for a depth limit and R.

use nullmove_core::{Mode, SearchParams};
use nullmove_optimized::{Config, Guards, Verification};

use crate::game::NullRule;

/// A named way of searching with null moves: the chess rule for passing and the searcher's
/// configuration for a depth limit and R (where the safeguards are set).
#[derive(Debug, Clone, Copy)]
pub struct Configuration {
    /// Short name, used in tables and JSON.
    pub name: &'static str,
    /// One line on what it does.
    pub description: &'static str,
    /// The chess rule on passing.
    pub rule: NullRule,
    /// The searcher's configuration for `(depth_limit, reduction)`, in null mode.
    pub config: fn(u32, u32) -> Config,
}

/// The searcher's configuration with the page's rules only.
///
/// # Panics
/// If the depth limit or R exceeds [`SearchParams::MAX`].
#[must_use]
pub fn page_config(depth_limit: u32, reduction: u32) -> Config {
    SearchParams::new(depth_limit, reduction, Mode::Null)
        .expect("depth limit and R within 0..=9")
        .into()
}

/// The searcher's configuration with the page's rules in either mode.
///
/// # Panics
/// If the depth limit or R exceeds [`SearchParams::MAX`].
#[must_use]
pub fn config(depth_limit: u32, reduction: u32, mode: Mode) -> Config {
    Config {
        mode,
        ..page_config(depth_limit, reduction)
    }
}

/// The page's configuration with `guards`.
fn guarded(depth_limit: u32, reduction: u32, guards: Guards) -> Config {
    Config {
        guards,
        ..page_config(depth_limit, reduction)
    }
}

/// The configurations the sweep compares: the page's rule, the in-check rule, the
/// article's/Stockfish's low-material rule; then the optimized engine's safeguards:
/// its threat and endgame guards on the page's rule, which the game maps to the in-check and
/// low-material rules, and the guards that know nothing of chess (minimum probe depth,
/// adaptive R, the two verifications) on chess's in-check rule.
#[must_use]
pub fn configurations() -> Vec<Configuration> {
    vec![
        Configuration {
            name: "page",
            description: "the page's rule; a pass in check hands the king to White",
            rule: NullRule::Page,
            config: page_config,
        },
        Configuration {
            name: "in_check",
            description: "no null move in check (chess's rule, Stockfish's first condition)",
            rule: NullRule::InCheck,
            config: page_config,
        },
        Configuration {
            name: "non_pawn_material",
            description: "no null move without non-pawn material (the article, Stockfish): never in K+P vs K",
            rule: NullRule::NonPawnMaterial,
            config: page_config,
        },
        Configuration {
            name: "threat_guard",
            description: "the page's rule with the threat guard, which K+P vs K reads as check",
            rule: NullRule::Page,
            config: |d, r| {
                guarded(
                    d,
                    r,
                    Guards {
                        threat: true,
                        ..Guards::PAGE
                    },
                )
            },
        },
        Configuration {
            name: "endgame_guard",
            description: "the page's rule with the endgame guard at one unit of non-pawn material",
            rule: NullRule::Page,
            config: |d, r| {
                guarded(
                    d,
                    r,
                    Guards {
                        min_material: 1,
                        ..Guards::PAGE
                    },
                )
            },
        },
        Configuration {
            name: "min_probe_depth_1",
            description: "in check no pass; a probe must search at least one real ply",
            rule: NullRule::InCheck,
            config: |d, r| {
                guarded(
                    d,
                    r,
                    Guards {
                        min_probe_depth: 1,
                        ..Guards::PAGE
                    },
                )
            },
        },
        Configuration {
            name: "adaptive_r",
            description: "in check no pass; Heinz's adaptive R (R - 1 within 6 plies of the limit)",
            rule: NullRule::InCheck,
            config: |d, r| {
                guarded(
                    d,
                    r,
                    Guards {
                        adaptive_r: true,
                        ..Guards::PAGE
                    },
                )
            },
        },
        Configuration {
            name: "verify_stockfish_1",
            description: "in check no pass; Stockfish's verification at every depth",
            rule: NullRule::InCheck,
            config: |d, r| {
                guarded(
                    d,
                    r,
                    Guards {
                        verification: Verification::Stockfish { min_remaining: 1 },
                        ..Guards::PAGE
                    },
                )
            },
        },
        Configuration {
            name: "verify_tn",
            description: "in check no pass; Tabibi and Netanyahu's verification",
            rule: NullRule::InCheck,
            config: |d, r| {
                guarded(
                    d,
                    r,
                    Guards {
                        verification: Verification::TabibiNetanyahu,
                        ..Guards::PAGE
                    },
                )
            },
        },
    ]
}
