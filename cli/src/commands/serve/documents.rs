//! The command line as the server reads it: the flags of each command as clap declares
//! them, an argv read by the binary's own parser, and each command's documents, so the
//! server answers with the commands' own JSON and refuses in their own words; and the texts
//! the reviewer's view annotates, read as `nullmove audit --html` reads them.

use std::path::PathBuf;

use nullmove_fixtures::review::{AuditDocument, SourceText};
use nullmove_server::{Ask, Commands, Computation, Field, Flag, Output, Refusal, Texts};

use super::super::{audit, sweep, trace};
use crate::definitions::{Cli, Command};
use crate::document::document_json;
use crate::error::CliError;
use crate::parse::clap_error;

/// The `nullmove` command line, for `nullmove_server`, with the texts its reviewer's view
/// reads (by default from `../shared/page/`).
#[derive(Debug, Clone, Default)]
pub struct CommandLine {
    page: Option<PathBuf>,
    article: Option<PathBuf>,
}

impl CommandLine {
    /// The command line whose reviewer's view reads the page's text from `page` and the
    /// article's from `article` (`None`: from `../shared/page/`).
    #[must_use]
    pub fn with_texts(page: Option<PathBuf>, article: Option<PathBuf>) -> Self {
        Self { page, article }
    }
}

impl Commands for CommandLine {
    fn flags(&self, command: &str) -> Option<Vec<Flag>> {
        let cli = <Cli as clap::CommandFactory>::command();
        let command = cli.find_subcommand(command)?;
        Some(
            command
                .get_arguments()
                .filter_map(|a| {
                    let name = a.get_long()?;
                    Some(if a.get_action().takes_values() {
                        Flag::value(name)
                    } else {
                        Flag::switch(name)
                    })
                })
                .collect(),
        )
    }

    fn parse(&self, argv: &[String]) -> Result<Box<dyn Computation>, Refusal> {
        let with_name = std::iter::once("nullmove").chain(argv.iter().map(String::as_str));
        match <Cli as clap::Parser>::try_parse_from(with_name) {
            Ok(cli) => Ok(Box::new(Parsed(cli.command))),
            Err(e) => Err(Refusal::Refused {
                line: clap_error(&e).to_string(),
                field: refused_field(&e),
            }),
        }
    }

    fn texts(&self) -> Result<Box<dyn Texts>, Refusal> {
        audit::review_texts(self.page.as_deref(), self.article.as_deref())
            .map(|texts| Box::new(ReadTexts(texts)) as Box<dyn Texts>)
            .map_err(|e| Refusal::Texts(e.to_string()))
    }
}

/// Both texts, read for one request of the reviewer's view.
struct ReadTexts(Vec<SourceText>);

impl Texts for ReadTexts {
    fn annotate(self: Box<Self>, document: &[u8]) -> Result<Vec<u8>, Refusal> {
        let audit = AuditDocument::from_json(document)
            .map_err(|e| Refusal::Failed(format!("cannot read the audit's document: {e}")))?;
        // The server's own audit and the texts just read: a failure here is the server's.
        let failed = |e: nullmove_report::Error| Refusal::Failed(e.to_string());
        let review = audit::review_of(&audit, &self.0).map_err(failed)?;
        audit::review_json(&review)
            .map(String::into_bytes)
            .map_err(failed)
    }
}

/// A command read from its argv.
#[derive(Debug)]
struct Parsed(Command);

impl Computation for Parsed {
    fn key(&self) -> String {
        format!("{:?}", self.0)
    }

    fn compute(self: Box<Self>, ask: &Ask<'_>) -> Result<Option<Output>, Refusal> {
        match &self.0 {
            // The trace's log beside its events, refused past the server's bound.
            Command::Trace(args) => {
                let document = trace::document_within(args, ask.max_events).map_err(refusal)?;
                Ok(Some(Output {
                    json: json(&document)?,
                    text: document.text,
                    chart: None,
                }))
            }
            // A sweep stops when its clients have gone, and draws the chart of `--svg`.
            Command::Sweep(args) => {
                let Some(document) = sweep::document_until(args, ask.stop).map_err(refusal)? else {
                    return Ok(None);
                };
                let chart = sweep::chart(args, &document).map_err(refusal)?;
                Ok(Some(Output {
                    json: json(&document)?,
                    text: Vec::new(),
                    chart: Some(chart.into_bytes()),
                }))
            }
            // The audit says how many claims it has measured, for the readers waiting.
            Command::Audit(args) => {
                let document =
                    audit::document_reporting(args, &|done, total| ask.progress.set(done, total))
                        .map_err(refusal)?;
                Ok(Some(Output::json(json(&document)?)))
            }
            command => document_json(command)
                .map(|json| Some(Output::json(json)))
                .map_err(refusal),
        }
    }
}

/// A command's error as the server's refusal: bad input is the request's; a document that
/// could not be written is the server's failure.
fn refusal(e: CliError) -> Refusal {
    match e {
        CliError::Message(line) | CliError::Info(line) => Refusal::refused(line),
        CliError::Write(e) => Refusal::Failed(format!("cannot write the document: {e}")),
    }
}

/// A document as compact JSON.
fn json<T: serde::Serialize>(document: &T) -> Result<Vec<u8>, Refusal> {
    serde_json::to_vec(document).map_err(|e| Refusal::Failed(format!("cannot write JSON: {e}")))
}

/// Which value the parser refused, and why, if it refused a value.
fn refused_field(e: &clap::Error) -> Option<Field> {
    use clap::error::{ContextKind, ContextValue};
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) = (
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidValue),
    ) else {
        return None;
    };
    // `--board <BOARD>` names the parameter `board`.
    let parameter = arg.strip_prefix("--")?.split([' ', '=']).next()?.to_owned();
    let reason = std::error::Error::source(e)?.to_string();
    Some(Field {
        parameter,
        value: value.clone(),
        reason,
    })
}
