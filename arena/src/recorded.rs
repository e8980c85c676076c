//! What `arena/data/` holds, built in: the opening books' samples, and matches committed with
//! the exact command that made them, so a reader (the audit) recomputes their statistics
//! and replays their first pairs instead of trusting figures copied from a run.

use crate::Book;

/// A match result committed to the repository.
#[derive(Debug, Clone, Copy)]
pub struct Recorded {
    /// Its path in the repository.
    pub file: &'static str,
    /// The command that wrote it (run from the repository's root, release build).
    pub command: &'static str,
    /// The document, as `--json` wrote it.
    pub json: &'static str,
}

/// Null move's worth in games: standard null move (R 3) against plain alpha-beta at a
/// fixed node count, from fishtest's unbalanced openings.
pub const NULL_MOVE_WORTH: Recorded = Recorded {
    file: "arena/data/matches/r3-none.json",
    command: include_str!("../data/matches/r3-none.command").trim_ascii(),
    json: include_str!("../data/matches/r3-none.json"),
};

/// The books of `arena/data/books/`, by file name.
const BOOKS: [(&str, &str); 3] = [
    (
        "uho_4060_v2.sample.epd",
        include_str!("../data/books/uho_4060_v2.sample.epd"),
    ),
    (
        "noob_3moves.sample.epd",
        include_str!("../data/books/noob_3moves.sample.epd"),
    ),
    (
        "endgames.sample.epd",
        include_str!("../data/books/endgames.sample.epd"),
    ),
];

/// The committed book named `name` (a file of `arena/data/books/`), or `None`.
///
/// # Example
/// ```
/// let book = nullmove_arena::committed_book("uho_4060_v2.sample.epd").unwrap().unwrap();
/// assert_eq!(book.positions.len(), 2_000);
/// assert!(nullmove_arena::committed_book("mine.epd").is_none());
/// ```
#[must_use]
pub fn committed_book(name: &str) -> Option<Result<Book, String>> {
    BOOKS
        .iter()
        .find(|(file, _)| *file == name)
        .map(|(file, text)| Book::parse(file, text))
}
