//! What a GUI or a bot trusts the engine with: a move searched on any clock (depth 1 always
//! completes, so a mate in one is played with 100 ms left and lichess-bot's overhead), no
//! search of a position the GUI did not send, `go perft`, a promotion's letter in either
//! case, a negative `movetime` answered with a searched move and a word, and with threads
//! the nodes of them all, reported and limited.

use crate::support;

use std::time::Duration;

use cozy_chess::Board;
use nullmove_chess::{parse_fen, parse_uci};
use support::{Engine, bestmove, field};

const WAIT: Duration = Duration::from_secs(30);

/// Back-rank mate: Qd8#. Any other first legal move (the generator's first is a2a3) loses
/// the point.
const MATE_IN_ONE: &str = "6k1/5ppp/8/4p3/3Q4/8/PPP2PPP/6K1 w - -";

#[test]
fn the_mate_in_one_is_played_with_no_time_left_after_the_overhead() {
    let mut e = Engine::start();
    // lichess-bot's default overhead: every clock below is gone before the search starts.
    e.send("setoption name Move Overhead value 100");
    e.send(&format!("position fen {MATE_IN_ONE}"));
    for go in [
        "go wtime 90 btime 90",
        "go wtime 100 btime 100 winc 0 binc 0",
        "go movetime 100",
        "go movetime 0",
    ] {
        e.send(go);
        let answer = e.until(WAIT, bestmove);
        assert_eq!(answer, "bestmove d4d8", "{go}");
    }
    let lines = e.finish();
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info depth 1 "))
            .count()
            >= 4,
        "every search completed depth 1: {lines:#?}"
    );
}

#[test]
fn a_negative_movetime_is_searched_as_zero_and_said() {
    let mut e = Engine::start();
    e.send(&format!("position fen {MATE_IN_ONE}"));
    e.send("go movetime -100");
    let said = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(said.contains("`movetime -100` is negative"), "{said}");
    assert_eq!(e.until(WAIT, bestmove), "bestmove d4d8");
    e.finish();
}

#[test]
fn after_a_refused_position_go_searches_nothing_and_answers_0000() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    e.until(WAIT, bestmove);
    // Castling rights without rooks: refused, and 1. e4's position does not stand in for it.
    e.send("position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
    let said = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(said.contains("no position until the next"), "{said}");
    e.send("go depth 3");
    let said = e.until(WAIT, |l| l.starts_with("info string") || bestmove(l));
    assert!(said.contains("the last position was refused"), "{said}");
    assert_eq!(e.until(WAIT, bestmove), "bestmove 0000");
    // A malformed command is refused the same way; the next good position is searched.
    e.send("position sideways");
    e.send("go depth 1");
    assert_eq!(e.until(WAIT, bestmove), "bestmove 0000");
    e.send("position startpos");
    e.send("go depth 1");
    let answer = e.until(WAIT, bestmove);
    let mv = answer.split_whitespace().nth(1).unwrap();
    assert!(parse_uci(&Board::default(), mv).is_ok(), "{answer}");
    let lines = e.finish();
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("info depth")).count(),
        2,
        "only the two accepted positions were searched: {lines:#?}"
    );
}

#[test]
fn go_perft_prints_stockfish_s_lines() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 3");
    e.until(WAIT, |l| l.starts_with("Nodes searched"));
    let lines = e.finish();
    let divided: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(divided.len(), 20, "{lines:#?}");
    assert!(lines.contains(&"e2e4: 600".to_owned()), "{lines:#?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 8902")
    );
    // Kiwipete (the chess programming wiki's perft position 2), perft 2 and a bad depth.
    let mut e = Engine::start();
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    e.send("go perft 2");
    e.until(WAIT, |l| l == "Nodes searched: 2039");
    e.send("go perft 0");
    let said = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(said.contains("expected a depth from 1 to 8"), "{said}");
    e.finish();
}

#[test]
fn a_promotion_s_letter_is_read_in_either_case() {
    let mut e = Engine::start();
    e.send("position fen 8/P6k/8/8/8/8/8/K7 w - - 0 1 moves a7a8Q");
    e.send("go depth 2");
    let answer = e.until(WAIT, bestmove);
    let lines = e.finish();
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "a7a8Q accepted: {lines:#?}"
    );
    // Black to move after the queen's promotion.
    let mut board = parse_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    board.play(parse_uci(&board, "a7a8q").unwrap());
    let mv = answer.split_whitespace().nth(1).unwrap();
    assert!(parse_uci(&board, mv).is_ok(), "{answer}");
    assert_eq!(
        parse_uci(&parse_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap(), "a7a8N")
            .unwrap()
            .promotion,
        Some(cozy_chess::Piece::Knight)
    );
}

#[test]
fn with_two_threads_nodes_are_every_thread_s_and_limited_together() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 2");
    e.send("position startpos");
    e.send("go nodes 40000");
    e.until(WAIT, bestmove);
    let lines = e.finish();
    let nodes: Vec<u64> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| field(l, "nodes").expect("nodes").parse().expect("a count"))
        .collect();
    // Both threads' nodes, limited together: passed by at most a look of each thread and
    // one more of the helper's (1,024 nodes each); the counting itself is the library's
    // test (`optimized/tests/it/deep_threads.rs`).
    assert!(nodes.iter().all(|&n| n <= 40_000 + 3 * 1024), "{lines:#?}");
    assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{nodes:?}");
}
