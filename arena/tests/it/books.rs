//! The three opening books copied from fishtest's public collection (`data/books/`, origin
//! in its README): every line a legal position with a move, the counts the README gives,
//! the endgame book's share of positions with at most 12 pieces, and each book's SHA-256
//! (what a match records of its book) as `sha256sum` prints it.

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

#[test]
fn a_books_digest_is_the_one_sha256sum_prints_for_its_file() {
    for (name, digest) in [
        (
            "uho_4060_v2.sample.epd",
            "1fce72688a1a5b4bfa6609797a691532a43826ffccfd2ad743102cf8df8131a6",
        ),
        (
            "noob_3moves.sample.epd",
            "8ece37bb4a3a4acab67af3dbd28439b9db7810991220b1980100809b64d4cf88",
        ),
        (
            "endgames.sample.epd",
            "a9a9bc378b13e84e89a93912d04a3bc7671f9287ce3ab56e7906f4a90e9e4019",
        ),
    ] {
        assert_eq!(book(name).sha256, digest, "{name}");
        let built_in = nullmove_arena::committed_book(name).unwrap().unwrap();
        assert_eq!(built_in.sha256, digest, "{name}, as the binary holds it");
    }
}

/// The whole published books (`official-stockfish/books`, as zips in
/// `../shared/data/books/full/` or `NULLMOVE_BOOKS_DIR`): each read as published, its
/// positions counted, its hash the zip's, and each committed sample exactly every k-th of
/// its positions from the first, as `data/books/README.md` says it was taken.
#[test]
fn the_published_zips_read_as_they_are_and_hold_the_samples() {
    let dir = std::env::var_os("NULLMOVE_BOOKS_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/books/full"),
        std::path::PathBuf::from,
    );
    if !dir.is_dir() {
        eprintln!(
            "skipped: no published books at {} (NULLMOVE_BOOKS_DIR)",
            dir.display()
        );
        return;
    }
    // FRC_openings.epd.zip is Chess960, which matches do not play.
    for (zip, positions, sha256, sample, every) in [
        (
            "UHO_4060_v2.epd.zip",
            242_201,
            "a936d3e749900aa7f22c30e82afe7dd55f11c60969ea52c3df4ed5271458f45f",
            "uho_4060_v2.sample.epd",
            121,
        ),
        (
            "noob_3moves.epd.zip",
            150_932,
            "68fe2691e0876d0de54fffb68c797e752138d5ed363beab2ac6ca34be68ee9f3",
            "noob_3moves.sample.epd",
            75,
        ),
        (
            "endgames.epd.zip",
            157_846,
            "4bfbf7c07c0f9822751c2557a4ebedb76e6f49daa781b00abec0401b6d988467",
            "endgames.sample.epd",
            157,
        ),
    ] {
        let full = Book::read(&dir.join(zip)).expect("a published book");
        assert_eq!((full.name.as_str(), full.positions.len()), (zip, positions));
        assert_eq!(full.sha256, sha256, "{zip}");
        let sample = book(sample);
        let taken: Vec<_> = full
            .positions
            .iter()
            .step_by(every)
            .take(sample.positions.len())
            .collect();
        assert!(
            taken.iter().zip(&sample.positions).all(|(a, b)| *a == b),
            "{zip}"
        );
    }
}
