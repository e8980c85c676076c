//! `nullmove audit`: every published claim of the page and of its companion article, checked
//! (docs/src/specification.md, "The command-line contract"). The claims and their checks live in
//! `nullmove_fixtures` (corpus, audit, coverage); this module only prints them and sets the
//! exit status.
//!
//! With `--page FILE` and/or `--article FILE` it checks the corpus against the texts
//! instead: every claim's anchor must occur in its text, and every sentence must be checked
//! by a claim or listed as not checkable, with the reason.
//!
//! With `--html FILE` it also writes the reviewer's view, both texts annotated by the audit
//! (`nullmove_fixtures::review`), as one self-contained file (`nullmove_server::review_file`,
//! the page `nullmove serve` shows at `/review`); with `--erratum` it prints the review's
//! erratum instead of the table. Both read the texts (`--page`/`--article`, by default from
//! `../shared/page/`) and check them before the audit runs.

use std::path::{Path, PathBuf};

use nullmove_fixtures::audit;
use nullmove_fixtures::review::{AuditDocument, SourceText};

use crate::build_info;
use crate::error::CliError;
use crate::output::{self, Io};
pub use nullmove_report::audit::{
    Audited, CoverageReport, Document, TextCoverage, TextPaths, render, review_json, review_of,
    review_texts,
};
use nullmove_report::output_file::OutputFile;

/// Arguments of `nullmove audit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Print one JSON document: `{"claims":[{"id","source","origin","section","anchor",
    /// "statement","published","reproduced","status","replay","confidence",...}],
    /// "conflicts":[...], "pairs_checked", "summary", "build":{"version","commit","changes",
    /// "install"}}`; with `--page`/`--article`,
    /// `{"coverage":[...]}`.
    #[arg(long)]
    json: bool,
    /// Print each claim in full (anchor, statement, engines, skips, conflicts, notes, replay
    /// commands) instead of a table.
    #[arg(long, conflicts_with_all = ["json", "page", "article"])]
    details: bool,
    /// Check the page's text (`null-move-pruning.en.txt`) against the corpus: every anchor
    /// found, every sentence accounted for; prints each sentence with the claims citing it.
    /// With --html or --erratum: the page's text those annotate.
    #[arg(long, value_name = "FILE")]
    page: Option<PathBuf>,
    /// The same for the companion article (`null-move-pruning.fa.txt`).
    #[arg(long, value_name = "FILE")]
    article: Option<PathBuf>,
    /// Audit only this claim (repeatable): measured with the claims it conflicts with, so
    /// its status is the whole audit's.
    #[arg(long = "claim", value_name = "ID", conflicts_with_all = ["page", "article"])]
    claims: Vec<String>,
    /// Also write the reviewer's view to FILE: the page and the article with each statement
    /// marked by the claims that check it, as one HTML file that opens with the network off.
    /// The texts come from --page/--article, by default ../shared/page/.
    #[arg(long, value_name = "FILE", conflicts_with = "claims")]
    html: Option<PathBuf>,
    /// Print the erratum instead of the table: every claim that differs or is inconsistent,
    /// in Markdown, each sentence cited by section and anchor, with what we measure and a
    /// wording our measurement supports. Reads the texts as --html does.
    #[arg(long, conflicts_with_all = ["json", "details", "claims"])]
    erratum: bool,
    /// With --html or --erratum: annotate the texts with the audit document FILE that
    /// `nullmove audit --json` saved, instead of auditing again (a second of work, not
    /// minutes); its exit status is that document's.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "details", "claims"])]
    from: Option<PathBuf>,
}

impl Args {
    /// Whether the texts are annotated (`--html`, `--erratum`) rather than checked for
    /// coverage.
    fn reviews(&self) -> bool {
        self.html.is_some() || self.erratum
    }
}

/// The document: the claims checked, or the coverage of the texts given.
pub fn document(args: &Args) -> Result<Document, CliError> {
    document_reporting(args, &|_, _| {})
}

/// [`document`], telling `progress` how many claims are measured, of how many: what
/// `nullmove serve` shows a reader waiting for the audit.
pub fn document_reporting(
    args: &Args,
    progress: audit::Progress<'_>,
) -> Result<Document, CliError> {
    if (args.page.is_some() || args.article.is_some()) && !args.reviews() {
        return Ok(Document::Coverage(CoverageReport::of(
            args.page.as_deref(),
            args.article.as_deref(),
        )?));
    }
    audit::audit_of_reporting(&args.claims, progress)
        .map(|a| Document::Audit(Audited::new(a, build_info::build())))
        .map_err(|e| CliError::Message(e.to_string()))
}

/// Audits every claim (or checks the texts' coverage) and prints the result; the exit
/// status is [`Document::status`]. With `--html` or `--erratum` the texts are read and the
/// file's folder checked first, so neither waits for the audit to fail.
pub fn run(args: &Args, io: &mut Io<'_>) -> Result<u8, CliError> {
    if args.from.is_some() && !args.reviews() {
        return Err(CliError::Message(
            "--from FILE annotates the texts with a saved audit: give --html FILE or --erratum \
             with it"
                .into(),
        ));
    }
    if !args.reviews() {
        let doc = document(args)?;
        output::emit(io.out, args.json, &doc, |d, w| render(d, args.details, w))?;
        return Ok(doc.status());
    }
    // Where the view goes is checked first: neither an input overwritten nor a long audit
    // that ends in a file it cannot write.
    let paths = TextPaths::new(args.page.as_deref(), args.article.as_deref());
    let mut inputs: Vec<&Path> = paths.files.iter().map(|(_, p)| p.as_path()).collect();
    inputs.extend(args.from.as_deref());
    let html = args
        .html
        .as_deref()
        .map(|target| OutputFile::create_apart_from(target, &inputs))
        .transpose()?;
    let texts = paths.read()?;
    if let Some(saved) = &args.from {
        return review_saved(saved, &texts, html, args.erratum, io);
    }
    // The whole audit: --claim is refused beside --html and --erratum.
    let audited = Audited::new(audit::audit(), build_info::build());
    let mut document = AuditDocument::of(&audited.audit);
    document.build = Some(audited.build.clone());
    let review = review_of(&document, &texts)?;
    let doc = Document::Audit(audited);
    if let Some(file) = html {
        file.commit(nullmove_server::review_file(&review_json(&review)?).as_bytes())?;
    }
    if args.erratum {
        write!(io.out, "{}", review.erratum)?;
    } else {
        output::emit(io.out, args.json, &doc, |d, w| render(d, args.details, w))?;
    }
    Ok(doc.status())
}

/// `--from FILE`: the view and the erratum of a saved audit document, nothing measured. Exit
/// status 1 when the document reports a claim that differs, as the audit that wrote it.
fn review_saved(
    saved: &Path,
    texts: &[SourceText],
    html: Option<OutputFile>,
    erratum: bool,
    io: &mut Io<'_>,
) -> Result<u8, CliError> {
    let audit = nullmove_report::audit::saved(saved)?;
    let review = review_of(&audit, texts)?;
    if let Some(file) = html {
        file.commit(nullmove_server::review_file(&review_json(&review)?).as_bytes())?;
    }
    if erratum {
        write!(io.out, "{}", review.erratum)?;
    }
    let differs = audit
        .claims
        .iter()
        .any(|c| c.status == audit::Status::Differs);
    Ok(u8::from(differs))
}
