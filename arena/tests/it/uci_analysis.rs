//! `nullmove uci` as an analyst and a player on a clock use it: `MultiPV`'s ranked lines,
//! `go searchmoves`, Chess960 castling written king-takes-rook, and pondering (`go ponder`
//! answered only after `ponderhit` or `stop`, on the clock from `ponderhit`).

use crate::support;

use std::time::{Duration, Instant};

use nullmove_chess::{parse_fen_960, parse_uci_in};
use support::{Engine, bestmove, field};

const WAIT: Duration = Duration::from_secs(30);

#[test]
fn multipv_gives_ranked_distinct_lines_each_iteration() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    e.until(WAIT, bestmove);
    let lines = e.finish();
    for depth in 1..=4 {
        let d = depth.to_string();
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info ") && field(l, "depth") == Some(&d))
            .collect();
        let ranks: Vec<&str> = infos.iter().filter_map(|l| field(l, "multipv")).collect();
        assert_eq!(ranks, ["1", "2", "3"], "depth {depth}: {infos:#?}");
        let firsts: Vec<&str> = infos.iter().filter_map(|l| field(l, "pv")).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        let cps: Vec<i32> = infos
            .iter()
            .map(|l| {
                field(l, "cp")
                    .and_then(|v| v.parse().ok())
                    .expect("a cp score")
            })
            .collect();
        assert!(cps[0] >= cps[1] && cps[1] >= cps[2], "ranked: {cps:?}");
    }
    let best = lines.iter().find(|l| bestmove(l)).unwrap();
    let last_first = lines
        .iter()
        .rev()
        .find(|l| field(l, "multipv") == Some("1"))
        .unwrap();
    assert_eq!(field(best, "bestmove"), field(last_first, "pv"));
}

#[test]
fn searchmoves_chooses_among_the_listed_moves() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 3 searchmoves a2a3 h2h3");
    let answer = e.until(WAIT, bestmove);
    assert!(
        ["bestmove a2a3", "bestmove h2h3"].contains(&answer.as_str()),
        "{answer}"
    );
    e.finish();
}

#[test]
fn chess960_castles_king_takes_rook_both_ways() {
    // White's king on b1 between rooks on a1 and h1, nothing else near: with the rooks
    // listed as the only moves, the answer is a castling, in Chess960's notation.
    let fen = "r5kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
    for (listed, castle) in [("b1a1", "b1a1"), ("b1h1", "b1h1")] {
        let mut e = Engine::start();
        e.send("setoption name UCI_Chess960 value true");
        e.send(&format!("position fen {fen}"));
        e.send(&format!("go depth 2 searchmoves {listed}"));
        let answer = e.until(WAIT, bestmove);
        assert_eq!(answer, format!("bestmove {castle}"));
        e.finish();
    }
    // Black castles after White did, both read and written king-takes-rook.
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    e.send(&format!("position fen {fen} moves b1h1"));
    e.send("go depth 2 searchmoves g8a8");
    assert_eq!(e.until(WAIT, bestmove), "bestmove g8a8");
    e.finish();
    let board = parse_fen_960(fen).unwrap();
    assert!(parse_uci_in(&board, "b1h1", true).is_ok());
}

#[test]
fn a_ponder_search_answers_after_ponderhit_on_its_clock() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos");
    e.send("go depth 3");
    let first = e.until(WAIT, bestmove);
    let words: Vec<&str> = first.split_whitespace().collect();
    assert!(words.len() == 4 && words[2] == "ponder", "{first}");
    e.send(&format!(
        "position startpos moves {} {}",
        words[1], words[3]
    ));
    e.send("go ponder wtime 2000 btime 2000");
    let from = e.seen.len();
    e.until(WAIT, |l| l.starts_with("info depth 3 "));
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !e.seen[from..].iter().any(|l| bestmove(l)),
        "no answer while pondering"
    );
    let hit = Instant::now();
    e.send("ponderhit");
    e.until(WAIT, bestmove);
    // The move's share of 2 s, counted from ponderhit: well under the clock.
    assert!(
        hit.elapsed() < Duration::from_millis(1500),
        "{:?}",
        hit.elapsed()
    );
    // Stopped instead, a ponder search answers at once.
    e.send("go ponder");
    e.until(WAIT, |l| l.starts_with("info depth 2 "));
    e.send("stop");
    e.until(WAIT, bestmove);
    // An infinite one waits for stop even after ponderhit, however soon its search ends
    // (here at once: Black is mated).
    e.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go ponder infinite depth 2");
    e.send("ponderhit");
    let from = e.seen.len();
    e.send("isready");
    e.until(WAIT, |l| l == "readyok");
    std::thread::sleep(Duration::from_millis(200));
    e.send("isready");
    e.until(WAIT, |l| l == "readyok");
    assert!(!e.seen[from..].iter().any(|l| bestmove(l)), "{:?}", e.seen);
    e.send("stop");
    let mate = e.until(WAIT, bestmove);
    assert_eq!(mate, "bestmove 0000");
    e.finish();
}
