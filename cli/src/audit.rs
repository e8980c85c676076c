//! `nullmove audit`: every published claim of the page, checked (SPEC.md, "The command-line
//! contract"). The claims and their checks live in `nullmove_fixtures` (corpus, audit); this
//! module only prints them and sets the exit status.

use nullmove_fixtures::audit;

use crate::common::{self, CliError, Io};

/// Arguments of `nullmove audit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON document: `{"claims":[{"id","section","statement","published",
    /// "reproduced","status",...}], "conflicts":[...], "pairs_checked"}`.
    #[arg(long)]
    json: bool,
    /// Print each claim in full (statement, engines, conflicts, notes) instead of a table.
    #[arg(long, conflicts_with = "json")]
    details: bool,
}

/// The document: every claim, checked.
pub fn document(_args: &Args) -> Result<audit::Audit, CliError> {
    Ok(audit::audit())
}

/// Audits every claim; exit status 1 when any claim `differs`, else 0.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let a = document(args)?;
    if args.json {
        common::write_json(io.out, &a)?;
    } else if args.details {
        write!(io.out, "{}", audit::render(&a))?;
    } else {
        write!(io.out, "{}", audit::render_table(&a))?;
    }
    Ok(u8::from(a.any_differs()))
}
