//! The configurations the sweep compares: chess's rules on passing and the optimized
//! engine's guards, each a named [`Config`] for a depth limit and R.

use nullmove_optimized::{Config, Guards, ReductionRule, Verification};

use crate::kpk_game::NullRule;

/// A named way of searching with null moves: the chess rule for passing and the searcher's
/// guards.
#[derive(Debug, Clone, Copy)]
pub struct Configuration {
    /// Short name, used in tables and JSON.
    pub name: &'static str,
    /// One line on what it does.
    pub description: &'static str,
    /// The chess rule on passing.
    pub rule: NullRule,
    /// The searcher's guards; their R is replaced by the sweep's unless `own_reduction`.
    pub guards: Guards,
    /// A preset keeps its own R: the sweep measures it at that R only.
    pub own_reduction: bool,
}

impl Configuration {
    /// `guards` on chess's in-check rule, at the sweep's R.
    const fn on_in_check(name: &'static str, description: &'static str, guards: Guards) -> Self {
        Self {
            name,
            description,
            rule: NullRule::InCheck,
            guards,
            own_reduction: false,
        }
    }

    /// The searcher's configuration for a depth limit and the sweep's R.
    #[must_use]
    pub fn config(&self, depth_limit: u32, reduction: u32) -> Config {
        let guards = if self.own_reduction {
            self.guards
        } else {
            self.guards.with_reduction(reduction)
        };
        Config::new(depth_limit).with_guards(guards)
    }

    /// The R values the sweep measures out of `reductions`: all of them, or a preset's own.
    #[must_use]
    pub fn reductions(&self, reductions: std::ops::RangeInclusive<u32>) -> Vec<u32> {
        if self.own_reduction {
            vec![self.guards.reduction]
        } else {
            reductions.collect()
        }
    }
}

/// The searcher's configuration with the page's rules only: null move at R, no guard.
#[must_use]
pub fn page_config(depth_limit: u32, reduction: u32) -> Config {
    Config::new(depth_limit).with_guards(Guards::unguarded(reduction))
}

/// The searcher's configuration with the page's rules, or plain alpha-beta (`null_move`
/// false).
#[must_use]
pub fn config(depth_limit: u32, reduction: u32, null_move: bool) -> Config {
    let config = page_config(depth_limit, reduction);
    if null_move {
        config
    } else {
        config.without_null_move()
    }
}

/// The configurations the sweep compares: the page's rule, the in-check rule, the
/// article's/Stockfish's low-material rule; then the optimized engine's guards: its threat
/// and endgame guards on the page's rule, which the game maps to the in-check and
/// low-material rules, and the guards that know nothing of chess (minimum probe depth,
/// adaptive R, the two verifications, the eval gate, the zero-window probe, a growing R) on
/// chess's in-check rule; last the named presets at their own R, on the page's rule (the
/// preset alone decides whether to pass, as in a chess engine).
#[must_use]
pub fn configurations() -> Vec<Configuration> {
    let mut list = chess_rules();
    list.extend(depth_guards());
    list.extend(presets());
    list
}

/// The rules on passing, chess's and the page's, and the guards that ask the game: the
/// threat and endgame guards, which K+P vs K reads as the in-check and low-material rules.
fn chess_rules() -> Vec<Configuration> {
    let page = Guards::unguarded(0);
    vec![
        Configuration {
            name: "page",
            description: "the page's rule; a pass in check hands the king to White",
            rule: NullRule::Page,
            guards: page,
            own_reduction: false,
        },
        Configuration::on_in_check(
            "in_check",
            "no null move in check (chess's rule, Stockfish's first condition)",
            page,
        ),
        Configuration {
            name: "non_pawn_material",
            description: "no null move without non-pawn material (the article, Stockfish): never in K+P vs K",
            rule: NullRule::NonPawnMaterial,
            guards: page,
            own_reduction: false,
        },
        Configuration {
            name: "threat_guard",
            description: "the page's rule with the threat guard, which K+P vs K reads as check",
            rule: NullRule::Page,
            guards: Guards {
                threat: true,
                ..page
            },
            own_reduction: false,
        },
        Configuration {
            name: "endgame_guard",
            description: "the page's rule with the endgame guard at one unit of non-pawn material",
            rule: NullRule::Page,
            guards: Guards {
                min_material: 1,
                ..page
            },
            own_reduction: false,
        },
    ]
}

/// The guards that know nothing of chess, on chess's in-check rule.
fn depth_guards() -> Vec<Configuration> {
    let page = Guards::unguarded(0);
    vec![
        Configuration::on_in_check(
            "min_probe_depth_1",
            "in check no pass; a probe must search at least one real ply",
            Guards {
                min_probe_depth: 1,
                ..page
            },
        ),
        Configuration::on_in_check(
            "adaptive_r",
            "in check no pass; Heinz's adaptive R (R - 1 within 6 plies of the limit)",
            Guards {
                rule: ReductionRule::Adaptive,
                ..page
            },
        ),
        Configuration::on_in_check(
            "verify_stockfish_1",
            "in check no pass; Stockfish's verification at every depth",
            Guards {
                verification: Verification::Stockfish { min_remaining: 1 },
                ..page
            },
        ),
        Configuration::on_in_check(
            "verify_tn",
            "in check no pass; Tabibi and Netanyahu's verification",
            Guards {
                verification: Verification::TabibiNetanyahu,
                ..page
            },
        ),
        Configuration::on_in_check(
            "eval_gate",
            "in check no pass; probe only where the evaluation already reaches the bound",
            Guards {
                eval_gate: true,
                ..page
            },
        ),
        Configuration::on_in_check(
            "zero_window",
            "in check no pass; the probe searches the null window at the bound",
            Guards {
                zero_window: true,
                ..page
            },
        ),
        Configuration::on_in_check(
            "depth_r",
            "in check no pass; R plus a third of the remaining depth (Stockfish's shape)",
            Guards {
                rule: ReductionRule::DepthScaled,
                ..page
            },
        ),
    ]
}

/// The named presets at their own R, on the page's rule: the preset alone decides whether
/// to pass, as in a chess engine.
fn presets() -> impl Iterator<Item = Configuration> {
    let described = [
        "no null move: plain alpha-beta",
        "R 2, no pass in check",
        "R 3, no pass in check",
        "Heinz: R 3 above 6 plies left, else 2; no pass in check",
        "Tabibi and Netanyahu: R 3, verified; no pass in check",
        "Stockfish: never on the principal variation, no pass in check or without pieces, eval >= beta, zero window, R 3 + depth/3 + one per pawn above beta, verification from 14 plies",
        "R 3, no null move without non-pawn material",
    ];
    Guards::presets()
        .zip(described)
        .map(|((name, guards), description)| Configuration {
            name,
            description,
            rule: NullRule::Page,
            guards,
            own_reduction: true,
        })
}
