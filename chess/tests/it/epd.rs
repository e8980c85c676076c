//! The suites read: every line of the three files parses, every `bm` and `am` names exactly
//! one legal move, ids are unique, the counts are the data README's, and the SAN we write
//! for each is the suite's, check marks apart.

use std::collections::HashSet;

use nullmove_chess::{EpdEntry, parse_epd, san};

fn suite(name: &str) -> Vec<EpdEntry> {
    let path = format!("{}/data/{name}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the suite is in data/");
    parse_epd(&text).expect("every line is EPD")
}

#[test]
fn every_best_and_avoid_move_of_every_suite_is_a_legal_move() {
    let mut rewritten = Vec::new();
    for (name, count, with_am) in [("wac", 300, 0), ("zugts", 30, 0), ("eet", 100, 13)] {
        let entries = suite(name);
        assert_eq!(entries.len(), count, "{name}");
        let ids: HashSet<String> = entries.iter().map(EpdEntry::name).collect();
        assert_eq!(ids.len(), count, "{name}: ids are unique");
        assert_eq!(
            entries.iter().filter(|e| !e.avoid_moves.is_empty()).count(),
            with_am
        );
        for e in &entries {
            assert!(e.id.is_some(), "{name} line {}: no id", e.line);
            assert!(
                !e.best_moves.is_empty() || !e.avoid_moves.is_empty(),
                "{}",
                e.name()
            );
            let board = e.board().expect("legal");
            let best = e.best().expect("bm resolves");
            let avoid = e.avoid().expect("am resolves");
            assert_eq!(best.len(), e.best_moves.len());
            assert!(
                best.iter().all(|m| !avoid.contains(m)),
                "{}: bm and am overlap",
                e.name()
            );
            for (m, written) in best
                .iter()
                .chain(&avoid)
                .zip(e.best_moves.iter().chain(&e.avoid_moves))
            {
                let ours = san(&board, *m);
                if &ours != written {
                    let bare = |s: &str| s.trim_end_matches(['+', '#']).to_owned();
                    assert_eq!(
                        bare(&ours),
                        bare(written),
                        "{}: only a check mark may differ",
                        e.name()
                    );
                    rewritten.push(format!("{} {written} -> {ours}", e.name()));
                }
            }
        }
    }
    // WAC writes standard SAN throughout; ZPTS and EET leave out the check mark of eight
    // checking moves (ZPTS.03 Qxh4, ZPTS.14 Rh8, ZPTS.21 Re1, ZPTS.27 Nf3, EET 045 f6,
    // 046 Ne2, 057 h5, 094 Rb5).
    assert_eq!(rewritten.len(), 8, "{rewritten:#?}");
}

#[test]
fn bad_epd_lines_are_refused_with_their_line_and_reason() {
    let err = |text: &str| parse_epd(text).unwrap_err().to_string();
    assert_eq!(
        err("\n8/8/8/8/8/8/8/8 w - - bm Kd5;"),
        "EPD line 2: invalid FEN \"8/8/8/8/8/8/8/8 w - - 0 1\": not a legal position (each side \
         needs one king, at most 16 pieces and 8 pawns, no pawn on the first or last rank, and \
         the side not to move cannot be in check)"
    );
    assert_eq!(
        err("4k3/8/8/8 w"),
        "EPD line 1: expected the four position fields, found 2"
    );
    let kpk = "8/3k4/8/8/3PK3/8/8/8 w - -";
    assert_eq!(
        err(&format!("{kpk} bm Kd5; bm Kf5;")),
        "EPD line 1: `bm` given twice"
    );
    assert_eq!(
        err(&format!("{kpk} bm;")),
        "EPD line 1: `bm` has no operand"
    );
    assert_eq!(
        err(&format!("{kpk} id \"x;")),
        "EPD line 1: a quoted string is not closed"
    );
    // A move that is not legal is caught when the suite's moves are resolved.
    let e = parse_epd(&format!("{kpk} bm Kd6; id \"t\";")).expect("well formed");
    assert!(
        e[0].best()
            .unwrap_err()
            .to_string()
            .starts_with("EPD line 1: SAN \"Kd6\"")
    );
    // Quoted semicolons, clocks, blank and comment lines.
    let e = parse_epd(&format!(
        "# a comment\n\n{kpk} bm Kd5; id \"a;b\"; hmvc 7; fmvn 40;"
    ))
    .expect("well formed");
    assert_eq!((e[0].line, e[0].id.as_deref()), (3, Some("a;b")));
    assert_eq!(e[0].fen, "8/3k4/8/8/3PK3/8/8/8 w - - 7 40");
}
