//! Connect Four on bitboards, as a [`Game`] and a [`DeepGame`]: the standard board of seven
//! columns and six rows ([`Standard`]) or any smaller one, with a window-counting evaluation.
//!
//! A game the library's searchers, benchmarks and tests share, and a worked example of the
//! traits on a real game with zugzwang (where passing is not the worst a side can do, so an
//! unguarded null move errs; `examples/connect_four.rs` measures how often). The layout is
//! the usual one for Connect Four solvers: one bit per cell, a column's cells bottom to top,
//! one spare bit above each column so that no line wraps from one column into the next.
//!
//! # Example
//! ```
//! use nullmove_optimized::connect_four::{ConnectFour, WIN};
//! use nullmove_optimized::{search, Config, Game};
//! // Columns numbered from 1, as solvers write games: the first player (X) has three in
//! // the bottom row, the second three above them, and X is to move.
//! let game: ConnectFour = "334455".parse().unwrap();
//! assert_eq!(game.to_string().lines().rev().nth(1), Some("..OOO.."));
//! let report = search(game, &Config::new(4));
//! // Columns 2 and 6 complete the row; 6 comes first in the centre-first move order.
//! assert_eq!(report.best_move.map(|c| c + 1), Some(6));
//! assert_eq!(report.value, WIN - 1); // won one ply from the root
//! ```

use std::fmt;
use std::str::FromStr;

use nullmove_core::{Game, Value};

use crate::DeepGame;

/// The score of a win at the root; a win `depth` plies below it scores `WIN - depth` (a loss
/// `-(WIN - depth)`), so the search prefers the sooner win. Every evaluation lies well
/// inside: at most 9 for each of a board's windows of four (69 on the standard board).
pub const WIN: Value = 1_000;

/// The standard board: seven columns, six rows.
pub type Standard = ConnectFour<7, 6>;

/// Room for the windows of four of any board that fits ([`ConnectFour`]'s size rule).
const MAX_WINDOWS: usize = 128;

/// A Connect Four position on a board of `COLUMNS` x `ROWS` (at least 4 x 1 or 1 x 4, with
/// `COLUMNS * (ROWS + 1)` at most 63 bits): the first player's stones, all stones, and who
/// is to move (kept apart from the stones, since a null move hands the move over without a
/// stone). The first player maximizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnectFour<const COLUMNS: u32 = 7, const ROWS: u32 = 6> {
    first: u64,
    both: u64,
    first_to_move: bool,
}

/// A board's windows of four cells, as bit masks: the cells the evaluation counts together.
struct Windows {
    masks: [u64; MAX_WINDOWS],
    len: usize,
}

impl<const COLUMNS: u32, const ROWS: u32> ConnectFour<COLUMNS, ROWS> {
    /// Bits per column: the rows and one spare bit on top, so that lines cannot wrap.
    const HEIGHT: u32 = ROWS + 1;

    /// Refuses, at compile time, a board that does not fit one word with the side bit.
    const FITS: () = assert!(
        COLUMNS >= 1
            && ROWS >= 1
            && (COLUMNS >= 4 || ROWS >= 4)
            && COLUMNS * (ROWS + 1) <= 63
            && COLUMNS <= u8::MAX as u32,
        "a Connect Four board needs room for a line and COLUMNS * (ROWS + 1) <= 63"
    );

    /// The bottom cell of every column.
    const BOTTOM: u64 = {
        let (mut b, mut c) = (0, 0);
        while c < COLUMNS {
            b |= 1 << (c * Self::HEIGHT);
            c += 1;
        }
        b
    };

    /// Every cell of the board.
    const FULL: u64 = Self::BOTTOM * ((1 << ROWS) - 1);

    /// Every window of four cells on the board.
    const WINDOWS: Windows = {
        let mut w = Windows {
            masks: [0; MAX_WINDOWS],
            len: 0,
        };
        let (c_max, r_max) = (COLUMNS as i32, ROWS as i32);
        let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
        let mut c = 0;
        while c < c_max {
            let mut r = 0;
            while r < r_max {
                let mut d = 0;
                while d < directions.len() {
                    let (dc, dr) = directions[d];
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if ec >= 0 && ec < c_max && er >= 0 && er < r_max {
                        let mut mask = 0;
                        let mut i = 0;
                        while i < 4 {
                            let cell = (c + i * dc) as u32 * Self::HEIGHT + (r + i * dr) as u32;
                            mask |= 1_u64 << cell;
                            i += 1;
                        }
                        w.masks[w.len] = mask;
                        w.len += 1;
                    }
                    d += 1;
                }
                r += 1;
            }
            c += 1;
        }
        w
    };

