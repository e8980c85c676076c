//! The renderers every command shares: the table (`nullmove::render::table`) and the time
//! left a progress bar estimates (`nullmove::progress`).

use std::time::Duration;

use nullmove::progress::estimate;
use nullmove::render::table::{Table, left, right};

fn sample() -> Table {
    let mut t = Table::new(vec![left("name"), right("nodes")]);
    t.push(vec!["r3".into(), "1,234".into()]);
    t.push(vec!["verified".into(), "56".into()]);
    t
}

#[test]
fn aligned_and_markdown_hold_the_same_cells() {
    let mut text = Vec::new();
    sample().write(false, &mut text).unwrap();
    assert_eq!(
        String::from_utf8(text).unwrap(),
        "name      nodes\nr3        1,234\nverified     56\n"
    );
    let mut md = Vec::new();
    sample().write(true, &mut md).unwrap();
    assert_eq!(
        String::from_utf8(md).unwrap(),
        "| name | nodes |\n|---|---:|\n| r3 | 1,234 |\n| verified | 56 |\n"
    );
}

#[test]
fn a_fixed_layout_widens_only_for_a_longer_cell() {
    let mut t = Table::new(vec![
        left("engine").at_least(10),
        right("nodes").at_least(7),
    ])
    .gap(" ");
    t.push(vec!["naive".into(), "1,234".into()]);
    let mut text = Vec::new();
    t.write(false, &mut text).unwrap();
    assert_eq!(
        String::from_utf8(text).unwrap(),
        format!(
            "{:<10} {:>7}\n{:<10} {:>7}\n",
            "engine", "nodes", "naive", "1,234"
        )
    );
    t.push(vec!["optimized, guarded".into(), String::new()]);
    let mut text = Vec::new();
    t.write(false, &mut text).unwrap();
    assert!(
        String::from_utf8(text)
            .unwrap()
            .ends_with("\noptimized, guarded\n")
    );
}

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
