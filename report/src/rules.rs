//! `nullmove rules`'s document: the page's settled rules checked on the events of traced
//! searches over a grid, and its table.

use std::io::{self, Write};

use nullmove_experiments::rules::{RULES, Tally, rule_name};
use nullmove_experiments::sweep::PositionSet;
use serde::Serialize;

use crate::format::count;

/// The document of `nullmove rules`: the grid searched and what the rules saw.
#[derive(Debug, Serialize)]
pub struct Report {
    /// `empty` or `all`.
    pub positions: PositionSet,
    /// The depth limits, `A..=B`.
    pub depths: String,
    /// The reductions, `A..=B`.
    pub reductions: String,
    /// The engine's name.
    pub engine: &'static str,
    /// What the traced searches showed, broken rules included.
    pub tally: Tally,
}

/// The counts, then one line per rule with how often it broke and the first breach.
pub fn render(out: &Report, w: &mut dyn Write) -> io::Result<()> {
    let t = &out.tally;
    let positions = match out.positions {
        PositionSet::Empty => "the empty board".to_owned(),
        PositionSet::All => "every non-terminal reachable position (4,520)".to_owned(),
    };
    writeln!(
        w,
        "the page's rules on {positions} x depth limits {} x R {}, both modes, engine {}: {} \
         searches, {} nodes\n",
        out.depths,
        out.reductions,
        out.engine,
        count(t.searches),
        count(t.nodes)
    )?;
    let rows = [
        ("probes", count(t.probes)),
        (
            "  on a line that passed before",
            count(t.probes_below_a_probe),
        ),
        (
            "  their leaves, scoring the unchanged board",
            count(t.probe_leaves_on_unchanged_board),
        ),
        ("  that pruned their node", count(t.prunes)),
        (
            "  that did not, the moves then searched",
            count(t.fall_throughs),
        ),
        (
            "nodes checked for plain's order and windows",
            count(t.bookkeeping_nodes),
        ),
        (
            "deepest nesting of calls",
            format!(
                "plain {} at depth limit {}, null {} at depth limit {}",
                t.deepest_plain.0, t.deepest_plain.1, t.deepest_null.0, t.deepest_null.1
            ),
        ),
    ];
    for (name, value) in rows {
        writeln!(w, "{name:<44} {value}")?;
    }
    writeln!(w, "\n{:<22} {:>8}  first breach", "rule", "broken")?;
    for rule in RULES {
        let broken = t.broken.get(rule_name(rule));
        writeln!(
            w,
            "{:<22} {:>8}  {}",
            rule_name(rule),
            count(broken.map_or(0, |b| b.count)),
            broken.map_or("", |b| b.first.as_str())
        )?;
    }
    Ok(())
}
