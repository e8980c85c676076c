//! The three opening books copied from fishtest's public collection (`data/books/`, origin
//! in its README): every line a legal position with a move, the counts the README gives,
//! and the endgame book's share of positions with at most 12 pieces.

use std::path::Path;

use nullmove_arena::Book;

fn book(name: &str) -> Book {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data/books")
        .join(name);
    Book::read(&path).expect("a book")
}

#[test]
fn every_line_is_a_position_and_the_counts_are_the_readmes() {
    for (name, positions) in [
        ("uho_4060_v2.sample.epd", 2000),
        ("noob_3moves.sample.epd", 2000),
        ("endgames.sample.epd", 1000),
    ] {
        let b = book(name);
        assert_eq!(b.positions.len(), positions, "{name}");
        assert_eq!(b.name, name);
    }
}

#[test]
fn the_endgame_book_has_151_positions_with_at_most_12_pieces() {
    let b = book("endgames.sample.epd");
    let pieces: Vec<u32> = b.positions.iter().map(|p| p.occupied().len()).collect();
    assert_eq!(pieces.iter().filter(|&&n| n <= 12).count(), 151);
    assert_eq!(
        (pieces.iter().min(), pieces.iter().max()),
        (Some(&8), Some(&22))
    );
}

#[test]
fn the_three_move_starts_have_30_to_32_pieces() {
    let b = book("noob_3moves.sample.epd");
    assert!(
        b.positions
            .iter()
            .all(|p| (30..=32).contains(&p.occupied().len()))
    );
}
