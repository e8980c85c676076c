//! Opening books: EPD files of starting positions (the four FEN fields, or all six, and any
//! operations), each played twice with colours reversed; read as published too, a zip of one
//! EPD file, and taken in the file's order or in a seeded order every shard draws alike.

use std::path::Path;

use cozy_chess::Board;
use nullmove_chess::{parse_fen, parse_line};
use nullmove_numbers::random::SplitMix64;

/// The openings of a book, in the file's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    /// The file's name, as the results name the book.
    pub name: String,
    /// The positions.
    pub positions: Vec<Board>,
    /// The SHA-256 in hex, as `sha256sum` prints it, of the file read (the zip itself for
    /// an archive): the book a match records, so that two books of one name are told apart.
    pub sha256: String,
    /// `None`: pair `i` opens with the file's position `i`; `Some(seed)`: the positions
    /// are in the order [`Book::shuffled`] draws from `seed`.
    pub seed: Option<u64>,
    /// `Some(n)`: only the file's positions with at most `n` pieces (kings included), in
    /// the file's order, make the book ([`Book::at_most_pieces`]); its seed orders those.
    pub max_pieces: Option<u32>,
}

impl Book {
    /// Reads a book from `path`, an EPD file or a zip archive holding one (as
    /// `official-stockfish/books` publishes them): every line a position, blank lines and
    /// `#` comments skipped; a line that is not a position, a position with no legal move,
    /// or a file with none, is refused with its line number.
    pub fn read(path: &Path) -> Result<Self, String> {
        let at = |e: String| format!("book {}: {e}", path.display());
        let bytes = std::fs::read(path)
            .map_err(|e| format!("cannot read the book {}: {e}", path.display()))?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let sha256 = crate::provenance::sha256_hex(&bytes);
        let text = if crate::zip::is_zip(&bytes) {
            let (entry, text) = crate::zip::only_file(&bytes, ".epd").map_err(at)?;
            String::from_utf8(text).map_err(|_| at(format!("{entry} is not UTF-8 text")))?
        } else {
            String::from_utf8(bytes).map_err(|_| at("not UTF-8 text (nor a zip)".to_owned()))?
        };
        let book = Self::parse(&name, &text).map_err(at)?;
        Ok(Self { sha256, ..book })
    }

