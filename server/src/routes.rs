//! The routes: the embedded page, and a JSON API whose documents are the commands' own.
//!
//! A request's query parameters are the command's flags without their dashes
//! (`/api/search?board=...O.X...&depth=3&reduction=1&mode=null` is `nullmove search --board
//! ...O.X... --depth 3 --reduction 1 --mode null --json`); a flag without a value takes
//! `true` or `false`. They become an argv for the CLI's parser, so a bad value gets the
//! CLI's one-line reason. Only the flags that choose *what* is computed are taken: the
//! output flags (`--json`, `--csv`, `--svg FILE`, `--step`, `--details`) are the server's
//! business, and no request can name a file. `/api/audit` answers with the whole audit, so
//! it takes no flag: not `--claim` (a selection of it), nor `--page`/`--article` (files).

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
use serde::Serialize;

use super::Limits;
use super::assets::ASSETS;
use super::cache::{Abandoned, Cache};
use super::cancel::Cancel;
use super::error::ApiError;
use super::gate::{Gate, LaneStats, Lanes};
use super::guard::{self, Checks};
use super::lane::{Lane, search_lane};
use crate::common::{ModeArg, SearchArgs};
use crate::guards::GuardArgs;
use crate::{Command, audit, search, sweep, trace};

mod refusal;
use refusal::Refused;

/// The longest trace `/api/trace` sends, in events (the root report counts as one). Every
/// plain search fits (the longest has 78,743 events: the empty board at depth limit 9). Of
/// the 602,580 searches of every reachable position at depth limits 0..=9 (plain, and null
/// move with R 0..=9), 53 null-move searches do not; the longest, the empty board at depth
/// limit 9 with R 0, has 1,835,277 events (`cli/tests/it/serve_bounds.rs`). A trace at the cap
/// is about 10 MB (events and text; 7.7 MB for the 78,743 events above), about as much as a
/// browser's log shows at ease; a longer one is refused after counting its events, which
/// costs one search and no memory.
pub const MAX_TRACE_EVENTS: usize = 100_000;

/// One API route: the command it runs and the command's flags it takes.
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
}

/// A route's own parameters, then the guard flags search, trace and sweep all take
/// (`GuardArgs`), written once.
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
pub const ROUTES: [Route; 5] = [
    Route {
        path: "/api/search",
        command: "search",
        params: SEARCH_PARAMS,
        answers: "nullmove search --json",
    },
    Route {
        path: "/api/trace",
        command: "trace",
        params: SEARCH_PARAMS,
        answers: "{\"events\": nullmove trace --json, one array; \"text\": nullmove trace, one line each}",
    },
    Route {
        path: "/api/sweep",
        command: "sweep",
        params: SWEEP_PARAMS,
        answers: "nullmove sweep --json",
    },
    Route {
        path: "/api/sweep.svg",
        command: "sweep",
        params: SWEEP_PARAMS,
        answers: "the chart of nullmove sweep --svg",
    },
    Route {
        path: "/api/audit",
        command: "audit",
        params: &[],
        answers: "nullmove audit --json",
    },
];

/// A sweep, computed once: its document and its chart.
#[derive(Debug)]
struct SweepEntry {
    json: Bytes,
    svg: Bytes,
}

/// What the handlers share.
pub struct AppState {
    lanes: Lanes,
    /// Whether each route's flag takes a value (else it is a switch), read from the CLI.
    takes_value: HashMap<(&'static str, &'static str), bool>,
    sweeps: Cache<Arc<SweepEntry>>,
    /// The audit cannot stop midway; it is computed once per server, whoever asks.
    audit: Cache<Bytes>,
}

/// What a busy light lane asks a client to wait: its work takes milliseconds.
const LIGHT_RETRY: Duration = Duration::from_secs(1);

/// What a busy heavy lane asks a client to wait: a sweep takes seconds.
const HEAVY_RETRY: Duration = Duration::from_secs(5);

