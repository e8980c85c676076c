//! The server as a client sees it, over commands that stand in for the command line's: the
//! request bounds, the headers on every answer, and the page and its files served as
//! embedded. That its documents are the command line's own is the `nullmove` package's to
//! test (`cli/tests/serve/`).

use crate::serve_support;

use serde_json::{Value, json};
use serve_support::{get, send, start};

#[test]
fn requests_stay_within_the_bounds() {
    let server = start();
    let addr = server.addr();
    let long = format!("/api/search?board={}", ".".repeat(2000));
    let answer = get(addr, &long).expect("an answer");
    assert_eq!(answer.status, 414);
    assert_eq!(
        answer.json(),
        json!({"error": "the query is 2006 bytes, more than the 1024 this server reads"})
    );
    // Refused on its headers, before a byte of the body is read (none is sent).
    let body = send(
        addr,
        &format!(
            "POST /api/search HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\n"
        ),
    )
    .expect("an answer");
    assert_eq!(body.status, 413);
    assert!(
        body.json()["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("the request body is 5000000 bytes, more than the 1024"))
    );
    let post = send(
        addr,
        &format!("POST /api/search HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    )
    .expect("an answer");
    assert_eq!(post.status, 405);
    assert_eq!(
        post.json(),
        json!({"error": "only GET (and HEAD) here: every parameter goes in the query"})
    );
    // Another site's page renamed to this address (DNS rebinding) gets nothing.
    let rebound = send(
        addr,
        "GET /api/search HTTP/1.1\r\nHost: attacker.example:8080\r\nConnection: close\r\n\r\n",
    )
    .expect("an answer");
    assert_eq!(rebound.status, 403);
    let local = send(
        addr,
        &format!(
            "GET / HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\r\n",
            addr.port()
        ),
    )
    .expect("an answer");
    assert_eq!(local.status, 200);
    let missing = get(addr, "/etc/passwd").expect("an answer");
    assert_eq!(missing.status, 404);
    assert!(
        missing.json()["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("no such page: /etc/passwd;"))
    );
    let traversal = get(addr, "/../../etc/passwd").expect("an answer");
    assert_eq!(traversal.status, 404);
    // Every answer carries the headers that keep the page to itself.
    for answer in [&answer, &post, &rebound, &local, &missing] {
        assert!(
            answer
                .header("content-security-policy")
                .is_some_and(|c| c.contains("default-src 'none'"))
        );
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    }
}

#[test]
fn the_page_and_its_files_are_embedded() {
    let server = start();
    for (path, media, holds) in [
        (
            "/",
            "text/html; charset=utf-8",
            "<script type=\"module\" src=\"/app.js\"></script>",
        ),
        (
            "/app.js",
            "text/javascript; charset=utf-8",
            "from './try.js'",
        ),
        (
            "/try.js",
            "text/javascript; charset=utf-8",
            "getJson('/api/trace'",
        ),
        ("/style.css", "text/css; charset=utf-8", ".line.prune"),
        (
            "/review",
            "text/html; charset=utf-8",
            "<script type=\"module\" src=\"/review.js\"></script>",
        ),
        (
            "/review.js",
            "text/javascript; charset=utf-8",
            "fetch('/api/review'",
        ),
        ("/review.css", "text/css; charset=utf-8", ".m-differs"),
    ] {
        let answer = get(server.addr(), path).expect("an answer");
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("content-type"), Some(media), "{path}");
        assert!(answer.text().contains(holds), "{path}");
    }
    let index: Value = get(server.addr(), "/api").expect("an answer").json();
    let paths: Vec<&str> = index["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .filter_map(|r| r["path"].as_str())
        .collect();
    assert_eq!(
        paths,
        [
            "/api/search",
            "/api/trace",
            "/api/sweep",
            "/api/sweep.svg",
            "/api/audit",
            "/api/review"
        ]
    );
    let progress: Vec<&str> = index["routes"]
        .as_array()
        .expect("routes")
        .iter()
        .filter_map(|r| r["progress"].as_str())
        .collect();
    assert_eq!(progress, ["/api/audit/progress", "/api/review/progress"]);
}
