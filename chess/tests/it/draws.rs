//! Draws by rule inside the search: repetition (twofold inside the search, threefold with
//! the game's history, never across a pass) and the fifty-move rule (unless the hundredth
//! ply mates), first as the search sees one node, then as it scores whole searches.

use nullmove_chess::{ChessGame, Guards, parse_fen, parse_san};
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Game, INF, MATE};

/// A game's positions from its first, as a search's history sees them.
struct Line(Vec<ChessGame>);

impl Line {
    fn new(game: ChessGame) -> Self {
        Self(vec![game])
    }

    fn last(&self) -> &ChessGame {
        self.0.last().expect("a position")
    }

    /// Plays SAN moves.
    fn play(&mut self, moves: &str) -> &mut Self {
        for san in moves.split_whitespace() {
            let mut next = self.last().clone();
            next.play_checked(parse_san(next.board(), san).expect("a legal move"))
                .expect("legal");
            self.0.push(next);
        }
        self
    }

    fn pass(&mut self) -> &mut Self {
        let mut next = self.last().clone();
        next.pass();
        self.0.push(next);
        self
    }

    /// A searcher at the last position, every position before it the game's history.
    fn searcher(&self) -> DeepSearcher<ChessGame> {
        let (now, before) = self.0.split_last().expect("a position");
        let keys: Vec<u64> = before.iter().map(ChessGame::repetition_key).collect();
        let mut s = DeepSearcher::with_table(now.clone(), None);
        s.set_history(&keys);
        s
    }

    /// Whether a search standing `ply` plies below its root at the last position scores
    /// it a draw by rule at once (one node, no move searched).
    fn drawn(&self, ply: usize) -> bool {
        let mut s = self.searcher();
        let config = Config::new(1).with_guards(Guards::NO_NULL_MOVE);
        s.search_window(&config, ply, -INF, INF).expect("a search");
        s.stats().shared.nodes == 1
    }
}

#[test]
fn repetition_twofold_inside_the_search_threefold_with_history() {
    // The root is the position after 1. Nf3 (Black to move).
    let mut line = Line::new(ChessGame::new(cozy_chess::Board::default()));
    line.play("Nf3 Nf6 Ng1 Ng8 Nf3");
    // Back at the root after four plies: repeating the root itself is not yet a draw.
    assert!(!line.drawn(4));
    line.play("Nf6");
    // This position first arose one ply below the root: twofold inside the search.
    assert!(line.drawn(5));
    // Seen from a root one ply later, that first occurrence is history: twofold is not
    // enough there, threefold is.
    assert!(!line.drawn(3));
    line.play("Ng1 Ng8 Nf3 Nf6");
    assert!(line.drawn(1), "third occurrence");
}

#[test]
fn repetition_never_reaches_across_a_pass_or_an_irreversible_move() {
    let start = cozy_chess::Board::default();
    // After a pass, repetitions among the positions that follow count.
    let mut line = Line::new(ChessGame::new(start.clone()));
    line.pass().play("Nf6 Nf3 Ng8 Ng1");
    assert!(
        line.drawn(5),
        "Black to move in the start position, twice after the pass"
    );
    // The same position on both sides of a pass does not: here the start position with
    // White to move returns six plies (two passes) later.
    let mut line = Line::new(ChessGame::new(start.clone()));
    line.play("Nf3").pass().play("Ng1 Nf6").pass().play("Ng8");
    assert_eq!(line.last().key(), start.hash(), "the start position again");
    assert!(!line.drawn(6));
    // Nor on both sides of a pawn move.
    let mut line = Line::new(ChessGame::new(start.clone()));
    line.play("e4 e5 Nf3 Nf6 Ng1 Ng8");
    assert!(
        line.drawn(6),
        "after 3. Ng1 Ng8 the position of 2. e4 e5 returns"
    );
    let mut line = Line::new(ChessGame::new(start));
    line.play("Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nf6 Ng1 Ng8");
    assert!(
        line.drawn(10),
        "the position after e4 e5, twice after the pawn moves"
    );
    line.play("d4");
    assert!(!line.drawn(11), "a pawn move starts afresh");
}

