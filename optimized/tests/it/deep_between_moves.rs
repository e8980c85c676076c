//! The deep searcher between moves: `play` advances the root and keeps the history and the
//! table, `set_position` keeps the table, `set_game` and `clear` forget it; a kept table
//! changes no value a search to the end of the game finds, and saves nodes.

use crate::deep_support;

use deep_support::{Piles, Ttt};
use nullmove_core::{Player, Position, Value};
use nullmove_optimized::{Config, DeepError, DeepGame, DeepSearcher, Game, Guards, MATE};

/// Plain search to `depth`: the root's value for X (the maximizer) and the move chosen.
fn plain<G: DeepGame>(s: &mut DeepSearcher<G>, depth: u32) -> (Value, Option<G::Move>, u64) {
    let r = s
        .search(
            &Config::new(depth).with_guards(Guards::NO_NULL_MOVE),
            |_| {},
        )
        .expect("a depth in range");
    (r.root.value, r.root.best_move, r.nodes())
}

/// The solved value of a tic-tac-toe position for X on the deep search's scale: the
/// oracle's win `n` plies ahead scores `10 - n`, the deep search's `MATE - n`.
fn solved(p: &Position) -> Value {
    match nullmove_oracle::solve(p) {
        0 => 0,
        v if v > 0 => MATE - (10 - v),
        v => -(MATE - (10 + v)),
    }
}

#[test]
fn play_advances_the_root_and_keeps_the_history() {
    let start = Ttt::new(&Position::empty());
    let mut s = DeepSearcher::with_table(start, Some(10));
    assert!(s.history().is_empty());
    s.play(4).expect("the centre is free");
    s.play(0).expect("a corner is free");
    assert_eq!(
        s.history(),
        [start.repetition_key(), {
            let mut g = start;
            g.play(4);
            g.repetition_key()
        }]
    );
    let mut now = start;
    now.play(4);
    now.play(0);
    assert_eq!(s.game().key(), now.key());
    // An occupied cell is no move: refused, nothing changed.
    let before = s.game().key();
    let err = s.play(4).expect_err("occupied");
    assert_eq!(err, DeepError::IllegalMove("4".to_owned()));
    assert_eq!(err.to_string(), "4 is not a legal move here");
    assert_eq!((s.game().key(), s.history().len()), (before, 2));
    // X takes a line: the game is over, and no move may follow.
    for mv in [1, 8, 2, 3, 6] {
        s.play(mv).expect("legal");
    }
    assert_eq!(s.game().terminal_score(0), Some(1), "X won");
    assert_eq!(s.play(5), Err(DeepError::GameOver));
    // set_position starts a new history; set_history gives one.
    s.set_position(start);
    assert!(s.history().is_empty());
    s.set_history(&[1, 2, 3]);
    assert_eq!(s.history(), [1, 2, 3]);
}

/// A game ending without moves (two-pile take-away): a move played at the root is checked
/// against the legal ones, and once no move is left the game is over.
#[test]
fn a_game_without_moves_left_is_over() {
    let mut s = DeepSearcher::with_table(
        Piles {
            piles: [1, 0],
            first: true,
        },
        Some(8),
    );
    assert!(matches!(s.play((1, 1)), Err(DeepError::IllegalMove(_))));
    s.play((0, 1)).expect("legal");
    assert_eq!(s.play((0, 1)), Err(DeepError::GameOver));
}

/// Over whole tic-tac-toe games (each side playing the kept-table search's move), a search
/// to the end with the table kept from move to move finds every position's solved value,
/// as a cleared one does, and visits fewer nodes in all.
#[test]
fn a_kept_table_changes_no_value_to_the_end_and_saves_nodes() {
    let openings = [[4, 0], [0, 4], [1, 7], [2, 6], [4, 8]];
    let (mut kept_nodes, mut cleared_nodes) = (0, 0);
    for opening in openings {
        let mut board = Position::empty();
        let mut kept = DeepSearcher::with_table(Ttt::new(&board), Some(12));
        let mut cleared = DeepSearcher::with_table(Ttt::new(&board), Some(12));
        for mv in opening {
            kept.play(mv).expect("legal");
            board = board.play(usize::from(mv)).expect("legal");
        }
        while kept.game().terminal_score(0).is_none() {
            let plies = board.empty_cells().count() as u32;
            cleared.set_game(Ttt::new(&board));
            let (v_kept, mv, n_kept) = plain(&mut kept, plies);
            let (v_cleared, _, n_cleared) = plain(&mut cleared, plies);
            let exact = solved(&board);
            assert_eq!((v_kept, v_cleared), (exact, exact), "{board}");
            kept_nodes += n_kept;
            cleared_nodes += n_cleared;
            let mv = mv.expect("a move");
            kept.play(mv).expect("the search's move is legal");
            board = board.play(usize::from(mv)).expect("legal");
        }
    }
    assert!(
        kept_nodes < cleared_nodes,
        "kept {kept_nodes} against cleared {cleared_nodes}"
    );
}

/// The same position twice: after `set_position` the second search is answered from the
/// table; after `set_game` (or `clear`) it repeats the first node for node.
#[test]
fn set_position_keeps_the_table_set_game_forgets_it() {
    let p = Position::empty().play(4).expect("legal");
    let game = Ttt::new(&p);
    let mut s = DeepSearcher::with_table(game, Some(12));
    let first = plain(&mut s, 6);
    s.set_position(game);
    let again = plain(&mut s, 6);
    assert_eq!(again.0, first.0);
    assert!(again.2 < first.2, "{} against {}", again.2, first.2);
    s.set_game(game);
    assert_eq!(plain(&mut s, 6), first);
    s.set_position(game);
    s.clear();
    assert_eq!(plain(&mut s, 6), first);
    assert_eq!(p.side_to_move(), Player::O);
}

/// A table sized in MiB (UCI's `Hash`): the most entries that fit, reported with its bytes;
/// a search fills part of it and says how much (`hashfull`, per mille of a sample).
#[test]
fn a_table_sized_in_mib_fits_and_reports_its_fill() {
    let game = Ttt::new(&Position::empty());
    let mut s = DeepSearcher::with_hash_mib(game, 1);
    let (entries, bytes) = s.table_size();
    assert!(entries.is_power_of_two() && bytes <= 1 << 20 && 2 * bytes > 1 << 20);
    let config = Config::new(9).with_guards(Guards::NO_NULL_MOVE);
    let full = s
        .search(&config, |_| {})
        .expect("a depth in range")
        .hashfull;
    assert!((1..=1000).contains(&full), "hashfull {full}");
    let mut none = DeepSearcher::with_hash_mib(game, 0);
    assert_eq!(none.table_size(), (0, 0));
    assert_eq!(none.search(&config, |_| {}).expect("a depth").hashfull, 0);
}
