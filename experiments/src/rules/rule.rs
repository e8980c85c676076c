//! The rules a null-move search must keep, as the checker watches them, and their names in
//! reports.

use serde::Serialize;

/// A rule every null-move search must keep, checked on the events of many traced searches
/// ([`RuleCheck`](super::RuleCheck)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Rule {
    /// No probe at depth 0 ("Why it works": the root must produce a move).
    NoNullAtRoot,
    /// A probe's own call never probes ("Why it works": never two null moves back to back).
    NoDoubleNull,
    /// A probe leaves the board unchanged, flips the side, jumps the depth by `1 + R` and
    /// keeps the window ("Why it works").
    ProbeShape,
    /// A pruned node searches no real move ("Introduction").
    PruneSkipsMoves,
    /// A prune line comes right after the probe that caused it resolves ("Try it").
    PruneFollowsProbe,
    /// A probe that does not cut is followed by the node's ordinary move loop
    /// ("Complexity": the probe is pure addition).
    FallsThrough,
    /// Calls nest at most `depth limit + 1` deep in either mode, and a probe returns before
    /// the node's first real move ("Complexity": space O(d)).
    LinearSpace,
    /// Outside the probes, null-move search keeps plain alpha-beta's bookkeeping: each node
    /// tries its empty cells in ascending order, stops early only on a closed window, and
    /// hands each child the node's window narrowed by its real moves alone ("Introduction":
    /// null move "doesn't touch move ordering or the search window's bookkeeping").
    SameBookkeeping,
}

/// Every rule [`RuleCheck`](super::RuleCheck) watches.
pub const RULES: [Rule; 8] = [
    Rule::NoNullAtRoot,
    Rule::NoDoubleNull,
    Rule::ProbeShape,
    Rule::PruneSkipsMoves,
    Rule::PruneFollowsProbe,
    Rule::FallsThrough,
    Rule::LinearSpace,
    Rule::SameBookkeeping,
];

/// The rule's name in reports.
#[must_use]
pub const fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::NoNullAtRoot => "no-null-at-root",
        Rule::NoDoubleNull => "no-double-null",
        Rule::ProbeShape => "probe-shape",
        Rule::PruneSkipsMoves => "prune-skips-moves",
        Rule::PruneFollowsProbe => "prune-follows-probe",
        Rule::FallsThrough => "falls-through",
        Rule::LinearSpace => "linear-space",
        Rule::SameBookkeeping => "same-bookkeeping",
    }
}
