//! What the checked searches showed: how many searches, nodes and probes were seen, the
//! deepest nesting, and every broken rule with its first instance.

use std::collections::BTreeMap;

use serde::Serialize;

use super::rule::{Rule, rule_name};

/// Broken instances of one rule: how many, and the first one described.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Broken {
    /// How many events broke the rule.
    pub count: u64,
    /// The first, with the search it happened in.
    pub first: String,
}

/// What the checked searches showed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Searches checked.
    pub searches: u64,
    /// Calls seen (nodes).
    pub nodes: u64,
    /// Probes started.
    pub probes: u64,
    /// Probes that pruned their node.
    pub prunes: u64,
    /// Probes that did not cut and fell through to the move loop.
    pub fall_throughs: u64,
    /// Probes started below another probe's call (after a real move in between): the page
    /// forbids two null moves back to back, not two on one line.
    pub probes_below_a_probe: u64,
    /// Leaves inside a probe's search whose value is the evaluation (`heuristic` or `score`)
    /// of the board rebuilt from the root and the real moves alone: the pass left it
    /// unchanged ("Why it works").
    pub probe_leaves_on_unchanged_board: u64,
    /// Nodes whose move order and windows handed down were checked against plain
    /// alpha-beta's bookkeeping, outside every probe.
    pub bookkeeping_nodes: u64,
    /// The deepest nesting of calls seen, and the depth limit it happened at, in plain
    /// mode and in null mode: `(nesting, depth limit)`.
    pub deepest_plain: (u32, u32),
    /// As `deepest_plain`, for null-move searches.
    pub deepest_null: (u32, u32),
    /// Broken rules (absent when kept).
    pub broken: BTreeMap<String, Broken>,
}

impl Tally {
    /// Adds another tally's counts to this one.
    pub fn merge(&mut self, other: Self) {
        self.searches += other.searches;
        self.nodes += other.nodes;
        self.probes += other.probes;
        self.prunes += other.prunes;
        self.fall_throughs += other.fall_throughs;
        self.probes_below_a_probe += other.probes_below_a_probe;
        self.probe_leaves_on_unchanged_board += other.probe_leaves_on_unchanged_board;
        self.bookkeeping_nodes += other.bookkeeping_nodes;
        self.deepest_plain = deeper(self.deepest_plain, other.deepest_plain);
        self.deepest_null = deeper(self.deepest_null, other.deepest_null);
        for (rule, b) in other.broken {
            let e = self.broken.entry(rule).or_default();
            if e.count == 0 {
                e.first = b.first;
            }
            e.count += b.count;
        }
    }

    /// How often `rule` was broken.
    #[must_use]
    pub fn broken_count(&self, rule: Rule) -> u64 {
        self.broken.get(rule_name(rule)).map_or(0, |b| b.count)
    }
}

/// The deeper nesting relative to its limit (ties: the larger nesting).
fn deeper(a: (u32, u32), b: (u32, u32)) -> (u32, u32) {
    let excess = |(n, d): (u32, u32)| i64::from(n) - i64::from(d);
    if (excess(b), b.0) > (excess(a), a.0) {
        b
    } else {
        a
    }
}