impl AppState {
    /// The lanes, caches and flag table of a server with `limits`.
    #[must_use]
    pub fn new(limits: Limits) -> Arc<Self> {
        let gate = |name, workers, retry| {
            Gate::new(name, workers, limits.max_waiting, limits.max_wait, retry)
        };
        Arc::new(Self {
            lanes: Lanes {
                light: gate("light", limits.light_workers, LIGHT_RETRY),
                heavy: gate("heavy", limits.heavy_workers, HEAVY_RETRY),
            },
            takes_value: flag_kinds(),
            sweeps: Cache::new(limits.cached_documents, Abandoned::Stop),
            audit: Cache::new(1, Abandoned::Finish),
        })
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

/// The lane of a search or trace: light when its tree is small ([`search_lane`]).
fn lane_of((search, guards): (&SearchArgs, &GuardArgs)) -> Lane {
    let null = search.mode == Some(ModeArg::Null);
    let verified = guards.guards().verification != nullmove_optimized::Verification::None;
    search_lane(&search.board, search.depth, null, verified)
}

/// The server's routes, behind the request checks.
pub fn router(state: Arc<AppState>, checks: Checks) -> Router {
    let mut app = Router::new()
        .route("/api", get(index))
        .route("/api/search", get(search_route))
        .route("/api/trace", get(trace_route))
        .route("/api/sweep", get(sweep_json))
        .route("/api/sweep.svg", get(sweep_svg))
        .route("/api/audit", get(audit_route));
    for asset in ASSETS {
        app = app.route(asset.path, get(move || async move { asset }));
    }
    app.fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(state)
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(checks),
            guard::check,
        ))
}

/// For every route's flag, whether it takes a value, as the CLI declares it.
fn flag_kinds() -> HashMap<(&'static str, &'static str), bool> {
    let cli = <crate::Cli as clap::CommandFactory>::command();
    let mut kinds = HashMap::new();
    for route in ROUTES {
        let command = cli
            .find_subcommand(route.command)
            .expect("every route runs a subcommand");
        for &param in route.params {
            let arg = command
                .get_arguments()
                .find(|a| a.get_long() == Some(param))
                .expect("every parameter is a flag of its command");
            kinds.insert((route.command, param), arg.get_action().takes_values());
        }
    }
    kinds
}

type Params = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The query as the command's argv: `--flag=value` (so no value can pass for a flag), a
/// switch only when `true`.
fn argv(
    state: &AppState,
    route: &Route,
    pairs: &[(String, String)],
) -> Result<Vec<String>, ApiError> {
    if let Some((unknown, _)) = pairs
        .iter()
        .find(|(k, _)| !route.params.contains(&k.as_str()))
    {
        return Err(ApiError::BadRequest(if route.params.is_empty() {
            format!("unknown parameter '{unknown}': {} takes none", route.path)
        } else {
            format!(
                "unknown parameter '{unknown}': {} takes {}",
                route.path,
                route.params.join(", ")
            )
        }));
    }
    let mut argv = vec![route.command.to_owned()];
    for &name in route.params {
        for (_, value) in pairs.iter().filter(|(k, _)| k == name) {
            if state.takes_value[&(route.command, name)] {
                argv.push(format!("--{name}={value}"));
            } else {
                match value.as_str() {
                    "true" | "" => argv.push(format!("--{name}")),
                    "false" => {}
                    other => {
                        return Err(ApiError::BadRequest(format!(
                            "{name} is a switch: true or false, not '{other}'"
                        )));
                    }
                }
            }
        }
    }
    Ok(argv)
}

/// The command the query asks for, parsed by the CLI's parser; a refused value is named by
/// its parameter too.
fn command(state: &AppState, path: &str, params: Params) -> Result<Command, Refused> {
    let route = ROUTES
        .iter()
        .find(|r| r.path == path)
        .expect("every handler has its route");
    let Query(pairs) =
        params.map_err(|e| ApiError::BadRequest(format!("a malformed query: {e}")))?;
    let argv = argv(state, route, &pairs)?;
    crate::parse(&argv).map_err(|e| Refused::parse_error(e, &argv))
}

