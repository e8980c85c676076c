//! The route table: every API route, the command it runs and the flags it takes, what its
//! computation costs, whether its documents are kept, and which view of them it answers
//! with. A new route over an existing view is one more entry of [`ROUTES`].

use crate::compute::lane::Cost;

/// One API route: the command it runs, the command's flags it takes, and how it answers.
#[derive(Debug, Clone, Copy)]
pub struct Route {
    /// Where it is served.
    pub path: &'static str,
    /// The `nullmove` subcommand whose document it answers with.
    pub command: &'static str,
    /// The flags it takes, without dashes, in the order they go to the parser.
    pub params: &'static [&'static str],
    /// What it answers with.
    pub answers: &'static str,
    /// What its computation could cost: the lane it runs in.
    pub cost: Cost,
    /// Whether its documents are kept once computed.
    pub kept: Kept,
    /// The view of the documents it answers with.
    pub view: View,
}

/// Whether a route's documents are kept once computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// Computed for each request: small or cheap enough.
    No,
    /// Computed once per distinct set of arguments and kept (a bounded number, the oldest
    /// dropped first); stopped when every client waiting for it has gone. Routes over one
    /// command share what is kept (a sweep's document and its chart).
    PerQuery,
    /// Computed once per server, whoever asks, and run to its end even when nobody waits:
    /// for a document that cannot stop midway (the audit).
    Once,
}

/// A route's own parameters, then the guard flags search, trace and sweep all take,
/// written once.
macro_rules! with_guards {
    ($($param:literal),*) => {
        &[
            $($param,)*
            "min-probe-depth",
            "threat-guard",
            "min-empty",
            "adaptive-r",
            "depth-r",
            "eval-r",
            "eval-gate",
            "zero-window",
            "non-pv",
            "verify",
        ]
    };
}

const SEARCH_PARAMS: &[&str] = with_guards!("board", "depth", "reduction", "mode", "engine");

const SWEEP_PARAMS: &[&str] = with_guards!("positions", "depths", "reductions", "engine");

/// Every API route.
pub static ROUTES: [Route; 6] = [
    Route {
        path: "/api/search",
        command: "search",
        params: SEARCH_PARAMS,
        answers: "nullmove search --json",
        cost: Cost::Search,
        kept: Kept::No,
        view: View::Json,
    },
    Route {
        path: "/api/trace",
        command: "trace",
        params: SEARCH_PARAMS,
        answers: "{\"events\": nullmove trace --json, one array; \"text\": nullmove trace, one line each}",
        cost: Cost::Search,
        kept: Kept::No,
        view: View::JsonAndText,
    },
    Route {
        path: "/api/sweep",
        command: "sweep",
        params: SWEEP_PARAMS,
        answers: "nullmove sweep --json",
        cost: Cost::Heavy,
        kept: Kept::PerQuery,
        view: View::Json,
    },
    Route {
        path: "/api/sweep.svg",
        command: "sweep",
        params: SWEEP_PARAMS,
        answers: "the chart of nullmove sweep --svg",
        cost: Cost::Heavy,
        kept: Kept::PerQuery,
        view: View::Chart,
    },
    Route {
        path: "/api/audit",
        command: "audit",
        params: &[],
        answers: "nullmove audit --json",
        cost: Cost::Heavy,
        kept: Kept::Once,
        view: View::Json,
    },
    Route {
        path: "/api/review",
        command: "audit",
        params: &[],
        answers: "the texts annotated by nullmove audit: what nullmove audit --html draws",
        cost: Cost::Heavy,
        kept: Kept::Once,
        view: View::Review,
    },
];

/// What a route answers with, from its command's documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The document `--json` prints.
    Json,
    /// The document `--json` prints, an object, with the text the command prints beside
    /// it as `"text"`, one line each (the trace's events and its log).
    JsonAndText,
    /// The chart `--svg` writes.
    Chart,
    /// The reviewer's view: the texts the server was given (`Commands::texts`), annotated
    /// with the document `--json` prints (the audit). Only for a kept document, so the
    /// audit is computed once whichever of its routes asks first.
    Review,
}
