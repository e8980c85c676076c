//! The examples' command lines: `--flag value` pairs, read in order, each error naming its
//! flag (a module of the examples that include it, not an example of its own).

use std::env::Args;
use std::iter::Skip;

/// The arguments after the program's name.
pub struct Flags(Skip<Args>);

impl Flags {
    pub fn new() -> Self {
        Self(std::env::args().skip(1))
    }

    /// The next flag, if any.
    pub fn next_flag(&mut self) -> Option<String> {
        self.0.next()
    }

    /// The value after `flag`.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.0.next().ok_or(format!("{flag} needs a value"))
    }

    /// The value after `flag`, a whole number.
    pub fn number(&mut self, flag: &str) -> Result<u32, String> {
        let v = self.value(flag)?;
        v.parse::<u32>().map_err(|e| format!("{flag} {v:?}: {e}"))
    }
}
