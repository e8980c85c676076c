//! What the `serve` tests share: the real binary started on a free port and stopped by a
//! signal, a small HTTP/1.1 client for loopback, the CLI's own documents to compare the
//! server's with, and a load of concurrent requests whose answers are all checked.
//!
//! `tests/it/` and `tests/timing/` each include this once and use a subset of it; the
//! `load` example includes `http`, `cli` and `load` alone.
#![allow(dead_code, unused_imports)]

pub mod cli;
pub mod http;
pub mod load;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub use cli::{cli, cli_json, cli_refusal, pinned_audit};
pub use http::{
    Answer, TIMEOUT, closed_by_server, connect, get, get_within, query, read_answer, send,
};

/// `nullmove serve ARGS` running as its own process, stopped by a signal.
pub struct Spawned {
    child: Child,
    stdout: BufReader<ChildStdout>,
    /// The address it printed.
    pub addr: SocketAddr,
    /// The line it printed.
    pub banner: String,
}

impl Spawned {
    /// Starts `nullmove serve --port 0 ARGS` and reads the address it prints.
    pub fn start(args: &[&str]) -> Self {
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
    pub fn stop_with(mut self, signal: &str) -> (ExitStatus, String, String) {
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
