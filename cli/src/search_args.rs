//! The position and search parameters that `search` and `trace` take, and the board parser.

use nullmove_core::{Position, SearchParams};

use crate::engine_args::ModeArg;
use crate::error::CliError;

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
