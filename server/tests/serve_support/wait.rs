//! Waiting on a running server's own state: the condition will hold, and the tests' timeout
//! only bounds a failure. Both packages' serve tests include this file.

use std::time::{Duration, Instant};

use nullmove_server::{Server, ServerStats};

use super::http::TIMEOUT;

/// Waits until the server's state satisfies `done`; fails naming `what` past the timeout.
pub fn wait_until(server: &Server, what: &str, done: impl Fn(&ServerStats) -> bool) {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        let stats = server.stats();
        if done(&stats) {
            return;
        }
        assert!(Instant::now() < deadline, "never {what}: {stats:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}
