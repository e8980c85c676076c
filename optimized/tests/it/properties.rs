//! Properties: the recursive function itself agrees with naive below the root (proptest),
//! and the bitboard state converts to and from `Position` both ways (quickcheck).

use nullmove_core::{Board, CELLS, INF, Mode, Player, Position, SearchParams, Value};
use nullmove_optimized::Game;
use nullmove_optimized::games::tictactoe::{
    Mark, TicTacToe, ToPositionError, key_of, search_window,
};
use proptest::prelude::*;
use quickcheck::{TestResult, quickcheck};

/// The 5,478 reachable positions, computed once.
static REACHABLE: std::sync::LazyLock<Vec<Position>> =
    std::sync::LazyLock::new(Position::all_reachable);

/// Any of the 3^9 raw boards (reachable or not: the page's function accepts any board).
fn board_from_index(n: u32) -> Board {
    let mut board = [None; CELLS];
    let mut k = n % 19_683;
    for cell in &mut board {
        *cell = match k % 3 {
            1 => Some(Player::X),
            2 => Some(Player::O),
            _ => None,
        };
        k /= 3;
    }
    board
}

/// A window bound: the open window's sentinels or a value near the scores and heuristics.
fn bound() -> impl Strategy<Value = Value> {
    prop_oneof![Just(-INF), Just(INF), -40..=40_i32, -250..=250_i32]
}

/// `alpha < beta`, as every call of the page's function receives it.
fn window() -> impl Strategy<Value = (Value, Value)> {
    (bound(), bound())
        .prop_filter("a non-empty window", |(a, b)| a != b)
        .prop_map(|(a, b)| (a.min(b), a.max(b)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// One call of the recursive function, anywhere below (or at) the root, with any side to
    /// move (a null move flips it), any window, any depth, limit, reduction and mode: the
    /// same value and the same statistics as the page's mirror.
    #[test]
    fn search_window_equals_naive_below_the_root(
        index in 0..19_683_u32,
        maximizing: bool,
        depth in 0..=9_u32,
        depth_limit in 0..=9_u32,
        reduction in 0..=9_u32,
        null in any::<bool>(),
        (alpha, beta) in window(),
    ) {
        let board = board_from_index(index);
        let mode = if null { Mode::Null } else { Mode::Plain };
        let params = SearchParams::new(depth_limit, reduction, mode).unwrap();
        let naive = nullmove_naive::search_window(&board, depth, maximizing, alpha, beta, &params);
        let optimized = search_window(&board, depth, maximizing, alpha, beta, &params).expect("a window");
        prop_assert_eq!(naive, optimized);
    }

    /// The same from reachable positions only, where deep searches happen.
    #[test]
    fn search_window_equals_naive_from_reachable_positions(
        index: usize,
        flip_side: bool,
        depth in 0..=4_u32,
        depth_limit in 1..=9_u32,
        reduction in 0..=6_u32,
        null in any::<bool>(),
        (alpha, beta) in window(),
    ) {
        let p = REACHABLE[index % REACHABLE.len()];
        let maximizing = p.side_to_move().is_maximizing() != flip_side;
        let mode = if null { Mode::Null } else { Mode::Plain };
        let params = SearchParams::new(depth_limit, reduction, mode).unwrap();
        let naive = nullmove_naive::search_window(p.board(), depth, maximizing, alpha, beta, &params);
        let optimized = search_window(p.board(), depth, maximizing, alpha, beta, &params).expect("a window");
        prop_assert_eq!(naive, optimized);
    }
}

quickcheck! {
    /// Position -> bitboard -> Position is the identity, and the bitboard holds the same
    /// marks, side to move, winner and moves.
    fn position_to_bitboard_and_back(index: usize) -> bool {
        let p = REACHABLE[index % REACHABLE.len()];
        let g = TicTacToe::from(p);
        let cells: Vec<u8> = g.moves().map(Mark::cell).collect();
        let expected: Vec<u8> = p.empty_cells().collect();
        g.to_position() == Ok(p)
            && Position::try_from(g) == Ok(p)
            && g.board() == *p.board()
            && g.side_to_move() == p.side_to_move()
            && g.winner() == p.winner()
            && cells == expected
            && g.moves().all(|m| m.player() == p.side_to_move())
    }

    /// Bitboard -> Board -> bitboard is the identity for any pair of disjoint bitboards and
    /// either side to move; the kept key is the key recomputed from scratch.
    fn bitboard_to_board_and_back(x: u16, o: u16, maximizing: bool) -> bool {
        let (x, o) = (x & 0x1FF, o & 0x1FF & !x);
        let g = TicTacToe::new(&board_from_bits(x, o), maximizing);
        g.x() == x
            && g.o() == o
            && g.key() == key_of(x, o)
            && g.maximizing() == maximizing
            && TicTacToe::new(&g.board(), g.maximizing()) == g
    }

    /// A state converts to a Position exactly when its board is reachable and its side to
    /// move is the inferred one; otherwise the error says which.
    fn to_position_validates(x: u16, o: u16, maximizing: bool) -> TestResult {
        let (x, o) = (x & 0x1FF, o & 0x1FF & !x);
        let board = board_from_bits(x, o);
        let g = TicTacToe::new(&board, maximizing);
        TestResult::from_bool(match (Position::from_board(board), g.to_position()) {
            (Ok(p), Ok(q)) => p == q && p.side_to_move().is_maximizing() == maximizing,
            (Ok(p), Err(ToPositionError::SideToMove { stored, inferred })) => {
                inferred == p.side_to_move() && stored != inferred
            }
            (Err(e), Err(ToPositionError::Board(f))) => e == f,
            _ => false,
        })
    }

    /// Playing a sequence of legal moves on the bitboard matches `Position::play` move for
    /// move.
    fn moves_match_position_play(choices: Vec<u8>) -> bool {
        let start = Position::empty();
        let (mut p, mut g) = (start, TicTacToe::from(start));
        for choice in choices {
            let moves: Vec<Mark> = g.moves().collect();
            if p.is_terminal() || moves.is_empty() {
                break;
            }
            let m = moves[usize::from(choice) % moves.len()];
            g.play(m);
            p = p.play(usize::from(m.cell())).expect("a legal move");
            if TicTacToe::from(p) != g || g.terminal_score(0).is_some() != p.is_terminal() {
                return false;
            }
        }
        true
    }
}

fn board_from_bits(x: u16, o: u16) -> Board {
    std::array::from_fn(|c| {
        if x & (1 << c) != 0 {
            Some(Player::X)
        } else if o & (1 << c) != 0 {
            Some(Player::O)
        } else {
            None
        }
    })
}
