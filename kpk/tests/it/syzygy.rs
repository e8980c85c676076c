//! The table against the published Syzygy statistics for `KPvK`: an exact table must match
//! a published one count for count.

use nullmove_kpk::Table;

/// Syzygy counts the pawn on files a–d only: White to move 62,480 wins and 19,184 draws;
/// Black to move 48,802 losses and 35,210 draws.
#[test]
fn half_board_counts_match_syzygy() {
    let start = std::time::Instant::now();
    let table = Table::build();
    let built = start.elapsed();
    let s = table.stats();
    println!("{s:#?}\nbuilt in {built:?}");
    assert_eq!(
        (
            s.half_board.white_to_move.wins,
            s.half_board.white_to_move.draws
        ),
        (62_480, 19_184)
    );
    assert_eq!(
        (
            s.half_board.black_to_move.white_wins,
            s.half_board.black_to_move.draws
        ),
        (48_802, 35_210)
    );
    // Files e–h mirror files a–d, so the full board doubles every count.
    assert_eq!(s.white_to_move.wins, 2 * 62_480);
    assert_eq!(s.white_to_move.draws, 2 * 19_184);
    assert_eq!(s.black_to_move.white_wins, 2 * 48_802);
    assert_eq!(s.black_to_move.draws, 2 * 35_210);
    assert_eq!(s.legal_positions, 331_352);
    assert_eq!(s.half_board.legal_positions, 165_676);
}