    /// The empty board, the first player to move.
    #[must_use]
    pub const fn new() -> Self {
        let () = Self::FITS;
        Self {
            first: 0,
            both: 0,
            first_to_move: true,
        }
    }

    /// Whether a stone can still go into column `c` (counted from 0).
    #[must_use]
    pub const fn playable(&self, c: u8) -> bool {
        (c as u32) < COLUMNS && self.both & Self::top(c) == 0
    }

    /// The stones on the board.
    #[must_use]
    pub const fn stones(&self) -> u32 {
        self.both.count_ones()
    }

    /// A number only this position has: each column's stones, the first player's doubled
    /// (no carry leaves a column), and the side to move in the top bit. Unmixed: equal
    /// positions share it, but nearby ones differ only in a few bits.
    #[must_use]
    pub const fn code(&self) -> u64 {
        // Per column with h stones: first + (2^h - 1) lies in [2^h - 1, 2^(h+1) - 2], so h
        // and then the first player's stones can be read back.
        (self.first + self.both) | ((self.first_to_move as u64) << 63)
    }

    /// The top cell of column `c`.
    const fn top(c: u8) -> u64 {
        1 << (c as u32 * Self::HEIGHT + ROWS - 1)
    }

    /// The cell a stone dropped into column `c` lands on (none if the column is full).
    const fn landing(&self, c: u8) -> u64 {
        let shift = c as u32 * Self::HEIGHT;
        (self.both + (1 << shift)) & (((1 << ROWS) - 1) << shift)
    }

    const fn second(&self) -> u64 {
        self.both ^ self.first
    }

    /// Whether `stones` hold four in a line: vertical, horizontal and both diagonals.
    const fn four(stones: u64) -> bool {
        let steps = [1, Self::HEIGHT, Self::HEIGHT + 1, Self::HEIGHT - 1];
        let mut i = 0;
        while i < steps.len() {
            let pairs = stones & (stones >> steps[i]);
            if pairs & (pairs >> (2 * steps[i])) != 0 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Mixes [`ConnectFour::code`] (the 64-bit finalizer of `MurmurHash3`, a bijection): a table
    /// that picks slots by a key's low bits needs every bit of the position in them.
    const fn mixed(code: u64) -> u64 {
        let mut k = code;
        k ^= k >> 33;
        k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
        k ^= k >> 33;
        k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        k ^ (k >> 33)
    }
}

impl<const COLUMNS: u32, const ROWS: u32> Default for ConnectFour<COLUMNS, ROWS> {
    fn default() -> Self {
        Self::new()
    }
}

/// The open columns of a position, centre first (alpha-beta cuts more when the best moves
/// come early; the centre takes part in the most lines): owned and allocation-free.
#[derive(Debug, Clone)]
pub struct Columns<const COLUMNS: u32, const ROWS: u32> {
    both: u64,
    next: u32,
}

impl<const COLUMNS: u32, const ROWS: u32> Columns<COLUMNS, ROWS> {
    /// The `i`-th column in search order: the centre (the left one of two), then one right,
    /// one left, two right, two left...
    const fn column(i: u32) -> u8 {
        let centre = (COLUMNS - 1) / 2;
        (if i % 2 == 1 {
            centre + i.div_ceil(2)
        } else {
            centre - i / 2
        }) as u8
    }
}

impl<const COLUMNS: u32, const ROWS: u32> Iterator for Columns<COLUMNS, ROWS> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.next < COLUMNS {
            let c = Self::column(self.next);
            self.next += 1;
            if self.both & ConnectFour::<COLUMNS, ROWS>::top(c) == 0 {
                return Some(c);
            }
        }
        None
    }
}

impl<const COLUMNS: u32, const ROWS: u32> Game for ConnectFour<COLUMNS, ROWS> {
    /// A column, counted from 0 on the left.
    type Move = u8;
    type Moves = Columns<COLUMNS, ROWS>;

    #[inline]
    fn maximizing(&self) -> bool {
        self.first_to_move
    }

    #[inline]
    fn moves(&self) -> Self::Moves {
        Columns {
            both: self.both,
            next: 0,
        }
    }

