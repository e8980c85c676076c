//! What every request passes before any route sees it: small, addressed to this server by
//! a name it was started for, and answered with headers that keep a browser from doing
//! more than showing it.

use std::net::IpAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{ConnState, SECURITY_HEADERS};
use crate::error::ApiError;
use crate::limits::Limits;

/// The names a request's `Host` may carry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hosts {
    /// This machine's: `localhost`, 127.0.0.0/8, `[::1]`.
    Loopback,
    /// Beyond loopback (`--allow-remote`): this machine's names, any IP address (a page
    /// cannot rename itself to an address), and the names given.
    Remote(Vec<String>),
}

impl Hosts {
    /// The names a server listening on `host` accepts: this machine's on a loopback address;
    /// beyond it only when `remote` says so (`--allow-remote`), with the names it lists. The
    /// error is one line in the command line's words.
    pub fn for_listener(host: IpAddr, remote: Option<&[String]>) -> Result<Self, String> {
        match (host.is_loopback(), remote) {
            (true, None) => Ok(Self::Loopback),
            (true, Some(_)) => Err(format!(
                "--allow-remote changes nothing with --host {host}: a loopback address lets \
                 only this machine connect (leave it out)"
            )),
            (false, None) => Err(format!(
                "--host {host} listens beyond this machine: anyone who can reach it could use \
                 this server; add --allow-remote to mean it"
            )),
            (false, Some(names)) => match names.iter().find(|n| !is_host_name(n)) {
                Some(bad) => Err(format!(
                    "--allow-remote: '{bad}' is not a host name (letters, digits, '-' and '.'; \
                     no port)"
                )),
                None => Ok(Self::Remote(names.to_vec())),
            },
        }
    }

    /// Whether a `Host` header names this server: a name it accepts, with or without a
    /// port. A page from elsewhere that renamed itself to this address (DNS rebinding)
    /// carries its own name, and is refused.
    #[must_use]
    pub fn accept(&self, host: &str) -> bool {
        let name = match host.strip_prefix('[') {
            Some(v6) => v6.split(']').next().unwrap_or(""),
            None => host.rsplit_once(':').map_or(host, |(name, _)| name),
        };
        let ip = name.parse::<IpAddr>().ok();
        if name.eq_ignore_ascii_case("localhost") || ip.is_some_and(|ip| ip.is_loopback()) {
            return true;
        }
        match self {
            Self::Loopback => false,
            Self::Remote(names) => {
                ip.is_some() || names.iter().any(|n| n.eq_ignore_ascii_case(name))
            }
        }
    }

    /// The names accepted, for the refusal.
    fn describe(&self) -> String {
        match self {
            Self::Loopback => "localhost, 127.0.0.1 or [::1]".to_owned(),
            Self::Remote(names) => {
                let mut all = vec!["localhost", "an IP address"];
                all.extend(names.iter().map(String::as_str));
                let (last, rest) = all.split_last().expect("two names at least");
                format!("{} or {last}", rest.join(", "))
            }
        }
    }
}

/// A name a `Host` header can carry: letters, digits, `-` and `.`, no port.
fn is_host_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 253
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
}

/// What the checks need: the bounds, and the names this server answers to.
#[derive(Debug, Clone)]
pub struct Checks {
    /// The bounds.
    pub limits: Limits,
    /// The `Host` names accepted.
    pub hosts: Hosts,
}

/// Refuses a request that is too large or addressed to another host; adds the security
/// headers to every answer, and closes the connection after a request that sent a body
/// (the wire layer reads no further than a head it has checked). Counts the request as in
/// progress on its connection while it runs.
pub async fn check(State(checks): State<Arc<Checks>>, request: Request, next: Next) -> Response {
    let _in_progress = request
        .extensions()
        .get::<Arc<ConnState>>()
        .map(ConnState::begin);
    let has_body = has_body(request.headers());
    let mut response = match admit(&checks, request).await {
        Ok(request) => next.run(request).await,
        Err(e) => e.into_response(),
    };
    let headers = response.headers_mut();
    if has_body {
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Whether the request announces a body.
fn has_body(headers: &HeaderMap) -> bool {
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|v| v.as_bytes() != b"0")
}

async fn admit(checks: &Checks, request: Request) -> Result<Request, ApiError> {
    let limits = checks.limits;
    let query = request.uri().query().unwrap_or("").len();
    if query > limits.max_query_bytes {
        return Err(ApiError::UriTooLong(format!(
            "the query is {query} bytes, more than the {} this server reads",
            limits.max_query_bytes
        )));
    }
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !checks.hosts.accept(host) {
        return Err(ApiError::Forbidden(format!(
            "this server answers only requests addressed to {}, not to '{host}'",
            checks.hosts.describe()
        )));
    }
    let too_large = |length: &str| {
        ApiError::TooLarge(format!(
            "the request body is {length}, more than the {} bytes this server takes (the API \
             reads none: every parameter goes in the query)",
            limits.max_body_bytes
        ))
    };
    if let Some(length) = request.headers().get(header::CONTENT_LENGTH) {
        // The wire layer let through only whole numbers.
        let length: u64 = length
            .to_str()
            .ok()
            .and_then(|l| l.parse().ok())
            .unwrap_or(u64::MAX);
        if length > limits.max_body_bytes {
            return Err(too_large(&format!("{length} bytes")));
        }
    }
    if !request.headers().contains_key(header::TRANSFER_ENCODING) {
        return Ok(request);
    }
    // A chunked body says its length only as it arrives: read up to the bound, in time.
    let (parts, body) = request.into_parts();
    let limit = usize::try_from(limits.max_body_bytes).unwrap_or(usize::MAX);
    match tokio::time::timeout(limits.header_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => Ok(Request::from_parts(parts, Body::from(bytes))),
        Ok(Err(_)) => Err(too_large("chunked and longer")),
        Err(_) => Err(ApiError::Timeout(format!(
            "the request body did not arrive within {:?}",
            limits.header_timeout
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        let hosts = Hosts::Loopback;
        for ok in [
            "127.0.0.1:8080",
            "127.0.0.1",
            "127.1.2.3:1",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "[::1]",
        ] {
            assert!(hosts.accept(ok), "{ok}");
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
            assert!(!hosts.accept(bad), "{bad}");
        }
    }

    #[test]
    fn remote_hosts_are_addresses_and_the_names_given() {
        let hosts = Hosts::Remote(vec!["board.lan".to_owned()]);
        for ok in [
            "10.0.0.1:8080",
            "[fe80::1]:80",
            "board.lan:8080",
            "BOARD.LAN",
            "localhost",
        ] {
            assert!(hosts.accept(ok), "{ok}");
        }
        for bad in ["", "attacker.example:8080", "board.lan.attacker.example"] {
            assert!(!hosts.accept(bad), "{bad}");
        }
        assert_eq!(hosts.describe(), "localhost, an IP address or board.lan");
    }
}
