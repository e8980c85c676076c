//! The suite's document as tables, aligned for the terminal or in Markdown for the book:
//! nodes and solutions per depth and configuration, Tabibi & Netanyahu's comparison, the
//! moves null move changes by pieces on the board, the depths at which each position is
//! solved.

use std::io::{self, Write};

use nullmove_chess::analysis::{Change, FEW_PIECES, VerifiedShape};

use super::suite::{BASELINE, SuiteDoc};
use crate::format::count;
use crate::table::{Table, left, right};
use nullmove_fixtures::confidence::{self, SplitTest};
use nullmove_numbers::{percent, ratio, runs, short};

/// One table of the suite's document, for a page that shows the tables apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuiteTable {
    /// A row per depth, a column per configuration: solved · nodes (share of none's).
    ByDepth,
    /// A row per depth and configuration, every count in full.
    Rows,
    /// Tabibi & Netanyahu's comparison (empty without verified, r2 and r3).
    VerifiedShape,
    /// `--by-pieces`: the groups of pieces on the board.
    ByPieces,
    /// `--by-pieces`: endgames with few pieces against the rest.
    Split,
    /// `--by-pieces`: that split tested.
    SplitTests,
    /// `--per-position`: the depths at which each configuration solves each position.
    PerPosition,
}

/// Writes one table of `doc`, or says which flag the run lacked for it.
pub fn write_table(
    doc: &SuiteDoc,
    table: SuiteTable,
    markdown: bool,
    out: &mut dyn Write,
) -> Result<(), String> {
    let missing = |flag: &str| format!("the run has no such table: it was not run with {flag}");
    let table = match (table, &doc.by_pieces) {
        (SuiteTable::ByDepth, _) => by_depth(doc),
        (SuiteTable::Rows, _) => rows(doc),
        (SuiteTable::VerifiedShape, _) if doc.verified_shape.is_empty() => {
            return Err(missing("--configs holding verified, r2 and r3"));
        }
        (SuiteTable::VerifiedShape, _) => shape(&doc.verified_shape),
        (SuiteTable::ByPieces | SuiteTable::Split | SuiteTable::SplitTests, None) => {
            return Err(missing("--by-pieces"));
        }
        (SuiteTable::ByPieces, Some(b)) => changes(&b.groups),
        (SuiteTable::Split, Some(b)) => changes(&b.split),
        (SuiteTable::SplitTests, Some(b)) => tests(&b.tests),
        (SuiteTable::PerPosition, _) if doc.solved_depths.is_none() => {
            return Err(missing("--per-position"));
        }
        (SuiteTable::PerPosition, _) => per_position(doc),
    };
    table.write(markdown, out).map_err(|e| e.to_string())
}

/// Every table the document holds, under a heading that says what was searched.
pub fn render(doc: &SuiteDoc, markdown: bool, out: &mut dyn Write) -> io::Result<()> {
    heading(doc, out)?;
    if markdown {
        section(
            out,
            "each cell: positions solved · nodes (share of none's nodes)",
        )?;
        by_depth(doc).write(true, out)?;
    } else {
        writeln!(out)?;
        rows(doc).write(false, out)?;
    }
    if !doc.verified_shape.is_empty() {
        section(
            out,
            "Tabibi & Netanyahu (2002): verified R 3 builds a smaller tree than standard R 2 \
             and solves more positions than standard R 3",
        )?;
        shape(&doc.verified_shape).write(markdown, out)?;
    }
    if let Some(b) = &doc.by_pieces {
        section(
            out,
            &format!(
                "against {} at depth {}, by pieces on the board (kings and pawns included): \
                 positions where the move chosen changes, solutions lost and gained, nodes",
                b.baseline, b.depth
            ),
        )?;
        changes(&b.groups).write(markdown, out)?;
        section(
            out,
            &format!(
                "endgames with few pieces (at most {FEW_PIECES}) against the rest, at depth {}",
                b.depth
            ),
        )?;
        changes(&b.split).write(markdown, out)?;
        section(
            out,
            &format!(
                "the same, tested ({}, few pieces against the rest): the rates of changed \
                 moves and of solutions lost",
                confidence::FISHER
            ),
        )?;
        tests(&b.tests).write(markdown, out)?;
    }
    if doc.solved_depths.is_some() {
        section(
            out,
            "the depths at which each configuration solves each position (- never)",
        )?;
        per_position(doc).write(markdown, out)?;
    }
    Ok(())
}

/// What was searched, and what solved means.
fn heading(doc: &SuiteDoc, out: &mut dyn Write) -> io::Result<()> {
    let depths = doc.depths();
    let span = match (depths.first(), depths.last()) {
        (Some(a), Some(b)) if a == b => format!("depth {a}"),
        (Some(a), Some(b)) => format!("depths {a}..={b}"),
        _ => String::new(),
    };
    let positions = count(doc.positions.len() as u64);
    // `--limit` is a cap: a suite shorter than it is searched whole.
    let which = match (doc.limit, doc.suites.len()) {
        (Some(n), 1) if doc.positions.len() >= n => format!("the first {positions} positions"),
        (Some(n), suites) if suites > 1 => {
            format!("at most the first {n} of each, {positions} positions")
        }
        _ => format!("{positions} positions"),
    };
    let options = if doc.options.is_empty() {
        String::new()
    } else {
        format!(", with {}", doc.options.join(" and "))
    };
    writeln!(
        out,
        "{}: {which}, {span}, configurations {}{options}",
        doc.suites.join(" and "),
        doc.configurations.join(", ")
    )?;
    writeln!(
        out,
        "solved: the move chosen is one of the suite's best moves (bm) and none of its moves \
         to avoid (am)"
    )
}

