//! A load on `nullmove serve` over loopback: many requests at once (the mix of
//! `serve_support::load`), every answer equal to what the CLI prints for the same
//! arguments, none lost, all within a generous timeout. The suite runs a few hundred;
//! `NULLMOVE_LOAD=REQUESTS,CONCURRENCY` runs it at full scale, and
//! `NULLMOVE_LOAD_ADDR=HOST:PORT` against a running server on loopback:
//!
//! ```sh
//! NULLMOVE_LOAD=20000,500 cargo test --release -p nullmove --test serve_timing load -- --nocapture
//! ```

use crate::serve_support;

use std::net::SocketAddr;

use nullmove_server::Stopped;
use serve_support::{TIMEOUT, get, load};

/// Requests and how many at once: the suite's few hundred, or `NULLMOVE_LOAD`'s.
fn scale() -> Option<(usize, usize)> {
    let load = std::env::var("NULLMOVE_LOAD").ok()?;
    let (requests, concurrency) = load
        .split_once(',')
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
        .filter(|&(r, c): &(usize, usize)| r > 0 && c > 0)
        .expect("NULLMOVE_LOAD is REQUESTS,CONCURRENCY, both at least 1");
    Some((requests, concurrency))
}

/// A running server's address, from `NULLMOVE_LOAD_ADDR`: loopback only, since a load goes
/// nowhere but this machine.
fn running_server() -> Option<SocketAddr> {
    let addr: SocketAddr = std::env::var("NULLMOVE_LOAD_ADDR")
        .ok()?
        .parse()
        .expect("NULLMOVE_LOAD_ADDR is HOST:PORT");
    assert!(
        addr.ip().is_loopback(),
        "NULLMOVE_LOAD_ADDR must be loopback"
    );
    Some(addr)
}

#[test]
fn a_few_hundred_requests_at_once_all_answered_correctly() {
    let cases = load::cases();
    let full = scale();
    let (requests, concurrency) = full.unwrap_or((600, 200));
    let running = running_server();
    let server = running.is_none().then(serve_support::start);
    let addr = running.unwrap_or_else(|| server.as_ref().expect("started").addr());
    if full.is_some() {
        // The one long document in the mix kept first, as a running server would have it.
        let _ = get(addr, "/api/sweep?positions=empty");
    }
    let report = load::run(addr, &cases, requests, concurrency);
    eprint!("{}", report.table());
    assert!(
        report.lost.is_empty(),
        "lost: {:?}",
        &report.lost[..report.lost.len().min(5)]
    );
    assert!(
        report.wrong.is_empty(),
        "wrong: {:?}",
        &report.wrong[..report.wrong.len().min(5)]
    );
    assert_eq!(report.correct, requests);
    if full.is_none() {
        assert!(report.elapsed < TIMEOUT, "took {:?}", report.elapsed);
    }
    if let Some(server) = server {
        assert!(matches!(server.stop(), Ok(Stopped::Drained { .. })));
    }
}
