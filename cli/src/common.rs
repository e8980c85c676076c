//! What every subcommand shares: engine selection, board parsing, errors, output.

use std::process::ExitCode;

use nullmove_core::{Engine, Mode, Position, SearchParams};
use serde::Serialize;

/// An error the user can act on; printed as one line, exit status 2.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Anything that went wrong, said in one line.
    #[error("{0}")]
    Message(String),
}

/// Prints clap's own help and version normally; any usage error as one line, exit 2.
pub fn clap_exit(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Help goes to stdout; a missing subcommand is still a usage error.
            let _ = e.print();
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        _ => {
            // clap writes a paragraph; the contract is one line: the error, plus the
            // accepted values when clap lists them.
            let text = e.to_string();
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let first = lines
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            match text
                .lines()
                .map(str::trim)
                .find(|l| l.starts_with("[possible values"))
            {
                Some(values) => eprintln!("nullmove: {first} {values}"),
                None => eprintln!("nullmove: {first}"),
            }
            ExitCode::from(2)
        }
    }
}

/// The engines a command can run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineName {
    /// The page's JavaScript, line for line.
    Naive,
    /// The generic, allocation-free searcher on bitboards: the page's nodes, faster.
    Optimized,
    /// Exhaustive minimax without pruning (ignores mode and reduction).
    Oracle,
}

impl EngineName {
    /// The engine behind the name.
    pub fn engine(self) -> &'static dyn Engine {
        match self {
            Self::Naive => &nullmove_naive::NaiveEngine,
            Self::Optimized => &nullmove_optimized::OptimizedEngine,
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
    /// Depth limit (the page's `depthLimit`), 0..=9.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=9))]
    pub depth: u32,
    /// Reduction R of the null-move probe, 0..=9.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=9))]
    pub reduction: u32,
    /// Plain alpha-beta or alpha-beta with null-move pruning.
    #[arg(long, value_enum)]
    pub mode: ModeArg,
}

impl SearchArgs {
    /// The validated search parameters.
    pub fn params(&self) -> Result<SearchParams, CliError> {
        SearchParams::new(self.depth, self.reduction, self.mode.into())
            .map_err(|e| CliError::Message(e.to_string()))
    }
}

/// Parses a board for clap, with the position error as the message.
pub fn parse_board(s: &str) -> Result<Position, String> {
    s.parse::<Position>().map_err(|e| e.to_string())
}

/// Prints one JSON document.
pub fn print_json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::Message(format!("cannot write JSON: {e}")))?;
    println!("{text}");
    Ok(())
}

/// The board drawn as three rows, with `.` for empty cells.
pub fn draw_board(p: &Position) -> String {
    let s = p.to_string();
    s.as_bytes()
        .chunks(3)
        .map(|r| {
            r.iter()
                .map(|&b| char::from(b).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A value for a table: the infinities of an open window print as `inf`.
pub fn show_value(v: nullmove_core::Value) -> String {
    if v >= nullmove_core::INF {
        "+inf".into()
    } else if v <= -nullmove_core::INF {
        "-inf".into()
    } else {
        v.to_string()
    }
}