fn section(out: &mut dyn Write, title: &str) -> io::Result<()> {
    writeln!(out, "\n{title}\n")
}

/// The share of none's nodes at the same depth, and the saving, when none was searched.
fn against_none(doc: &SuiteDoc, nodes: u64, depth: u32) -> Option<(String, String)> {
    let base = doc.row(BASELINE, depth)?.nodes;
    let saved = 100.0 * (base as f64 - nodes as f64) / base.max(1) as f64;
    Some((ratio(nodes, base), format!("{saved:.1}%")))
}

/// One row per depth and configuration, every count in full.
fn rows(doc: &SuiteDoc) -> Table {
    let with_none = doc.configurations.iter().any(|c| c == BASELINE);
    let mut columns = vec![
        right("depth"),
        left("configuration"),
        right("positions"),
        right("solved"),
        right("nodes"),
    ];
    if with_none {
        columns.extend([right("nodes / none"), right("saved")]);
    }
    let mut t = Table::new(columns);
    for r in &doc.rows {
        let mut cells = vec![
            r.depth.to_string(),
            r.configuration.clone(),
            count(r.positions as u64),
            count(r.solved as u64),
            count(r.nodes),
        ];
        if let Some((share, saved)) = against_none(doc, r.nodes, r.depth) {
            cells.extend([share, saved]);
        }
        t.push(cells);
    }
    t
}

/// The book's table: a row per depth, a column per configuration.
fn by_depth(doc: &SuiteDoc) -> Table {
    let mut columns = vec![right("depth")];
    columns.extend(doc.configurations.iter().map(|c| right(c.as_str())));
    let mut t = Table::new(columns);
    for depth in doc.depths() {
        let mut cells = vec![depth.to_string()];
        for c in &doc.configurations {
            let r = doc
                .row(c, depth)
                .expect("a row per configuration and depth");
            let mut cell = format!("{} · {}", r.solved, short(r.nodes));
            if c != BASELINE
                && let Some((share, _)) = against_none(doc, r.nodes, depth)
            {
                cell = format!("{cell} ({share})");
            }
            cells.push(cell);
        }
        t.push(cells);
    }
    t
}

fn yes(b: bool) -> String {
    if b { "yes" } else { "no" }.to_owned()
}

fn shape(shapes: &[VerifiedShape]) -> Table {
    let mut t = Table::new(vec![
        right("depth"),
        right("verified nodes"),
        right("r2 nodes"),
        right("verified / r2"),
        right("verified solved"),
        right("r2 solved"),
        right("r3 solved"),
        left("smaller tree than r2"),
        left("solves more than r3"),
    ]);
    for s in shapes {
        t.push(vec![
            s.depth.to_string(),
            count(s.nodes[0]),
            count(s.nodes[1]),
            ratio(s.nodes[0], s.nodes[1]),
            count(s.solved[0] as u64),
            count(s.solved[1] as u64),
            count(s.solved[2] as u64),
            yes(s.smaller_than_r2()),
            yes(s.solves_more_than_r3()),
        ]);
    }
    t
}

fn changes(changes: &[Change]) -> Table {
    let mut t = Table::new(vec![
        left("configuration"),
        right("pieces"),
        right("positions"),
        right("move changed"),
        right("changed"),
        right("lost"),
        right("gained"),
        right("none solved"),
        right("nodes / none"),
    ]);
    for c in changes {
        t.push(vec![
            c.configuration.clone(),
            format!("{}-{}", c.pieces.0, c.pieces.1),
            count(c.positions as u64),
            count(c.changed_move as u64),
            percent(c.changed_move as u64, c.positions as u64),
            count(c.lost as u64),
            count(c.gained as u64),
            count(c.baseline_solved as u64),
            ratio(c.nodes, c.baseline_nodes),
        ]);
    }
    t
}

/// `k/n` of one side of a test.
fn of((k, n): (usize, usize)) -> String {
    format!("{}/{}", count(k as u64), count(n as u64))
}

fn tests(tests: &[SplitTest]) -> Table {
    let mut t = Table::new(vec![
        left("configuration"),
        right(format!("changed <={FEW_PIECES}")),
        right("changed rest"),
        right("p"),
        right(format!("lost <={FEW_PIECES}")),
        right("lost rest"),
        right("p"),
    ]);
    for s in tests {
        t.push(vec![
            s.configuration.clone(),
            of(s.changed_few),
            of(s.changed_rest),
            confidence::p_text(s.changed_p),
            of(s.lost_few),
            of(s.lost_rest),
            confidence::p_text(s.lost_p),
        ]);
    }
    t
}

fn per_position(doc: &SuiteDoc) -> Table {
    let mut columns = vec![left("position"), right("pieces"), left("best move")];
    columns.extend(doc.configurations.iter().map(|c| left(c.as_str())));
    let mut t = Table::new(columns);
    let solved = doc.solved_depths.as_deref().unwrap_or_default();
    for (p, s) in doc.positions.iter().zip(solved) {
        let mut moves = p.best_moves.join(" ");
        if !p.avoid_moves.is_empty() {
            let avoid = format!("not {}", p.avoid_moves.join(" "));
            moves = if moves.is_empty() {
                avoid
            } else {
                format!("{moves}, {avoid}")
            };
        }
        let mut cells = vec![p.id.clone(), p.pieces.to_string(), moves];
        cells.extend(s.configurations.iter().map(|(_, d)| runs(d)));
        t.push(cells);
    }
    t
}
