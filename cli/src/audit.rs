//! `nullmove audit`: every published claim of the page and of its companion article, checked
//! (SPEC.md, "The command-line contract"). The claims and their checks live in
//! `nullmove_fixtures` (corpus, audit, coverage); this module only prints them and sets the
//! exit status.
//!
//! With `--page FILE` and/or `--article FILE` it checks the corpus against the texts
//! instead: every claim's anchor must occur in its text, and every sentence must be checked
//! by a claim or listed as not checkable, with the reason.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use nullmove_fixtures::audit;
use nullmove_fixtures::corpus::Source;
use nullmove_fixtures::coverage::{self, Coverage};
use serde::Serialize;

use crate::common::{self, CliError};

/// Arguments of `nullmove audit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON document: `{"claims":[{"id","source","section","anchor","statement",
    /// "published","reproduced","status","replay",...}], "conflicts":[...],
    /// "pairs_checked"}`; with `--page`/`--article`, `{"coverage":[...]}`.
    #[arg(long)]
    json: bool,
    /// Print each claim in full (anchor, statement, engines, skips, conflicts, notes, replay
    /// commands) instead of a table.
    #[arg(long, conflicts_with_all = ["json", "page", "article"])]
    details: bool,
    /// Check the page's text (`null-move-pruning.en.txt`) against the corpus: every anchor
    /// found, every sentence accounted for; prints each sentence with the claims citing it.
    #[arg(long, value_name = "FILE")]
    page: Option<PathBuf>,
    /// The same for the companion article (`null-move-pruning.fa.txt`).
    #[arg(long, value_name = "FILE")]
    article: Option<PathBuf>,
    /// Audit only this claim (repeatable): measured with the claims it conflicts with, so
    /// its status is the whole audit's.
    #[arg(long = "claim", value_name = "ID", conflicts_with_all = ["page", "article"])]
    claims: Vec<String>,
}

/// Audits every claim, exit status 1 when any claim `differs`, else 0; or, given texts,
/// checks their coverage, exit status 1 when an anchor is missing or a sentence is
/// unaccounted for.
pub fn run(args: &Args) -> Result<ExitCode, CliError> {
    if args.page.is_some() || args.article.is_some() {
        return run_coverage(args);
    }
    let a = audit::audit_of(&args.claims).map_err(|e| CliError::Message(e.to_string()))?;
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

#[derive(Serialize)]
struct CoverageDoc {
    coverage: Vec<Coverage>,
}

fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::Message(format!("cannot read {}: {e}", path.display())))
}

fn run_coverage(args: &Args) -> Result<ExitCode, CliError> {
    let texts = [(Source::Page, &args.page), (Source::Article, &args.article)];
    let mut reports = Vec::new();
    for (source, path) in texts {
        if let Some(path) = path {
            let c = coverage::coverage(source, &read(path)?);
            reports.push((c, path.display().to_string()));
        }
    }
    let complete = reports.iter().all(|(c, _)| c.is_complete());
    if args.json {
        common::print_json(&CoverageDoc {
            coverage: reports.into_iter().map(|(c, _)| c).collect(),
        })?;
    } else {
        for (i, (c, file)) in reports.iter().enumerate() {
            if i > 0 {
                println!();
            }
            print!("{}", coverage::render(c, file));
        }
    }
    Ok(if complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
