//! `nullmove uci` under random command sequences: valid commands, broken ones and junk in
//! any order, searches started and stopped at any time. Whatever arrives, the engine never
//! panics, writes only protocol lines, answers every `uci` and `isready`, and every
//! `bestmove` is legal in the position its `go` searched (`0000` only where that position
//! has no legal move, or where the last `position` was refused: then nothing is searched). Searches are kept small (depth 3, a few thousand nodes, a few
//! milliseconds) so that a case runs in well under a second. Every option is set, to values
//! in and out of its range, and every `go` kind is sent: depth, nodes, movetime, clocks,
//! infinite, searchmoves, ponder (answered at `stop`, or at `ponderhit`).

use crate::support;

use cozy_chess::Board;
use nullmove_chess::{parse_fen, parse_fen_960, parse_uci, parse_uci_in};
use proptest::prelude::*;
use proptest::sample::select;

/// Positions a FEN command may name: ordinary, few pieces, a mate and a stalemate (no
/// legal move), and broken ones.
const FENS: [&str; 7] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "8/8/4k3/8/8/3KP3/8/8 b - - 0 1",
    "3Q2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    "8/8/8 w - -",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
];

/// One line for the engine, as the strategy builds it.
#[derive(Debug, Clone)]
enum Line {
    /// `position startpos` with moves chosen by a seed, and perhaps a bad move appended.
    Start {
        seed: u64,
        plies: usize,
        bad: Option<&'static str>,
    },
    /// `position fen` with one of [`FENS`] and perhaps a move.
    Fen {
        index: usize,
        mv: Option<&'static str>,
    },
    /// `go` with these words.
    Go(String),
    /// Anything else, sent as is.
    Raw(String),
}

fn line() -> impl Strategy<Value = Line> {
    let go = prop_oneof![
        (1u32..=3).prop_map(|d| format!("go depth {d}")),
        (1u64..3000).prop_map(|n| format!("go nodes {n}")),
        (0u64..20).prop_map(|t| format!("go movetime {t}")),
        (0i64..200, 0i64..200, 0u64..20)
            .prop_map(|(w, b, i)| format!("go wtime {w} btime {b} winc {i} binc {i}")),
        Just("go infinite".to_owned()),
        Just("go depth 2 searchmoves e2e4 nodes 500".to_owned()),
        Just("go searchmoves e2e4 d2d4 g1f3 e1h1 zz depth 2".to_owned()),
        Just("go ponder".to_owned()),
        (0i64..200, 0i64..200).prop_map(|(w, b)| format!("go ponder wtime {w} btime {b}")),
        Just("go ponder depth 2".to_owned()),
        Just("go depth -1 nodes 1000".to_owned()),
    ];
    let raw = prop_oneof![
        select(vec![
            "isready",
            "stop",
            "ucinewgame",
            "uci",
            "debug on",
            "register later",
            "ponderhit",
            "position",
            "position fen",
            "setoption name Hash value 1",
            "setoption name Hash value 0",
            "setoption name NullMove value none",
            "setoption name NullMove value npm",
            "setoption name NullMove value r7",
            "setoption name Move Overhead value 0",
            "setoption name Threads value 4",
            "setoption name MultiPV value 3",
            "setoption name MultiPV value 1",
            "setoption name MultiPV value 0",
            "setoption name MultiPV value 999",
            "setoption name Ponder value true",
            "setoption name Ponder value maybe",
            "setoption name UCI_Chess960 value true",
            "setoption name UCI_Chess960 value false",
            "setoption",
            "",
            "   ",
        ])
        .prop_map(str::to_owned),
        // Junk, never a command's first word (those are generated above, with the model).
        "[ -~]{0,30}".prop_filter("not a command", |t| {
            let first = t.split_whitespace().next().unwrap_or("");
            ![
                "uci",
                "isready",
                "go",
                "position",
                "quit",
                "stop",
                "setoption",
                "ucinewgame",
                "debug",
                "register",
                "ponderhit",
            ]
            .contains(&first)
        }),
    ];
    prop_oneof![
        3 => (any::<u64>(), 0usize..40, prop::option::of(select(vec!["e2e5", "a1a1", "zz", "e1g1"])))
            .prop_map(|(seed, plies, bad)| Line::Start { seed, plies, bad }),
        1 => (0..FENS.len(), prop::option::of(select(vec!["e2e4", "d3e4", "g8h8"])))
            .prop_map(|(index, mv)| Line::Fen { index, mv }),
        4 => go.prop_map(Line::Go),
        4 => raw.prop_map(Line::Raw),
    ]
}

/// `plies` legal moves from the start, chosen by `seed`, as UCI text.
fn playout(seed: u64, plies: usize) -> Vec<String> {
    let mut board = Board::default();
    let mut state = seed | 1;
    let mut moves = Vec::new();
    for _ in 0..plies {
        let mut legal = Vec::new();
        board.generate_moves(|m| {
            legal.extend(m);
            false
        });
        if legal.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state % legal.len() as u64) as usize];
        moves.push(nullmove_chess::uci(&board, mv));
        board.play_unchecked(mv);
    }
    moves
}