/// FIDE's rule (cozy-chess's `same_position`): a position where an en-passant capture is
/// legal differs from the same board without it; one where the double step left no legal
/// capture does not.
#[test]
fn an_en_passant_capture_makes_a_position_of_its_own() {
    let start = cozy_chess::Board::default();
    // After 2...d5 White may take en passant (exd6); after the knights go out and back the
    // board is the same, the right gone: no repetition yet, however far below a root.
    let mut line = Line::new(ChessGame::new(start.clone()));
    line.play("e4 Nf6 e5 d5");
    let with_capture = line.last().clone();
    line.play("Nf3 Nc6 Ng1 Nb8");
    assert_eq!(
        line.last().board().hash_without_ep(),
        with_capture.board().hash_without_ep()
    );
    assert_ne!(line.last().repetition_key(), with_capture.repetition_key());
    assert!(!line.drawn(5), "the position with exd6 possible is another");
    line.play("Nf3 Nc6 Ng1 Nb8");
    assert!(line.drawn(5), "the position without it, twice");
    // The same on the a-file: after 2...a5 White may take bxa6.
    let mut line = Line::new(ChessGame::new(start));
    line.play("b4 Nf6 b5 a5");
    let with_capture = line.last().clone();
    line.play("Nf3 Nc6 Ng1 Nb8");
    assert_ne!(line.last().repetition_key(), with_capture.repetition_key());
    assert!(!line.drawn(5));
    // After 1...d5 only White's king stands where a capturing pawn would (e5): it may step
    // to d6, but no pawn takes, so no right was lost and the knights' return repeats.
    let mut line = at("4k1n1/3p4/8/4K3/8/8/8/6N1 b - - 0 1");
    line.play("d5");
    let without_capture = line.last().clone();
    assert!(
        without_capture.board().en_passant().is_some(),
        "a double step"
    );
    line.play("Nf3 Nf6 Ng1 Ng8");
    assert_eq!(
        line.last().repetition_key(),
        without_capture.repetition_key()
    );
    assert!(line.drawn(5), "the position after 1...d5, twice");
}

/// The en-passant right enters the key as one Zobrist term per file, whichever pawn may
/// take and whatever else stands on the board, and a different term on each file.
#[test]
fn an_en_passant_right_is_one_key_term_per_file() {
    let files = "abcdefgh".as_bytes();
    let term = |black: u8, white: u8| {
        // Black's knight steps aside on the wing away from the double step.
        let knight = if black == b'h' { "Na6" } else { "Nh6" };
        let (black, white) = (black as char, white as char);
        let mut line = Line::new(ChessGame::new(cozy_chess::Board::default()));
        line.play(&format!("{white}4 {knight} {white}5 {black}5"));
        let game = line.last();
        game.repetition_key() ^ game.board().hash_without_ep()
    };
    let mut terms = Vec::new();
    for (i, &file) in files.iter().enumerate() {
        let left = (i > 0).then(|| term(file, files[i - 1]));
        let right = (i < 7).then(|| term(file, files[i + 1]));
        if let (Some(l), Some(r)) = (left, right) {
            assert_eq!(l, r, "file {}: taken from either side", file as char);
        }
        let t = left.or(right).expect("a neighbour");
        assert_ne!(t, 0, "file {}", file as char);
        terms.push(t);
    }
    terms.sort_unstable();
    terms.dedup();
    assert_eq!(terms.len(), 8, "a term of its own on each file");
}

