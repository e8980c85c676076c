//! What every request passes before any route sees it: small, addressed to this server,
//! and answered with headers that keep a browser from doing more than showing it.

use std::net::SocketAddr;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::Limits;
use super::error::ApiError;

/// What the checks need: the bounds, and the address listened on.
#[derive(Debug, Clone, Copy)]
pub struct Checks {
    /// The bounds.
    pub limits: Limits,
    /// The address listened on.
    pub local: SocketAddr,
}

/// Refuses a request that is too large or, on a loopback server, addressed to another
/// host; adds the security headers to every answer.
pub async fn check(State(checks): State<Checks>, request: Request, next: Next) -> Response {
    if let Err(e) = admit(&checks, &request) {
        return secure(e.into_response());
    }
    secure(next.run(request).await)
}

fn admit(checks: &Checks, request: &Request) -> Result<(), ApiError> {
    let limits = checks.limits;
    let query = request.uri().query().unwrap_or("").len();
    if query > limits.max_query_bytes {
        return Err(ApiError::UriTooLong(format!(
            "the query is {query} bytes, more than the {} this server reads",
            limits.max_query_bytes
        )));
    }
    if let Some(length) = body_length(request.headers())? {
        if length > limits.max_body_bytes {
            return Err(ApiError::TooLarge(format!(
                "the request body is {length} bytes, more than the {} this server takes \
                 (the API reads none: every parameter goes in the query)",
                limits.max_body_bytes
            )));
        }
    }
    if checks.local.ip().is_loopback() {
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !is_loopback_host(host) {
            // A page from elsewhere that renamed itself to this address (DNS rebinding)
            // must not reach a server that only this machine was meant to use.
            return Err(ApiError::Forbidden(format!(
                "this server answers only requests addressed to this machine \
                 (localhost, 127.0.0.1 or [::1]), not to '{host}'"
            )));
        }
    }
    Ok(())
}

/// The declared body length: `Content-Length`, or unbounded for a chunked body.
fn body_length(headers: &HeaderMap) -> Result<Option<u64>, ApiError> {
    if headers.contains_key(header::TRANSFER_ENCODING) {
        return Ok(Some(u64::MAX));
    }
    headers
        .get(header::CONTENT_LENGTH)
        .map(|v| {
            v.to_str()
                .ok()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| ApiError::BadRequest("a malformed Content-Length".to_owned()))
        })
        .transpose()
}

/// Whether a `Host` header names this machine: `localhost`, an address in 127.0.0.0/8 or
/// `[::1]`, with or without a port.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Everything served is this server's own: no other origin's scripts, styles or frames,
/// no sniffing of types, no referrer, nothing kept by caches between versions.
fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::CACHE_CONTROL, "no-cache"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "127.1.2.3:1",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "[::1]",
        ] {
            assert!(is_loopback_host(ok), "{ok}");
        }
        for bad in [
            "",
            "example.com",
            "example.com:8080",
            "10.0.0.1:8080",
            "localhost.example.com",
            "[::2]:80",
            "127.0.0.1.nip.io",
        ] {
            assert!(!is_loopback_host(bad), "{bad}");
        }
    }
}
