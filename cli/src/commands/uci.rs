//! `nullmove uci`: the engine for chess GUIs and match tools, on the process's stdin and
//! stdout (the protocol itself is `nullmove_arena::uci`).

use nullmove_arena::uci::{UciError, serve};

use crate::error::CliError;
use crate::output::Io;

/// Arguments of `nullmove uci`: none; the options are UCI's (`setoption`).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs the protocol until `quit` or the end of stdin. In process (no terminal of its own:
/// tests, a server) it is refused, since it would read the process's stdin.
pub fn run(_args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    if !io.terminal {
        return Err(CliError::msg(
            "uci talks over the process's stdin and stdout: run it as the nullmove binary",
        ));
    }
    match serve(std::io::stdin(), io.out) {
        Ok(()) => Ok(0),
        Err(UciError::Write(e)) => Err(CliError::Write(e)),
        Err(e @ UciError::Read(_)) => Err(CliError::Message(e.to_string())),
    }
}
