//! The bitboard state, its moves and the one table that answers everything the search asks
//! of a board: the page's game as a [`Game`] and a [`crate::DeepGame`].

use nullmove_core::{Board, CELLS, Cell, LINES, Player, Value};

use crate::Game;

/// All nine cells as bits.
const FULL: u16 = (1 << CELLS) - 1;

/// Number of base-3 keys: every assignment of empty/X/O to the nine cells, `3^9`.
const KEYS: usize = 19_683;

/// `3^c` for each cell.
const POW3: [u16; CELLS] = {
    let mut p = [1_u16; CELLS];
    let mut c = 1;
    while c < CELLS {
        p[c] = p[c - 1] * 3;
        c += 1;
    }
    p
};

/// Where X's bitboard, O's bitboard, the base-3 key and the side-to-move bit sit in the
/// state word.
const O_SHIFT: u32 = 16;
const KEY_SHIFT: u32 = 32;
const SIDE_BIT: u64 = 1 << 63;

/// What a [`Mark`] adds to the state word, indexed by the mark (`cell | side << 4`, side
/// 0 for X, 1 for O): the cell's bit in the mover's bitboard, `3^c` (X) or `2 * 3^c` (O) to
/// the key, and a flip of the side bit (bit 63, whose carry falls off the word). Adding it
/// plays the move.
const STEP: [u64; 32] = {
    let mut s = [0_u64; 32];
    let mut c = 0;
    while c < CELLS {
        s[c] = (1 << c) | ((POW3[c] as u64) << KEY_SHIFT) | SIDE_BIT;
        s[c | 16] = (1 << (c as u32 + O_SHIFT)) | ((2 * POW3[c] as u64) << KEY_SHIFT) | SIDE_BIT;
        c += 1;
    }
    s
};

/// Table entries at or above this mark a finished game; below it, the heuristic of a board
/// still in play (|heuristic| <= 8 * 27).
const TERMINAL: i16 = 1_000;
/// Table entry of a board X has won (a line of X is the first line found, in [`LINES`]
/// order): `TERMINAL + 1 + sign`, so `score = sign * (10 - depth)`.
const X_WON: i16 = TERMINAL + 2;
/// Table entry of a board O has won (sign -1).
const O_WON: i16 = TERMINAL;
/// Table entry of a full board with no line (sign 0).
const DRAWN: i16 = TERMINAL + 1;

/// Table length: keys are below `3^9 < 2^15`, and a power of two lets the masked key index
/// it without a bounds check; entries past `3^9 - 1` are never read.
const TABLE_LEN: usize = 1 << 15;

/// For every base-3 key: [`X_WON`], [`O_WON`], [`DRAWN`], or the heuristic of a board still
/// in play. One load answers both the terminal test and the evaluation; the 3^9 entries
/// in use take 39 KB.
static TABLE: [i16; TABLE_LEN] = build_table();

/// Decodes a base-3 key into the two bitboards.
const fn decode(key: usize) -> (u16, u16) {
    let (mut x, mut o, mut k, mut c) = (0_u16, 0_u16, key, 0);
    while c < CELLS {
        match k % 3 {
            1 => x |= 1 << c,
            2 => o |= 1 << c,
            _ => {}
        }
        k /= 3;
        c += 1;
    }
    (x, o)
}

/// The table entry of one board, from the same definitions as `nullmove_core::eval`.
const fn entry(x: u16, o: u16) -> i16 {
    let mut h: i16 = 0;
    let mut i = 0;
    while i < LINES.len() {
        let mask = (1_u16 << LINES[i][0]) | (1 << LINES[i][1]) | (1 << LINES[i][2]);
        let (xs, os) = ((x & mask).count_ones(), (o & mask).count_ones());
        // winner(): the owner of the first complete line in LINES order.
        if xs == 3 {
            return X_WON;
        }
        if os == 3 {
            return O_WON;
        }
        if os == 0 {
            h += 3_i16.pow(xs);
        }
        if xs == 0 {
            h -= 3_i16.pow(os);
        }
        i += 1;
    }
    if x | o == FULL { DRAWN } else { h }
}

#[allow(clippy::large_stack_arrays)] // evaluated at compile time into a static
const fn build_table() -> [i16; TABLE_LEN] {
    let mut t = [0_i16; TABLE_LEN];
    let mut key = 0;
    while key < KEYS {
        // Entries from KEYS on stay 0: no state has such a key.
        let (x, o) = decode(key);
        t[key] = entry(x, o);
        key += 1;
    }
    t
}

