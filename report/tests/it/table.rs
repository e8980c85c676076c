//! The one table renderer (`nullmove_report::table`): one set of cells, aligned for the
//! terminal or as Markdown for the book.

use nullmove_report::table::{Table, left, right};

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
