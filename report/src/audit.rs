//! `nullmove audit`'s document: every published claim of the page and of its companion
//! article checked, or the texts' coverage by the claims, and the texts the reviewer's view
//! annotates, read and checked. The claims and their checks live in `nullmove_fixtures`.

use std::io::Write;
use std::path::{Path, PathBuf};

use nullmove_fixtures::audit;
use nullmove_fixtures::claims::Source;
use nullmove_fixtures::coverage::{self, Coverage};
use nullmove_fixtures::review::{self, AuditDocument, Build, Review, SourceText};
use serde::Serialize;

use crate::Error;

/// The document of `nullmove audit`: the claims checked, or, given texts, their coverage.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Document {
    /// Every claim (or those `--claim` names), checked, and the build that checked them;
    /// boxed, as it is far larger than a coverage report.
    Audit(Box<Audited>),
    /// `--page`/`--article`: the coverage of each text given.
    Coverage(CoverageReport),
}

/// An audit and the build that measured it: its figures are evidence only with the build
/// that prints them again.
#[derive(Debug, Serialize)]
pub struct Audited {
    /// The audit's document.
    #[serde(flatten)]
    pub audit: audit::Audit,
    /// This binary's build (`nullmove --version`).
    pub build: Build,
}

impl Audited {
    /// `audit`, measured by the binary built as `build`.
    #[must_use]
    pub fn new(audit: audit::Audit, build: Build) -> Box<Self> {
        Box::new(Self { audit, build })
    }
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
            Self::Audit(a) => u8::from(a.audit.any_differs()),
            Self::Coverage(c) => u8::from(!c.coverage.iter().all(|t| t.coverage.is_complete())),
        }
    }
}

/// The page's and the article's texts for the reviewer's view, read and checked: from
/// `page` and `article`, or else from `../shared/page/` ([`coverage::page_dir`]). A text
/// that cannot be read, or is not the one the claims cite, is one line saying how to give it.
pub fn review_texts(page: Option<&Path>, article: Option<&Path>) -> Result<Vec<SourceText>, Error> {
    TextPaths::new(page, article).read()
}

/// Where the reviewer's view reads its texts from, before they are read.
pub struct TextPaths {
    /// Each text and its file: as given, or in the default folder.
    pub files: [(Source, PathBuf); 2],
    /// The default folder, as a reader finds it.
    default_dir: PathBuf,
}

impl TextPaths {
    /// The texts' files: `page` and `article`, or else those in `../shared/page/`.
    #[must_use]
    pub fn new(page: Option<&Path>, article: Option<&Path>) -> Self {
        let dir = coverage::page_dir();
        // `../shared/page` as a reader finds it, without the repository's `fixtures/../..`.
        let default_dir = dir.canonicalize().unwrap_or(dir);
        let file = |source: Source, given: Option<&Path>| {
            let path =
                given.map_or_else(|| default_dir.join(source.file_name()), Path::to_path_buf);
            (source, path)
        };
        Self {
            files: [file(Source::Page, page), file(Source::Article, article)],
            default_dir: default_dir.clone(),
        }
    }

    /// Both texts, read and checked.
    pub fn read(&self) -> Result<Vec<SourceText>, Error> {
        self.files
            .iter()
            .map(|(source, path)| {
                SourceText::read(*source, path).map_err(|e| {
                    Error::Message(format!(
                        "{e}; give the texts with --page FILE and --article FILE (by default \
                         they are read from {})",
                        self.default_dir.display()
                    ))
                })
            })
            .collect()
    }
}

/// `texts` annotated with the audit whose document is `audit`.
pub fn review_of(audit: &AuditDocument, texts: &[SourceText]) -> Result<Review, Error> {
    review::build(audit, texts).map_err(|e| Error::Message(e.to_string()))
}

/// The review as the JSON document the view draws: what `nullmove serve` answers at
/// `/api/review` and `--html` embeds.
pub fn review_json(review: &Review) -> Result<String, Error> {
    serde_json::to_string(review).map_err(|e| Error::Message(format!("cannot write JSON: {e}")))
}

/// The table of claims (each claim in full with `details`), or each text's coverage.
pub fn render(doc: &Document, details: bool, out: &mut dyn Write) -> std::io::Result<()> {
    match doc {
        Document::Audit(a) if details => write!(out, "{}", audit::render(&a.audit)),
        Document::Audit(a) => write!(out, "{}", audit::render_table(&a.audit)),
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

/// Reads a text whole, whatever it says; a file that cannot be read, or is larger than any
/// copy of the texts, is one line naming it.
pub fn read(source: Source, path: &Path) -> Result<String, Error> {
    SourceText::read_unchecked(source, path)
        .map(|t| t.text)
        .map_err(|e| Error::Message(e.to_string()))
}

impl CoverageReport {
    /// The coverage of each text given (the page's, then the article's).
    pub fn of(page: Option<&Path>, article: Option<&Path>) -> Result<Self, Error> {
        let mut coverage = Vec::new();
        for (source, path) in [(Source::Page, page), (Source::Article, article)] {
            if let Some(path) = path {
                coverage.push(TextCoverage {
                    file: path.display().to_string(),
                    coverage: coverage::coverage(source, &read(source, path)?),
                });
            }
        }
        Ok(Self { coverage })
    }
}

/// The audit document `nullmove audit --json` saved in `path`.
pub fn saved(path: &Path) -> Result<AuditDocument, Error> {
    let json = std::fs::read(path)
        .map_err(|e| Error::Message(format!("cannot read {}: {e}", path.display())))?;
    AuditDocument::from_json(&json).map_err(|e| {
        Error::Message(format!(
            "{} is not a document of `nullmove audit --json`: {e}",
            path.display()
        ))
    })
}
