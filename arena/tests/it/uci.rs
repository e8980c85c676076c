//! `nullmove uci` as a GUI sees it: the handshake, answers while it thinks, mates by
//! distance, draws by repetition across the `position ... moves` history and by the
//! fifty-move rule, and an `info string` for every line it cannot use.

use crate::support;

use std::time::Duration;

use cozy_chess::Board;
use nullmove_chess::parse_uci;
use support::{Engine, bestmove, run};

const WAIT: Duration = Duration::from_secs(30);

/// The score of the last `info` line before `bestmove`, as written (`cp 0`, `mate 2`).
fn last_score(lines: &[String]) -> String {
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score").expect("a score");
    format!("{} {}", words[at + 1], words[at + 2])
}

/// Searches `position` to `depth` and returns every line up to and with `bestmove`.
fn search(position: &str, depth: u32) -> Vec<String> {
    search_with("r3", position, depth)
}

/// [`search`] under the configuration `null_move`.
fn search_with(null_move: &str, position: &str, depth: u32) -> Vec<String> {
    let mut e = Engine::start();
    e.send(&format!("setoption name NullMove value {null_move}"));
    e.send(position);
    e.send(&format!("go depth {depth}"));
    e.until(WAIT, bestmove);
    e.finish()
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let lines = run("uci\nisready\nquit");
    assert!(lines[0].starts_with("id name nullmove "), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name NullMove type combo default r3"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Move Overhead type spin"))
    );
    for option in [
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Ponder type check default false",
        "option name UCI_Chess960 type check default false",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option}: {lines:?}");
    }
    let ok = lines.iter().position(|l| l == "uciok").expect("uciok");
    assert_eq!(lines[ok + 1], "readyok");
}

#[test]
fn isready_and_stop_are_answered_while_it_thinks() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    e.until(WAIT, |l| l.starts_with("info depth 2 "));
    e.send("isready");
    e.until(WAIT, |l| l == "readyok");
    assert!(
        !e.seen.iter().any(|l| bestmove(l)),
        "an infinite search answers only at stop"
    );
    e.send("stop");
    let answer = e.until(WAIT, bestmove);
    let mv = answer.split_whitespace().nth(1).expect("a move");
    let mut board = Board::default();
    board.play(parse_uci(&board, "e2e4").unwrap());
    assert!(parse_uci(&board, mv).is_ok(), "{answer}");
    e.finish();
}

#[test]
fn mates_are_reported_by_distance() {
    // WAC.001: 1. Qg6 mates in two (chess/tests/it/mates.rs proves every WAC mate in two by
    // brute force); once it is played, Black is mated in one whatever it does. Plain
    // alpha-beta finds it (null move with R 3 does not by depth 5: the article's risk).
    let wac1 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
    let lines = search_with("none", &format!("position fen {wac1}"), 4);
    assert_eq!(last_score(&lines), "mate 2", "{lines:#?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove g3g6"));
    let lines = search_with("none", &format!("position fen {wac1} moves g3g6"), 4);
    assert_eq!(last_score(&lines), "mate -1", "{lines:#?}");
}

#[test]
fn two_threads_with_the_selectivity_on_find_the_mate() {
    // The stockfish preset now sees WAC.001's quiet mate (its probes try quiet checks).
    let wac1 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";
    let mut e = Engine::start();
    for line in [
        "setoption name Threads value 2",
        "setoption name CheckExtension value true",
        "setoption name LateMoveReductions value true",
        "setoption name NullMove value stockfish",
        &format!("position fen {wac1}"),
        "go depth 6",
    ] {
        e.send(line);
    }
    e.until(WAIT, bestmove);
    let lines = e.finish();
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:#?}"
    );
    assert_eq!(last_score(&lines), "mate 2", "{lines:#?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove g3g6"));
}

#[test]
fn repetitions_across_the_moves_list_draw() {
    // White is a queen up; Black's knight and White's queen shuffle. After these seven moves
    // Black's Nf6 brings the first position about a third time: a draw, which Black takes,
    // scoring it 0. From the same position without the history Black is lost.
    let start = "7k/8/5n2/8/8/8/8/3Q2K1 w - - 0 1";
    let shuffle = "d1d2 f6g8 d2d1 g8f6 d1d2 f6g8 d2d1";
    let lines = search(&format!("position fen {start} moves {shuffle}"), 4);
    assert_eq!(last_score(&lines), "cp 0", "{lines:#?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove g8f6"));
    let lines = search("position fen 6nk/8/8/8/8/8/8/3Q2K1 b - - 7 4", 4);
    let score = last_score(&lines);
    let cp: i32 = score
        .trim_start_matches("cp ")
        .parse()
        .expect("a centipawn score");
    assert!(cp < -500, "{lines:#?}");
}

