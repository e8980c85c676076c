//! `nullmove audit`: every published claim of the page and of its companion article, checked
//! (docs/src/specification.md, "The command-line contract"). The claims and their checks live in
//! `nullmove_fixtures` (corpus, audit, coverage); this module only prints them and sets the
//! exit status.
//!
//! With `--page FILE` and/or `--article FILE` it checks the corpus against the texts
//! instead: every claim's anchor must occur in its text, and every sentence must be checked
//! by a claim or listed as not checkable, with the reason.

use std::io::Write;
use std::path::{Path, PathBuf};

use nullmove_fixtures::audit;
use nullmove_fixtures::claims::Source;
use nullmove_fixtures::coverage::{self, Coverage};
use serde::Serialize;

use crate::common::{self, CliError, Io};

/// Arguments of `nullmove audit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON document: `{"claims":[{"id","source","origin","section","anchor",
    /// "statement","published","reproduced","status","replay","confidence",...}],
    /// "conflicts":[...], "pairs_checked", "summary"}`; with `--page`/`--article`,
    /// `{"coverage":[...]}`.
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

/// The document of `nullmove audit`: the claims checked, or, given texts, their coverage.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Document {
    /// Every claim (or those `--claim` names), checked; boxed, as it is far larger than a
    /// coverage report.
    Audit(Box<audit::Audit>),
    /// `--page`/`--article`: the coverage of each text given.
    Coverage(CoverageReport),
}

/// The coverage of the texts given, the page's first.
#[derive(Debug, Serialize)]
pub struct CoverageReport {
    /// One report per text.
    pub coverage: Vec<TextCoverage>,
}

/// The coverage of one text and the file it was read from.
#[derive(Debug, Serialize)]
pub struct TextCoverage {
    /// The file, as given on the command line.
    pub file: String,
    /// Its coverage by the corpus.
    #[serde(flatten)]
    pub coverage: Coverage,
}

impl Document {
    /// The exit status: 1 when a claim differs under a fair reading, or when a text's
    /// coverage is incomplete (an anchor missing or citing a whole sentence, a sentence
    /// unaccounted for); else 0. A claim the source contradicts (`inconsistent`), cannot
    /// support (`unverifiable`) or whose sample cannot tell (`inconclusive`) does not fail.
    #[must_use]
    pub fn status(&self) -> u8 {
        match self {
            Self::Audit(a) => u8::from(a.any_differs()),
            Self::Coverage(c) => u8::from(!c.coverage.iter().all(|t| t.coverage.is_complete())),
        }
    }
}

/// The document: the claims checked, or the coverage of the texts given.
pub fn document(args: &Args) -> Result<Document, CliError> {
    if args.page.is_some() || args.article.is_some() {
        return coverage_report(args).map(Document::Coverage);
    }
    audit::audit_of(&args.claims)
        .map(|a| Document::Audit(Box::new(a)))
        .map_err(|e| CliError::Message(e.to_string()))
}

/// Audits every claim (or checks the texts' coverage) and prints the result; the exit
/// status is [`Document::status`].
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    let doc = document(args)?;
    common::emit(io.out, args.json, &doc, |d, w| render(d, args.details, w))?;
    Ok(doc.status())
}

/// The table of claims (each claim in full with `details`), or each text's coverage.
pub fn render(doc: &Document, details: bool, out: &mut dyn Write) -> std::io::Result<()> {
    match doc {
        Document::Audit(a) if details => write!(out, "{}", audit::render(a)),
        Document::Audit(a) => write!(out, "{}", audit::render_table(a)),
        Document::Coverage(c) => {
            for (i, t) in c.coverage.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                write!(out, "{}", coverage::render(&t.coverage, &t.file))?;
            }
            Ok(())
        }
    }
}

/// Reads a text whole; a file that cannot be read is one line naming it.
fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::Message(format!("cannot read {}: {e}", path.display())))
}

fn coverage_report(args: &Args) -> Result<CoverageReport, CliError> {
    let texts = [(Source::Page, &args.page), (Source::Article, &args.article)];
    let mut coverage = Vec::new();
    for (source, path) in texts {
        if let Some(path) = path {
            coverage.push(TextCoverage {
                file: path.display().to_string(),
                coverage: coverage::coverage(source, &read(path)?),
            });
        }
    }
    Ok(CoverageReport { coverage })
}
