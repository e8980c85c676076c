//! The pile game: the smallest game worth searching, and a whole implementation of both
//! traits in a page, for the library's examples and tests.

use std::ops::RangeInclusive;

use crate::{DeepGame, Game, Value};

/// The score of a win at the root for the page's searcher; a win `depth` plies down scores
/// `WIN - depth` (never below 1), so sooner wins score higher.
const WIN: Value = 100;

/// Players alternately take one or two stones from a pile; whoever takes the last stone
/// wins. The maximizer moves first from [`Pile::new`].
///
/// The side to move loses exactly when a multiple of three is left (whatever it takes, the
/// opponent takes the rest of three), so every result is known, yet the static evaluation
/// says nothing (0): only a search to the end finds it. A win `depth` plies below the root scores
/// `100 - depth` for the maximizer (never below 1), the negation for the minimizer, which is
/// what the page's searcher ([`crate::search`]) reports; the deep searcher
/// ([`crate::DeepSearcher`]) reads only who won and scores the distance itself.
///
/// Everything a game can give the searchers is here in a few lines: an owned, allocation-free
/// move iterator in a fixed order (take 1, then take 2), a pass, a key for the
/// transposition table and an index per move for the history heuristic.
///
/// # Example
/// ```
/// use nullmove_optimized::games::Pile;
/// use nullmove_optimized::{Config, DeepSearcher, Game, Guards, MATE, search};
///
/// let mut pile = Pile::new(3);
/// assert_eq!(pile.moves().collect::<Vec<_>>(), [1, 2]);
/// pile.play(2);
/// assert_eq!(pile.terminal_score(1), None);
/// pile.play(1);
/// assert_eq!(pile.terminal_score(2), Some(-98)); // the minimizer emptied it at ply 2
///
/// // From 4 the maximizer takes 1 and leaves a multiple of 3: both searchers see the win.
/// let config = Config::new(10).with_guards(Guards::NO_NULL_MOVE);
/// let report = search(Pile::new(4), &config);
/// assert_eq!((report.best_move, report.value), (Some(1), 97)); // won at ply 3
/// let mut searcher = DeepSearcher::new(Pile::new(4));
/// let deep = searcher.search(&config, |_| {}).unwrap();
/// assert_eq!((deep.best_move(), deep.value()), (Some(1), MATE - 3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pile {
    /// Stones left.
    pub left: u16,
    /// Whether the maximizer is to move.
    pub max_to_move: bool,
}

impl Pile {
    /// A pile of `left` stones, the maximizer to move.
    #[must_use]
    pub const fn new(left: u16) -> Self {
        Self {
            left,
            max_to_move: true,
        }
    }
}

impl Game for Pile {
    /// How many stones to take: 1 or 2.
    type Move = u16;
    type Moves = RangeInclusive<u16>;

    fn maximizing(&self) -> bool {
        self.max_to_move
    }

    /// Take 1, then take 2 when two are left: owned, allocation-free, in a fixed order.
    fn moves(&self) -> Self::Moves {
        1..=self.left.min(2)
    }

    fn play(&mut self, take: u16) {
        self.left -= take;
        self.max_to_move = !self.max_to_move;
    }

    fn pass(&mut self) {
        self.max_to_move = !self.max_to_move;
    }

    /// Whoever just moved emptied the pile and won; sooner wins score higher.
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        let sooner = WIN.saturating_sub_unsigned(depth).max(1);
        (self.left == 0).then_some(if self.max_to_move { -sooner } else { sooner })
    }

    /// Nothing known short of the end: the searchers must find the multiples of three.
    fn evaluate(&self) -> Value {
        0
    }
}

impl DeepGame for Pile {
    const MAX_MOVES: usize = 2;
    const MOVE_INDEXES: usize = 2;

    fn key(&self) -> u64 {
        u64::from(self.left) * 2 + u64::from(self.max_to_move)
    }

    /// Taking one and taking two are the same move wherever they are played.
    fn move_index(&self, take: u16) -> usize {
        usize::from(take - 1)
    }

    /// How many it takes: no moves generated to store one.
    fn move_code(&self, take: u16) -> u16 {
        take
    }

    fn move_of_code(&self, moves: &[u16], code: u16) -> Option<u16> {
        moves.iter().copied().find(|&take| take == code)
    }
}
