//! What the server asks of the commands it serves, and nothing more: which flags a command
//! takes, and a command's documents for an argv its own parser reads. The `nullmove` binary
//! implements it over its parser and its commands' documents, so every answer and every
//! refusal is the command line's own (docs/src/specification.md, "The command-line
//! contract"), and this crate never depends on the binary.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The command line as the server reads it.
///
/// # Example
/// A command line of one command, `echo --text T [--loud]`, whose document is its text:
/// ```
/// use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
/// use nullmove_server::{Ask, Commands, Computation, Flag, Output, Progress, Refusal};
///
/// struct Echo(String);
///
/// impl Computation for Echo {
///     fn key(&self) -> String {
///         self.0.clone()
///     }
///     fn compute(self: Box<Self>, _: &Ask<'_>) -> Result<Option<Output>, Refusal> {
///         Ok(Some(Output::json(serde_json::to_vec(&self.0).unwrap())))
///     }
/// }
///
/// struct EchoLine;
///
/// impl Commands for EchoLine {
///     fn flags(&self, command: &str) -> Option<Vec<Flag>> {
///         (command == "echo").then(|| vec![Flag::value("text"), Flag::switch("loud")])
///     }
///     fn parse(&self, argv: &[String]) -> Result<Box<dyn Computation>, Refusal> {
///         match argv {
///             [_, text] => match text.strip_prefix("--text=") {
///                 Some(t) => Ok(Box::new(Echo(t.to_owned()))),
///                 None => Err(Refusal::refused("--text is required")),
///             },
///             _ => Err(Refusal::refused("echo takes --text alone")),
///         }
///     }
/// }
///
/// let echo = EchoLine.parse(&["echo".into(), "--text=hi".into()]).unwrap();
/// let stop = AtomicBool::new(false);
/// let progress = Progress::default();
/// let ask = Ask { stop: &stop, max_events: 10, progress: &progress };
/// assert_eq!(echo.compute(&ask).unwrap().unwrap().json, b"\"hi\"");
/// ```
pub trait Commands: Send + Sync + 'static {
    /// Every flag of `command` (a subcommand's name, `search`), without dashes; `None` when
    /// there is no such command.
    fn flags(&self, command: &str) -> Option<Vec<Flag>>;

    /// `argv`, the subcommand then one `--flag=value` or `--switch` per parameter, read by
    /// the command line's own parser: a computation ready to run on a worker, or the
    /// command's one-line refusal. Cheap: it runs on the thread that serves connections.
    fn parse(&self, argv: &[String]) -> Result<Box<dyn Computation>, Refusal>;

    /// The texts the reviewer's view annotates ([`crate::View::Review`]), read now, before
    /// the audit they are annotated with is computed or found kept: a text that cannot be
    /// read, or is not the one the claims cite, is refused at once ([`Refusal::Texts`]).
    /// By default a server has none.
    fn texts(&self) -> Result<Box<dyn Texts>, Refusal> {
        Err(Refusal::Texts(
            "this server was given no texts to annotate".to_owned(),
        ))
    }
}

/// Texts read for one request of the reviewer's view.
pub trait Texts: Send + 'static {
    /// The view's document: the texts annotated with `document`, the JSON document of the
    /// route's command (the audit). Cheap: the audit is already computed.
    fn annotate(self: Box<Self>, document: &[u8]) -> Result<Vec<u8>, Refusal>;
}

/// A command whose arguments were read, ready to compute its documents.
pub trait Computation: Send + 'static {
    /// The same for two argvs that parse alike (a default written out or left out): what a
    /// kept document is found by.
    fn key(&self) -> String;

    /// The documents; `Ok(None)` when `ask.stop` was set before they were done (every
    /// client waiting for them has gone).
    fn compute(self: Box<Self>, ask: &Ask<'_>) -> Result<Option<Output>, Refusal>;
}

/// A flag of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    /// Its long name without dashes (`board`).
    pub name: String,
    /// Whether it takes a value; else it is a switch.
    pub takes_value: bool,
}

impl Flag {
    /// A flag that takes a value.
    #[must_use]
    pub fn value(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            takes_value: true,
        }
    }

    /// A switch.
    #[must_use]
    pub fn switch(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            takes_value: false,
        }
    }
}

/// What the server asks of one computation.
#[derive(Debug)]
pub struct Ask<'a> {
    /// Set once every client waiting for the documents has gone: a long computation reads
    /// it between its steps and stops.
    pub stop: &'a AtomicBool,
    /// The most events a trace may hold; a longer one is refused, once its events are
    /// counted and before any is recorded (the server's bound on one answer's memory).
    pub max_events: usize,
    /// Where a long computation says how far it is, for the readers waiting on it (the
    /// audit: claims measured).
    pub progress: &'a Progress,
}

/// How far a computation is: steps done of a total, told by the computation from any
/// thread and read by whoever waits for it.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
}

impl Progress {
    /// `done` of `total` steps are done.
    pub fn set(&self, done: usize, total: usize) {
        self.total.store(total, Ordering::SeqCst);
        self.done.store(done, Ordering::SeqCst);
    }

    /// Steps done, and of how many (`(0, 0)` before the computation says).
    #[must_use]
    pub fn get(&self) -> (usize, usize) {
        let done = self.done.load(Ordering::SeqCst);
        (done, self.total.load(Ordering::SeqCst).max(done))
    }
}

/// A command's documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// The document `--json` prints, serialized.
    pub json: Vec<u8>,
    /// The lines the command prints without `--json`, where a route shows them (the
    /// trace's log); empty otherwise.
    pub text: Vec<String>,
    /// The chart `--svg` writes, for a command that draws one.
    pub chart: Option<Vec<u8>>,
}

impl Output {
    /// A JSON document alone.
    #[must_use]
    pub fn json(json: Vec<u8>) -> Self {
        Self {
            json,
            text: Vec::new(),
            chart: None,
        }
    }
}

/// Why a command gave no document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The command refuses its arguments, in its one line (HTTP 400).
    Refused {
        /// The command's one-line reason.
        line: String,
        /// The value the parser refused, when it refused one.
        field: Option<Field>,
    },
    /// The command could not do its part for a reason of the server's, not the request's
    /// (HTTP 500).
    Failed(String),
    /// The texts of the reviewer's view cannot be annotated, said in one line: missing,
    /// unreadable, too large, or not the ones the claims cite (HTTP 422).
    Texts(String),
}

impl Refusal {
    /// The command's one-line refusal of its arguments.
    #[must_use]
    pub fn refused(line: impl Into<String>) -> Self {
        Self::Refused {
            line: line.into(),
            field: None,
        }
    }
}

/// A value the parser refused, in the API's terms, so a form can say which of its fields is
/// wrong in its own words (the page's position field is `board` to the API and `--board
/// <BOARD>` to the command line).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Field {
    /// The query parameter (the flag without its dashes).
    pub parameter: String,
    /// The value as sent.
    pub value: String,
    /// The parser's reason alone, without the command-line syntax around it.
    pub reason: String,
}