#[test]
fn the_fifty_move_rule_unless_the_hundredth_ply_mates() {
    let game = || ChessGame::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80").expect("legal");
    assert!(!game().draw_by_rule(), "99 plies");
    let mated = Line::new(game()).play("Qb8#").last().clone();
    assert!(!mated.draw_by_rule(), "mate on the hundredth ply stands");
    let mut line = Line::new(game());
    line.play("Qc1");
    assert!(
        line.last().draw_by_rule(),
        "a hundred plies without capture or pawn move"
    );
    assert!(line.drawn(1), "and the search scores it so");
}

/// The move chosen and the value for the side to move, searched to `depth` with the line's
/// history.
fn value(line: &Line, depth: u32) -> (String, i32) {
    let board = line.last().board().clone();
    let white = line.last().maximizing();
    let mut s = line.searcher();
    let config = Config::new(depth).with_guards(Guards::NO_NULL_MOVE);
    let r = s.search(&config, |_| {}).expect("depth");
    let v = if white { r.root.value } else { -r.root.value };
    (
        nullmove_chess::san(&board, r.root.best_move.expect("a move")),
        v,
    )
}

/// A line of one position.
fn at(fen: &str) -> Line {
    Line::new(ChessGame::from_fen(fen).expect("legal"))
}

#[test]
fn the_search_scores_the_fifty_move_rule() {
    // Queen against king, ninety-nine plies on the clock: every move but mate draws.
    let fen = |clock| format!("7k/8/5K2/8/8/8/8/1Q6 w - - {clock} 80");
    let (_, fresh) = value(&at(&fen(0)), 3);
    assert!(fresh > 800, "a queen up: {fresh}");
    assert_eq!(value(&at(&fen(99)), 3).1, 0);
    // With mate in one on the board, the hundredth ply mates.
    let mate = at("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80");
    assert_eq!(value(&mate, 3), ("Qb8#".to_owned(), MATE - 1));
}

#[test]
fn the_search_takes_a_threefold_repetition_when_it_is_lost_otherwise() {
    // Black, a queen against a knight down, shuffles Nb8-c6 while White shuffles Qd1-d2.
    let start = "kn6/8/8/8/8/8/8/K2Q4 b - - 0 1";
    let mut line = at(start);
    line.play("Nc6 Qd2 Nb8 Qd1 Nc6 Qd2 Nb8 Qd1 Nc6 Qd2");
    // ...Nb8 now makes the position after it occur a third time.
    let fresh = Line::new(ChessGame::new(line.last().board().clone()));
    let (_, lost) = value(&fresh, 4);
    assert!(lost < -500, "without the history Black is lost: {lost}");
    assert_eq!(value(&line, 4), ("Nb8".to_owned(), 0));
}

#[test]
fn bad_history_is_refused() {
    let mut game = ChessGame::new(cozy_chess::Board::default());
    let illegal = "e2e5".parse().expect("a move");
    assert_eq!(
        game.play_checked(illegal).unwrap_err().to_string(),
        "illegal move \"e2e5\""
    );
    assert!(parse_fen("8/8/8/8/8/8/8 w - - 0 1").is_err());
}

/// A game played on the searcher (`DeepSearcher::play`) keeps the history `set_history`
/// gives from the same moves, and searches the same: a repetition through played moves
/// counts.
#[test]
fn moves_played_keep_the_history_set_history_gives() {
    let moves = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    let mut line = Line::new(ChessGame::new(cozy_chess::Board::default()));
    line.play(moves);
    let mut played = DeepSearcher::with_table(line.0[0].clone(), None);
    for san in moves.split_whitespace() {
        let mv = parse_san(played.game().board(), san).expect("a legal move");
        played.play(mv).expect("legal");
    }
    let mut given = line.searcher();
    let (now, before) = line.0.split_last().expect("a position");
    let keys: Vec<u64> = before.iter().map(ChessGame::repetition_key).collect();
    assert_eq!(played.history(), keys);
    assert_eq!(played.game(), now);
    let config = Config::new(4).with_guards(Guards::NO_NULL_MOVE);
    let a = played
        .search(&config, |_| {})
        .expect("a search")
        .root
        .clone();
    let b = given
        .search(&config, |_| {})
        .expect("a search")
        .root
        .clone();
    assert_eq!(a, b);
    // The start position stands for the third time: Nf3 repeats 1. Nf3 a third time.
    let nf3 = parse_san(now.board(), "Nf3").expect("legal");
    assert_eq!(a.root_move(nf3).map(|m| m.value), Some(0));
}

