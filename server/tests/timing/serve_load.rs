//! A load on the server over loopback: a few hundred requests at once (the mix of
//! `serve_support::load`), every answer equal to what the CLI prints for the same arguments,
//! none lost, all within a generous timeout. `cargo run --release -p nullmove-server
//! --example load` runs the same at full scale and prints the figures.

use crate::serve_support;

use nullmove_server::Stopped;
use serve_support::{TIMEOUT, load};

#[test]
fn a_few_hundred_requests_at_once_all_answered_correctly() {
    let cases = load::cases();
    let server = serve_support::start();
    let report = load::run(server.addr(), &cases, 600, 200);
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
    assert_eq!(report.correct, 600);
    assert!(report.elapsed < TIMEOUT, "took {:?}", report.elapsed);
    assert!(matches!(server.stop(), Ok(Stopped::Drained { .. })));
}
