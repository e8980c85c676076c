//! The one error type of the command line: a line the user can act on, a failed write, or
//! the help text asked for.

use std::io;

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
