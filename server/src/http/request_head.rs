//! A connection's bytes before hyper reads them: each request head is held back until it is
//! whole and checked against the bounds, so a head too long, with too many fields, a bad
//! `Content-Length` or a malformed line is refused with the server's own JSON (hyper's own
//! refusals have no body); a head that takes too long gets 408, and a connection idle too
//! long is closed. After a head that announces a body the bytes pass through unchecked: the
//! request checks close the connection after answering it.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

use super::ConnState;
use crate::error::ApiError;
use crate::limits::Limits;

/// How long a refused connection is read (and what arrives discarded) after the refusal is
/// sent, so that closing it does not reset the connection before the client reads why.
const LINGER: Duration = Duration::from_secs(1);

/// Room in the request line beside its target: the method, spaces, the version.
const REQUEST_LINE_SLACK: usize = 32;

/// What the bytes read so far hold.
#[derive(Debug, PartialEq, Eq)]
pub enum Head {
    /// Not a whole head yet, and within the bounds.
    Partial,
    /// A whole head of `len` bytes; `body`: a body follows it.
    Complete {
        /// The head's length, its blank line included.
        len: usize,
        /// Whether a body follows.
        body: bool,
    },
}

/// Checks the head at the start of `buf` against the bounds.
pub fn inspect(buf: &[u8], limits: &Limits) -> Result<Head, ApiError> {
    let mut fields = vec![httparse::EMPTY_HEADER; limits.max_headers];
    let mut request = httparse::Request::new(&mut fields);
    let target_too_long = || {
        ApiError::UriTooLong(format!(
            "the request target is longer than the {} bytes this server reads",
            limits.max_target_bytes
        ))
    };
    let head_too_large = || {
        ApiError::HeadTooLarge(format!(
            "the request head is longer than the {} bytes this server reads",
            limits.max_head_bytes
        ))
    };
    match request.parse(buf) {
        Ok(httparse::Status::Partial) => {
            let line = buf.iter().position(|&b| b == b'\n').unwrap_or(buf.len());
            if line > limits.max_target_bytes + REQUEST_LINE_SLACK {
                return Err(target_too_long());
            }
            if buf.len() > limits.max_head_bytes {
                return Err(head_too_large());
            }
            Ok(Head::Partial)
        }
        Ok(httparse::Status::Complete(len)) => {
            if request.path.map_or(0, str::len) > limits.max_target_bytes {
                return Err(target_too_long());
            }
            if len > limits.max_head_bytes {
                return Err(head_too_large());
            }
            let body = body_follows(request.headers)?;
            Ok(Head::Complete { len, body })
        }
        Err(httparse::Error::TooManyHeaders) => Err(ApiError::HeadTooLarge(format!(
            "the request has more than {} header fields, the most this server reads",
            limits.max_headers
        ))),
        Err(e) => Err(ApiError::BadRequest(format!("a malformed request: {e}"))),
    }
}

