//! Every refusal the server answers with: an HTTP status and `{"error": "<one line>"}`
//! (SPEC.md, `nullmove serve`: a bad parameter gets 400 and the command's own reason).

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::common::CliError;

/// Why a request got no document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// A parameter the command refuses, with its one-line reason: 400.
    BadRequest(String),
    /// A request addressed to another host than this loopback server: 403.
    Forbidden(String),
    /// No such route: 404.
    NotFound(String),
    /// The route exists for GET only: 405.
    MethodNotAllowed(String),
    /// A request body: 413.
    TooLarge(String),
    /// A query string past the bound: 414.
    UriTooLong(String),
    /// Every worker busy and the queue full, or the wait ran out: 503, try again.
    Busy(String),
    /// A computation panicked (a bug; the server goes on): 500.
    Failed(String),
}

impl ApiError {
    /// The HTTP status.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Self::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The one-line reason.
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            Self::BadRequest(m)
            | Self::Forbidden(m)
            | Self::NotFound(m)
            | Self::MethodNotAllowed(m)
            | Self::TooLarge(m)
            | Self::UriTooLong(m)
            | Self::Busy(m)
            | Self::Failed(m) => m,
        }
    }
}

impl From<CliError> for ApiError {
    /// The command's refusal, word for word: bad input is the client's (400); a failure to
    /// write JSON into memory would be the server's (500).
    fn from(e: CliError) -> Self {
        match e {
            CliError::Message(m) | CliError::Info(m) => Self::BadRequest(m),
            CliError::Write(e) => Self::Failed(format!("cannot write the document: {e}")),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message() }).to_string();
        let mut response = (
            self.status(),
            [(header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response();
        if matches!(self, Self::Busy(_)) {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