/// `BASE3[bits]`: the sum of `3^c` over the cells `c` set in `bits`, so that the key of a
/// board is `BASE3[x] + 2 * BASE3[o]` (1 KB).
const BASE3: [u16; 1 << CELLS] = {
    let mut t = [0_u16; 1 << CELLS];
    let mut bits = 1;
    while bits < t.len() {
        let low = bits.trailing_zeros() as usize;
        t[bits] = t[bits & (bits - 1)] + POW3[low];
        bits += 1;
    }
    t
};

/// The base-3 key of two bitboards, from scratch (the state keeps it incrementally); a cell
/// set in both counts as X's.
#[must_use]
pub const fn key_of(x: u16, o: u16) -> u16 {
    let (x, o) = (x & FULL, o & FULL & !x);
    BASE3[x as usize] + 2 * BASE3[o as usize]
}

/// X's and O's bitboards of a raw board.
// PERF: per-search setup (every search converts its `Position`): one pass over the board,
// the side to move from the bitboards' popcount instead of `Position::side_to_move`'s second
// pass, and `Guards::is_page` inlined: 52.20 -> 51.12 instructions per node (`valgrind
// --tool=callgrind --dump-instr=no nullmove bench --engine optimized`, 2,285.2 -> 2,237.8
// million; the conversion 137 -> 72 instructions per search); `nullmove bench --engine
// optimized`, 3 runs: 196.8 / 193.0 / 196.3 -> 197.0 / 198.8 / 198.2 M nodes/s.
#[inline]
pub(super) fn bitboards(board: &Board) -> (u16, u16) {
    let (mut x, mut o) = (0_u16, 0_u16);
    for (c, cell) in board.iter().enumerate() {
        match cell {
            Some(Player::X) => x |= 1 << c,
            Some(Player::O) => o |= 1 << c,
            None => {}
        }
    }
    (x, o)
}

/// A tic-tac-toe state on bitboards: the board and the side to move, which is stored
/// rather than inferred because a null move flips it without touching the board.
///
/// # Example
/// ```
/// use nullmove_optimized::Game;
/// use nullmove_optimized::games::tictactoe::{Mark, Player, Position, TicTacToe};
/// let p: Position = "...O.X...".parse().unwrap();
/// let mut g = TicTacToe::from(p);
/// assert!(g.maximizing());
/// let cells: Vec<u8> = g.moves().map(Mark::cell).collect();
/// assert_eq!(cells, [0, 1, 2, 4, 6, 7, 8]);
/// g.play(Mark::new(4, Player::X)); // the pitfall's centre move ("Pitfalls")
/// assert_eq!(g.evaluate(), 9);
/// assert_eq!(g.to_position().unwrap().to_string(), "...OXX...");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    /// X's bitboard in bits 0..9, O's in bits 16..25, the base-3 key of the board (the
    /// [`TABLE`] index) in bits 32..47, the side to move in bit 63 (set: O).
    // PERF: one word, so a move is one `add` of a precomputed step (see STEP), with no bounds
    // checks on the side or the key. Against the same state
    // in separate fields (`[u16; 2]` bitboards, a `u16` key, a `u8` side): 51.8 instead of
    // 72.5 instructions per node (`valgrind --tool=callgrind nullmove bench --engine
    // optimized`); `cargo bench -p nullmove-bench -- 'optimized searcher/null'`: depth 5
    // R 3, 330 instead of 80 M nodes/s; depth 9 R 1, 182 instead of 72.
    word: u64,
}

impl TicTacToe {
    /// A state from a raw board and the side to move. Any board is accepted, as the page's
    /// function accepts any board (tests search below the root with either side to move).
    #[must_use]
    pub fn new(board: &Board, maximizing: bool) -> Self {
        let (x, o) = bitboards(board);
        Self::from_bitboards(x, o, maximizing)
    }

    /// The state of X's and O's bitboards with the side to move.
    #[inline]
    pub(super) fn from_bitboards(x: u16, o: u16, maximizing: bool) -> Self {
        let side = if maximizing { 0 } else { SIDE_BIT };
        Self {
            word: u64::from(x)
                | (u64::from(o) << O_SHIFT)
                | (u64::from(key_of(x, o)) << KEY_SHIFT)
                | side,
        }
    }

