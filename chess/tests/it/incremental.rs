//! Our incremental state equals the state recomputed from scratch at every node of perft
//! trees (STYLE.md, "cozy-chess / shakmaty": prove a game's rules before testing a search
//! on it): the evaluation after `make` equals `Eval::of` the new board; the key equals the
//! Zobrist key of the same position read afresh from its FEN; a pass changes the side to
//! move and nothing else; the moves of `Game::moves` are the legal moves in order; the noisy
//! moves are exactly the captures and queen promotions among the legal moves, and those
//! are exactly the moves with a capture order; the game is over exactly without a legal
//! move (stalemates built for each case of the quick test for one included); the plies a
//! repetition reaches back are the halfmove clock.

use cozy_chess::{Board, Move, Piece};
use nullmove_chess::{ChessGame, Eval, is_capture, parse_fen};
use nullmove_optimized::{DeepGame, Game};
use rayon::prelude::*;

/// Positions that between them reach castling, en passant, promotions and checks within
/// three or four plies (the perft suite's).
const POSITIONS: [(&str, u32); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        3,
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        3,
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        3,
    ),
];

fn from_scratch(board: &Board) -> (Eval, u64) {
    let fresh: Board = parse_fen(&board.to_string()).expect("our own FEN reads back");
    (Eval::of(&fresh), fresh.hash())
}

fn check_node(game: &ChessGame) {
    let (eval, key) = from_scratch(game.board());
    assert_eq!(*game.eval(), eval, "evaluation of {}", game.board());
    assert_eq!(game.key(), key, "key of {}", game.board());
    // The companion article's first safeguard, and no pass where it would be a capture of
    // the king: both exactly in check.
    let in_check = !game.board().checkers().is_empty();
    assert_eq!(game.pass_is_dangerous(), in_check, "{}", game.board());
    assert_eq!(game.null_allowed(), !in_check, "{}", game.board());
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    assert_eq!(
        game.terminal_score(0).is_none(),
        !legal.is_empty(),
        "the game goes on exactly with a legal move: {}",
        game.board()
    );
    let mut noisy = Vec::new();
    game.noisy_moves(&mut noisy);
    let expected: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| is_capture(game.board(), m) || m.promotion == Some(Piece::Queen))
        .collect();
    assert_eq!(noisy, expected, "noisy moves of {}", game.board());
    for &m in &legal {
        let promotes = m.promotion.is_some();
        assert_eq!(
            game.capture_order(m).is_some(),
            is_capture(game.board(), m) || promotes,
            "{m} in {}",
            game.board()
        );
    }
    check_capture_order(game, &legal);
}

/// The capture order is MVV-LVA within the searcher's range: among captures without
/// promotion, the more valuable victim first, then the less valuable attacker; a
/// promotion to a queen before the same move's underpromotions.
fn check_capture_order(game: &ChessGame, legal: &[Move]) {
    let board = game.board();
    let order = |m: Move| game.capture_order(m).expect("a noisy move");
    let noisy: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| game.capture_order(m).is_some())
        .collect();
    // Victim (en passant: a pawn), then the attacker reversed: higher ranks first.
    let rank = |m: Move| {
        let victim = board.piece_on(m.to).unwrap_or(Piece::Pawn);
        let attacker = board.piece_on(m.from).expect("a piece moves");
        (victim, std::cmp::Reverse(attacker))
    };
    for &a in &noisy {
        assert!((0..1 << 24).contains(&order(a)), "{a} in {board}");
        for &b in &noisy {
            let plain = |m: Move| m.promotion.is_none() && is_capture(board, m);
            if plain(a) && plain(b) {
                assert_eq!(
                    order(a).cmp(&order(b)),
                    rank(a).cmp(&rank(b)),
                    "{a} against {b} in {board}"
                );
            }
            let same_move = (a.from, a.to) == (b.from, b.to);
            if same_move && a.promotion == Some(Piece::Queen) && b.promotion != a.promotion {
                assert!(order(a) > order(b), "{a} against {b} in {board}");
            }
        }
    }
}

/// Walks the tree, checking every node; returns the nodes visited.
fn walk(game: &ChessGame, depth: u32) -> u64 {
    check_node(game);
    // Without a pass on the way, the plies a repetition can reach back are FIDE's halfmove
    // clock: plies since the last capture or pawn move.
    assert_eq!(
        game.reversible_plies(),
        u32::from(game.board().halfmove_clock()),
        "reversible plies of {}",
        game.board()
    );
    if depth == 0 {
        return 1;
    }
    let mut nodes = 1;
    if game.null_allowed() {
        let mut passed = game.clone();
        passed.pass();
        let board = game.board().null_move().expect("not in check");
        assert_eq!(passed.board(), &board);
        assert_eq!(passed.eval(), game.eval(), "a pass changes no piece");
        assert_eq!(passed.reversible_plies(), 0, "no repetition across a pass");
        check_node(&passed);
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(
        moves.iter().copied().eq(game.moves()),
        "the same moves in order"
    );
    for m in moves {
        let mut child = game.clone();
        child.play(m);
        nodes += walk(&child, depth - 1);
    }
    nodes
}

#[test]
fn incremental_state_equals_recomputation_over_perft_trees() {
    // The root's moves in parallel, so both cores walk.
    let total: u64 = POSITIONS
        .par_iter()
        .flat_map(|&(fen, depth)| {
            let root = ChessGame::new(parse_fen(fen).expect("legal"));
            check_node(&root);
            let mut moves = Vec::new();
            root.legal_moves(&mut moves);
            moves.into_par_iter().map(move |m| {
                let mut game = root.clone();
                game.play(m);
                walk(&game, depth - 1)
            })
        })
        .sum();
    println!("{total} nodes checked");
    assert!(total > 500_000, "{total}");
}

/// Stalemates where the quick test for a legal move meets each of its cases: the
/// opponent's pieces free to move, a pinned rook with squares along its lines, and
/// unpinned knight, rook and bishop with every square taken by their own side.
const STALEMATES: [&str; 4] = [
    // Queen and king against king: Black's king in the corner.
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    // Black's rook on b7 pinned along the diagonal by the bishop on c6.
    "k1K5/1r6/2B5/1N6/8/8/8/8 b - - 0 1",
    // White's knight on b1 hemmed in by its own blocked pawns.
    "7k/8/8/8/p1p5/PpPp4/1P1P4/KN6 w - - 0 1",
    // White's rook on b1 and bishop on c1 hemmed in by their king and blocked pawns.
    "7k/8/8/8/8/1p1p4/1P1P4/KRB5 w - - 0 1",
];

#[test]
fn stalemates_end_the_game_drawn() {
    for fen in STALEMATES {
        let game = ChessGame::new(parse_fen(fen).expect("legal"));
        assert!(
            !game.board().generate_moves(|_| true),
            "no legal move: {fen}"
        );
        assert!(!game.in_check(), "{fen}");
        check_node(&game);
        assert_eq!(game.terminal_score(0), Some(0), "stalemate: {fen}");
    }
}