/// Whether a body follows a head with these fields: a `Content-Length` above 0 (every
/// value the same whole number) or a `Transfer-Encoding` ending in chunked (RFC 9112, 6).
fn body_follows(fields: &[httparse::Header<'_>]) -> Result<bool, ApiError> {
    let mut length: Option<u64> = None;
    let mut chunked = None;
    for field in fields {
        let value = String::from_utf8_lossy(field.value);
        if field.name.eq_ignore_ascii_case("content-length") {
            for part in value.split(',').map(str::trim) {
                let n = (!part.is_empty()
                    && part.len() <= 19
                    && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u64>().ok())
                .flatten()
                .ok_or_else(|| {
                    ApiError::BadRequest(format!(
                        "a malformed Content-Length: '{value}' (a whole number of bytes)"
                    ))
                })?;
                if length.is_some_and(|l| l != n) {
                    return Err(ApiError::BadRequest(
                        "two different Content-Length values".to_owned(),
                    ));
                }
                length = Some(n);
            }
        } else if field.name.eq_ignore_ascii_case("transfer-encoding") {
            let last = value.rsplit(',').next().unwrap_or("").trim();
            chunked = Some(last.eq_ignore_ascii_case("chunked"));
        }
    }
    match (chunked, length) {
        (Some(_), Some(_)) => Err(ApiError::BadRequest(
            "both Transfer-Encoding and Content-Length: the body's length is ambiguous".to_owned(),
        )),
        (Some(false), None) => Err(ApiError::BadRequest(
            "a Transfer-Encoding that does not end with chunked".to_owned(),
        )),
        (Some(true), None) => Ok(true),
        (None, length) => Ok(length.is_some_and(|n| n > 0)),
    }
}

/// Where a connection stands.
#[derive(Debug)]
enum Stage {
    /// Reading request heads, each checked before hyper sees it.
    Heads,
    /// A body follows the last head: bytes pass through as they come.
    Through,
    /// Sending a refusal: the bytes, and how many are sent.
    Refusing(Vec<u8>, usize),
    /// The refusal sent: reading what still arrives, until the client closes or a while.
    Lingering,
    /// Nothing more to read.
    Closed,
}

/// A connection's byte stream, as hyper reads it.
pub struct Wire<S> {
    io: S,
    limits: Limits,
    conn: Arc<ConnState>,
    stage: Stage,
    /// Read, not yet a whole head.
    pending: Vec<u8>,
    /// Checked, not yet read by hyper.
    released: Vec<u8>,
    /// A refusal that waits for the answers before it to go out.
    refusal: Option<ApiError>,
    /// When the head in `pending` began, once no request is in progress.
    head_started: Option<Instant>,
    timer: Pin<Box<Sleep>>,
}

impl<S: AsyncRead + AsyncWrite + Unpin> Wire<S> {
    /// A connection whose heads are checked against `limits`.
    pub fn new(io: S, limits: Limits, conn: Arc<ConnState>) -> Self {
        Self {
            io,
            limits,
            conn,
            stage: Stage::Heads,
            pending: Vec::new(),
            released: Vec::new(),
            refusal: None,
            head_started: None,
            timer: Box::pin(tokio::time::sleep(Duration::ZERO)),
        }
    }

    /// A connection refused at once with `error` (read it to its end to send it).
    pub fn refusing(io: S, limits: Limits, conn: Arc<ConnState>, error: &ApiError) -> Self {
        let mut wire = Self::new(io, limits, conn);
        wire.stage = Stage::Refusing(error.to_wire(), 0);
        wire
    }

    /// Moves whole, checked heads from `pending` to `released`.
    fn scan(&mut self) {
        while !self.pending.is_empty() && self.refusal.is_none() {
            match inspect(&self.pending, &self.limits) {
                Ok(Head::Partial) => return,
                Ok(Head::Complete { len, body }) => {
                    self.released.extend(self.pending.drain(..len));
                    self.head_started = None;
                    if body {
                        self.released.append(&mut self.pending);
                        self.stage = Stage::Through;
                        return;
                    }
                }
                Err(e) => {
                    self.pending.clear();
                    self.refusal = Some(e);
                }
            }
        }
    }

    /// When the wait for the next byte ends, and how, if no request is in progress: the
    /// head begun must be whole by `header_timeout`, an idle connection sees a byte within
    /// `idle_timeout`.
    fn deadline(&mut self) -> Option<(Instant, Option<ApiError>)> {
        if self.conn.in_progress() > 0 {
            self.head_started = None;
            return None;
        }
        if self.pending.is_empty() {
            return Some((self.conn.last_active() + self.limits.idle_timeout, None));
        }
        let started = *self.head_started.get_or_insert_with(Instant::now);
        let late = ApiError::Timeout(format!(
            "the request head did not arrive within {:?}",
            self.limits.header_timeout
        ));
        Some((started + self.limits.header_timeout, Some(late)))
    }

    /// Reads more of the next head, or refuses it, or closes an idle connection.
    fn poll_heads(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if let Some(e) = self.refusal.take() {
            if self.released.is_empty() && self.conn.in_progress() == 0 {
                self.stage = Stage::Refusing(e.to_wire(), 0);
                return Poll::Ready(Ok(()));
            }
            self.refusal = Some(e);
        }
        if let Some((when, late)) = self.deadline() {
            self.timer.as_mut().reset(when);
            if self.timer.as_mut().poll(cx).is_ready() {
                self.stage = match late {
                    Some(e) => Stage::Refusing(e.to_wire(), 0),
                    None => Stage::Closed,
                };
                return Poll::Ready(Ok(()));
            }
        }
        let mut chunk = [0_u8; 4096];
        let mut read = ReadBuf::new(&mut chunk);
        ready!(Pin::new(&mut self.io).poll_read(cx, &mut read))?;
        if read.filled().is_empty() {
            self.stage = Stage::Closed;
            return Poll::Ready(Ok(()));
        }
        self.conn.touch();
        if self.refusal.is_none() {
            self.pending.extend_from_slice(read.filled());
            self.scan();
        }
        Poll::Ready(Ok(()))
    }

    /// Sends the refusal, then lingers.
    fn poll_refusing(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let Stage::Refusing(bytes, sent) = &mut self.stage else {
            unreachable!("refusing")
        };
        while *sent < bytes.len() {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &bytes[*sent..]))?;
            if n == 0 {
                self.stage = Stage::Closed;
                return Poll::Ready(Ok(()));
            }
            *sent += n;
        }
        ready!(Pin::new(&mut self.io).poll_flush(cx))?;
        // The client reads to the end of the answer, then closes.
        let _ = ready!(Pin::new(&mut self.io).poll_shutdown(cx));
        self.stage = Stage::Lingering;
        self.timer.as_mut().reset(Instant::now() + LINGER);
        Poll::Ready(Ok(()))
    }

    /// Discards what arrives until the client closes or the time is up.
    fn poll_lingering(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.timer.as_mut().poll(cx).is_ready() {
            self.stage = Stage::Closed;
            return Poll::Ready(Ok(()));
        }
        let mut chunk = [0_u8; 4096];
        let mut read = ReadBuf::new(&mut chunk);
        match ready!(Pin::new(&mut self.io).poll_read(cx, &mut read)) {
            Ok(()) if !read.filled().is_empty() => {}
            _ => self.stage = Stage::Closed,
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for Wire<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            match this.stage {
                Stage::Heads | Stage::Through if !this.released.is_empty() => {
                    let n = this.released.len().min(buf.remaining());
                    buf.put_slice(&this.released[..n]);
                    this.released.drain(..n);
                    return Poll::Ready(Ok(()));
                }
                Stage::Through => {
                    let before = buf.filled().len();
                    ready!(Pin::new(&mut this.io).poll_read(cx, buf))?;
                    if buf.filled().len() > before {
                        this.conn.touch();
                    }
                    return Poll::Ready(Ok(()));
                }
                Stage::Heads => ready!(this.poll_heads(cx))?,
                Stage::Refusing(..) => ready!(this.poll_refusing(cx))?,
                Stage::Lingering => ready!(this.poll_lingering(cx))?,
                // End of input: hyper closes the connection.
                Stage::Closed => return Poll::Ready(Ok(())),
            }
        }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Wire<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let n = ready!(Pin::new(&mut this.io).poll_write(cx, buf))?;
        if n > 0 {
            this.conn.touch();
        }
        Poll::Ready(Ok(n))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(head: &str) -> Result<Head, ApiError> {
        inspect(head.as_bytes(), &Limits::standard())
    }

    #[test]
    fn whole_heads_and_their_bodies() {
        let get = "GET /api HTTP/1.1\r\nHost: localhost\r\n\r\n";
        assert_eq!(
            check(get),
            Ok(Head::Complete {
                len: get.len(),
                body: false
            })
        );
        assert_eq!(check("GET /api HTTP/1.1\r\nHost: loc"), Ok(Head::Partial));
        let post = "POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello";
        assert_eq!(
            check(post),
            Ok(Head::Complete {
                len: post.len() - 5,
                body: true
            })
        );
        let empty = "POST / HTTP/1.1\r\nContent-Length: 0, 0\r\n\r\n";
        assert_eq!(
            check(empty),
            Ok(Head::Complete {
                len: empty.len(),
                body: false
            })
        );
        let chunked = "GET / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n";
        assert_eq!(
            check(chunked),
            Ok(Head::Complete {
                len: chunked.len() - 5,
                body: true
            })
        );
    }

    #[test]
    fn heads_past_the_bounds_or_malformed_are_refused_in_our_words() {
        let refusal = |head: &str| check(head).map(|_| ()).unwrap_err();
        let bad_length = refusal("GET / HTTP/1.1\r\nContent-Length: abc\r\n\r\n");
        assert_eq!(
            bad_length,
            ApiError::BadRequest(
                "a malformed Content-Length: 'abc' (a whole number of bytes)".to_owned()
            )
        );
        assert_eq!(
            refusal("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n").status(),
            400
        );
        assert_eq!(
            refusal("GET / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n")
                .status(),
            400
        );
        assert_eq!(
            refusal("GET / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n").status(),
            400
        );
        assert_eq!(refusal("GET /\x01 HTTP/1.1\r\n\r\n").status(), 400);
        let long_target = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(9000));
        assert_eq!(refusal(&long_target).status(), 414);
        let unfinished_target = format!("GET /{}", "a".repeat(9000));
        assert_eq!(refusal(&unfinished_target).status(), 414);
        let big_field = format!("GET / HTTP/1.1\r\nCookie: {}\r\n", "a".repeat(17_000));
        assert_eq!(refusal(&big_field).status(), 431);
        let many = "X-Field: 1\r\n".repeat(101);
        assert_eq!(
            refusal(&format!("GET / HTTP/1.1\r\n{many}\r\n")),
            ApiError::HeadTooLarge(
                "the request has more than 100 header fields, the most this server reads"
                    .to_owned()
            )
        );
    }
}
