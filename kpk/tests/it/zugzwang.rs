//! Zugzwang facts, the article's counter-example checked on the exact table: its example is
//! a mutual zugzwang, a position one rank further up is not, and the list is closed under
//! the board's mirror.

use nullmove_kpk::{Kpk, Side, Table, Wdl};

fn kpk(fen: &str) -> Kpk {
    fen.parse().expect("a legal K+P vs K FEN")
}

#[test]
fn the_articles_example_is_a_mutual_zugzwang() {
    let table = Table::build();
    // White Ke5, pawn e4, Black Ke7: a draw with White to move, a win with Black to move.
    let white = kpk("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1");
    let black = kpk("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1");
    assert_eq!(table.wdl(&white), Wdl::Draw);
    assert_eq!(table.wdl(&black), Wdl::Win);
    assert!(table.is_zugzwang(&white) && table.is_zugzwang(&black));
    assert!(table.zugzwangs().any(|z| z == white));
}

#[test]
fn ke6_pe5_against_ke8_wins_either_way() {
    let table = Table::build();
    let white = kpk("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1");
    let black = kpk("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1");
    assert_eq!((table.wdl(&white), table.wdl(&black)), (Wdl::Win, Wdl::Win));
    assert!(!table.is_zugzwang(&white));
    assert!(!table.zugzwangs().any(|z| z == white));
}

#[test]
fn every_zugzwang_is_one_and_the_list_is_mirror_symmetric() {
    let table = Table::build();
    let list: Vec<Kpk> = table.zugzwangs().collect();
    for z in &list {
        assert_eq!(z.side_to_move(), Side::White);
        let black = z
            .with_other_side_to_move()
            .expect("legal with Black to move too");
        assert_eq!(
            (table.wdl(z), table.wdl(&black)),
            (Wdl::Draw, Wdl::Win),
            "{z}"
        );
        let mirror = |s: nullmove_kpk::Square| nullmove_kpk::Square::at(7 - s.file(), s.rank());
        let m = Kpk::new(
            mirror(z.white_king()),
            mirror(z.black_king()),
            mirror(z.pawn()),
            Side::White,
        )
        .unwrap();
        assert!(table.is_zugzwang(&m), "mirror of {z}");
    }
    // The opposite (White to move wins, Black to move draws) is no zugzwang: nobody would
    // rather pass. Every placement legal both ways is one of four kinds; count them all.
    let (mut kinds, mut placements) = ([[0u32; 2]; 2], 0);
    for w in Kpk::all().filter(|p| p.side_to_move() == Side::White) {
        let b = w
            .with_other_side_to_move()
            .expect("White to move is legal with Black too");
        kinds[usize::from(table.wdl(&w) == Wdl::Win)][usize::from(table.wdl(&b) == Wdl::Win)] += 1;
        placements += 1;
    }
    assert_eq!(kinds[0][1] as usize, list.len());
    insta::assert_yaml_snapshot!(
        "zugzwang_list",
        ZugzwangList {
            placements_legal_both_ways: placements,
            draw_either_way: kinds[0][0],
            win_either_way: kinds[1][1],
            win_only_with_white_to_move: kinds[1][0],
            mutual_zugzwangs: list.len(),
            fens: list.iter().map(ToString::to_string).collect(),
        }
    );
}

#[derive(serde::Serialize)]
struct ZugzwangList {
    placements_legal_both_ways: u32,
    draw_either_way: u32,
    win_either_way: u32,
    win_only_with_white_to_move: u32,
    mutual_zugzwangs: usize,
    fens: Vec<String>,
}
