//! The default outputs say what they count in words a reader can follow: who holds which
//! cells, what a search was set up with, what each column of a sweep counts, a count of
//! one in the singular, and Elo where the sample gives no interval. (The chess position's
//! null-move and verification lines are held in `chess.rs`.)

use crate::support;

use support::{match_args, stdout};

/// `probes` names the position's cells in words, the empty board as such.
#[test]
fn probes_says_who_holds_which_cells() {
    let heading = |board: &str| {
        let text = stdout(&[
            "probes",
            "--board",
            board,
            "--depth",
            "3",
            "--reduction",
            "1",
        ]);
        text.lines().next().expect("a heading").to_owned()
    };
    assert_eq!(
        heading("........."),
        ".........: the empty board, X to move · 9 moves · depth limit 3 · R 1 · engine optimized"
    );
    assert!(
        heading("...O.X...").starts_with("...O.X...: X on 5, O on 3, X to move · 7 moves"),
        "pitfall"
    );
    assert!(heading("....X....").starts_with("....X....: X on 4, no O, O to move"));
    assert!(heading("X.X.O....").starts_with("X.X.O....: X on 0 and 2, O on 4, O to move"));
}

/// `probes` says what the probes that did not cut cost, each ratio named by what it
/// divides.
#[test]
fn probes_names_its_ratios() {
    let text = stdout(&[
        "probes",
        "--board",
        ".........",
        "--depth",
        "5",
        "--reduction",
        "3",
    ]);
    for line in [
        "probes: 9 of 803 nodes (1.1%), 3.4% of the 264 nodes that search on\n",
        "inside the probes' own searches: 9 nodes (0.01x plain's 1,787, 0.01x the 794 outside \
         them), 9 heuristic calls\n",
        "outside every probe: 794 nodes (plain: 1,787), 452 heuristic calls\n",
        "probes that did not cut: 2, searching 2 nodes; their nodes' real moves then searched \
         784, 784 without the probes started below them\n",
        "  probe nodes / real moves' nodes: 0.00x with the probes below, 0.00x without (per \
         node: median 0.00, 0 at or above 0.5)\n",
        "  at the 2 of those nodes outside every probe: probes 2 nodes, real moves 784 without \
         the probes below (0.00x; per node: median 0.00, 0 at or above 0.5)\n",
    ] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    assert!(!text.contains(" on none"), "{text}");
}

/// `kpk --fen` says how its search was set up in the command line's own words.
#[test]
fn kpk_says_how_it_searched() {
    let fen = "8/4k3/8/3K4/4P3/8/8/8 w - - 0 1";
    let text = stdout(&["kpk", "--fen", fen, "--depth", "3", "--reduction", "1"]);
    assert!(
        text.contains(
            "search: null move, depth limit 3, R 1, rule in-check, guards none, exact \
             evaluation at the limit\n  value 0, best move e4e5, 33 nodes, 6 probes, 4 null \
             cutoffs; WRONG by the table\n"
        ),
        "{text}"
    );
    let text = stdout(&["kpk", "--fen", fen, "--depth", "3", "--mode", "plain"]);
    assert!(
        text.contains(
            "search: plain alpha-beta, depth limit 3, exact evaluation at the limit\n  value \
             1000, best move "
        ),
        "{text}"
    );
    assert!(!text.contains("in_check"), "{text}");
}

/// Every column of the sweeps' tables whose name is a field's is said in words under it.
#[test]
fn sweeps_say_what_their_columns_count() {
    let text = stdout(&["sweep", "--depths", "3", "--reductions", "1"]);
    assert!(
        text.contains("value_changed counts positions whose root value differs between the modes"),
        "{text}"
    );
    let text = stdout(&[
        "kpk",
        "sweep",
        "--depths",
        "1",
        "--reductions",
        "0",
        "--half-board",
        "--configurations",
        "page",
        "--eval",
        "exact",
    ]);
    for column in [
        "wrong_plain and wrong_null",
        "null_only those",
        "zugzwang, of those",
    ] {
        assert!(text.contains(column), "{column:?} in {text}");
    }
}

/// Elo without an interval says why: every game won, or every pair scoring the same.
#[test]
fn elo_without_an_interval_says_why() {
    let text = stdout(&["chess", "sprt", "--pentanomial", "0,0,5,0,0"]);
    assert!(
        text.contains(
            "Elo       +0.00 with no interval: every pair scored the same, no deviation to \
             measure by\n"
        ),
        "{text}"
    );
    assert!(!text.contains("± 0.00"), "{text}");
}

/// A match of one pair says so in the singular.
#[test]
fn one_pair_is_one_pair() {
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../arena/data/books/noob_3moves.sample.epd"
    );
    let text = stdout(&match_args(
        "r3,none",
        book,
        "1",
        &["--nodes", "50", "--concurrency", "1"],
    ));
    assert!(
        text.starts_with("r3 against none: 1 pair planned from"),
        "{text}"
    );
}

/// `rules` says what each of its counts is: of the probes, how many pruned and how many let
/// the moves be searched; which nodes were checked against plain alpha-beta.
#[test]
fn rules_say_what_they_counted() {
    let text = stdout(&["rules", "--depths", "5", "--reductions", "3"]);
    for row in [
        "probes                                       9\n",
        "  that pruned their node                     7\n",
        "  that did not, the moves then searched      2\n",
        "nodes checked for plain's order and windows ",
        "rule                     broken  first breach\n",
    ] {
        assert!(text.contains(row), "{row:?} in {text}");
    }
}
