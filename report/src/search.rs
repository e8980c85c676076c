//! `nullmove search`'s document: one tic-tac-toe position searched, every root move beside
//! the oracle's exact value, and its table.

use std::io::{self, Write};

use nullmove_core::{Cell, Engine, Mode, Position, SearchParams, Value};
use serde::Serialize;

use crate::{Error, format};

/// One root move of the document.
#[derive(Debug, Serialize)]
pub struct MoveOut {
    /// The cell played.
    pub cell: Cell,
    /// What the child call returned (a bound when it failed low).
    pub value: Value,
    /// The oracle's exact depth-limited value of this move.
    pub exact: Value,
}

/// The document of `nullmove search` (the contract fields of docs/src/specification.md, and
/// more). Settings that the search did not apply are absent: `mode`, `reduction` and
/// `guards` for the oracle, `reduction` and `guards` in plain mode.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The position searched.
    pub board: String,
    /// `X` or `O`; `null` when the game is over.
    pub side_to_move: Option<String>,
    /// Why the root has no move to search, when it has none: `game over: X won`, `game
    /// over: a draw`, `depth limit 0: the root is a leaf`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaf: Option<String>,
    /// The depth limit.
    pub depth: u32,
    /// R (null mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduction: Option<u32>,
    /// `plain` or `null` (not for the oracle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// The engine's name.
    pub engine: &'static str,
    /// The safeguards on, in the command line's words, `page` when none (null mode only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guards: Option<String>,
    /// The first move that strictly improved on all before it.
    pub best_move: Option<Cell>,
    /// What the root call returned.
    pub value: Value,
    /// Every call, the root included.
    pub nodes: u64,
    /// Every root move in cell order.
    pub moves: Vec<MoveOut>,
    /// The searcher's counters.
    pub stats: nullmove_core::Stats,
    /// The oracle's best move, for comparison.
    pub exact_best_move: Option<Cell>,
    /// The oracle's exact value, for comparison.
    pub exact_value: Value,
}

/// A pruning engine's settings: its parameters and its guards in the command line's words
/// (`None` for the oracle, which searches every move to the depth limit without pruning).
pub type Pruning<'a> = Option<(&'a SearchParams, String)>;

impl Report {
    /// `board` searched by `engine` to `depth` (with `pruning`'s parameters, else plainly, as
    /// the oracle searches), each root move beside the oracle's exact value.
    pub fn of(
        engine: &dyn Engine,
        board: &Position,
        depth: u32,
        pruning: Pruning<'_>,
    ) -> Result<Self, Error> {
        let oracle_params;
        let (params, mode, reduction, guards) = if let Some((params, guards)) = pruning {
            let null = params.mode() == Mode::Null;
            let mode = Some(params.mode().to_string());
            (
                params,
                mode,
                null.then_some(params.reduction()),
                null.then_some(guards),
            )
        } else {
            oracle_params = SearchParams::new(depth, 0, Mode::Plain)
                .map_err(|e| Error::Message(e.to_string()))?;
            (&oracle_params, None, None, None)
        };
        let report = engine.search(board, params);
        let exact = nullmove_oracle::exact_root(board, depth);
        let exact_of = |cell: Cell| {
            exact
                .moves
                .iter()
                .find(|m| m.cell == cell)
                .map_or(exact.value, |m| m.value)
        };
        Ok(Self {
            board: board.to_string(),
            side_to_move: (!board.is_terminal()).then(|| board.side_to_move().to_string()),
            leaf: format::leaf_reason(board, depth),
            depth,
            reduction,
            mode,
            engine: engine.name(),
            guards,
            best_move: report.best_move,
            value: report.value,
            nodes: report.nodes,
            moves: report
                .moves
                .iter()
                .map(|m| MoveOut {
                    cell: m.cell,
                    value: m.value,
                    exact: exact_of(m.cell),
                })
                .collect(),
            stats: report.stats,
            exact_best_move: exact.best_move,
            exact_value: exact.value,
        })
    }
}

/// What was searched and how, in the table's words: `X to move · depth limit 3 · R 1 ·
/// mode null · engine optimized`.
#[must_use]
pub fn settings(out: &Report) -> String {
    let mut parts = vec![match (&out.side_to_move, &out.leaf) {
        (Some(side), _) => format!("{side} to move"),
        (None, Some(leaf)) => leaf.clone(),
        (None, None) => "game over".to_owned(),
    }];
    parts.push(format!("depth limit {}", out.depth));
    if let Some(r) = out.reduction {
        parts.push(format!("R {r}"));
    }
    if let Some(mode) = &out.mode {
        parts.push(format!("mode {mode}"));
    }
    parts.push(format!("engine {}", out.engine));
    if let Some(g) = out.guards.as_deref().filter(|g| *g != "page") {
        parts.push(format!("guards {g}"));
    }
    parts.join(" · ")
}

/// The report as the board, a move table and the summary lines.
pub fn render(out: &Report, w: &mut dyn Write) -> io::Result<()> {
    writeln!(w, "{}", format::draw_board(&out.board))?;
    writeln!(w, "\n{}\n", settings(out))?;
    let s = out.stats;
    if let Some(leaf) = &out.leaf {
        writeln!(
            w,
            "{leaf}, no move to search · value {} · nodes {}",
            out.value,
            format::count(out.nodes)
        )?;
        return writeln!(w, "oracle: exact value {}", out.exact_value);
    }
    writeln!(w, "{:>4}  {:>6}  {:>6}", "cell", "value", "exact")?;
    for m in &out.moves {
        let mut notes = Vec::new();
        if Some(m.cell) == out.best_move {
            notes.push("chosen");
        }
        if m.value != m.exact {
            notes.push("bound");
        }
        if Some(m.cell) == out.exact_best_move {
            notes.push("oracle's best");
        }
        writeln!(
            w,
            "{:>4}  {:>6}  {:>6}  {}",
            m.cell,
            format::show_value(m.value),
            m.exact,
            notes.join(", ")
        )?;
    }
    let best = out
        .best_move
        .map_or_else(|| "none".to_owned(), |c| c.to_string());
    let pruning = match out.mode.as_deref() {
        Some("null") => format!(
            " (null probes {}, null cutoffs {}, beta cutoffs {})",
            format::count(s.null_probes),
            format::count(s.null_cutoffs),
            format::count(s.beta_cutoffs)
        ),
        Some(_) => format!(" (beta cutoffs {})", format::count(s.beta_cutoffs)),
        None => String::new(),
    };
    writeln!(
        w,
        "\nbest move {best} · value {} · nodes {}{pruning}",
        out.value,
        format::count(out.nodes),
    )?;
    let exact_best = out
        .exact_best_move
        .map_or_else(|| "none".to_owned(), |c| c.to_string());
    writeln!(
        w,
        "oracle: best move {exact_best} · exact value {}",
        out.exact_value
    )?;
    if let (Some(chosen), Some(_)) = (out.best_move, out.exact_best_move) {
        let chosen_exact = out
            .moves
            .iter()
            .find(|m| m.cell == chosen)
            .map_or(out.exact_value, |m| m.exact);
        if chosen_exact != out.exact_value {
            writeln!(
                w,
                "the chosen move {chosen} is worth {chosen_exact} exactly, worse than the oracle's {}",
                out.exact_value
            )?;
        }
    }
    Ok(())
}
