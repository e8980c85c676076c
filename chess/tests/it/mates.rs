//! Mate scores by distance, on real chess: over all 300 WAC positions, the deep search at
//! depth 3 without null move reports a mate in one or two exactly when a brute-force solver
//! (cozy-chess's moves, no evaluation, no pruning) finds one, at the same distance, and its
//! principal variation plays the mate out. Along each mate's line, the defender to move is
//! mated in one (a negative distance) and then the attacker mates in one, both confirmed by
//! the solver. The library's plain searcher scores each mate in two by the game's own
//! distance, `MATE - plies`.

use cozy_chess::{Board, Color, Move};
use nullmove_chess::{ChessGame, Guards, parse_epd, parse_fen, parse_uci, solve, solve_depths};
use nullmove_optimized::{Config, DeepSearcher, MATE, search};

fn legal(board: &Board) -> Vec<Move> {
    let mut v = Vec::new();
    board.generate_moves(|m| {
        v.extend(m);
        false
    });
    v
}

fn play(board: &Board, m: Move) -> Board {
    let mut b = board.clone();
    b.play_unchecked(m);
    b
}

/// Whether the side to move can mate within `n` moves whatever the defence.
fn mates_within(board: &Board, n: u32) -> bool {
    legal(board).into_iter().any(|m| {
        let after = play(board, m);
        let replies = legal(&after);
        if replies.is_empty() {
            return !after.checkers().is_empty(); // mate; stalemate is not
        }
        n > 1
            && replies
                .into_iter()
                .all(|r| mates_within(&play(&after, r), n - 1))
    })
}

/// The shortest mate within two moves, by brute force.
fn shortest_mate(board: &Board) -> Option<i32> {
    (1..=2).find(|&n| mates_within(board, n)).map(|n| n as i32)
}

/// One ply into a mate in two the defender is mated in one whatever it plays; two plies
/// in, the attacker mates in one.
fn along_the_line(board: &Board, pv: &[String], name: &str) {
    let first = play(board, parse_uci(board, &pv[0]).expect("legal"));
    let defended = legal(&first)
        .into_iter()
        .all(|r| mates_within(&play(&first, r), 1));
    assert!(defended, "{name}: every defence allows mate in one");
    assert_eq!(
        solve(&first, 2, Guards::NO_NULL_MOVE).expect("search").mate,
        Some(-1),
        "{name}"
    );
    let second = play(&first, parse_uci(&first, &pv[1]).expect("legal"));
    assert!(mates_within(&second, 1), "{name}");
    assert_eq!(
        solve(&second, 1, Guards::NO_NULL_MOVE)
            .expect("search")
            .mate,
        Some(1),
        "{name}"
    );
}

/// The plain (full-width, tableless) searcher on chess values a mate found `plies` from
/// the root as the game's terminal score gives it: `MATE - plies` from White's side.
fn plain_search_scores_the_mate(board: &Board, n: i32, name: &str) {
    let plies = 2 * n - 1;
    let report = search(ChessGame::new(board.clone()), &Config::new(plies as u32));
    let mate = MATE - plies;
    let want = if board.side_to_move() == Color::White {
        mate
    } else {
        -mate
    };
    assert_eq!(report.value, want, "{name}: mate in {n}, plain searcher");
}

#[test]
fn mates_in_one_and_two_over_wac_are_the_brute_force_solvers() {
    let text = std::fs::read_to_string(format!("{}/data/wac.epd", env!("CARGO_MANIFEST_DIR")))
        .expect("the suite");
    let mut found = [0; 3];
    // One searcher, cleared for each position (what `solve` does with a fresh one): a new
    // table per position spent most of this test's time in the kernel, zeroing pages.
    let mut searcher = DeepSearcher::new(ChessGame::new(Board::default()));
    for e in parse_epd(&text).expect("EPD") {
        let board = e.board().expect("legal");
        let exact = shortest_mate(&board);
        let s = solve_depths(&mut searcher, &board, 3, Guards::NO_NULL_MOVE)
            .expect("a search")
            .pop()
            .expect("a solution at depth 3");
        match exact {
            Some(n) => {
                assert_eq!(s.mate, Some(n), "{}: mate in {n}", e.name());
                // The principal variation is the mate: 2n - 1 plies ending in checkmate.
                assert_eq!(s.pv.len() as i32, 2 * n - 1, "{}: {:?}", e.name(), s.pv_san);
                let mut end = board.clone();
                for m in &s.pv {
                    let mv = parse_uci(&end, m).expect("a legal PV move");
                    end.play_unchecked(mv);
                }
                assert!(
                    legal(&end).is_empty() && !end.checkers().is_empty(),
                    "{}",
                    e.name()
                );
                found[n as usize] += 1;
                if n == 2 {
                    along_the_line(&board, &s.pv, &e.name());
                    plain_search_scores_the_mate(&board, n, &e.name());
                }
            }
            // No mate within two: the search may still see a longer forced one through
            // its quiescence checks, never a shorter one.
            None => assert!(s.mate.is_none_or(|m| m > 2), "{}: {:?}", e.name(), s.mate),
        }
        if s.mate.is_none() {
            found[0] += 1;
        }
    }
    println!("mates in two {}, no mate seen {}", found[2], found[0]);
    // WAC has no mate in one; its mates in one and the mated-in-one positions are checked
    // along the lines of its mates in two.
    assert!(found[1] == 0 && found[2] > 10, "{found:?}");
}

/// WAC.001's mate in two (1. Qg6, threatening the quiet 2. Qh7#) is found by every preset
/// by depth 8: a preset whose probe drops the defender's pass into quiescence must still
/// see the quiet mate there, as Stockfish's null-move step does (its quiescence tries
/// quiet checks at its first ply).
#[test]
fn wac_001_is_mate_in_two_under_every_preset_by_depth_8() {
    let board =
        parse_fen("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1").expect("WAC.001");
    let mut searcher = DeepSearcher::new(ChessGame::new(Board::default()));
    for (name, guards) in Guards::presets() {
        let all = solve_depths(&mut searcher, &board, 8, guards).expect("a search");
        let first = all.iter().find(|s| s.mate == Some(2));
        assert!(
            first.is_some(),
            "{name}: no mate in two through depth 8: {:?}",
            all.iter()
                .map(|s| (s.best_move_san.clone(), s.value))
                .collect::<Vec<_>>()
        );
        let last = all.last().expect("depth 8");
        assert_eq!(
            (last.best_move_san.as_deref(), last.mate),
            (Some("Qg6"), Some(2)),
            "{name}"
        );
    }
}
