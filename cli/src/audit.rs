//! `nullmove audit`: every published claim of the page, checked (SPEC.md, "The command-line
//! contract"). The claims and their checks live in `nullmove_fixtures` (corpus, audit); this
//! module only prints them and sets the exit status.

use std::process::ExitCode;

use nullmove_fixtures::audit;

use crate::common::{self, CliError};

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

/// Audits every claim; exit status 1 when any claim `differs`, else 0.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    let a = audit::audit();
    if args.json {
        common::print_json(&a)?;
    } else if args.details {
        print!("{}", audit::render(&a));
    } else {
        print!("{}", audit::render_table(&a));
    }
    Ok(if a.any_differs() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