    #[inline]
    fn play(&mut self, c: u8) {
        let cell = self.landing(c);
        debug_assert!(self.playable(c) && cell != 0, "column {c} is open");
        self.both |= cell;
        if self.first_to_move {
            self.first |= cell;
        }
        self.first_to_move = !self.first_to_move;
    }

    #[inline]
    fn pass(&mut self) {
        self.first_to_move = !self.first_to_move;
    }

    #[inline]
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        let sooner = WIN - depth as Value;
        if Self::four(self.first) {
            Some(sooner)
        } else if Self::four(self.second()) {
            Some(-sooner)
        } else {
            (self.both == Self::FULL).then_some(0)
        }
    }

    /// Every window of four cells that one side alone occupies counts for it, more the
    /// fuller it is: 1, 4 or 9 for one, two or three stones.
    #[inline]
    fn evaluate(&self) -> Value {
        let (first, second) = (self.first, self.second());
        let windows = &Self::WINDOWS;
        let mut score = 0;
        for &w in &windows.masks[..windows.len] {
            let (mine, theirs) = ((first & w).count_ones(), (second & w).count_ones());
            if theirs == 0 {
                score += (mine * mine) as Value;
            } else if mine == 0 {
                score -= (theirs * theirs) as Value;
            }
        }
        score
    }

    /// The opponent, moving after a pass, would complete four at once.
    fn pass_is_dangerous(&self) -> bool {
        let theirs = if self.first_to_move {
            self.second()
        } else {
            self.first
        };
        self.moves().any(|c| Self::four(theirs | self.landing(c)))
    }

    /// The empty cells.
    fn material(&self) -> u32 {
        COLUMNS * ROWS - self.stones()
    }
}

impl<const COLUMNS: u32, const ROWS: u32> DeepGame for ConnectFour<COLUMNS, ROWS> {
    const MAX_MOVES: usize = COLUMNS as usize;

    /// [`ConnectFour::code`], mixed: unique, and spread over every bit.
    #[inline]
    fn key(&self) -> u64 {
        Self::mixed(self.code())
    }
}

/// Why a game's moves were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConnectFourError {
    /// A character that is no column of this board.
    #[error("move {index}: {found:?} is not a column: expected a digit 1..={columns}")]
    Column {
        /// Which move, counted from 1.
        index: usize,
        /// The character found.
        found: char,
        /// The board's columns.
        columns: u32,
    },
    /// A stone into a full column.
    #[error("move {index}: column {column} is full")]
    Full {
        /// Which move, counted from 1.
        index: usize,
        /// The column, counted from 1.
        column: u8,
    },
    /// A move after four in a line or a full board.
    #[error("move {index}: the game is already over")]
    Over {
        /// Which move, counted from 1.
        index: usize,
    },
}

impl<const COLUMNS: u32, const ROWS: u32> FromStr for ConnectFour<COLUMNS, ROWS> {
    type Err = ConnectFourError;

    /// The position after a game's moves, one digit a move, columns counted from 1 (the
    /// notation Connect Four solvers share, so only a board's first nine columns have one):
    /// `""` is the empty board, `"44"` both players in the centre column of the standard
    /// board.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut game = Self::new();
        for (i, ch) in s.chars().enumerate() {
            let index = i + 1;
            if game.terminal_score(0).is_some() {
                return Err(ConnectFourError::Over { index });
            }
            let column = ch
                .to_digit(10)
                .filter(|d| (1..=COLUMNS.min(9)).contains(d))
                .ok_or(ConnectFourError::Column {
                    index,
                    found: ch,
                    columns: COLUMNS,
                })? as u8;
            if !game.playable(column - 1) {
                return Err(ConnectFourError::Full { index, column });
            }
            game.play(column - 1);
        }
        Ok(game)
    }
}

impl<const COLUMNS: u32, const ROWS: u32> fmt::Display for ConnectFour<COLUMNS, ROWS> {
    /// The board from the top row down, `X` the first player's stones, `O` the second's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..ROWS).rev() {
            for c in 0..COLUMNS {
                let bit = 1 << (c * Self::HEIGHT + r);
                let mark = match (self.first & bit != 0, self.both & bit != 0) {
                    (true, _) => 'X',
                    (false, true) => 'O',
                    (false, false) => '.',
                };
                write!(f, "{mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