    /// X's bitboard (bit `c` set when X holds cell `c`).
    #[must_use]
    pub const fn x(&self) -> u16 {
        self.word as u16 & FULL
    }

    /// O's bitboard.
    #[must_use]
    pub const fn o(&self) -> u16 {
        (self.word >> O_SHIFT) as u16 & FULL
    }

    /// The empty cells as bits.
    #[must_use]
    pub const fn empty(&self) -> u16 {
        !(self.word as u16 | (self.word >> O_SHIFT) as u16) & FULL
    }

    /// The incrementally kept base-3 key (equals [`key_of`] of the bitboards).
    #[must_use]
    pub const fn key(&self) -> u16 {
        (self.word >> KEY_SHIFT) as u16 & (TABLE_LEN as u16 - 1)
    }

    /// 0 when X is to move, 1 when O is.
    #[inline]
    const fn side(self) -> usize {
        (self.word >> 63) as usize
    }

    /// The table entry of the board.
    #[inline]
    fn entry(self) -> i16 {
        TABLE[usize::from(self.key())]
    }

    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Player {
        if self.side() == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The raw board.
    #[must_use]
    pub fn board(&self) -> Board {
        std::array::from_fn(|c| {
            if self.x() & (1 << c) != 0 {
                Some(Player::X)
            } else if self.o() & (1 << c) != 0 {
                Some(Player::O)
            } else {
                None
            }
        })
    }

    /// The side with a line (the first line in [`LINES`] order, as `winner()`), if any.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        match self.entry() {
            X_WON => Some(Player::X),
            O_WON => Some(Player::O),
            _ => None,
        }
    }
}

/// A move: the cell and the side that marks it, so that playing it is one addition of a
/// constant chosen by the move alone.
// PERF: the side in the move, not read back from the state: when the search still took moves
// back, reading the side from the state it had just changed cost every child a chain of two
// dependent table loads; with the side in the move the compiler folds the move's step into
// the loop: 51.8 instead of 62.6 instructions per node (`valgrind --tool=callgrind nullmove
// bench --engine optimized`); `cargo bench -p nullmove-bench -- 'optimized
// searcher/null'`: depth 9 R 1, 182 instead of 102 M nodes/s; depth 5 R 3, 330 instead of 249.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark(u8);

impl Mark {
    /// `player` marks `cell` (`0..=8`).
    #[must_use]
    pub const fn new(cell: Cell, player: Player) -> Self {
        assert!((cell as usize) < CELLS, "a cell is 0..=8");
        Self(cell | if matches!(player, Player::X) { 0 } else { 16 })
    }

    /// The cell marked.
    #[must_use]
    pub const fn cell(self) -> Cell {
        self.0 & 15
    }

    /// The side marking it.
    #[must_use]
    pub const fn player(self) -> Player {
        if self.0 & 16 == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The [`STEP`] of this move.
    #[inline]
    const fn step(self) -> u64 {
        STEP[(self.0 & 31) as usize]
    }
}

/// The eight lines as bit masks, in [`LINES`] order.
const LINE_MASKS: [u16; 8] = {
    let mut m = [0_u16; 8];
    let mut i = 0;
    while i < LINES.len() {
        m[i] = (1 << LINES[i][0]) | (1 << LINES[i][1]) | (1 << LINES[i][2]);
        i += 1;
    }
    m
};

/// The moves of one position: its empty cells, lowest first (the page's order), each
/// marked by the side to move. A copy of two small integers, no allocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marks {
    empty: u16,
    side: u8,
}

impl Iterator for Marks {
    type Item = Mark;

