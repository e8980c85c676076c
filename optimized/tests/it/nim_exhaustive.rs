//! Every searcher against exhaustive minimax on three-heap Nim, over every position with
//! heaps up to (3, 4, 5), either side to move, at every depth up to the end of the game.
//!
//! Nim is the small game where a finished position is nothing special to look at (no line,
//! no check: the side to move simply has no heap left and has lost), so a searcher that
//! evaluates a finished position instead of scoring it shows at once. It is also all
//! zugzwang: every position whose heaps XOR to zero is lost for the side to move and would
//! be won by a pass, so only plain alpha-beta is sound here; each null-move preset assumes
//! a pass is no better than the best move, and errs (the last test counts it).
//!
//! Checked, for the page's searcher ([`search`] and [`Searcher`], principal variation kept
//! and not) at every depth, and the deep searcher (principal variation kept and not,
//! [`DeepGame::ENDS_ONLY_WITHOUT_MOVES`] true and false) at every iteration without its
//! table and searched to the end with it: the root value equals the exhaustive minimax
//! value of the depth-limited tree, the move chosen is worth it, every
//! root move's value is the exact value or a correct bound, and the principal variation is
//! a line of legal moves that starts with the move chosen (to the end of the game when the
//! deep search announces a win).

use std::collections::HashMap;

use nullmove_optimized::{
    Bound, Config, DeepGame, DeepOptions, DeepSearcher, Game, Guards, MATE, Report, RootMove,
    Searcher, Value, search,
};

/// The largest heaps: every position below them (each heap at most its bound) is checked.
const HEAPS: [u8; 3] = [3, 4, 5];

/// The page's searcher scores a finished game `WIN - depth` (sooner wins higher); the deep
/// searcher scores it `MATE - ply` itself, reading only the sign.
const WIN: Value = 1_000;

/// Three-heap Nim under normal play: a move takes one or more from one heap; whoever takes
/// the last one wins. `ENDS` is its [`DeepGame::ENDS_ONLY_WITHOUT_MOVES`]: true, since the
/// game ends exactly where no move is left; false makes the deep search ask first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Nim<const ENDS: bool> {
    heaps: [u8; 3],
    max_to_move: bool,
}

/// A move: (heap, how many taken).
type Take = (u8, u8);

/// The moves of a position, owned: heap by heap, fewest taken first.
#[derive(Debug, Clone)]
struct Takes {
    heaps: [u8; 3],
    heap: u8,
    take: u8,
}

impl Iterator for Takes {
    type Item = Take;
    fn next(&mut self) -> Option<Take> {
        while self.heap < 3 {
            if self.take < self.heaps[self.heap as usize] {
                self.take += 1;
                return Some((self.heap, self.take));
            }
            self.heap += 1;
            self.take = 0;
        }
        None
    }
}

impl<const ENDS: bool> Nim<ENDS> {
    fn over(self) -> bool {
        self.heaps == [0; 3]
    }
}

impl<const ENDS: bool> Game for Nim<ENDS> {
    type Move = Take;
    type Moves = Takes;
    fn maximizing(&self) -> bool {
        self.max_to_move
    }
    fn moves(&self) -> Takes {
        Takes {
            heaps: self.heaps,
            heap: 0,
            take: 0,
        }
    }
    fn play(&mut self, (heap, take): Take) {
        self.heaps[heap as usize] -= take;
        self.max_to_move = !self.max_to_move;
    }
    fn pass(&mut self) {
        self.max_to_move = !self.max_to_move;
    }
    /// The side to move has nothing left to take: it lost.
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        let won = WIN - depth as Value;
        self.over()
            .then_some(if self.max_to_move { -won } else { won })
    }
    /// A guess that is often wrong (it ignores the XOR rule), from the maximizer's side. Asked
    /// of a finished game by mistake, it guesses too: the values show the mistake.
    fn evaluate(&self) -> Value {
        let [a, b, c] = self.heaps.map(Value::from);
        let mover = (a * 3 + b * 5 + c * 7) % 11 - 5;
        if self.max_to_move { mover } else { -mover }
    }
}

impl<const ENDS: bool> DeepGame for Nim<ENDS> {
    const MAX_MOVES: usize = (HEAPS[0] + HEAPS[1] + HEAPS[2]) as usize;
    const ENDS_ONLY_WITHOUT_MOVES: bool = ENDS;
    const MOVE_INDEXES: usize = 3 * 6 * 2;
    fn move_index(&self, (heap, take): Take) -> usize {
        (usize::from(heap) * 6 + usize::from(take)) * 2 + usize::from(self.max_to_move)
    }
    fn key(&self) -> u64 {
        let [a, b, c] = self.heaps.map(u64::from);
        (a << 16 | b << 8 | c) << 1 | u64::from(self.max_to_move)
    }
}

