//! A match request checked into the arena's spec, and the command that plays it again.

use std::path::PathBuf;

use nullmove_arena::Control;
use nullmove_report::chess::match_request::MatchRequest;

/// r3 against none, 3 pairs from the sample book at 1,000 nodes, nothing else set.
fn request() -> MatchRequest {
    MatchRequest {
        players: "r3,none".to_owned(),
        book: PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../arena/data/books/noob_3moves.sample.epd"
        )),
        book_seed: None,
        book_max_pieces: None,
        pairs: 3,
        repeat_book: false,
        control: Control::Nodes(1000),
        concurrency: Some(2),
        sprt: None,
        shard: None,
        adjudication: None,
        pgn: None,
        out: None,
        resume: false,
        json: false,
        program: None,
    }
}

#[test]
fn the_command_line_spells_every_setting_in_one_order() {
    let mut r = request();
    r.book_seed = Some(7);
    r.sprt = Some("0,5".parse().unwrap());
    r.out = Some(PathBuf::from("m.json"));
    r.json = true;
    let spec = r.spec().unwrap();
    let words = r.command_line(&spec).join(" ");
    let book = r.book.display();
    assert_eq!(
        words,
        format!(
            "nullmove chess match --players r3,none --book {book} --book-seed 7 --pairs 3 \
             --nodes 1000 --concurrency 2 --sprt 0,5,logistic --out m.json --json"
        )
    );
}

#[test]
fn settings_that_cannot_go_together_are_refused_in_one_line() {
    let refused = |r: MatchRequest| r.spec().unwrap_err().to_string();
    let mut r = request();
    r.players = "r3".to_owned();
    assert!(refused(r).contains("expected two players"));
    let mut r = request();
    r.resume = true;
    r.pgn = Some(PathBuf::from("games.pgn"));
    assert!(refused(r).starts_with("--resume with --pgn"));
    let mut r = request();
    r.sprt = Some("0,5".parse().unwrap());
    r.shard = Some("0/2".parse().unwrap());
    assert!(refused(r).starts_with("--sprt with --shard"));
    let mut r = request();
    r.shard = Some("3/4".parse().unwrap());
    assert!(refused(r).contains("has no pair"));
    let mut r = request();
    r.pairs = 2_001;
    let replay = refused(r);
    assert!(replay.contains("which has 2000 positions"), "{replay}");
    let mut r = request();
    r.book_max_pieces = Some(32);
    assert!(refused(r).contains("changes nothing"));
}
