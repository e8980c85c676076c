//! The time left a progress bar estimates (`nullmove::progress`).

use std::time::Duration;

use nullmove::progress::estimate;

#[test]
fn no_estimate_before_enough_work() {
    let e = estimate(0.01, Duration::from_secs(5));
    assert_eq!(e, "estimating time left");
    let e = estimate(0.5, Duration::from_millis(300));
    assert_eq!(e, "estimating time left");
}

#[test]
fn the_estimate_follows_the_average_pace() {
    assert_eq!(estimate(0.5, Duration::from_secs(2)), "about 2 s left");
    assert_eq!(estimate(0.2, Duration::from_secs(30)), "about 2 min left");
    assert_eq!(estimate(1.0, Duration::from_secs(3)), "about 1 s left");
}
