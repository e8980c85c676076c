//! The `nullmove` binary: [`nullmove::run_with`] on the process's own stdout and stderr.

use std::io::{self, BufWriter};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    // stderr stays unlocked: a progress bar draws on it from the measuring threads, which
    // would wait forever for a lock this thread held while it waits for them.
    let mut err = io::stderr();
    let status = nullmove::run_with(
        std::env::args_os().skip(1),
        &mut nullmove::Io {
            out: &mut out,
            err: &mut err,
            terminal: true,
        },
    );
    ExitCode::from(status)
}
