//! SAN written and read back: for every legal move of every position of the three suites
//! and the perft positions (and of every position one ply after those), the SAN we write
//! names that move and no other, reads back to it, and reads back from the lenient forms
//! (no check mark, `0-0`, `e8Q`); the cases SAN exists for, each by example.

use cozy_chess::{Board, Move};
use nullmove_chess::{parse_epd, parse_fen, parse_san, parse_uci, san, uci};
use rayon::prelude::*;

const PERFT: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

fn legal(board: &Board) -> Vec<Move> {
    let mut v = Vec::new();
    board.generate_moves(|m| {
        v.extend(m);
        false
    });
    v
}

fn suite_boards() -> Vec<Board> {
    let mut boards: Vec<Board> = PERFT.iter().map(|f| parse_fen(f).expect("legal")).collect();
    for file in ["wac", "zugts", "eet"] {
        let path = format!("{}/data/{file}.epd", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the suite is in data/");
        for e in parse_epd(&text).expect("the suite parses") {
            boards.push(e.board().expect("legal"));
        }
    }
    boards
}

/// Every legal move of `board`: unique SAN, read back exactly, lenient forms too, and UCI
/// both ways.
fn round_trip(board: &Board) -> usize {
    let moves = legal(board);
    let sans: Vec<String> = moves.iter().map(|&m| san(board, m)).collect();
    for (&m, s) in moves.iter().zip(&sans) {
        assert_eq!(
            sans.iter().filter(|t| *t == s).count(),
            1,
            "{s} twice in {board}"
        );
        assert_eq!(parse_san(board, s), Ok(m), "{s} in {board}");
        let bare = s.trim_end_matches(['+', '#']);
        assert_eq!(parse_san(board, bare), Ok(m), "{bare} in {board}");
        let zeros = bare.replace('O', "0");
        assert_eq!(parse_san(board, &zeros), Ok(m), "{zeros} in {board}");
        let no_equals = bare.replace('=', "");
        assert_eq!(
            parse_san(board, &no_equals),
            Ok(m),
            "{no_equals} in {board}"
        );
        assert_eq!(parse_uci(board, &uci(board, m)), Ok(m), "{m} in {board}");
    }
    moves.len()
}

#[test]
fn san_round_trips_over_every_legal_move_of_the_suites_and_one_ply_beyond() {
    let (positions, moves) = suite_boards()
        .par_iter()
        .map(|board| {
            let (mut positions, mut moves) = (1, round_trip(board));
            for m in legal(board) {
                let mut after = board.clone();
                after.play_unchecked(m);
                moves += round_trip(&after);
                positions += 1;
            }
            (positions, moves)
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    println!("{positions} positions, {moves} moves");
    assert!(positions > 10_000 && moves > 300_000, "{positions} {moves}");
}

/// One position per rule of SAN, with the expected string.
#[test]
fn san_cases_by_example() {
    let cases = [
        // Two knights reach d2: the file tells them apart.
        ("r3k2r/8/8/8/8/5N2/8/RN2K2R w KQkq - 0 1", "b1d2", "Nbd2"),
        // Two rooks on the a-file: the rank.
        ("4k3/8/8/R7/8/8/8/R3K3 w Q - 0 1", "a1a3", "R1a3"),
        // Two queens on the h-file: the rank; a third on the 4th rank: file and rank.
        ("4k3/8/8/8/7Q/8/8/K6Q w - - 0 1", "h4e1", "Q4e1+"),
        ("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"),
        // En passant, a pawn capture with its file.
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"),
        // Promotions, with capture and check.
        ("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e8=Q+"),
        ("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N"),
        // Castling both ways.
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"),
        ("r3k2r/8/8/8/8/8/8/3K4 b kq - 0 1", "e8c8", "O-O-O+"),
        // Mate.
        ("6k1/5ppp/8/8/8/8/8/3Q2K1 w - - 0 1", "d1d8", "Qd8#"),
    ];
    for (fen, uci_text, expected) in cases {
        let board = parse_fen(fen).expect("legal");
        let mv = parse_uci(&board, uci_text).expect("legal move");
        assert_eq!(san(&board, mv), expected, "{fen}");
        assert_eq!(parse_san(&board, expected), Ok(mv));
    }
}

#[test]
fn bad_san_is_refused_with_its_reason() {
    let board = parse_fen("r3k2r/8/8/8/8/5N2/8/RN2K2R w KQkq - 0 1").expect("legal");
    let reason = |s: &str| parse_san(&board, s).unwrap_err().to_string();
    assert!(
        reason("Nd2").ends_with("ambiguous: Nbd2, Nfd2"),
        "{}",
        reason("Nd2")
    );
    assert!(reason("Qd2").ends_with("no legal move matches"));
    assert!(
        reason("Nxd2").ends_with("no legal move matches"),
        "not a capture"
    );
    assert!(reason("hello").ends_with("not SAN"));
    assert!(reason("").ends_with("not SAN"));
    assert!(parse_uci(&board, "e1e3").is_err());
    assert!(parse_uci(&board, "zz").is_err());
}