/// A document as the API's JSON.
fn json_bytes<T: Serialize>(document: &T) -> Result<Bytes, ApiError> {
    serde_json::to_vec(document)
        .map(Bytes::from)
        .map_err(|e| ApiError::Failed(format!("cannot write JSON: {e}")))
}

fn json_response(body: Bytes) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

async fn search_route(
    State(state): State<Arc<AppState>>,
    params: Params,
) -> Result<Response, Refused> {
    let Command::Search(args) = command(&state, "/api/search", params)? else {
        unreachable!("/api/search parses a search")
    };
    let lane = lane_of(args.cost_inputs());
    // Dropped with this handler when the client goes away.
    let cancel = Cancel::new();
    let _stop_when_gone = cancel.on_drop();
    let body = state
        .gate(lane)
        .run(&cancel, move |_| json_bytes(&search::document(&args)?))
        .await??;
    Ok(json_response(body))
}

/// `nullmove trace --json`'s events as one array, and the text `nullmove trace` prints.
#[derive(Serialize)]
struct TraceBody<'a> {
    #[serde(flatten)]
    document: &'a trace::Document,
    /// The header, one line per event (the root report's line excepted), the report lines.
    text: &'a [String],
}

async fn trace_route(
    State(state): State<Arc<AppState>>,
    params: Params,
) -> Result<Response, Refused> {
    let Command::Trace(args) = command(&state, "/api/trace", params)? else {
        unreachable!("/api/trace parses a trace")
    };
    let lane = lane_of(args.cost_inputs());
    let cancel = Cancel::new();
    let _stop_when_gone = cancel.on_drop();
    let body = state
        .gate(lane)
        .run(&cancel, move |_| {
            let document = trace::document_within(&args, MAX_TRACE_EVENTS)?;
            json_bytes(&TraceBody {
                document: &document,
                text: &document.text,
            })
        })
        .await??;
    Ok(json_response(body))
}

/// The sweep the query asks for, computed once per distinct set of arguments.
async fn sweep_entry(
    state: Arc<AppState>,
    path: &str,
    params: Params,
) -> Result<Arc<SweepEntry>, Refused> {
    let Command::Sweep(args) = command(&state, path, params)? else {
        unreachable!("{path} parses a sweep")
    };
    // Two queries that parse alike (a default written out or left out) share one entry.
    let key = format!("{args:?}");
    let shared = Arc::clone(&state);
    state
        .sweeps
        .get_or_compute(key, move |cancel| async move {
            shared
                .lanes
                .heavy
                .run(&cancel, move |cancel| {
                    let Some(document) = sweep::document_until(&args, cancel.flag())? else {
                        return Err(ApiError::Gone);
                    };
                    let svg = sweep::chart(&args, &document)?;
                    Ok(Arc::new(SweepEntry {
                        json: json_bytes(&document)?,
                        svg: Bytes::from(svg),
                    }))
                })
                .await?
        })
        .await
        .map_err(Refused::from)
}

async fn sweep_json(
    State(state): State<Arc<AppState>>,
    params: Params,
) -> Result<Response, Refused> {
    let entry = sweep_entry(state, "/api/sweep", params).await?;
    Ok(json_response(entry.json.clone()))
}

async fn sweep_svg(
    State(state): State<Arc<AppState>>,
    params: Params,
) -> Result<Response, Refused> {
    let entry = sweep_entry(state, "/api/sweep.svg", params).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], entry.svg.clone()).into_response())
}

async fn audit_route(
    State(state): State<Arc<AppState>>,
    params: Params,
) -> Result<Response, Refused> {
    let Command::Audit(args) = command(&state, "/api/audit", params)? else {
        unreachable!("/api/audit parses an audit")
    };
    let shared = Arc::clone(&state);
    let body = state
        .audit
        .get_or_compute(String::new(), move |cancel| async move {
            shared
                .lanes
                .heavy
                .run(&cancel, move |_| json_bytes(&audit::document(&args)?))
                .await?
        })
        .await?;
    Ok(json_response(body))
}

