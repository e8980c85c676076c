//! What can go wrong while a document is built or drawn: one line the user can act on, or a
//! failed write; the command line turns either into its own error unchanged.

use std::io;

/// A document that could not be built or drawn.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input or a failed measurement, said in one line.
    #[error("{0}")]
    Message(String),
    /// The output could not be written.
    #[error("cannot write the output: {0}")]
    Write(#[from] io::Error),
}

impl Error {
    /// A one-line message.
    pub fn msg(text: impl Into<String>) -> Self {
        Self::Message(text.into())
    }
}
