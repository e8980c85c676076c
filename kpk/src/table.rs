//! The exact win/draw table of K+P vs K, built by retrograde analysis, and the zugzwangs it
//! reveals: the exact results null-move search is judged against (the article's zugzwang
//! is a fact about exact results, which no heuristic can show).
//!
//! Retrograde analysis works backwards from the positions whose result is known at once:
//! White to move with a winning promotion, Black to move and mated. From each newly won
//! position it un-makes moves: a White-to-move predecessor of a won Black-to-move position
//! is won (White picks that move); a Black-to-move predecessor is won once every one of its
//! moves leads to a won position (a counter of moves not yet known lost reaches zero).
//! Whatever is never reached is a draw: Black can avoid every won position forever, take
//! the pawn, or be stalemated.

use serde::{Deserialize, Serialize};

use crate::movegen::Successor;
use crate::position::{Kpk, SLOTS, decode};
use crate::square::{Side, Square};

/// A result for White (the side with the pawn): Black can never win K+P vs K.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wdl {
    /// White wins with best play.
    Win,
    /// Black holds the draw.
    Draw,
}

impl Wdl {
    /// `win` or `draw`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Win => "win",
            Self::Draw => "draw",
        }
    }

    /// The result in words from the one point of view every result here takes, White's
    /// (White holds the pawn): `White wins` or `draw`, whoever is to move.
    #[must_use]
    pub const fn for_white(self) -> &'static str {
        match self {
            Self::Win => "White wins",
            Self::Draw => "draw",
        }
    }
}

impl std::fmt::Display for Wdl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

const ILLEGAL: u8 = 0;
const DRAW: u8 = 1;
const WIN: u8 = 2;

/// The solved endgame: one entry per slot (illegal, draw, win).
///
/// # Example
/// ```
/// use nullmove_kpk::{Kpk, Table, Wdl};
/// let table = Table::build();
/// let p: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1".parse().unwrap();
/// assert_eq!(table.wdl(&p), Wdl::Draw);
/// assert_eq!(table.wdl(&p.with_other_side_to_move().unwrap()), Wdl::Win);
/// ```
#[derive(Clone)]
pub struct Table {
    entries: Vec<u8>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("stats", &self.stats())
            .finish()
    }
}

/// Counts of the table, as `nullmove kpk stats` prints them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableStats {
    /// Legal positions, both sides to move.
    pub legal_positions: u64,
    /// White to move.
    pub white_to_move: WhiteToMove,
    /// Black to move.
    pub black_to_move: BlackToMove,
    /// The same counts with the pawn on files a–d, the half Syzygy publishes.
    pub half_board: HalfBoard,
    /// Placements legal with either side to move where White to move draws and Black to
    /// move loses: each side would rather pass.
    pub mutual_zugzwangs: u64,
}

/// Results with White to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WhiteToMove {
    /// White wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
}

/// Results with Black to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlackToMove {
    /// White wins (Black loses).
    pub white_wins: u64,
    /// Draws.
    pub draws: u64,
}

/// Counts with the pawn on files a–d.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HalfBoard {
    /// Legal positions, both sides to move.
    pub legal_positions: u64,
    /// White to move.
    pub white_to_move: WhiteToMove,
    /// Black to move.
    pub black_to_move: BlackToMove,
}

impl Table {
    /// Solves every legal position exactly.
    ///
    /// PERF: `cargo run --release -p nullmove --bin nullmove -- kpk stats` times the build;
    /// the queue touches each won position once and un-generates at most 8 moves from it.
    #[must_use]
    pub fn build() -> Self {
        let mut entries = vec![ILLEGAL; SLOTS];
        // For Black-to-move slots: moves not yet known to lead to a White win.
        let mut pending = vec![0u8; SLOTS];
        let mut queue: Vec<u32> = Vec::with_capacity(SLOTS / 2);
        for (index, entry) in entries.iter_mut().enumerate() {
            let Some(p) = Kpk::from_index(index) else {
                continue;
            };
            *entry = DRAW;
            let moves = p.legal_moves();
            let won = match p.side_to_move() {
                Side::White => moves
                    .iter()
                    .any(|&m| p.play(m).promotion_wins() == Some(true)),
                Side::Black => {
                    pending[index] = moves.len() as u8;
                    moves.is_empty() && p.in_check()
                }
            };
            if won {
                *entry = WIN;
                queue.push(index as u32);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let index = queue[head] as usize;
            head += 1;
            let (wk, bk, wp, stm) = decode(index);
            match stm {
                // A won Black-to-move position: every White predecessor is won.
                Side::Black => for_each_white_unmove(wk, bk, wp, |q| {
                    if entries[q] == DRAW {
                        entries[q] = WIN;
                        queue.push(q as u32);
                    }
                }),
                // A won White-to-move position: one more of each Black predecessor's moves
                // is known to lose.
                Side::White => for_each_black_unmove(wk, bk, wp, |q| {
                    if entries[q] == DRAW {
                        debug_assert!(pending[q] > 0);
                        pending[q] -= 1;
                        if pending[q] == 0 {
                            entries[q] = WIN;
                            queue.push(q as u32);
                        }
                    }
                }),
            }
        }
        Self { entries }
    }

    /// The result of a legal position, for White.
    #[must_use]
    pub fn wdl(&self, p: &Kpk) -> Wdl {
        match self.entries[p.index()] {
            WIN => Wdl::Win,
            DRAW => Wdl::Draw,
            _ => unreachable!("a Kpk is legal by construction"),
        }
    }

    /// The exact result of any successor: K+P vs K from the table, promotions by rule,
    /// K vs K a draw.
    #[must_use]
    pub fn successor_wdl(&self, s: &Successor) -> Wdl {
        match s {
            Successor::Kpk(p) => self.wdl(p),
            Successor::Promoted { .. } => {
                if s.promotion_wins() == Some(true) {
                    Wdl::Win
                } else {
                    Wdl::Draw
                }
            }
            Successor::PawnTaken { .. } => Wdl::Draw,
        }
    }

    /// Whether the placement of `p` is a mutual zugzwang: legal with either side to move,
    /// a draw with White to move and a win with Black to move, so whoever is to move
    /// would rather pass.
    #[must_use]
    pub fn is_zugzwang(&self, p: &Kpk) -> bool {
        let white = Kpk::is_legal(p.white_king(), p.black_king(), p.pawn(), Side::White);
        white && {
            let w = Kpk::new_unchecked(p.white_king(), p.black_king(), p.pawn(), Side::White);
            let b = Kpk::new_unchecked(p.white_king(), p.black_king(), p.pawn(), Side::Black);
            self.wdl(&w) == Wdl::Draw && self.wdl(&b) == Wdl::Win
        }
    }

    /// Every mutual zugzwang, as the White-to-move position, in slot order.
    ///
    /// # Example
    /// ```
    /// use nullmove_kpk::{Kpk, Table};
    /// let table = Table::build();
    /// let article: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1".parse().unwrap();
    /// assert!(table.zugzwangs().any(|z| z == article));
    /// ```
    pub fn zugzwangs(&self) -> impl Iterator<Item = Kpk> + '_ {
        (0..SLOTS / 2)
            .filter_map(Kpk::from_index)
            .filter(|p| self.is_zugzwang(p))
    }

