//! The K+P vs K positions of the zugzwang suite, ZPTS.15 and ZPTS.16, read through the
//! K+P vs K crate's public API and judged by its exact table (retrograde analysis, proven
//! against Syzygy's counts): the position is won, the suite's best move keeps the win, and
//! the moves that keep it are exactly the suite's. The positions' zugzwang is the table's
//! too: after the best move the defender, to move, loses, but would hold if it could pass.

use nullmove_chess::{EpdEntry, parse_epd, parse_uci, uci};
use nullmove_kpk::{Kpk, Side, Successor, Table, Wdl, from_cozy};

fn zpts(id: &str) -> EpdEntry {
    let path = format!("{}/data/zugts.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("the suite is in data/");
    parse_epd(&text)
        .expect("EPD")
        .into_iter()
        .find(|e| e.id.as_deref() == Some(id))
        .expect("the position is in the suite")
}

#[test]
fn the_kpk_positions_of_the_zugzwang_suite_agree_with_the_exact_table() {
    let table = Table::build();
    for id in ["ZPTS.15", "ZPTS.16"] {
        let entry = zpts(id);
        let board = entry.board().expect("legal");
        let parsed = from_cozy(&board).expect("a K+P vs K position");
        assert!(!parsed.flipped, "{id}: White has the pawn");
        let p: Kpk = parsed.position;
        assert_eq!(p.side_to_move(), Side::White);
        assert_eq!(table.wdl(&p), Wdl::Win, "{id} is won");

        let mut winning = Vec::new();
        for m in p.legal_moves().iter() {
            let after = p.play(*m);
            if table.successor_wdl(&after) == Wdl::Win {
                // The kpk move and ours are the same move of the same board.
                let ours = parse_uci(&board, &m.to_cozy().to_string()).expect("legal for cozy");
                winning.push(nullmove_chess::san(&board, ours));
                // The winning move leaves Black in zugzwang: Black to move loses, and the
                // same placement with White to move (Black passing) would not be won.
                if let Successor::Kpk(q) = after {
                    let passed = q.with_other_side_to_move();
                    assert_eq!(
                        passed.map(|w| table.wdl(&w)),
                        Some(Wdl::Draw),
                        "{id}: after {} Black would rather pass",
                        uci(&board, ours)
                    );
                }
            }
        }
        assert_eq!(
            winning, entry.best_moves,
            "{id}: the winning moves are the suite's"
        );
    }
}
