//! The suite plan's inputs: sources read and cut, configurations checked.

use nullmove_chess::Suite;
use nullmove_optimized::Guards;
use nullmove_report::chess::suite::{Source, configurations, sources};

#[test]
fn sources_are_cut_to_the_limit_and_named_once() {
    let wac: Suite = "wac".parse().unwrap();
    let cut = sources(&[wac], &[], Some(3)).unwrap();
    assert_eq!((cut.len(), cut[0].entries.len()), (1, 3));
    let twice = sources(&[wac, wac], &[], None).unwrap_err().to_string();
    assert_eq!(twice, "wac is given twice");
    let none = sources(&[wac], &[], Some(0)).unwrap_err().to_string();
    assert!(none.starts_with("--limit 0"), "{none}");
    let missing = std::path::PathBuf::from("no/such/suite.epd");
    let unread = sources(&[], &[missing], None).unwrap_err().to_string();
    assert!(
        unread.starts_with("cannot read no/such/suite.epd"),
        "{unread}"
    );
    let empty = Source::read("empty".to_owned(), "")
        .unwrap_err()
        .to_string();
    assert_eq!(empty, "empty: no position in it");
}

#[test]
fn every_preset_by_default_and_by_pieces_needs_none_and_another() {
    assert_eq!(
        configurations(&[], false).unwrap().len(),
        Guards::presets().count()
    );
    let r3 = Guards::preset("r3").unwrap();
    let none = Guards::preset("none").unwrap();
    assert!(
        configurations(&[r3, r3], false)
            .unwrap_err()
            .to_string()
            .contains("twice")
    );
    assert!(
        configurations(&[r3], true)
            .unwrap_err()
            .to_string()
            .contains("add none")
    );
    assert!(
        configurations(&[none], true)
            .unwrap_err()
            .to_string()
            .contains("add another")
    );
    assert_eq!(configurations(&[none, r3], true).unwrap().len(), 2);
}
