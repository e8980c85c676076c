//! Every refusal the server answers with: an HTTP status and `{"error": "<one line>"}`
//! (docs/src/specification.md, "The command-line contract": a bad parameter gets 400 and
//! the command's own reason), the same whether a route, the request checks or the wire
//! layer refuses.

use std::fmt::Write as _;
use std::time::Duration;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::commands::Refusal;
use crate::http::SECURITY_HEADERS;

/// Why a request got no document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// A parameter the command refuses, or a malformed request, with its reason: 400.
    BadRequest(String),
    /// A request addressed to a host this server was not started for: 403.
    Forbidden(String),
    /// No such route: 404.
    NotFound(String),
    /// The route exists for GET only: 405.
    MethodNotAllowed(String),
    /// The head or a chunked body did not arrive in time: 408.
    Timeout(String),
    /// The request is well formed, but what it asks to annotate cannot be: the texts of the
    /// reviewer's view, unreadable or not the ones the claims cite: 422.
    Unprocessable(String),
    /// A request body: 413.
    TooLarge(String),
    /// A query string or request target past the bound: 414.
    UriTooLong(String),
    /// A request head past the bound: 431.
    HeadTooLarge(String),
    /// Every worker busy and the queue full, the wait ran out, or every connection taken:
    /// 503, with how long to wait before trying again (`Retry-After`).
    Busy {
        /// The one-line reason.
        reason: String,
        /// When to try again.
        retry_after: Duration,
    },
    /// Every client waiting for the computation went away, so it stopped. Nobody reads
    /// this answer; it exists so that a stopped computation is never kept as a result.
    Gone,
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
            Self::Timeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::UriTooLong(_) => StatusCode::URI_TOO_LONG,
            Self::HeadTooLarge(_) => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            Self::Busy { .. } | Self::Gone => StatusCode::SERVICE_UNAVAILABLE,
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
            | Self::Timeout(m)
            | Self::TooLarge(m)
            | Self::Unprocessable(m)
            | Self::UriTooLong(m)
            | Self::HeadTooLarge(m)
            | Self::Busy { reason: m, .. }
            | Self::Failed(m) => m,
            Self::Gone => "the computation stopped: every client waiting for it went away",
        }
    }

    /// Whole seconds to wait before trying again, for a busy answer.
    #[must_use]
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            Self::Busy { retry_after, .. } => Some(retry_after.as_secs().max(1)),
            _ => None,
        }
    }

    /// The body: `{"error": ...}`, and `retry_after` (seconds) beside it when busy.
    #[must_use]
    pub fn body(&self) -> String {
        let mut body = serde_json::json!({ "error": self.message() });
        if let Some(seconds) = self.retry_after() {
            body["retry_after"] = seconds.into();
        }
        body.to_string()
    }

    /// The whole answer as bytes on the wire, for a refusal made before HTTP is parsed (the
    /// head itself is bad, or every connection is taken): the same status, headers and
    /// body a route would send, then the connection closes.
    #[must_use]
    pub fn to_wire(&self) -> Vec<u8> {
        let body = self.body();
        let status = self.status();
        let mut head = format!(
            "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n",
            status.as_u16(),
            status.canonical_reason().unwrap_or(""),
            body.len()
        );
        if let Some(seconds) = self.retry_after() {
            let _ = write!(head, "retry-after: {seconds}\r\n");
        }
        for (name, value) in SECURITY_HEADERS {
            let _ = write!(head, "{name}: {value}\r\n");
        }
        head.push_str("\r\n");
        let mut wire = head.into_bytes();
        wire.extend_from_slice(body.as_bytes());
        wire
    }
}

impl From<Refusal> for ApiError {
    /// The command's refusal, word for word: bad input is the client's (400); texts the
    /// view cannot annotate are input it cannot process (422), not a route that is missing;
    /// a failure of the command's own (writing its document) is the server's (500). A value
    /// the parser refused is named apart by the routes, not here.
    fn from(e: Refusal) -> Self {
        match e {
            Refusal::Refused { line, .. } => Self::BadRequest(line),
            Refusal::Failed(m) => Self::Failed(m),
            Refusal::Texts(m) => Self::Unprocessable(m),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status(),
            [(header::CONTENT_TYPE, "application/json")],
            self.body(),
        )
            .into_response();
        if let Some(seconds) = self.retry_after() {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_on_the_wire_is_the_routes_answer() {
        let busy = ApiError::Busy {
            reason: "every connection is taken".to_owned(),
            retry_after: Duration::from_millis(300),
        };
        let wire = String::from_utf8(busy.to_wire()).expect("text");
        let (head, body) = wire.split_once("\r\n\r\n").expect("a head and a body");
        assert!(
            head.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
            "{head}"
        );
        assert!(head.contains("\r\nretry-after: 1\r\n"), "{head}");
        assert!(head.contains("\r\ncontent-security-policy: default-src 'none';"));
        assert!(head.contains(&format!("\r\ncontent-length: {}\r\n", body.len())));
        assert_eq!(
            body,
            r#"{"error":"every connection is taken","retry_after":1}"#
        );
        let bad = ApiError::HeadTooLarge("too many".to_owned()).to_wire();
        assert!(bad.starts_with(b"HTTP/1.1 431 Request Header Fields Too Large\r\n"));
    }
}