/// The position after `position` as the engine defines it: none where the FEN cannot be
/// read (`go` then answers `0000`); the moves stop at the first illegal one (under
/// Chess960, castling is only king-takes-rook).
fn apply(start: Option<Board>, moves: &[String], chess960: bool) -> Option<Board> {
    let mut board = start?;
    for mv in moves {
        match parse_uci_in(&board, mv, chess960) {
            Ok(m) => board.play_unchecked(m),
            Err(_) => break,
        }
    }
    Some(board)
}

/// Whether `answer` (what follows `bestmove`: a move, perhaps `ponder` and a reply legal
/// after it) fits the position a `go` searched (`0000` alone where none stood).
fn fits(board: Option<&Board>, answer: &str) -> bool {
    let Some(board) = board else {
        return answer == "0000";
    };
    let words: Vec<&str> = answer.split_whitespace().collect();
    match words[..] {
        [mv] => fits_move(board, mv),
        [mv, "ponder", reply] => {
            let mut after = board.clone();
            fits_move(board, mv)
                && parse_uci(board, mv).is_ok_and(|m| after.try_play(m).is_ok())
                && parse_uci(&after, reply).is_ok()
        }
        _ => false,
    }
}

/// Whether `answer` (one move, or `0000`) fits the position a `go` searched.
fn fits_move(board: &Board, answer: &str) -> bool {
    let mut any = false;
    board.generate_moves(|_| {
        any = true;
        true
    });
    if answer == "0000" {
        !any
    } else {
        parse_uci(board, answer).is_ok()
    }
}

/// Plays `lines` to the engine (then `stop` and `quit`) and checks what it wrote.
fn check(lines: &[Line]) -> Result<(), TestCaseError> {
    let engine = support::Engine::start();
    // None until a position is given (`go` searches the start), then the position or, after
    // a refused one, none.
    let (mut position, mut searched) = (None::<Option<Board>>, Vec::new());
    let (mut uci, mut ready) = (0, 0);
    let mut chess960 = false;
    for l in lines {
        let text = match l {
            Line::Start { seed, plies, bad } => {
                let mut moves = playout(*seed, *plies);
                moves.extend(bad.map(str::to_owned));
                position = Some(apply(Some(Board::default()), &moves, chess960));
                format!("position startpos moves {}", moves.join(" "))
            }
            Line::Fen { index, mv } => {
                let moves: Vec<String> = mv.iter().map(|m| (*m).to_owned()).collect();
                let read = if chess960 { parse_fen_960 } else { parse_fen };
                position = Some(apply(read(FENS[*index]).ok(), &moves, chess960));
                format!("position fen {} moves {}", FENS[*index], moves.join(" "))
            }
            Line::Go(words) => {
                searched.push(position.clone().unwrap_or_else(|| Some(Board::default())));
                words.clone()
            }
            Line::Raw(text) => {
                uci += usize::from(text.split_whitespace().eq(["uci"]));
                ready += usize::from(text.split_whitespace().eq(["isready"]));
                match text.as_str() {
                    "position" | "position fen" => position = Some(None),
                    "setoption name UCI_Chess960 value true" => chess960 = true,
                    "setoption name UCI_Chess960 value false" => chess960 = false,
                    _ => {}
                }
                text.clone()
            }
        };
        engine.send(&text);
    }
    engine.send("stop");
    engine.send("quit");
    let out = engine.finish();
    let allowed = ["id ", "option ", "uciok", "readyok", "info ", "bestmove "];
    for l in &out {
        prop_assert!(
            allowed.iter().any(|a| l.starts_with(a)),
            "unexpected line {l:?}"
        );
    }
    prop_assert_eq!(out.iter().filter(|l| *l == "uciok").count(), uci);
    prop_assert_eq!(out.iter().filter(|l| *l == "readyok").count(), ready);
    // Each bestmove answers a go after the one the previous answered (a go refused while
    // a search runs gets none): the earliest that fits, which exists if any does.
    let mut next = 0;
    for answer in out.iter().filter_map(|l| l.strip_prefix("bestmove ")) {
        let found = searched[next..]
            .iter()
            .position(|b| fits(b.as_ref(), answer));
        prop_assert!(
            found.is_some(),
            "bestmove {answer} fits no go from {next}: {out:#?}"
        );
        next += found.unwrap_or(0) + 1;
    }
    if !searched.is_empty() {
        prop_assert!(next > 0, "the first go is always answered: {out:#?}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn any_command_sequence_keeps_the_protocol(lines in prop::collection::vec(line(), 1..14)) {
        check(&lines)?;
    }
}
