//! `nullmove serve`, the command (docs/src/specification.md, "The command-line contract"):
//! the binary on a free port, the address it prints, `--host` and `--allow-remote`, a taken
//! port, and a clean stop on SIGTERM and Ctrl-C. What the server answers is the server
//! crate's to test (`server/tests/it/serve.rs`); its small HTTP client is shared from
//! there.

#[path = "../../../server/tests/serve_support/http.rs"]
mod http;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::SocketAddr;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::support::nullmove;
use http::{TIMEOUT, closed_by_server, connect, get, read_answer, send};

/// `nullmove serve ARGS` running as its own process, stopped by a signal.
struct Spawned {
    child: Child,
    stdout: BufReader<ChildStdout>,
    /// The address it printed.
    addr: SocketAddr,
    /// The line it printed.
    banner: String,
}

impl Spawned {
    /// Starts `nullmove serve --port 0 ARGS` and reads the address it prints.
    fn start(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nullmove"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut banner = String::new();
        stdout.read_line(&mut banner).expect("a first line");
        let addr = banner
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {banner:?}"));
        Self {
            child,
            stdout,
            addr,
            banner,
        }
    }

    /// Sends `signal` (`TERM`, `INT`) and waits for the exit: status, the rest of stdout,
    /// stderr.
    fn stop_with(mut self, signal: &str) -> (ExitStatus, String, String) {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{signal}");
        let deadline = Instant::now() + TIMEOUT;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("waits") {
                break status;
            }
            assert!(Instant::now() < deadline, "the server did not stop");
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).expect("stdout");
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            e.read_to_string(&mut err).expect("stderr");
        }
        (status, rest, err)
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        // A test that failed midway leaves no server behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The one-line reason `nullmove ARGS` exits 2 with, without the `nullmove: ` prefix.
fn cli_refusal(args: &[&str]) -> String {
    let out = nullmove(args);
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(out.status.code(), Some(2), "{args:?} should be refused");
    let line = err.strip_suffix('\n').expect("one line");
    assert!(!line.contains('\n'), "one line: {err}");
    line.strip_prefix("nullmove: ")
        .expect("prefixed")
        .to_owned()
}

#[cfg(unix)]
#[test]
fn ctrl_c_and_sigterm_stop_it_cleanly() {
    for signal in ["INT", "TERM"] {
        let server = Spawned::start(&[]);
        assert!(
            server
                .banner
                .starts_with("nullmove: serving the page on http://127.0.0.1:")
        );
        assert_eq!(get(server.addr, "/").expect("an answer").status, 200);
        let addr = server.addr;
        // A connection kept alive after its answer is idle: closed at once, not waited for
        // (which would read "stopped after 10 s, cutting off").
        let mut idle = connect(addr).expect("connects");
        write!(idle, "GET /api HTTP/1.1\r\nHost: {addr}\r\n\r\n").expect("sent");
        assert_eq!(read_answer(&mut idle).expect("an answer").status, 200);
        let (status, rest, err) = server.stop_with(signal);
        assert_eq!(status.code(), Some(0), "{signal}: {status:?} {err}");
        assert_eq!(rest, "nullmove: stopped\n", "{signal}");
        assert!(closed_by_server(&mut idle), "{signal}");
        assert_eq!(err, "", "{signal}");
        assert!(
            get(addr, "/").is_err(),
            "{signal}: nothing listens any more"
        );
    }
}

#[test]
fn the_host_flag_is_loopback_unless_told() {
    // Beyond loopback only when asked, and then only for requests naming it.
    let open = Spawned::start(&["--host", "0.0.0.0", "--allow-remote=board.example"]);
    assert!(
        open.banner
            .starts_with("nullmove: serving the page on http://0.0.0.0:")
    );
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], open.addr.port()));
    for (host, status) in [
        ("board.example", 200),
        ("10.1.2.3:8080", 200),
        ("localhost", 200),
        ("attacker.example", 403),
    ] {
        let answer = send(
            addr,
            &format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        )
        .expect("an answer");
        assert_eq!(answer.status, status, "{host}");
    }
    let refused = send(
        addr,
        "GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n",
    )
    .expect("an answer");
    assert_eq!(
        refused.json(),
        json!({"error": "this server answers only requests addressed to localhost, an IP \
                         address or board.example, not to 'attacker.example'"})
    );
    let (status, _, err) = open.stop_with("TERM");
    assert!(status.success());
    assert_eq!(
        err,
        "nullmove: 0.0.0.0 is not a loopback address: anyone who can reach it can use this server\n"
    );

    let named = Spawned::start(&["--host", "localhost"]);
    assert!(
        named
            .banner
            .starts_with("nullmove: serving the page on http://127.0.0.1:")
    );
    drop(named);

    for (args, reason) in [
        (
            vec!["serve", "--host", "0.0.0.0"],
            "--host 0.0.0.0 listens beyond this machine: anyone who can reach it could use \
             this server; add --allow-remote to mean it",
        ),
        (
            vec!["serve", "--host", "::1", "--allow-remote"],
            "--allow-remote changes nothing with --host ::1: a loopback address lets only this \
             machine connect (leave it out)",
        ),
        (
            vec!["serve", "--host", "0.0.0.0", "--allow-remote=board:8080"],
            "--allow-remote: 'board:8080' is not a host name (letters, digits, '-' and '.'; no \
             port)",
        ),
        (
            vec!["serve", "--host", "board.example"],
            "invalid value 'board.example' for '--host <HOST>': an IP address (e.g. \
             127.0.0.1, ::1, 0.0.0.0) or localhost",
        ),
        (
            vec!["serve", "--port", "70000"],
            "invalid value '70000' for '--port <PORT>': 70000 is not in 0..=65535",
        ),
    ] {
        assert_eq!(cli_refusal(&args), reason);
    }
    // A port already taken is a one-line refusal, not a panic.
    let first = Spawned::start(&[]);
    let port = first.addr.port().to_string();
    let taken = cli_refusal(&["serve", "--port", &port]);
    assert!(
        taken.starts_with(&format!("cannot listen on 127.0.0.1:{port}: ")),
        "{taken}"
    );
}
