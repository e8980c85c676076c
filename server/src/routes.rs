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
//! A route is one entry of [`ROUTES`] ([`table`]): its command and parameters, what its
//! computation costs, whether its documents are kept, and which view of them it answers
//! with ([`view`]); a new route over an existing view is one more entry. What the handlers
//! share is [`state`]'s.

mod assets;
mod query;
mod refusal;
mod state;
mod table;
mod view;

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

pub use crate::compute::lane::Cost;
pub use state::AppState;
pub use table::{Kept, ROUTES, Route, View};

use crate::compute::cache::Stage;
use crate::error::ApiError;
use crate::http::checks::{self, Checks};
use assets::ASSETS;
use query::{Params, pairs};

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
