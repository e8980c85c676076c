//! The routes: the embedded page, and a JSON API whose documents are the commands' own.
//!
//! A request's query parameters are the command's flags without their dashes
//! (`/api/search?board=...O.X...&depth=3&reduction=1&mode=null` is `nullmove search --board
//! ...O.X... --depth 3 --reduction 1 --mode null --json`); a flag without a value takes
//! `true` or `false`. They become an argv for the command line's parser ([`query`]), so a
//! bad value gets the command's one-line reason. Only the flags that choose *what* is
//! computed are taken: the output flags (`--json`, `--csv`, `--svg FILE`, `--step`,
//! `--details`, `--html`, `--erratum`) are the server's business, and no request can name a
//! file. `/api/audit` answers with the whole audit, so it takes no flag: not `--claim` (a
//! selection of it), nor `--page`/`--article` (files). `/api/review` annotates the texts the
//! server was started with by that same audit, computed once for both; while it is computed,
//! `/api/audit/progress` (and `/api/review/progress`) say how far it is.
//!
//! A route is one entry of [`ROUTES`]: its command and parameters, what its computation
//! costs, whether its documents are kept, and which view of them it answers with
//! ([`view`]); a new route over an existing view is one more entry.

mod assets;
mod query;
mod refusal;
mod view;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub use crate::compute::lane::Cost;
pub use view::View;

use crate::commands::Commands;
use crate::compute::cache::{Abandoned, Cache, Stage};
use crate::compute::gate::{Gate, LaneStats, Lanes};
use crate::compute::lane::Lane;
use crate::error::ApiError;
use crate::http::checks::{self, Checks};
use crate::limits::Limits;
use assets::ASSETS;
use view::Documents;

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

/// What the handlers share.
pub struct AppState {
    commands: Arc<dyn Commands>,
    lanes: Lanes,
    /// Whether each route's flag takes a value (else it is a switch), as the commands say.
    takes_value: HashMap<(&'static str, &'static str), bool>,
    /// Documents kept per distinct set of arguments ([`Kept::PerQuery`]).
    per_query: Cache<Arc<Documents>>,
    /// Documents computed once per server ([`Kept::Once`]).
    once: Cache<Arc<Documents>>,
}

/// What a busy light lane asks a client to wait: its work takes milliseconds.
const LIGHT_RETRY: Duration = Duration::from_secs(1);

/// What a busy heavy lane asks a client to wait: a sweep takes seconds.
const HEAVY_RETRY: Duration = Duration::from_secs(5);

impl AppState {
    /// The lanes, caches and flag table of a server with `limits` over `commands`; an
    /// error names a route's parameter the commands do not take.
    pub fn new(limits: Limits, commands: Arc<dyn Commands>) -> Result<Arc<Self>, String> {
        let gate = |name, workers, retry| {
            Gate::new(name, workers, limits.max_waiting, limits.max_wait, retry)
        };
        let takes_value = query::flag_kinds(&*commands, &ROUTES)?;
        Ok(Arc::new(Self {
            commands,
            lanes: Lanes {
                light: gate("light", limits.light_workers, LIGHT_RETRY),
                heavy: gate("heavy", limits.heavy_workers, HEAVY_RETRY),
            },
            takes_value,
            per_query: Cache::new(limits.cached_documents, Abandoned::Stop),
            once: Cache::new(ROUTES.len(), Abandoned::Finish),
        }))
    }

    /// The lanes' state now.
    #[must_use]
    pub fn stats(&self) -> LaneStats {
        self.lanes.stats()
    }

    fn gate(&self, lane: Lane) -> &Gate {
        match lane {
            Lane::Light => &self.lanes.light,
            Lane::Heavy => &self.lanes.heavy,
        }
    }
}

/// The server's routes, behind the request checks.
pub fn router(state: Arc<AppState>, checks: Checks) -> Router {
    let mut app = Router::new().route("/api", get(index));
    for route in &ROUTES {
        app = app.route(
            route.path,
            get(move |State(state): State<Arc<AppState>>, params: Params| {
                view::answer(state, route, params)
            }),
        );
        if route.kept == Kept::Once {
            app = app.route(
                &progress_path(route),
                get(
                    move |State(state): State<Arc<AppState>>, params: Params| async move {
                        progress(&state, route, params)
                    },
                ),
            );
        }
    }
    for asset in ASSETS {
        app = app.route(asset.path, get(move || async move { asset }));
    }
    app.fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(checks),
            checks::check,
        ))
}

/// A request's query, as axum reads it.
type Params = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The query's pairs, or why it cannot be read.
fn pairs(params: Params) -> Result<Vec<(String, String)>, ApiError> {
    let Query(pairs) =
        params.map_err(|e| ApiError::BadRequest(format!("a malformed query: {e}")))?;
    Ok(pairs)
}

fn json_response(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `/api`: the routes, their parameters and what they answer with. It takes no parameter.
async fn index(params: Params) -> Result<Response, ApiError> {
    if let Some((unknown, _)) = pairs(params)?.first() {
        return Err(ApiError::BadRequest(format!(
            "unknown parameter '{unknown}': /api takes none"
        )));
    }
    let routes: Vec<_> = ROUTES
        .iter()
        .map(|r| {
            let mut route = serde_json::json!({
                "path": r.path,
                "command": r.command,
                "parameters": r.params,
                "answers": r.answers,
            });
            if r.kept == Kept::Once {
                route["progress"] = progress_path(r).into();
            }
            route
        })
        .collect();
    Ok(json_response(Bytes::from(
        serde_json::json!({ "routes": routes }).to_string(),
    )))
}

/// Where a route computed once per server says how far its computation is.
fn progress_path(route: &Route) -> String {
    format!("{}/progress", route.path)
}

/// `{route}/progress`: `{"state": "idle"}` before anyone asked for the route's document,
/// `{"state": "running", "done": N, "total": M}` while it is computed (for the audit, claims
/// measured; without the counts until the computation gives them), `{"state": "ready"}` once
/// it is kept. It takes no parameter and starts nothing.
fn progress(state: &AppState, route: &'static Route, params: Params) -> Result<Response, ApiError> {
    if let Some((unknown, _)) = pairs(params)?.first() {
        return Err(ApiError::BadRequest(format!(
            "unknown parameter '{unknown}': {} takes none",
            progress_path(route)
        )));
    }
    let argv = query::argv(&state.takes_value, route, &[])?;
    let key = state.commands.parse(&argv)?.key();
    let body = match state.once.stage(&key) {
        Stage::Idle => serde_json::json!({ "state": "idle" }),
        // Before the computation says how much it has to do, only that it runs.
        Stage::Running(_, 0) => serde_json::json!({ "state": "running" }),
        Stage::Running(done, total) => {
            serde_json::json!({ "state": "running", "done": done, "total": total })
        }
        Stage::Ready => serde_json::json!({ "state": "ready" }),
    };
    Ok(json_response(Bytes::from(body.to_string())))
}

async fn not_found(uri: Uri) -> ApiError {
    let progress: Vec<String> = ROUTES
        .iter()
        .filter(|r| r.kept == Kept::Once)
        .map(progress_path)
        .collect();
    let paths: Vec<&str> = ASSETS
        .iter()
        .map(|a| a.path)
        .chain(std::iter::once("/api"))
        .chain(ROUTES.iter().map(|r| r.path))
        .chain(progress.iter().map(String::as_str))
        .collect();
    ApiError::NotFound(format!(
        "no such page: {}; this server has {}",
        uri.path(),
        paths.join(", ")
    ))
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed(
        "only GET (and HEAD) here: every parameter goes in the query".to_owned(),
    )
}