    /// Reads a book's text.
    ///
    /// # Example
    /// ```
    /// let text = "# two starts\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n\
    ///             rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 \"1. e4 e5\";\n";
    /// let book = nullmove_arena::Book::parse("two.epd", text).unwrap();
    /// assert_eq!(book.positions.len(), 2);
    /// assert!(nullmove_arena::Book::parse("none.epd", "\n").unwrap_err().contains("no position"));
    /// ```
    pub fn parse(name: &str, text: &str) -> Result<Self, String> {
        let mut positions = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let Some(board) = position(line).map_err(|e| format!("line {}: {e}", i + 1))? else {
                continue;
            };
            if !board.generate_moves(|_| true) {
                return Err(format!("line {}: the position has no legal move", i + 1));
            }
            positions.push(board);
        }
        if positions.is_empty() {
            return Err("no position in the book".to_owned());
        }
        Ok(Self {
            name: name.to_owned(),
            positions,
            sha256: crate::provenance::sha256_hex(text.as_bytes()),
            seed: None,
            max_pieces: None,
        })
    }

    /// The book in the order `seed` draws (a Fisher-Yates shuffle of the whole book driven
    /// by SplitMix64): the same on every machine and in every shard, so a match can take
    /// its pairs from anywhere in a big book and still be played again or split.
    ///
    /// # Example
    /// ```
    /// let text = "8/8/8/8/8/8/8/K6k w - -\n8/8/8/8/8/8/8/K5k1 w - -\n8/8/8/8/8/8/8/K4k2 w - -\n";
    /// let book = nullmove_arena::Book::parse("b.epd", text).unwrap();
    /// let shuffled = book.shuffled(7);
    /// assert_eq!(shuffled, book.shuffled(7));
    /// assert_eq!(shuffled.seed, Some(7));
    /// let mut sorted = shuffled.positions.clone();
    /// sorted.sort_by_key(|b| b.to_string());
    /// let mut original = book.positions.clone();
    /// original.sort_by_key(|b| b.to_string());
    /// assert_eq!(sorted, original);
    /// ```
    #[must_use]
    pub fn shuffled(&self, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed);
        let mut positions = self.positions.clone();
        for i in (1..positions.len()).rev() {
            let j = rng.below(i + 1);
            positions.swap(i, j);
        }
        Self {
            positions,
            seed: Some(seed),
            ..self.clone()
        }
    }

    /// The book's positions with at most `pieces` pieces on the board, kings included, in
    /// their order: a book of few-piece endgames cut from a big one, which a seed then
    /// orders like any book. A book with no such position is refused.
    ///
    /// # Example
    /// ```
    /// let text = "8/8/8/8/8/8/8/K6k w - -\n8/8/8/8/8/8/P7/K6k w - -\n";
    /// let book = nullmove_arena::Book::parse("b.epd", text).unwrap();
    /// let kings = book.at_most_pieces(2).unwrap();
    /// assert_eq!((kings.positions.len(), kings.max_pieces), (1, Some(2)));
    /// assert!(book.at_most_pieces(1).unwrap_err().contains("no position"));
    /// ```
    pub fn at_most_pieces(&self, pieces: u32) -> Result<Self, String> {
        let positions: Vec<Board> = self
            .positions
            .iter()
            .filter(|b| b.occupied().len() <= pieces)
            .cloned()
            .collect();
        if positions.is_empty() {
            return Err(format!(
                "no position of {} has at most {pieces} pieces",
                self.name
            ));
        }
        Ok(Self {
            positions,
            max_pieces: Some(pieces),
            ..self.clone()
        })
    }

    /// The opening of pair `index`: the book's positions in order, from the first again
    /// once they are used up.
    #[must_use]
    pub fn opening(&self, index: u64) -> &Board {
        &self.positions[(index % self.positions.len() as u64) as usize]
    }
}

/// One line: a full FEN (six fields, the clocks kept), or EPD (four fields and operations);
/// `None` for a blank or comment line.
fn position(line: &str) -> Result<Option<Board>, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let clocks = fields.len() == 6 && fields[4..].iter().all(|f| f.parse::<u16>().is_ok());
    if clocks {
        return parse_fen(line.trim()).map(Some).map_err(|e| e.to_string());
    }
    match parse_line(line, 0) {
        Ok(entry) => entry
            .map(|e| e.board().map_err(|e| e.to_string()))
            .transpose(),
        // The EPD error names line 0; the caller names the line.
        Err(e) => Err(e.to_string().replacen("EPD line 0: ", "", 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_fields_keep_their_clocks() {
        let b = position("8/pp2nkR1/5n1p/3p4/5p2/P2BP3/1PPKN3/8 b - - 0 31")
            .unwrap()
            .unwrap();
        assert_eq!(b.fullmove_number(), 31);
        let b = position("8/pp2nkR1/5n1p/3p4/5p2/P2BP3/1PPKN3/8 b - -")
            .unwrap()
            .unwrap();
        assert_eq!(b.fullmove_number(), 1);
        assert_eq!(position("   "), Ok(None));
    }

    #[test]
    fn bad_books_say_where() {
        let e = Book::parse("b", "8/8/8/8/8/8/8/K6k w - - 0 1\nnot a fen at all\n").unwrap_err();
        assert!(e.starts_with("line 2: "), "{e}");
        let e = Book::parse("b", "7k/5Q2/6K1/8/8/8/8/8 b - -\n").unwrap_err();
        assert!(e.contains("line 1: the position has no legal move"), "{e}");
        let book = Book::parse("b", "8/8/8/8/8/8/8/K6k w - -\n8/8/8/8/8/8/8/K5k1 w - -\n").unwrap();
        assert_eq!(book.opening(3), &book.positions[1]);
    }
}
