//! `nullmove search`: one position, every root move, beside the oracle's exact values.

use std::io::{self, Write};

use nullmove_core::{Cell, Value};
use serde::Serialize;

use crate::common::{self, CliError, EngineName, Io, SearchArgs};
use crate::guards::GuardArgs;

/// Arguments of `nullmove search`.
#[derive(Debug, clap::Args)]
pub struct Args {
    // --board, --depth, --reduction, --mode.
    #[command(flatten)]
    search: SearchArgs,
    /// Which engine searches (the oracle ignores mode and reduction).
    #[arg(long, value_enum, default_value = "optimized")]
    engine: EngineName,
    /// Print one JSON document instead of a table.
    #[arg(long)]
    json: bool,
    /// The safeguards (optimized engine only; all off: the page's search).
    #[command(flatten)]
    guards: GuardArgs,
}

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

/// The document of `nullmove search` (SPEC.md's contract fields and more).
#[derive(Debug, Serialize)]
pub struct Report {
    /// The position searched.
    pub board: String,
    /// `X` or `O`.
    pub side_to_move: String,
    /// The depth limit.
    pub depth: u32,
    /// R.
    pub reduction: u32,
    /// `plain` or `null`.
    pub mode: String,
    /// The engine's name.
    pub engine: &'static str,
    /// The safeguards on, in the command line's words (`page` when none).
    pub guards: String,
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

/// Searches and builds the report.
pub fn document(args: &Args) -> Result<Report, CliError> {
    let params = args.search.params()?;
    let chosen = args.guards.engine(args.engine)?;
    let engine = chosen.get();
    let report = engine.search(&args.search.board, &params);
    let exact = nullmove_oracle::exact_root(&args.search.board, args.search.depth);
    let exact_of = |cell: Cell| {
        exact
            .moves
            .iter()
            .find(|m| m.cell == cell)
            .map_or(exact.value, |m| m.value)
    };
    Ok(Report {
        board: args.search.board.to_string(),
        side_to_move: args.search.board.side_to_move().to_string(),
        depth: args.search.depth,
        reduction: args.search.reduction,
        mode: params.mode().to_string(),
        engine: engine.name(),
        guards: chosen.guards().to_string(),
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

/// Runs the search and prints the report.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let out = document(args)?;
    if args.json {
        common::write_json(io.out, &out)?;
    } else {
        render(&out, io.out)?;
    }
    Ok(0)
}

/// The report as the board, a move table and the summary lines.
pub fn render(out: &Report, w: &mut dyn Write) -> io::Result<()> {
    writeln!(w, "{}", common::draw_board(&out.board))?;
    let guards = if out.guards == "page" {
        String::new()
    } else {
        format!(" · guards {}", out.guards)
    };
    writeln!(
        w,
        "\n{} to move · depth limit {} · R {} · mode {} · engine {}{guards}\n",
        out.side_to_move, out.depth, out.reduction, out.mode, out.engine
    )?;
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
            common::show_value(m.value),
            m.exact,
            notes.join(", ")
        )?;
    }
    let best = out
        .best_move
        .map_or_else(|| "none".to_owned(), |c| c.to_string());
    writeln!(
        w,
        "\nbest move {best} · value {} · nodes {} (null probes {}, null cutoffs {}, beta cutoffs {})",
        out.value, out.nodes, out.stats.null_probes, out.stats.null_cutoffs, out.stats.beta_cutoffs
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