#[test]
fn the_fifty_move_rule_draws() {
    // Black, a queen down, moves the knight on the hundredth ply: the game is drawn.
    let lines = search("position fen 6nk/8/8/8/8/8/8/3Q2K1 b - - 99 80", 3);
    assert_eq!(last_score(&lines), "cp 0", "{lines:#?}");
}

#[test]
fn bad_input_gets_an_info_string_and_the_engine_goes_on() {
    let mut e = Engine::start();
    for (line, says) in [
        ("xyzzy", "unknown command \"xyzzy\""),
        ("position fen 8/8/8 w - -", "invalid FEN"),
        ("position fen", "needs a FEN"),
        ("position sideways", "startpos"),
        (
            "setoption name Hash value lots",
            "Hash: \"lots\" is not a whole number",
        ),
        ("setoption name NullMove value r9", "NullMove:"),
        (
            "setoption name Threads value 0",
            "Threads: \"0\" is not a whole number",
        ),
        ("setoption name Contempt value 2", "no option \"Contempt\""),
        (
            "setoption name MultiPV value 0",
            "MultiPV: \"0\" is not a whole number in 1..=256",
        ),
        (
            "setoption name UCI_Chess960 value 1",
            "UCI_Chess960: \"1\" is neither true nor false",
        ),
        ("setoption Hash", "name"),
        ("go depth x nodes 2000", "`depth` needs"),
        ("ponderhit", "no search pondering"),
    ] {
        e.send(line);
        let got = e.until(WAIT, |l| l.starts_with("info string"));
        assert!(got.contains(says), "{line}: {got}");
        // A go above searches the start position (none was given), saying so first.
        if line.starts_with("go") {
            e.until(WAIT, bestmove);
        }
    }
    e.send_bytes(b"\xff\xfe uci\n");
    let got = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(got.contains("unknown command"), "{got}");
    e.send("position startpos moves e2e4 e7e5 e1e3 g1f3");
    let got = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(
        got.contains("\"e1e3\" at move 3") && got.contains("after the 2 moves"),
        "{got}"
    );
    // e2e4 was played: listed again, it is left out, and every move searched.
    e.send("go depth 1 searchmoves e2e4");
    let got = e.until(WAIT, |l| l.starts_with("info string"));
    assert_eq!(
        got,
        "info string searchmoves: illegal move \"e2e4\": left out"
    );
    let got = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(got.contains("no legal move: searching every move"), "{got}");
    let answer = e.until(WAIT, bestmove);
    let mut board = Board::default();
    for mv in ["e2e4", "e7e5"] {
        board.play(parse_uci(&board, mv).unwrap());
    }
    let mv = answer.split_whitespace().nth(1).unwrap();
    assert!(
        parse_uci(&board, mv).is_ok(),
        "White to move after 1. e4 e5: {answer}"
    );
    e.send("isready");
    e.until(WAIT, |l| l == "readyok");
    e.finish();
}

#[test]
fn go_before_position_searches_the_start_and_says_so() {
    let mut e = Engine::start();
    e.send("go depth 2");
    let said = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(said.contains("no position given"), "{said}");
    let answer = e.until(WAIT, bestmove);
    let mv = answer.split_whitespace().nth(1).unwrap();
    assert!(parse_uci(&Board::default(), mv).is_ok(), "{answer}");
    e.finish();
}

#[test]
fn a_finished_position_answers_0000() {
    let lines = search("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert!(
        lines.iter().any(|l| l.contains("no legal move")),
        "{lines:#?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("bestmove 0000"));
}

#[test]
fn a_second_go_while_searching_is_refused_and_a_go_right_after_bestmove_is_not() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.send("go depth 1");
    let said = e.until(WAIT, |l| l.starts_with("info string"));
    assert!(said.contains("a search is running"), "{said}");
    e.send("stop");
    e.until(WAIT, bestmove);
    for _ in 0..20 {
        e.send("go depth 1");
        let line = e.until(WAIT, |l| bestmove(l) || l.starts_with("info string"));
        assert!(bestmove(&line), "{line}");
    }
    e.finish();
}

#[test]
fn clocks_are_spent_in_shares() {
    // With 100 ms left and no increment, the move takes a share, well under the clock.
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go wtime 100 btime 100");
    e.until(WAIT, bestmove);
    let lines = e.finish();
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "time").unwrap();
    let ms: u64 = words[at + 1].parse().unwrap();
    assert!(ms < 100, "{last}");
}
