//! Move generation proven against cozy-chess, the way chess libraries prove theirs with
//! perft (STYLE.md, "cozy-chess / shakmaty"): on every legal K+P vs K position, both sides
//! to move, the moves and the positions they lead to are exactly cozy-chess's.

use std::collections::HashSet;

use nullmove_kpk::{Kpk, SLOTS, Side, Square, from_cozy};

#[test]
fn legal_moves_and_successors_equal_cozy_chess_on_every_position() {
    let mut positions = [0u64; 2];
    let mut moves = 0u64;
    for p in Kpk::all() {
        let board = p.to_cozy();
        // FEN out and in again, through cozy-chess.
        assert_eq!(p.to_string().parse::<Kpk>(), Ok(p));
        assert_eq!(from_cozy(&board).map(|f| f.position), Ok(p));
        assert_eq!(p.in_check(), !board.checkers().is_empty(), "{p}");

        let mut theirs = HashSet::new();
        board.generate_moves(|piece_moves| {
            theirs.extend(piece_moves);
            false
        });
        let ours = p.legal_moves();
        let ours_cozy: HashSet<_> = ours.iter().map(|m| m.to_cozy()).collect();
        assert_eq!(ours_cozy.len(), ours.len(), "duplicate moves in {p}");
        assert_eq!(ours_cozy, theirs, "moves of {p}");

        for &m in ours.iter() {
            let mut after = board.clone();
            after.play(m.to_cozy());
            // Pieces and side to move; cozy-chess records an en-passant square after every
            // double step even when no black pawn could take, so that field is left out.
            assert_eq!(
                placement_and_side(&p.play(m).to_cozy()),
                placement_and_side(&after),
                "{p}: {m}"
            );
        }
        positions[usize::from(p.side_to_move() == Side::Black)] += 1;
        moves += ours.len() as u64;
    }
    println!("positions {positions:?}, moves {moves}");
    assert_eq!(positions, [163_328, 168_024]);
}

/// Legality agrees with cozy-chess's on every placement with distinct squares and the
/// pawn on ranks 2–7: cozy-chess refuses exactly the side not to move in check; adjacent
/// kings, which cozy-chess 0.3 does not check, are ours to refuse.
#[test]
fn legality_agrees_with_cozy_chess_on_every_slot() {
    for index in 0..SLOTS {
        let (wk, bk, wp) = (
            Square::ALL[(index >> 12) & 63],
            Square::ALL[(index >> 6) & 63],
            Square::ALL[index & 63],
        );
        let stm = if index >> 18 == 0 {
            Side::White
        } else {
            Side::Black
        };
        if wk == bk || wk == wp || bk == wp || !(1..=6).contains(&wp.rank()) {
            continue;
        }
        let fen = format!("{} {} - - 0 1", placement(wk, bk, wp), stm.fen_char());
        let cozy_accepts = fen.parse::<cozy_chess::Board>().is_ok();
        assert_eq!(
            Kpk::is_legal(wk, bk, wp, stm),
            cozy_accepts && !wk.touches(bk),
            "{fen}"
        );
    }
}

/// Pieces, colours and side to move of a board, cheap to compare.
fn placement_and_side(board: &cozy_chess::Board) -> ([u64; 6], [u64; 2], cozy_chess::Color) {
    let pieces = cozy_chess::Piece::ALL.map(|p| board.pieces(p).0);
    let colors = cozy_chess::Color::ALL.map(|c| board.colors(c).0);
    (pieces, colors, board.side_to_move())
}

fn placement(wk: Square, bk: Square, wp: Square) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::at(file, rank);
            let piece = if sq == wk {
                Some('K')
            } else if sq == bk {
                Some('k')
            } else if sq == wp {
                Some('P')
            } else {
                None
            };
            match piece {
                Some(c) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}
