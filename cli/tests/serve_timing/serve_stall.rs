//! No client can stall `nullmove serve` with the command line's own sweeps: a computation
//! stops when its clients go away, small searches have a lane of their own, and stopping
//! waits only for requests in progress. Every test asserts on order and completion, never
//! on how fast. The wire's own bounds (a slow head, an idle connection, the connection cap)
//! are `server/tests/timing/serve_stall.rs`'s.

use crate::serve_support;

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use nullmove_server::{Limits, Server, Stopped};
use serve_support::{closed_by_server, connect, get, load, read_answer, wait_until};

/// A server on loopback with `change` applied to the standard bounds.
fn server(change: impl FnOnce(&mut Limits)) -> Server {
    let mut limits = Limits::standard();
    change(&mut limits);
    serve_support::start_with(limits)
}

/// Sends `GET path` and leaves the connection open, its answer unread.
fn send_only(addr: SocketAddr, path: &str) -> TcpStream {
    let mut stream = connect(addr).expect("connects");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("sent");
    stream
}

/// A sweep of several seconds of CPU: every position, the naive engine, depth limits
/// `from..=9`, every R; distinct for each `from`, so none shares another's computation.
fn heavy_sweep(from: u32) -> String {
    format!("/api/sweep?positions=all&engine=naive&depths={from}..=9&reductions=0..=9")
}

#[test]
fn abandoned_computations_stop_and_the_next_request_is_answered() {
    let server = server(|l| l.heavy_workers = 1);
    let addr = server.addr();
    let clients: Vec<TcpStream> = (1..=4)
        .map(|from| send_only(addr, &heavy_sweep(from)))
        .collect();
    wait_until(&server, "one sweep running, three waiting", |s| {
        s.lanes.heavy.running == 1 && s.lanes.heavy.waiting == 3
    });
    drop(clients);
    wait_until(&server, "all four stopped", |s| {
        s.lanes.heavy.cancelled == 4 && s.lanes.heavy.running == 0 && s.lanes.heavy.waiting == 0
    });
    assert_eq!(
        server.stats().lanes.heavy.finished,
        0,
        "none ran to its end"
    );
    let small = get(addr, "/api/sweep?positions=empty&depths=3&reductions=1").expect("an answer");
    assert_eq!(small.status, 200, "{}", small.text());
    assert_eq!(server.stats().lanes.heavy.finished, 1);
    // An abandoned sweep was forgotten, not kept half done: asked again, it runs anew.
    let again = send_only(addr, &heavy_sweep(1));
    wait_until(&server, "the sweep running again", |s| {
        s.lanes.heavy.running == 1
    });
    drop(again);
    wait_until(&server, "it stopped again", |s| {
        s.lanes.heavy.cancelled == 5
    });
}

#[test]
fn small_searches_never_wait_behind_sweeps() {
    let server = server(|l| {
        l.heavy_workers = 1;
        l.light_workers = 1;
    });
    let addr = server.addr();
    let sweeps: Vec<TcpStream> = (1..=3)
        .map(|from| send_only(addr, &heavy_sweep(from)))
        .collect();
    wait_until(&server, "the heavy lane full", |s| {
        s.lanes.heavy.running == 1 && s.lanes.heavy.waiting == 2
    });
    // The widget's pitfall, stepped through: its trace and search answer while the sweep
    // still runs and the others wait.
    let pairs = [
        ("board", "...O.X..."),
        ("depth", "3"),
        ("reduction", "1"),
        ("mode", "null"),
    ];
    let argv: Vec<String> = std::iter::once("trace".to_owned())
        .chain(
            pairs
                .iter()
                .flat_map(|(k, v)| [format!("--{k}"), (*v).to_owned()]),
        )
        .collect();
    let query = serve_support::query(&pairs);
    let trace = get(addr, &format!("/api/trace?{query}")).expect("an answer");
    assert_eq!(trace.status, 200, "{}", trace.text());
    assert_eq!(trace.json(), load::trace_document(&argv));
    let search = get(addr, &format!("/api/search?{query}")).expect("an answer");
    assert_eq!(search.status, 200, "{}", search.text());
    let stats = server.stats().lanes;
    assert_eq!((stats.light.finished, stats.light.waiting), (2, 0));
    assert_eq!(
        (
            stats.heavy.running,
            stats.heavy.waiting,
            stats.heavy.finished
        ),
        (1, 2, 0),
        "the sweeps were still running and waiting"
    );
    // A deep trace is heavy: it queues behind the sweeps, not beside the pitfall.
    let deep = send_only(addr, "/api/trace?board=.........&depth=9&mode=plain");
    wait_until(&server, "the deep trace queued", |s| {
        s.lanes.heavy.waiting == 3
    });
    drop((sweeps, deep));
    wait_until(&server, "everything stopped", |s| {
        s.lanes.heavy.cancelled == 4
    });
}

#[test]
fn stopping_closes_idle_connections_at_once_and_answers_those_in_progress() {
    // An idle connection: no request in progress, so nothing to wait for (the drain is
    // long enough that waiting for the connection would show as a cut-off).
    let idle = server(|l| l.drain = Duration::from_secs(600));
    let mut kept = connect(idle.addr()).expect("connects");
    write!(kept, "GET /api HTTP/1.1\r\nHost: {}\r\n\r\n", idle.addr()).expect("sent");
    assert_eq!(read_answer(&mut kept).expect("an answer").status, 200);
    let _half_sent = {
        let mut s = connect(idle.addr()).expect("connects");
        s.write_all(b"GET / HTTP/1.1\r\n").expect("sent");
        s
    };
    wait_until(&idle, "two connections open", |s| s.connections == 2);
    assert_eq!(
        idle.stop().expect("it stops"),
        Stopped::Drained { answered: 0 }
    );
    assert!(closed_by_server(&mut kept));

    // A request in progress is answered, whole, before the server stops.
    let busy = server(|l| l.drain = Duration::from_secs(600));
    let path = "/api/sweep?positions=all&depths=1..=9&reductions=0..=9";
    let addr = busy.addr();
    let client = std::thread::spawn(move || get(addr, path).expect("an answer"));
    wait_until(&busy, "the sweep running", |s| s.lanes.heavy.running == 1);
    assert_eq!(
        busy.stop().expect("it stops"),
        Stopped::Drained { answered: 1 }
    );
    let answer = client.join().expect("the client");
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.json(),
        serve_support::cli_json(&[
            "sweep",
            "--positions",
            "all",
            "--depths",
            "1..=9",
            "--reductions",
            "0..=9"
        ])
    );

    // Past the drain time, what still runs is cut off, and counted.
    let late = server(|l| {
        l.drain = Duration::from_millis(50);
        l.heavy_workers = 1;
    });
    let _sweep = send_only(late.addr(), &heavy_sweep(1));
    wait_until(&late, "the sweep running", |s| s.lanes.heavy.running == 1);
    assert_eq!(
        late.stop().expect("it stops"),
        Stopped::CutOff { requests: 1 }
    );
}