/// `/api`: the routes, their parameters and what they answer with. It takes no parameter.
async fn index(params: Params) -> Result<Response, ApiError> {
    let Query(pairs) =
        params.map_err(|e| ApiError::BadRequest(format!("a malformed query: {e}")))?;
    if let Some((unknown, _)) = pairs.first() {
        return Err(ApiError::BadRequest(format!(
            "unknown parameter '{unknown}': /api takes none"
        )));
    }
    let routes: Vec<_> = ROUTES
        .iter()
        .map(|r| {
            serde_json::json!({
                "path": r.path,
                "command": r.command,
                "parameters": r.params,
                "answers": r.answers,
            })
        })
        .collect();
    Ok(json_response(Bytes::from(
        serde_json::json!({ "routes": routes }).to_string(),
    )))
}

async fn not_found(uri: Uri) -> ApiError {
    let paths: Vec<&str> = ASSETS
        .iter()
        .map(|a| a.path)
        .chain(std::iter::once("/api"))
        .chain(ROUTES.iter().map(|r| r.path))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag of a command the API runs is either a parameter of its route, an output
    /// flag the server decides itself, or one the route leaves out on purpose; a new flag
    /// must be placed on one side or another.
    #[test]
    fn routes_take_every_flag_that_chooses_what_is_computed() {
        const OUTPUT: &[&str] = &["json", "csv", "svg", "step", "details", "help"];
        // `/api/audit` serves the one whole audit, computed once: not a selection of its
        // claims (`--claim`), nor the coverage of texts read from files (`--page`,
        // `--article`), as no request names a file.
        const NOT_SERVED: &[(&str, &str)] =
            &[("audit", "claim"), ("audit", "page"), ("audit", "article")];
        let cli = <crate::Cli as clap::CommandFactory>::command();
        for route in ROUTES {
            let command = cli.find_subcommand(route.command).expect("a subcommand");
            let mut flags: Vec<&str> = command
                .get_arguments()
                .filter_map(clap::Arg::get_long)
                .filter(|l| !OUTPUT.contains(l) && !NOT_SERVED.contains(&(route.command, l)))
                .collect();
            let mut params = route.params.to_vec();
            flags.sort_unstable();
            params.sort_unstable();
            assert_eq!(flags, params, "{}", route.path);
        }
        // And every parameter is known with its kind (this panics otherwise).
        let kinds = flag_kinds();
        assert!(!kinds[&("search", "threat-guard")]);
        assert!(kinds[&("search", "board")]);
    }

    fn state() -> Arc<AppState> {
        AppState::new(Limits::standard())
    }

    fn query(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_query_becomes_the_commands_argv() {
        let s = state();
        let argv = argv(
            &s,
            &ROUTES[0],
            &query(&[
                ("mode", "null"),
                ("board", "...O.X..."),
                ("threat-guard", "true"),
                ("adaptive-r", "false"),
                ("depth", "--json"),
            ]),
        );
        assert_eq!(
            argv,
            Ok(vec![
                "search".to_owned(),
                "--board=...O.X...".to_owned(),
                "--depth=--json".to_owned(),
                "--mode=null".to_owned(),
                "--threat-guard".to_owned(),
            ])
        );
    }

    #[test]
    fn unknown_parameters_and_switch_values_are_refused() {
        let s = state();
        let svg = argv(&s, &ROUTES[2], &query(&[("svg", "/tmp/x.svg")]));
        assert!(
            matches!(&svg, Err(ApiError::BadRequest(m)) if m.starts_with("unknown parameter 'svg': /api/sweep takes positions, ")),
            "{svg:?}"
        );
        let none = argv(&s, &ROUTES[4], &query(&[("json", "")]));
        assert_eq!(
            none,
            Err(ApiError::BadRequest(
                "unknown parameter 'json': /api/audit takes none".to_owned()
            ))
        );
        let switch = argv(&s, &ROUTES[0], &query(&[("threat-guard", "yes")]));
        assert_eq!(
            switch,
            Err(ApiError::BadRequest(
                "threat-guard is a switch: true or false, not 'yes'".to_owned()
            ))
        );
    }
}