/// Black, a queen and two rooks up, threatens mate; White's queen checks on e8 and h5
/// for ever (1. Qe8+ Kh7 2. Qh5+ Kg8 3. Qe8+): no black piece reaches f8 or h6 or the
/// queen.
const PERPETUAL: &str = "6k1/6p1/8/8/8/r7/rq3PPP/4Q1K1 w - - 0 1";

/// A search from the line's last position with its history, under `guards` to `depth`:
/// the move chosen and White's value.
fn searched(line: &Line, depth: u32, guards: Guards) -> (String, i32) {
    let board = line.last().board().clone();
    let mut s = line.searcher();
    let config = Config::new(depth).with_guards(guards);
    let r = s.search(&config, |_| {}).expect("depth");
    (
        nullmove_chess::san(&board, r.root.best_move.expect("a move")),
        r.root.value,
    )
}

/// A `search_window` call standing `ply` plies below a root, the line's history before it:
/// White's value.
fn windowed(line: &Line, ply: usize, depth: u32, guards: Guards) -> i32 {
    let config = Config::new(depth).with_guards(guards);
    line.searcher()
        .search_window(&config, ply, -INF, INF)
        .expect("a search")
}

#[test]
fn a_perpetual_check_is_found_without_history() {
    let line = at(PERPETUAL);
    for (name, guards) in Guards::presets() {
        // Five plies see the checks but not their end: Black's material wins.
        let (_, v) = searched(&line, 5, guards);
        assert!(v < -500, "{name}: depth 5 {v}");
        // Six see the position after 1. Qe8+ again after 3. Qe8+: a draw.
        assert_eq!(searched(&line, 6, guards), ("Qe8+".to_owned(), 0), "{name}");
        assert_eq!(windowed(&line, 2, 6, guards), 0, "{name}: at ply 2");
    }
}

#[test]
fn a_perpetual_check_is_the_only_saving_line() {
    let start = ChessGame::from_fen(PERPETUAL).expect("legal");
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 24);
    for mv in moves {
        let san = nullmove_chess::san(start.board(), mv);
        if san == "Qe8+" {
            continue;
        }
        let mut line = at(PERPETUAL);
        line.play(&san);
        let (_, v) = searched(&line, 5, Guards::NO_NULL_MOVE);
        assert!(v < -500, "1. {san}: {v}");
    }
}

#[test]
fn a_perpetual_check_is_found_sooner_across_history() {
    // The checks have run a while, once round through h8 (six plies: 3...Kh7 4. Qe4+ Kh8
    // 5. Qe5 Kg8), so the position after Qe8+ stood 6 and 10 plies before it recurs.
    let mut line = at(PERPETUAL);
    line.play("Qe8+ Kh7 Qh5+ Kg8 Qe8+ Kh7 Qe4+ Kh8 Qe5 Kg8");
    let fresh = Line::new(ChessGame::new(line.last().board().clone()));
    for (name, guards) in Guards::presets() {
        // Threefold one ply below the root: two plies see it, from ply 0 or later.
        assert_eq!(searched(&line, 2, guards), ("Qe8+".to_owned(), 0), "{name}");
        assert_eq!(windowed(&line, 2, 2, guards), 0, "{name}: at ply 2");
        // The same position without its history is lost at those depths.
        let (_, v) = searched(&fresh, 5, guards);
        assert!(v < -500, "{name}: no history, depth 5 {v}");
    }
}
