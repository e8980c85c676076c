//! Tests that wait on a clock: a progress bar on a pseudo-terminal. One binary apart from
//! `tests/it/`, so that its CPU-heavy audits and sweeps never run beside them. (The
//! server's timing tests are the server crate's: `server/tests/timing/`.)

mod progress;
