//! How a route answers: the query read as its command's argv and parsed, the documents
//! computed in the lane its cost asks for (or found kept), and the route's view of them. A
//! new kind of answer is one more [`View`], and its body here.

use std::sync::Arc;

use axum::body::Bytes;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::query::{self, Params, pairs};
use super::refusal::Refused;
use super::state::{AppState, Documents};
use super::table::{Kept, Route, View};
use crate::commands::{Ask, Computation, Progress, Texts};
use crate::compute::cache::Cache;
use crate::compute::cancel::Cancel;
use crate::compute::lane::Lane;
use crate::error::ApiError;
use crate::limits::MAX_TRACE_EVENTS;

/// A view's media type and body.
type Body = (&'static str, Bytes);

impl View {
    /// This view of `documents`, the command's name for what it lacks.
    fn body(self, documents: &Documents, command: &str) -> Result<Body, ApiError> {
        match self {
            Self::Json => Ok(("application/json", documents.json.clone())),
            Self::JsonAndText => {
                let mut value: serde_json::Value = serde_json::from_slice(&documents.json)
                    .map_err(|e| ApiError::Failed(format!("cannot read the document: {e}")))?;
                let object = value.as_object_mut().ok_or_else(|| {
                    ApiError::Failed(format!("{command}'s document is not an object"))
                })?;
                object.insert("text".to_owned(), documents.text.clone().into());
                serde_json::to_vec(&value)
                    .map(|body| ("application/json", Bytes::from(body)))
                    .map_err(|e| ApiError::Failed(format!("cannot write JSON: {e}")))
            }
            Self::Chart => documents
                .chart
                .clone()
                .map(|svg| ("image/svg+xml", svg))
                .ok_or_else(|| ApiError::Failed(format!("{command} draws no chart"))),
            Self::Review => Err(ApiError::Failed(format!(
                "the reviewer's view annotates {command}'s kept document, and this route keeps none"
            ))),
        }
    }
}

/// Answers one request of `route`.
pub async fn answer(
    state: Arc<AppState>,
    route: &'static Route,
    params: Params,
) -> Result<Response, Refused> {
    let pairs = pairs(params)?;
    let argv = query::argv(&state.takes_value, route, &pairs)?;
    let computation = state.commands.parse(&argv).map_err(Refused::from)?;
    // Texts that cannot be annotated are said at once, before any computation starts.
    let texts = match route.view {
        View::Review => Some(state.commands.texts().map_err(Refused::from)?),
        _ => None,
    };
    let lane = route.cost.lane(&pairs);
    let (media_type, body) = match route.kept {
        Kept::No => {
            // Dropped with this handler when the client goes away.
            let cancel = Cancel::new();
            let _stop_when_gone = cancel.on_drop();
            state
                .gate(lane)
                .run(&cancel, move |cancel| {
                    let documents = compute(computation, cancel, &Progress::default())?;
                    route.view.body(&documents, route.command)
                })
                .await??
        }
        Kept::PerQuery | Kept::Once => {
            let cache = if route.kept == Kept::Once {
                &state.once
            } else {
                &state.per_query
            };
            let documents = kept(&state, cache, lane, computation).await?;
            match texts {
                Some(texts) => (
                    "application/json",
                    annotate(&state, texts, documents).await?,
                ),
                None => route.view.body(&documents, route.command)?,
            }
        }
    };
    Ok(([(header::CONTENT_TYPE, media_type)], body).into_response())
}

/// `texts` annotated with the kept `documents`, in the light lane: a few milliseconds once
/// the audit is computed.
async fn annotate(
    state: &Arc<AppState>,
    texts: Box<dyn Texts>,
    documents: Arc<Documents>,
) -> Result<Bytes, ApiError> {
    let cancel = Cancel::new();
    let _stop_when_gone = cancel.on_drop();
    let body = state
        .gate(Lane::Light)
        .run(&cancel, move |_| texts.annotate(&documents.json))
        .await??;
    Ok(Bytes::from(body))
}

/// Runs `computation` on this worker, telling `progress` how far it is; a stopped one is
/// [`ApiError::Gone`].
fn compute(
    computation: Box<dyn Computation>,
    cancel: &Cancel,
    progress: &Progress,
) -> Result<Documents, ApiError> {
    let ask = Ask {
        stop: cancel.flag(),
        max_events: MAX_TRACE_EVENTS,
        progress,
    };
    match computation.compute(&ask)? {
        Some(output) => Ok(output.into()),
        None => Err(ApiError::Gone),
    }
}

/// The documents of `computation` from `cache`, computed in `lane` if no request is
/// computing them or has computed them. Two queries that parse alike (a default
/// written out or left out) share one entry.
async fn kept(
    state: &Arc<AppState>,
    cache: &Cache<Arc<Documents>>,
    lane: Lane,
    computation: Box<dyn Computation>,
) -> Result<Arc<Documents>, ApiError> {
    let key = computation.key();
    let shared = Arc::clone(state);
    cache
        .get_or_compute(key, move |cancel, progress| async move {
            shared
                .gate(lane)
                .run(&cancel, move |cancel| {
                    compute(computation, cancel, &progress).map(Arc::new)
                })
                .await?
        })
        .await
}