    /// The counts `nullmove kpk stats` reports.
    #[must_use]
    pub fn stats(&self) -> TableStats {
        let mut full = [[0u64; 2]; 2];
        let mut half = [[0u64; 2]; 2];
        for (index, &e) in self.entries.iter().enumerate() {
            if e == ILLEGAL {
                continue;
            }
            let side = index >> 18;
            let won = usize::from(e == WIN);
            full[side][won] += 1;
            if (index & 63) % 8 < 4 {
                half[side][won] += 1;
            }
        }
        let pack = |c: [[u64; 2]; 2]| {
            (
                WhiteToMove {
                    wins: c[0][1],
                    draws: c[0][0],
                },
                BlackToMove {
                    white_wins: c[1][1],
                    draws: c[1][0],
                },
            )
        };
        let (white_to_move, black_to_move) = pack(full);
        let (half_white, half_black) = pack(half);
        TableStats {
            legal_positions: full.iter().flatten().sum(),
            white_to_move,
            black_to_move,
            half_board: HalfBoard {
                legal_positions: half.iter().flatten().sum(),
                white_to_move: half_white,
                black_to_move: half_black,
            },
            mutual_zugzwangs: self.zugzwangs().count() as u64,
        }
    }
}

/// Calls `f` with the slot of every White-to-move position from which a White move reaches
/// the Black-to-move position (`wk`, `bk`, `wp`).
fn for_each_white_unmove(wk: Square, bk: Square, wp: Square, mut f: impl FnMut(usize)) {
    let mut visit = |wk: Square, wp: Square| {
        if Kpk::is_legal(wk, bk, wp, Side::White) {
            let q = Kpk::new_unchecked(wk, bk, wp, Side::White);
            f(q.index());
        }
    };
    // The king came from a neighbouring empty square.
    let mut from = wk.king_attacks() & !bk.bit() & !wp.bit();
    while from != 0 {
        let sq = Square::ALL[from.trailing_zeros() as usize];
        from &= from - 1;
        visit(sq, wp);
    }
    // The pawn stepped forward one square, or two from its starting rank.
    let occupied = wk.bit() | bk.bit();
    if let Some(one) = wp.up(-1)
        && one.rank() >= 1
        && occupied & one.bit() == 0
    {
        visit(wk, one);
        if wp.rank() == 3 {
            let two = wp.up(-2).expect("rank 2");
            if occupied & two.bit() == 0 {
                visit(wk, two);
            }
        }
    }
}

/// Calls `f` with the slot of every Black-to-move position from which a Black king move
/// reaches the White-to-move position (`wk`, `bk`, `wp`). Captures are not un-made: they
/// leave the endgame.
fn for_each_black_unmove(wk: Square, bk: Square, wp: Square, mut f: impl FnMut(usize)) {
    let mut from = bk.king_attacks() & !wk.bit() & !wp.bit();
    while from != 0 {
        let sq = Square::ALL[from.trailing_zeros() as usize];
        from &= from - 1;
        if Kpk::is_legal(wk, sq, wp, Side::Black) {
            f(Kpk::new_unchecked(wk, sq, wp, Side::Black).index());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Un-moves are the exact inverse of moves: for every legal position, the
    /// predecessors found by un-moving are exactly those whose legal moves reach it.
    #[test]
    fn unmoves_invert_moves() {
        let mut forward = vec![Vec::new(); SLOTS];
        for p in Kpk::all() {
            for &m in p.legal_moves().iter() {
                if let Successor::Kpk(s) = p.play(m) {
                    forward[s.index()].push(p.index());
                }
            }
        }
        for p in Kpk::all() {
            let mut back = Vec::new();
            let (wk, bk, wp) = (p.white_king(), p.black_king(), p.pawn());
            match p.side_to_move() {
                Side::Black => for_each_white_unmove(wk, bk, wp, |q| back.push(q)),
                Side::White => for_each_black_unmove(wk, bk, wp, |q| back.push(q)),
            }
            back.sort_unstable();
            let mut expected = std::mem::take(&mut forward[p.index()]);
            expected.sort_unstable();
            assert_eq!(back, expected, "predecessors of {p}");
        }
    }
}