/// Every position with heaps up to [`HEAPS`] that is not over, either side to move.
fn positions<const ENDS: bool>() -> Vec<Nim<ENDS>> {
    let mut out = Vec::new();
    for a in 0..=HEAPS[0] {
        for b in 0..=HEAPS[1] {
            for c in 0..=HEAPS[2] {
                for max_to_move in [true, false] {
                    let p = Nim {
                        heaps: [a, b, c],
                        max_to_move,
                    };
                    if !p.over() {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// The plies to the end of the longest game from `p`: one stone a move.
fn game_length<const ENDS: bool>(p: Nim<ENDS>) -> u32 {
    p.heaps.iter().map(|&h| u32::from(h)).sum()
}

/// Exhaustive minimax, written apart from both searchers: the value from the maximizer's
/// side of `p` at `ply` below the root with `depth` plies left; a finished game scores
/// `±(win - ply)` first, then the depth limit the evaluation. Memoized on the position.
struct Minimax {
    win: Value,
    memo: HashMap<(Nim<true>, u32, u32), Value>,
}

impl Minimax {
    fn new(win: Value) -> Self {
        Self {
            win,
            memo: HashMap::new(),
        }
    }

    fn value<const ENDS: bool>(&mut self, p: Nim<ENDS>, depth: u32, ply: u32) -> Value {
        let key = (
            Nim {
                heaps: p.heaps,
                max_to_move: p.max_to_move,
            },
            depth,
            ply,
        );
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let v = if p.over() {
            let won = self.win - ply as Value;
            if p.max_to_move { -won } else { won }
        } else if depth == 0 {
            p.evaluate()
        } else {
            let children = p.moves().map(|m| {
                let mut child = p;
                child.play(m);
                self.value(child, depth - 1, ply + 1)
            });
            let children: Vec<Value> = children.collect();
            let best = if p.max_to_move {
                children.iter().max()
            } else {
                children.iter().min()
            };
            *best.expect("a position not over has a move")
        };
        self.memo.insert(key, v);
        v
    }

    /// The value of `p` after `mv`, one ply below the root.
    fn after<const ENDS: bool>(&mut self, p: Nim<ENDS>, mv: Take, depth: u32) -> Value {
        let mut child = p;
        child.play(mv);
        self.value(child, depth - 1, 1)
    }
}

/// What one search said at its root, against the exhaustive values; returns what is wrong.
fn check_root<const ENDS: bool, S>(
    exact: &mut Minimax,
    p: Nim<ENDS>,
    depth: u32,
    report: &Report<Take, S>,
    pv_kept: bool,
) -> Result<(), String> {
    let value = exact.value(p, depth, 0);
    if report.value != value {
        return Err(format!("value {} against minimax {value}", report.value));
    }
    let best = report.best_move.ok_or("no move chosen")?;
    let worth = exact.after(p, best, depth);
    if worth != value {
        return Err(format!("chose {best:?}, worth {worth}, not {value}"));
    }
    for &RootMove { mv, value, bound } in &report.moves {
        let truth = exact.after(p, mv, depth);
        let holds = match bound {
            Bound::Exact => value == truth,
            Bound::Upper => truth <= value,
            Bound::Lower => truth >= value,
        };
        if !holds {
            return Err(format!(
                "root move {mv:?}: {value} {bound:?}, minimax {truth}"
            ));
        }
    }
    if pv_kept {
        if report.pv.first() != Some(&best) {
            return Err(format!("PV {:?} does not start with {best:?}", report.pv));
        }
        let mut line = p;
        for &mv in &report.pv {
            if !line.moves().any(|m| m == mv) {
                return Err(format!("PV {:?}: {mv:?} is not a move", report.pv));
            }
            line.play(mv);
        }
    } else if !report.pv.is_empty() {
        return Err(format!("PV {:?} kept though not asked", report.pv));
    }
    Ok(())
}

/// The page's searcher, one search per depth, both entry points, the PV kept and not.
fn page_searcher_errors(guards: Guards) -> Vec<String> {
    let mut exact = Minimax::new(WIN);
    let mut searcher = Searcher::new();
    let mut errors = Vec::new();
    for p in positions::<true>() {
        for depth in 1..=game_length(p) {
            for pv in [true, false] {
                let config = Config::new(depth).with_guards(guards).with_pv(pv);
                let once = search(p, &config);
                let kept = searcher.search(p, &config);
                assert_eq!(&once, kept, "search and Searcher agree");
                if let Err(e) = check_root(&mut exact, p, depth, &once, pv) {
                    errors.push(format!("{p:?} depth {depth} pv {pv}: {e}"));
                }
            }
        }
    }
    errors
}

/// The deep searcher to the end of each game, the PV kept and not, aspiration windows and
/// the history heuristic off and on: without the table every iteration checked (each is
/// exactly a search to its depth), with it the last.
fn deep_searcher_errors<const ENDS: bool>(guards: Guards) -> Vec<String> {
    let mut exact = Minimax::new(MATE);
    let mut errors = Vec::new();
    let off = DeepOptions::default()
        .with_aspiration(None)
        .with_quiet_history(false);
    let on = off.with_aspiration(Some(1)).with_quiet_history(true);
    for (tt, options) in [None, Some(10)]
        .into_iter()
        .flat_map(|tt| [(tt, off), (tt, on)])
    {
        let mut searcher =
            DeepSearcher::with_table(positions::<ENDS>()[0], tt).with_options(options);
        for p in positions::<ENDS>() {
            for pv in [true, false] {
                searcher.set_game(p);
                let config = Config::new(game_length(p)).with_guards(guards).with_pv(pv);
                let mut iterations = Vec::new();
                searcher
                    .search(&config, |it| iterations.push(it.clone()))
                    .expect("a depth in range");
                // With the table, a node may be settled by a result searched deeper than the
                // depth-limited tree asks (a position met again nearer the root): exact for
                // the game, not for that tree. To the end of the game the two agree.
                let last = iterations.len() - 1;
                let checked = if tt.is_some() { last.. } else { 0.. };
                for it in &iterations[checked] {
                    let mut outcome = check_root(&mut exact, p, it.depth, &it.root, pv);
                    // A win or loss announced is played out to the end by the PV.
                    if let (Ok(()), Some(plies), true) = (&outcome, it.plies_to_end(), pv)
                        && it.root.pv.len() != plies as usize
                    {
                        outcome = Err(format!("PV {:?} for an end {plies} plies away", it.root.pv));
                    }
                    if let Err(e) = outcome {
                        errors.push(format!(
                            "{p:?} depth {} table {tt:?} pv {pv} {options:?}: {e}",
                            it.depth
                        ));
                    }
                }
            }
        }
    }
    errors
}

/// The presets that claim to be sound: plain alpha-beta alone (see the module's note).
const SOUND: [Guards; 1] = [Guards::NO_NULL_MOVE];

#[test]
fn there_are_all_the_positions() {
    // 4 x 5 x 6 heap triples, the empty one excluded, either side to move.
    assert_eq!(positions::<true>().len(), 2 * (4 * 5 * 6 - 1));
}

#[test]
fn the_page_searcher_equals_exhaustive_minimax_everywhere() {
    for guards in SOUND {
        let errors = page_searcher_errors(guards);
        assert!(errors.is_empty(), "{guards}: {errors:#?}");
    }
}

/// Every sound preset's deep search, with `ENDS_ONLY_WITHOUT_MOVES` as given, equals
/// exhaustive minimax over every position.
fn assert_deep_searcher_sound<const ENDS_ONLY: bool>() {
    for guards in SOUND {
        let errors = deep_searcher_errors::<ENDS_ONLY>(guards);
        assert!(
            errors.is_empty(),
            "{guards}: {} wrong: {:#?}",
            errors.len(),
            &errors[..errors.len().min(12)]
        );
    }
}

#[test]
fn the_deep_searcher_equals_exhaustive_minimax_when_it_asks_first() {
    assert_deep_searcher_sound::<false>();
}

#[test]
fn the_deep_searcher_equals_exhaustive_minimax_when_the_game_ends_without_moves() {
    assert_deep_searcher_sound::<true>();
}

/// The harness sees a wrong search: null move, which assumes a pass is never better, errs
/// in this game of zugzwangs under every searcher.
#[test]
fn null_move_errs_in_nim_so_no_null_preset_is_claimed_sound() {
    for (name, guards) in Guards::presets().filter(|(_, g)| g.null_move) {
        let page = page_searcher_errors(guards).len();
        let deep = deep_searcher_errors::<true>(guards).len();
        eprintln!("{name}: {page} wrong searches (page's searcher), {deep} (deep)");
        assert!(deep > 0, "{name}: the deep search never erred");
    }
    let r3 = page_searcher_errors(Guards::unguarded(3)).len();
    assert!(r3 > 0, "unguarded R 3 never erred in the page's searcher");
}
