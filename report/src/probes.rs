//! `nullmove probes`'s document: where one null-move search's nodes go, beside plain
//! alpha-beta's, and its table.

use std::io::{self, Write};

use nullmove_core::Player;
use nullmove_experiments::probes::Anatomy;
use nullmove_numbers::{counted, percent, ratio, thousandths};
use serde::Serialize;

use crate::format::count;

/// The document of `nullmove probes`: one search of each mode taken apart.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The position searched.
    pub board: String,
    /// `X` or `O`; `null` when the game is over.
    pub side_to_move: Option<Player>,
    /// Why the root has no move to search, when it has none (`game over: X won`, `depth
    /// limit 0: the root is a leaf`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaf: Option<String>,
    /// The depth limit.
    pub depth: u32,
    /// R of the null-move search.
    pub reduction: u32,
    /// The engine's name.
    pub engine: &'static str,
    /// Plain alpha-beta's search.
    pub plain: Anatomy,
    /// The null-move search.
    pub null: Anatomy,
}

/// The cells `mark` holds on `board` (the position notation): `X on 5`, `X on 0 and 4`.
fn cells(board: &str, mark: char) -> Option<String> {
    let cells: Vec<String> = board
        .chars()
        .enumerate()
        .filter(|&(_, c)| c == mark)
        .map(|(i, _)| i.to_string())
        .collect();
    (!cells.is_empty()).then(|| format!("{mark} on {}", cells.join(" and ")))
}

/// Who holds which cells, in words: `the empty board`, `X on 5, O on 3`, `X on 4, no O`.
fn occupied(board: &str) -> String {
    match (cells(board, 'X'), cells(board, 'O')) {
        (None, None) => "the empty board".to_owned(),
        (Some(x), None) => format!("{x}, no O"),
        (None, Some(o)) => format!("{o}, no X"),
        (Some(x), Some(o)) => format!("{x}, {o}"),
    }
}

/// The position and settings in one line.
fn heading(r: &Report) -> String {
    let side = match (&r.side_to_move, &r.leaf) {
        (Some(side), _) => format!("{side} to move"),
        (None, Some(leaf)) => leaf.clone(),
        (None, None) => "game over".to_owned(),
    };
    let moves = if r.side_to_move.is_some() {
        r.board.chars().filter(|&c| c == '.').count()
    } else {
        0
    };
    format!(
        "{}: {}, {side} · {} · depth limit {} · R {} · engine {}",
        r.board,
        occupied(&r.board),
        counted(moves as u64, "move", "moves"),
        r.depth,
        r.reduction,
        r.engine
    )
}

/// The report as a two-column table of both searches, then the probes' figures.
pub fn render(r: &Report, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}\n", heading(r))?;
    let (a, n) = (&r.plain, &r.null);
    writeln!(out, "{:<28} {:>12} {:>12}", "", "plain", "null")?;
    let rows = [
        ("nodes", a.nodes, n.nodes),
        ("nodes that search on", a.interior(), n.interior()),
        ("heuristic leaves", a.heuristic_leaves, n.heuristic_leaves),
        ("terminal leaves", a.terminal_leaves, n.terminal_leaves),
    ];
    for (name, x, y) in rows {
        writeln!(out, "{name:<28} {:>12} {:>12}", count(x), count(y))?;
    }
    writeln!(
        out,
        "\nprobes: {} of {} ({}), {} of the {}",
        count(n.probes),
        counted(n.nodes, "node", "nodes"),
        percent(n.probes, n.nodes),
        percent(n.probes, n.interior()),
        counted(
            n.interior(),
            "node that searches on",
            "nodes that search on"
        ),
    )?;
    writeln!(
        out,
        "null cutoffs: {} of {} ({})",
        count(n.cutoffs),
        counted(n.probes, "probe", "probes"),
        percent(n.cutoffs, n.probes)
    )?;
    writeln!(
        out,
        "inside the probes' own searches: {} ({} plain's {}, {} the {} outside them), {}",
        counted(n.nodes_in_probes, "node", "nodes"),
        ratio(n.nodes_in_probes, a.nodes),
        count(a.nodes),
        ratio(n.nodes_in_probes, n.nodes_outside_probes()),
        count(n.nodes_outside_probes()),
        counted(n.heuristic_in_probes, "heuristic call", "heuristic calls")
    )?;
    writeln!(
        out,
        "outside every probe: {} (plain: {}), {}",
        counted(n.nodes_outside_probes(), "node", "nodes"),
        count(a.nodes),
        counted(
            n.heuristic_outside_probes(),
            "heuristic call",
            "heuristic calls"
        )
    )?;
    render_fell_through(n, out)?;
    writeln!(
        out,
        "nodes the page's rule lets probe (below the root, null move allowed, depth + R < \
         depth limit, not a leaf): {}, of which {} probe",
        count(n.may_probe),
        count(n.probes)
    )
}

/// What the probes that did not cut cost against the real moves their nodes then searched
/// ("Pitfalls": "the probe itself is the cost"): in all, and per node (the median of each
/// node's probe-to-moves ratio, and how many reach half).
fn render_fell_through(n: &Anatomy, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "probes that did not cut: {}, searching {}; their nodes' real moves then searched {}, \
         {} without the probes started below them",
        count(n.fell_through),
        counted(n.fell_through_probe_nodes, "node", "nodes"),
        count(n.fell_through_move_nodes),
        count(n.fell_through_own_move_nodes),
    )?;
    writeln!(
        out,
        "  probe nodes / real moves' nodes: {} with the probes below, {} without (per node: \
         median {}, {} at or above 0.5)",
        ratio(n.fell_through_probe_nodes, n.fell_through_move_nodes),
        ratio(n.fell_through_probe_nodes, n.fell_through_own_move_nodes),
        thousandths(n.own_ratio_median_milli),
        count(n.own_ratio_at_least_half)
    )?;
    writeln!(
        out,
        "  at the {} of those nodes outside every probe: probes {}, real moves {} without the \
         probes below ({}; per node: median {}, {} at or above 0.5)",
        count(n.outside_fell_through),
        counted(n.outside_probe_nodes, "node", "nodes"),
        count(n.outside_own_move_nodes),
        ratio(n.outside_probe_nodes, n.outside_own_move_nodes),
        thousandths(n.outside_ratio_median_milli),
        count(n.outside_ratio_at_least_half)
    )
}
