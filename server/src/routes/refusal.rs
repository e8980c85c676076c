//! A refused parameter named apart from the command's one-line reason, so a form can say
//! which of its fields is wrong in its own words (the page's position field is `board` to
//! the API and `--board <BOARD>` to the command line).

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::commands::{Field, Refusal};
use crate::error::ApiError;

/// Why a request got no document: the server's refusal, and for a value the parser
/// refused, which parameter it was.
#[derive(Debug)]
pub struct Refused {
    error: ApiError,
    field: Option<Field>,
}

impl From<ApiError> for Refused {
    fn from(error: ApiError) -> Self {
        Self { error, field: None }
    }
}

impl From<Refusal> for Refused {
    /// The command's refusal, with the parameter it names when the parser refused one
    /// value (`invalid value 'ABC' for '--board <BOARD>': a board is 9 characters ...`).
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Refused { line, field } => Self {
                error: ApiError::BadRequest(line),
                field,
            },
            other @ (Refusal::Failed(_) | Refusal::Texts(_)) => ApiError::from(other).into(),
        }
    }
}

/// The body every refusal has, `{"error": "<one line>"}`, and a refused value's fields.
#[derive(Serialize)]
struct Body400<'a> {
    error: &'a str,
    #[serde(flatten)]
    field: &'a Field,
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let Some(field) = &self.field else {
            return self.error.into_response();
        };
        let body = serde_json::to_string(&Body400 {
            error: self.error.message(),
            field,
        })
        .expect("strings serialize");
        // The status and headers the server gives every refusal; only the body says more.
        let (parts, _) = self.error.into_response().into_parts();
        Response::from_parts(parts, Body::from(body))
    }
}
