//! No client can stall the server on the wire: a slow head and an idle connection are
//! closed, connections are capped, and what the HTTP layer refuses is one line of JSON like
//! any other refusal. Every test asserts on order and completion, never on how fast; the
//! timeouts they wait on are shrunk to a fraction of a second. That computations stop when
//! their clients go away, and stopping, are `cli/tests/serve_timing/serve_stall.rs`'s.

use crate::serve_support;

use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

use nullmove_server::{Limits, Server};
use serde_json::json;
use serve_support::{closed_by_server, connect, get, read_answer, wait_until};

/// A server on loopback with `change` applied to the standard bounds.
fn server(change: impl FnOnce(&mut Limits)) -> Server {
    let mut limits = Limits::standard();
    change(&mut limits);
    serve_support::start_with(limits)
}

#[test]
fn a_head_that_does_not_arrive_in_time_gets_408() {
    let server = server(|l| {
        l.header_timeout = Duration::from_millis(200);
        l.idle_timeout = Duration::from_secs(600);
    });
    let mut half = connect(server.addr()).expect("connects");
    half.write_all(b"GET /api HTTP/1.1\r\nHost: 127.0")
        .expect("sent");
    let answer = read_answer(&mut half).expect("an answer");
    assert_eq!(answer.status, 408);
    assert_eq!(
        answer.json(),
        json!({"error": "the request head did not arrive within 200ms"})
    );
    assert!(closed_by_server(&mut half));
    wait_until(&server, "the connection closed", |s| s.connections == 0);
}

#[test]
fn an_idle_connection_is_closed() {
    let server = server(|l| {
        l.header_timeout = Duration::from_secs(600);
        l.idle_timeout = Duration::from_millis(200);
    });
    let addr = server.addr();
    // Kept alive after an answer, then idle.
    let mut kept = connect(addr).expect("connects");
    for _ in 0..2 {
        write!(kept, "GET /api HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("sent");
        assert_eq!(read_answer(&mut kept).expect("an answer").status, 200);
    }
    // Opened, and nothing sent.
    let mut silent = connect(addr).expect("connects");
    assert!(closed_by_server(&mut kept));
    assert!(closed_by_server(&mut silent));
    wait_until(&server, "every connection closed", |s| s.connections == 0);
}

#[test]
fn connections_beyond_the_cap_get_503_and_a_freed_slot_serves_again() {
    let server = server(|l| l.max_connections = 3);
    let addr = server.addr();
    let mut held: Vec<TcpStream> = (0..3).map(|_| connect(addr).expect("connects")).collect();
    wait_until(&server, "three connections open", |s| s.connections == 3);
    let mut refused = connect(addr).expect("connects");
    write!(refused, "GET /api HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("sent");
    let answer = read_answer(&mut refused).expect("an answer");
    assert_eq!(answer.status, 503);
    assert_eq!(answer.header("retry-after"), Some("1"));
    assert_eq!(
        answer.json(),
        json!({
            "error": "the server is busy: all 3 connections it keeps open are taken; try again shortly",
            "retry_after": 1
        })
    );
    assert!(closed_by_server(&mut refused));
    drop(held.pop());
    wait_until(&server, "a slot freed", |s| s.connections == 2);
    assert_eq!(get(addr, "/api").expect("an answer").status, 200);
}

#[test]
fn the_http_layers_refusals_are_one_line_json_too() {
    let server = server(|_| {});
    let addr = server.addr();
    let host = format!("Host: {addr}\r\n");
    let many = "X-Field: 1\r\n".repeat(101);
    for (request, status, error) in [
        (
            format!("GET /api HTTP/1.1\r\n{host}Content-Length: abc\r\n\r\n"),
            400,
            "a malformed Content-Length: 'abc' (a whole number of bytes)".to_owned(),
        ),
        (
            format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(9000)),
            414,
            "the request target is longer than the 8192 bytes this server reads".to_owned(),
        ),
        (
            format!("GET /api HTTP/1.1\r\n{host}{many}\r\n"),
            431,
            "the request has more than 100 header fields, the most this server reads".to_owned(),
        ),
        (
            format!(
                "GET /api HTTP/1.1\r\n{host}Cookie: {}\r\n\r\n",
                "a".repeat(20_000)
            ),
            431,
            "the request head is longer than the 16384 bytes this server reads".to_owned(),
        ),
        (
            format!(
                "POST /api/search HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\n\
                 800\r\n{}\r\n0\r\n\r\n",
                "a".repeat(0x800)
            ),
            413,
            "the request body is chunked and longer, more than the 1024 bytes this server \
             takes (the API reads none: every parameter goes in the query)"
                .to_owned(),
        ),
        (
            format!("GET /api?x=1 HTTP/1.1\r\n{host}\r\n"),
            400,
            "unknown parameter 'x': /api takes none".to_owned(),
        ),
    ] {
        let mut stream = connect(addr).expect("connects");
        stream.write_all(request.as_bytes()).expect("sent");
        let answer = read_answer(&mut stream).expect("an answer");
        let what = &request[..request.len().min(40)];
        assert_eq!(answer.status, status, "{what}");
        assert_eq!(
            answer.header("content-type"),
            Some("application/json"),
            "{what}"
        );
        assert!(answer.header("content-security-policy").is_some(), "{what}");
        assert_eq!(answer.json(), json!({ "error": error }), "{what}");
    }
    // An empty chunked body is a request like any other.
    let mut stream = connect(addr).expect("connects");
    write!(
        stream,
        "GET /api HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
    )
    .expect("sent");
    let answer = read_answer(&mut stream).expect("an answer");
    assert_eq!(answer.status, 200, "{}", answer.text());
    assert_eq!(answer.header("connection"), Some("close"));
}
