//! Whether a match's book covers its pairs: at a fixed node count a pair past the book's
//! end replays an earlier one move for move, at a clock it is a correlated repeat.

use crate::arbiter::Control;
use crate::runner::MatchSpec;

impl MatchSpec {
    /// Whether the book's positions cover the pairs: at a fixed node count a pair past the
    /// book replays an earlier one move for move, so it is refused; at a clock `--repeat-book`
    /// must say the repeats are meant ([`MatchSpec::book_warning`] warns otherwise). A
    /// `--repeat-book` that changes nothing is refused.
    pub fn book_cover(&self, repeat_book: bool) -> Result<(), String> {
        let positions = self.book.positions.len() as u64;
        let (pairs, name) = (self.pairs, &self.book.name);
        if pairs > positions {
            if let Control::Nodes(_) = self.control {
                return Err(format!(
                    "--pairs {pairs} with {name}, which has {positions} positions, at a fixed node \
                     count: pair {positions} would replay pair 0 move for move and count the copy \
                     as a new game. Give at most {positions} pairs, or a bigger book (the \
                     published UHO_4060_v2.epd.zip holds 242,201 positions)"
                ));
            }
        } else if repeat_book {
            return Err(format!(
                "--repeat-book: {name} has {positions} positions for the {pairs} pairs, so no \
                 opening repeats"
            ));
        }
        Ok(())
    }

    /// The warning of a clock match that starts its book again without `--repeat-book`.
    #[must_use]
    pub fn book_warning(&self, repeat_book: bool) -> Option<String> {
        let positions = self.book.positions.len() as u64;
        (self.pairs > positions && !repeat_book).then(|| {
            format!(
                "nullmove: warning: {} pairs from {} positions of {}: the book starts again at pair \
                 {positions}, and games from one opening are correlated, so the interval is \
                 narrower than the evidence (--repeat-book says it is meant)",
                self.pairs, positions, self.book.name
            )
        })
    }
}
