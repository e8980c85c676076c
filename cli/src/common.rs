//! What every subcommand shares: the output streams, engine selection, board parsing, errors,
//! JSON output.

use std::io::{self, Write};

use nullmove_core::{Engine, Mode, Position, SearchParams};
use serde::Serialize;

pub use nullmove_report::format::{and_list, count, draw_board, leaf_reason, show_value};

/// An error the user can act on; printed as one line on stderr.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input or a failed run, said in one line: exit status 2.
    #[error("{0}")]
    Message(String),
    /// The output could not be written (a full disk, a closed pipe): exit status 2, except
    /// for a reader that stopped early (`| head`), which ends the command quietly.
    #[error("cannot write the output: {0}")]
    Write(#[from] io::Error),
    /// Not an error: the help or version text the user asked for, printed on stdout with
    /// exit status 0.
    #[error("{0}")]
    Info(String),
}

impl From<nullmove_report::Error> for CliError {
    fn from(e: nullmove_report::Error) -> Self {
        match e {
            nullmove_report::Error::Message(m) => Self::Message(m),
            nullmove_report::Error::Write(e) => Self::Write(e),
        }
    }
}

impl CliError {
    /// A one-line message.
    pub fn msg(text: impl Into<String>) -> Self {
        Self::Message(text.into())
    }
}

/// Where a command writes and what it may ask of the process's terminal.
pub struct Io<'a> {
    /// The command's output: tables, JSON, CSV.
    pub out: &'a mut dyn Write,
    /// Prompts (`trace --step`); the error line is written by the entry point.
    pub err: &'a mut dyn Write,
    /// Whether the process's own terminal belongs to this run: then progress bars appear on
    /// the process's stderr when it is a terminal, and `trace --step` reads stdin when it is
    /// one. `false` for in-process callers (tests, a server): no bar, no reading stdin.
    pub terminal: bool,
}

/// The engines a command can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineName {
    /// The page's JavaScript, line for line.
    Naive,
    /// The generic, allocation-free searcher on bitboards: the page's nodes, faster.
    Optimized,
    /// Exhaustive minimax without pruning: it takes no mode, reduction or guard.
    Oracle,
}

impl EngineName {
    /// The engine behind the name.
    #[must_use]
    pub fn engine(self) -> &'static dyn Engine {
        match self {
            Self::Naive => &nullmove_naive::NaiveEngine,
            Self::Optimized => &nullmove_optimized::games::tictactoe::OptimizedEngine,
            Self::Oracle => &nullmove_oracle::OracleEngine,
        }
    }
}

/// `plain` or `null` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// Plain depth-limited alpha-beta.
    Plain,
    /// Alpha-beta with null-move pruning.
    Null,
}

impl From<ModeArg> for Mode {
    fn from(m: ModeArg) -> Self {
        match m {
            ModeArg::Plain => Mode::Plain,
            ModeArg::Null => Mode::Null,
        }
    }
}

/// The position and search parameters that `search` and `trace` both take, flattened into
/// each so the flags are declared once.
#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    /// The position, nine characters row-major (`X`, `O`, `.`), e.g. `...O.X...`.
    #[arg(long, value_parser = parse_board)]
    pub board: Position,
    /// Depth limit (the page's `depthLimit`), 0..=999999: any limit the page's rules allow
    /// (past 9 plain search plays every game to its end). Required: the page's figures use
    /// 3, 5 and 9, and none is its default.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(SearchParams::MAX)))]
    pub depth: u32,
    /// Reduction R of the null-move probe, 0..=999999: required with --mode null (the page's
    /// figures use 1, 3 and 4, and none is its default), refused with --mode plain, which
    /// never probes.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(SearchParams::MAX)))]
    pub reduction: Option<u32>,
    /// Plain alpha-beta or alpha-beta with null-move pruning. Required (but refused with
    /// --engine oracle): the page compares the two, so neither is a default here; `kpk`,
    /// which measures null move against an exact table, defaults to null.
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
}

impl SearchArgs {
    /// The validated search parameters of an engine that prunes: `--mode` is required,
    /// `--reduction` too with `null`, and refused with `plain`, where it would change
    /// nothing.
    pub fn params(&self) -> Result<SearchParams, CliError> {
        let missing = |what: &str| {
            CliError::Message(format!(
                "the following required argument was not provided: {what}"
            ))
        };
        let mode = self
            .mode
            .ok_or_else(|| missing("--mode <MODE> (plain or null)"))?;
        let reduction = match (mode, self.reduction) {
            (ModeArg::Null, Some(r)) => r,
            (ModeArg::Null, None) => {
                return Err(missing("--reduction <REDUCTION> (R, with --mode null)"));
            }
            (ModeArg::Plain, Some(_)) => {
                return Err(CliError::msg(
                    "--reduction does nothing with --mode plain: plain alpha-beta never makes \
                     a null-move probe (leave it out, or use --mode null)",
                ));
            }
            (ModeArg::Plain, None) => 0,
        };
        SearchParams::new(self.depth, reduction, mode.into())
            .map_err(|e| CliError::Message(e.to_string()))
    }

    /// The flags of pruning given (`--mode`, `--reduction`), in the command line's words.
    #[must_use]
    pub fn pruning_flags(&self) -> Vec<&'static str> {
        [
            (self.mode.is_some(), "--mode"),
            (self.reduction.is_some(), "--reduction"),
        ]
        .into_iter()
        .filter_map(|(on, flag)| on.then_some(flag))
        .collect()
    }
}

/// Parses a board for clap, with the position error as the message.
pub fn parse_board(s: &str) -> Result<Position, String> {
    s.parse::<Position>().map_err(|e| e.to_string())
}

/// Writes one JSON document and a newline.
pub fn write_json<T: Serialize>(out: &mut dyn Write, value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::Message(format!("cannot write JSON: {e}")))?;
    writeln!(out, "{text}")?;
    Ok(())
}

/// Writes `doc` as one JSON document with `--json` (`json`), else as `render` draws it: how
/// every command prints its document.
pub fn emit<T: Serialize>(
    out: &mut dyn Write,
    json: bool,
    doc: &T,
    render: impl FnOnce(&T, &mut dyn Write) -> io::Result<()>,
) -> Result<(), CliError> {
    if json {
        write_json(out, doc)
    } else {
        Ok(render(doc, out)?)
    }
}
