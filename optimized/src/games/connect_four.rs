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
//! use nullmove_optimized::games::connect_four::{ConnectFour, WIN};
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

use nullmove_core::Value;

use crate::{DeepGame, Game};

/// The score of a win at the root; a win `depth` plies below it scores `WIN - depth` (a loss
/// `-(WIN - depth)`), so the search prefers the sooner win. Every evaluation lies well
/// inside: at most 9 for each of a board's windows of four (69 on the standard board).
pub const WIN: Value = 1_000;

/// The standard board: seven columns, six rows.
pub type Standard = ConnectFour<7, 6>;

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

impl<const COLUMNS: u32, const ROWS: u32> ConnectFour<COLUMNS, ROWS> {
    /// Bits per column: the rows and one spare bit on top, so that lines cannot wrap.
    const HEIGHT: u32 = ROWS + 1;

    /// Refuses, at compile time, a board that does not fit one word with the side bit.
    const FITS: () = assert!(
        COLUMNS >= 1
            && ROWS >= 1
            && COLUMNS as usize <= MAX_COLUMNS
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

    /// The four directions of a line (up, right, up-right, down-right) as steps between
    /// the bits of neighbouring cells.
    const STEPS: [u32; 4] = [1, Self::HEIGHT, Self::HEIGHT + 1, Self::HEIGHT - 1];

    /// For each direction of [`ConnectFour::STEPS`], the cells a window of four cells in
    /// that direction starts from (its lowest bit), so that the window lies on the board.
    const STARTS: [u64; 4] = {
        let mut starts = [0; 4];
        let (c_max, r_max) = (COLUMNS as i32, ROWS as i32);
        let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = directions[d];
            let mut c = 0;
            while c < c_max {
                let mut r = 0;
                while r < r_max {
                    let (ec, er) = (c + 3 * dc, r + 3 * dr);
                    if ec >= 0 && ec < c_max && er >= 0 && er < r_max {
                        starts[d] |= 1_u64 << (c as u32 * Self::HEIGHT + r as u32);
                    }
                    r += 1;
                }
                c += 1;
            }
            d += 1;
        }
        starts
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

    /// The sum, over the windows of four cells holding none of `theirs`, of the square of
    /// the stones of `mine` in each: every window of a direction at once, one bit each (at
    /// its lowest cell), its count of stones added up in bit slices.
    // PERF: against one mask per window and two popcounts each (69 windows on 7x6), plain
    // search to depth 8 from the empty board: 388 instead of 1,204 instructions per node
    // (`valgrind --tool=callgrind`, 20 searches; the same values on every position of 700
    // random games, see the tests).
    #[inline]
    fn windows_score(mine: u64, theirs: u64) -> Value {
        let mut score = 0;
        for (&s, &starts) in Self::STEPS.iter().zip(&Self::STARTS) {
            let free = starts & !(theirs | theirs >> s | theirs >> (2 * s) | theirs >> (3 * s));
            let (a0, a1, a2, a3) = (mine, mine >> s, mine >> (2 * s), mine >> (3 * s));
            // Two half adders and a full one: the count a0 + a1 + a2 + a3 in bits b0, b1, b2.
            let (x, c1, y, c2) = (a0 ^ a1, a0 & a1, a2 ^ a3, a2 & a3);
            let (b0, carry) = (x ^ y, x & y);
            let b1 = c1 ^ c2 ^ carry;
            let b2 = (c1 & c2) | (carry & (c1 | c2));
            // count^2 = b0 + 4 b1 + 4 b0 b1 + 16 b2 (four stones leave b0 and b1 clear).
            let ones = (free & b0).count_ones() + 4 * (free & b1).count_ones();
            let more = 4 * (free & b0 & b1).count_ones() + 16 * (free & b2).count_ones();
            score += (ones + more) as Value;
        }
        score
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
    next: usize,
}

/// Room for the columns of any board that fits (`COLUMNS * (ROWS + 1) <= 63`).
const MAX_COLUMNS: usize = 32;

impl<const COLUMNS: u32, const ROWS: u32> Columns<COLUMNS, ROWS> {
    /// The columns in search order: the centre (the left one of two), then one right, one
    /// left, two right, two left...
    const ORDER: [u8; MAX_COLUMNS] = {
        let mut order = [0; MAX_COLUMNS];
        let centre = (COLUMNS - 1) / 2;
        let mut i = 0;
        while i < COLUMNS {
            let c = if i % 2 == 1 {
                centre + i.div_ceil(2)
            } else {
                centre - i / 2
            };
            order[i as usize] = c as u8;
            i += 1;
        }
        order
    };
}

impl<const COLUMNS: u32, const ROWS: u32> Iterator for Columns<COLUMNS, ROWS> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while let Some(&c) = Self::ORDER[..COLUMNS as usize].get(self.next) {
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
        Self::windows_score(first, second) - Self::windows_score(second, first)
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

    /// The column: no moves generated to store one.
    fn move_code(&self, column: u8) -> u16 {
        u16::from(column)
    }

    fn move_of_code(&self, moves: &[u8], code: u16) -> Option<u8> {
        moves.iter().copied().find(|&c| u16::from(c) == code)
    }
}

/// Why a game's moves were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConnectFourError {
    /// A character that is no column of this board.
    Column {
        /// Which move, counted from 1.
        index: usize,
        /// The character found.
        found: char,
        /// The board's columns.
        columns: u32,
    },
    /// A stone into a full column.
    Full {
        /// Which move, counted from 1.
        index: usize,
        /// The column, counted from 1.
        column: u8,
    },
    /// A move after four in a line or a full board.
    Over {
        /// Which move, counted from 1.
        index: usize,
    },
}

impl fmt::Display for ConnectFourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Column {
                index,
                found,
                columns,
            } => write!(
                f,
                "move {index}: {found:?} is not a column: expected a digit 1..={columns}"
            ),
            Self::Full { index, column } => write!(f, "move {index}: column {column} is full"),
            Self::Over { index } => write!(f, "move {index}: the game is already over"),
        }
    }
}

impl std::error::Error for ConnectFourError {}

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
