//! `nullmove chess --fen`: one position searched to a fixed depth under one configuration.

use nullmove_chess::parse_fen;
use nullmove_report::chess::position::{PositionDoc, search};

use super::Args;
use crate::error::CliError;

/// Searches the position the arguments name.
pub(super) fn document(args: &Args) -> Result<PositionDoc, CliError> {
    let (Some(fen), Some(depth)) = (args.fen.as_deref(), args.depth) else {
        return Err(CliError::msg(
            "the following required arguments were not provided: --fen <FEN> --depth <DEPTH> \
             (or a subcommand: suite)",
        ));
    };
    let board = parse_fen(fen).map_err(|e| CliError::Message(format!("--fen: {e}")))?;
    Ok(search(&board, depth, args.config)?)
}