    #[inline]
    fn next(&mut self) -> Option<Mark> {
        if self.empty == 0 {
            return None;
        }
        let c = self.empty.trailing_zeros() as Cell;
        self.empty &= self.empty - 1;
        Some(Mark(c | self.side))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.empty.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Marks {}

impl Game for TicTacToe {
    type Move = Mark;
    type Moves = Marks;

    #[inline]
    fn maximizing(&self) -> bool {
        self.word & SIDE_BIT == 0
    }

    #[inline]
    fn moves(&self) -> Marks {
        Marks {
            empty: self.empty(),
            side: (self.side() as u8) << 4,
        }
    }

    #[inline]
    fn play(&mut self, mark: Mark) {
        debug_assert!(
            self.empty() & (1 << mark.cell()) != 0,
            "{mark:?}: the cell is empty"
        );
        debug_assert_eq!(
            mark.player(),
            self.side_to_move(),
            "{mark:?}: the mover's mark"
        );
        self.word = self.word.wrapping_add(mark.step());
    }

    #[inline]
    fn pass(&mut self) {
        self.word ^= SIDE_BIT;
    }

    /// The threat guard's question: after a pass the opponent moves, so a pass is dangerous
    /// when the opponent has two in a line whose third cell is empty.
    fn pass_is_dangerous(&self) -> bool {
        let (mover, opponent) = if self.maximizing() {
            (self.x(), self.o())
        } else {
            (self.o(), self.x())
        };
        LINE_MASKS
            .iter()
            .any(|&m| (opponent & m).count_ones() == 2 && mover & m == 0)
    }

    /// The endgame guard's measure: the empty cells left.
    fn material(&self) -> u32 {
        self.empty().count_ones()
    }

    #[inline]
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        let e = self.entry();
        if e < TERMINAL {
            return None;
        }
        // X won: +1, drawn: 0, O won: -1, times the page's 10 - depth.
        let sign = Value::from(e - DRAWN);
        debug_assert!(matches!(e, X_WON | O_WON | DRAWN));
        Some(sign * (10 - depth as Value))
    }

    #[inline]
    fn evaluate(&self) -> Value {
        let e = self.entry();
        debug_assert!(e < TERMINAL, "evaluate() on a finished game");
        Value::from(e)
    }
}

/// Tic-tac-toe for the deep search too: its one word holds the marks, the base-3 key and the
/// side to move, so it is its own table key.
impl crate::DeepGame for TicTacToe {
    const MAX_MOVES: usize = 9;

    fn key(&self) -> u64 {
        self.word
    }

    /// The mark's one byte, cell and player: no moves generated to store one.
    fn move_code(&self, mv: Mark) -> u16 {
        u16::from(mv.0)
    }

    fn move_of_code(&self, moves: &[Mark], code: u16) -> Option<Mark> {
        moves.iter().copied().find(|m| u16::from(m.0) == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nullmove_core::{Position, heuristic, score, winner};

    /// Checks the cached key and the table against `nullmove_core`'s definitions
    /// (`winner`, `score`, `heuristic`) for this state.
    fn agrees_with_core(g: TicTacToe, depth: u32) -> bool {
        let board = g.board();
        let core_terminal = (winner(&board).is_some() || board.iter().all(Option::is_some))
            .then(|| score(winner(&board), depth));
        g.key() == key_of(g.x(), g.o())
            && g.x() & g.o() == 0
            && g.word
                & !(u64::from(FULL) | u64::from(FULL) << O_SHIFT | 0x7FFF << KEY_SHIFT | SIDE_BIT)
                == 0
            && g.terminal_score(depth) == core_terminal
            && (core_terminal.is_some() || g.evaluate() == heuristic(&board))
    }

    /// The table and the incremental key agree with core's rules on all 3^9 boards, with
    /// either side to move and any depth.
    #[test]
    fn table_agrees_with_core_on_every_board() {
        for key in 0..KEYS {
            let (x, o) = decode(key);
            assert_eq!(usize::from(key_of(x, o)), key);
            for maximizing in [true, false] {
                let mut board = [None; CELLS];
                for (c, cell) in board.iter_mut().enumerate() {
                    if x & (1 << c) != 0 {
                        *cell = Some(Player::X);
                    } else if o & (1 << c) != 0 {
                        *cell = Some(Player::O);
                    }
                }
                let g = TicTacToe::new(&board, maximizing);
                assert_eq!(g.board(), board);
                assert_eq!(g.winner(), winner(&board));
                for depth in 0..=9 {
                    assert!(agrees_with_core(g, depth), "key {key}");
                }
            }
        }
    }

    #[test]
    fn play_and_pass_match_the_rules() {
        for p in Position::all_nonterminal() {
            let g = TicTacToe::from(p);
            for mark in g.moves() {
                assert_eq!(mark.player(), p.side_to_move());
                let mut h = g;
                h.play(mark);
                assert_eq!(
                    TicTacToe::from(p.play(usize::from(mark.cell())).unwrap()),
                    h
                );
                assert!(agrees_with_core(h, 1));
            }
            let mut h = g;
            h.pass();
            assert_eq!(h.maximizing(), !g.maximizing());
            assert_eq!((h.x(), h.o(), h.key()), (g.x(), g.o(), g.key()));
            h.pass();
            assert_eq!(h, g);
        }
    }
}
