//! An argv read into a [`Command`], clap's errors as one line each.

use std::ffi::OsString;

use clap::Parser;

use crate::definitions::{Cli, Command};
use crate::error::CliError;

/// Parses `args`, the subcommand and its arguments *without* the program name (as
/// `std::env::args_os().skip(1)` yields them): `["search", "--board", "...O.X...", ...]`.
///
/// Bad arguments give [`CliError::Message`] with clap's error as one line; `--help` and
/// `--version` give [`CliError::Info`] with the text to print.
pub fn parse<I, S>(args: I) -> Result<Command, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<OsString> + Clone,
{
    let argv = std::iter::once(OsString::from("nullmove")).chain(args.into_iter().map(Into::into));
    Cli::try_parse_from(argv)
        .map(|cli| cli.command)
        .map_err(|e| clap_error(&e))
}

/// Clap's help and version as [`CliError::Info`]; any usage error as one line.
pub(crate) fn clap_error(e: &clap::Error) -> CliError {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => CliError::Info(e.to_string()),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let names: Vec<String> = <Cli as clap::CommandFactory>::command()
                .get_subcommands()
                .map(|c| c.get_name().to_owned())
                .collect();
            CliError::Message(format!(
                "a subcommand is required: one of {} (see nullmove --help)",
                names.join(", ")
            ))
        }
        _ => CliError::Message(one_line(e)),
    }
}

/// Clap's paragraph as one line with the whole reason: the error, every item it lists
/// below it (the missing arguments), the accepted values and any tip; not the usage line or
/// the pointer to `--help`. A value quoted in the message is shown escaped when it holds a
/// control character (a board with a trailing newline), so it cannot break the line.
fn one_line(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let mut text = e.to_string();
    for kind in [
        ContextKind::InvalidValue,
        ContextKind::InvalidArg,
        ContextKind::InvalidSubcommand,
    ] {
        if let Some(ContextValue::String(v)) = e.get(kind)
            && v.contains(char::is_control)
        {
            text = text.replace(v.as_str(), &v.escape_debug().to_string());
        }
    }
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"));
    let mut message = lines
        .next()
        .unwrap_or("invalid arguments")
        .trim_start_matches("error: ")
        .to_owned();
    let (mut items, mut notes) = (Vec::new(), Vec::new());
    for line in lines {
        if line.starts_with('[') || line.starts_with("tip:") {
            notes.push(line);
        } else {
            items.push(line);
        }
    }
    if !items.is_empty() {
        message = format!("{message} {}", items.join(", "));
    }
    for note in notes {
        message = format!("{message}; {note}");
    }
    message
}
