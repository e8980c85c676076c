//! Draws by rule inside the search: repetition (twofold inside the search, threefold with
//! the game's history, never across a pass) and the fifty-move rule (unless the hundredth
//! ply mates), first as the game states them, then as the search scores them.

use nullmove_chess::{ChessGame, Preset, parse_fen, parse_san};
use nullmove_optimized::{DeepConfig, DeepGame, DeepSearcher, MATE};

/// Plays SAN moves on the game, as history or as the search would.
fn play(game: &mut ChessGame, moves: &str) {
    for san in moves.split_whitespace() {
        let mv = parse_san(game.board(), san).expect("a legal move");
        game.make(mv);
    }
}

#[test]
fn repetition_twofold_inside_the_search_threefold_with_history() {
    // The root is the position after 1. Nf3 (Black to move).
    let mut game = ChessGame::new(cozy_chess::Board::default());
    game.play(parse_san(game.board(), "Nf3").expect("legal"))
        .expect("legal");
    play(&mut game, "Nf6 Ng1 Ng8 Nf3");
    // Back at the root after four plies: repeating the root itself is not yet a draw.
    assert!(!game.rule_draw(4));
    play(&mut game, "Nf6");
    // This position first arose one ply below the root: twofold inside the search.
    assert!(game.rule_draw(5));
    // Seen from a root one ply later, that first occurrence is history: twofold is not
    // enough there, threefold is.
    assert!(!game.rule_draw(3));
    play(&mut game, "Ng1 Ng8 Nf3 Nf6");
    assert!(game.rule_draw(1), "third occurrence");
}

#[test]
fn repetition_never_reaches_across_a_pass_or_an_irreversible_move() {
    let start = cozy_chess::Board::default();
    // After a pass, repetitions among the positions that follow count.
    let mut game = ChessGame::new(start.clone());
    game.make_null();
    play(&mut game, "Nf6 Nf3 Ng8 Ng1");
    assert!(
        game.rule_draw(5),
        "Black to move in the start position, twice after the pass"
    );
    // The same position on both sides of a pass does not: here the start position with
    // White to move returns six plies (two passes) later.
    let mut game = ChessGame::new(start.clone());
    play(&mut game, "Nf3");
    game.make_null();
    play(&mut game, "Ng1 Nf6");
    game.make_null();
    play(&mut game, "Ng8");
    assert_eq!(game.key(), start.hash(), "the start position again");
    assert!(!game.rule_draw(6));
    // Nor on both sides of a pawn move.
    let mut game = ChessGame::new(start.clone());
    play(&mut game, "e4 e5 Nf3 Nf6 Ng1 Ng8");
    assert!(
        game.rule_draw(6),
        "after 3. Ng1 Ng8 the position of 2. e4 e5 returns"
    );
    let mut game = ChessGame::new(start);
    play(&mut game, "Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nf6 Ng1 Ng8");
    assert!(
        game.rule_draw(10),
        "the position after e4 e5, twice after the pawn moves"
    );
    play(&mut game, "d4");
    assert!(!game.rule_draw(11), "a pawn move starts afresh");
}

#[test]
fn the_fifty_move_rule_unless_the_hundredth_ply_mates() {
    let mut game = ChessGame::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80").expect("legal");
    assert!(!game.rule_draw(1), "99 plies");
    play(&mut game, "Qb8#");
    assert!(!game.rule_draw(1), "mate on the hundredth ply stands");
    let mut game = ChessGame::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80").expect("legal");
    play(&mut game, "Qc1");
    assert!(
        game.rule_draw(1),
        "a hundred plies without capture or pawn move"
    );
}

fn value(game: ChessGame, depth: u32) -> (String, i32) {
    let board = game.board().clone();
    let mut s = DeepSearcher::new(game, DeepConfig::new(Preset::None.null_move()));
    let r = s.search(depth, |_| {}).expect("depth");
    (
        nullmove_chess::san(&board, r.best_move.expect("a move")),
        r.value,
    )
}

#[test]
fn the_search_scores_the_fifty_move_rule() {
    // Queen against king, ninety-nine plies on the clock: every move but mate draws.
    let fen = |clock| format!("7k/8/5K2/8/8/8/8/1Q6 w - - {clock} 80");
    let (_, fresh) = value(ChessGame::from_fen(&fen(0)).expect("legal"), 3);
    assert!(fresh > 800, "a queen up: {fresh}");
    assert_eq!(value(ChessGame::from_fen(&fen(99)).expect("legal"), 3).1, 0);
    // With mate in one on the board, the hundredth ply mates.
    let mate = ChessGame::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80").expect("legal");
    assert_eq!(value(mate, 3), ("Qb8#".to_owned(), MATE - 1));
}

#[test]
fn the_search_takes_a_threefold_repetition_when_it_is_lost_otherwise() {
    // Black, a queen against a knight down, shuffles Nb8-c6 while White shuffles Qd1-d2.
    let start = "kn6/8/8/8/8/8/8/K2Q4 b - - 0 1";
    let mut game = ChessGame::from_fen(start).expect("legal");
    for san in "Nc6 Qd2 Nb8 Qd1 Nc6 Qd2 Nb8 Qd1 Nc6 Qd2".split_whitespace() {
        game.play(parse_san(game.board(), san).expect("legal"))
            .expect("legal");
    }
    // ...Nb8 now makes the position after it occur a third time.
    let fresh = ChessGame::new(game.board().clone());
    let (_, lost) = value(fresh, 4);
    assert!(lost < -500, "without the history Black is lost: {lost}");
    assert_eq!(value(game, 4), ("Nb8".to_owned(), 0));
}

#[test]
fn bad_history_is_refused() {
    let mut game = ChessGame::new(cozy_chess::Board::default());
    let illegal = "e2e5".parse().expect("a move");
    assert_eq!(
        game.play(illegal).unwrap_err().to_string(),
        "illegal move \"e2e5\""
    );
    assert!(parse_fen("8/8/8/8/8/8/8 w - - 0 1").is_err());
}
