//! Where a computation runs: the lane its cost asks for ([`lane`]), a fixed number of
//! workers per lane ([`gate`]), documents kept once computed ([`cache`]), and the signal
//! that stops a computation whose clients have all gone ([`cancel`]).

pub mod cache;
pub mod cancel;
pub mod gate;
pub mod lane;

/// The runtime of the tests here: one thread with timers, as the server's.
#[cfg(test)]
fn test_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime")
}
