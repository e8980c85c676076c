//! Connect Four on a board of six columns and five rows, searched by the library: plain
//! alpha-beta against null move against null move with guards, over one whole game.
//!
//! ```sh
//! cargo run --release -p nullmove-optimized --example connect_four            # depth 10
//! cargo run --release -p nullmove-optimized --example connect_four -- 6       # any depth
//! ```
//!
//! The game is played by plain alpha-beta; at every position each configuration searches
//! too, and the table shows the move it would play, its nodes, and whether that move is
//! worse than plain's by plain's own depth-limited values (Connect Four is full of zugzwang,
//! where passing is not the worst a side can do, so an unguarded null move errs here).

use nullmove_optimized::{
    Config, Game, Guards, INF, ReductionRule, Report, Searcher, Value, search,
};

const COLUMNS: u32 = 6;
const ROWS: u32 = 5;
/// Bits per column: the rows and one empty bit on top, so that lines cannot wrap.
const HEIGHT: u32 = ROWS + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let (mut b, mut c) = (0, 0);
    while c < COLUMNS {
        b |= 1 << (c * HEIGHT);
        c += 1;
    }
    b
};
/// Every cell of the board.
const FULL: u64 = BOTTOM * ((1 << ROWS) - 1);
/// Centre columns first: alpha-beta cuts more when the best moves come early.
const ORDER: [u8; COLUMNS as usize] = [2, 3, 1, 4, 0, 5];
/// A win, less the depth it is reached at, so that sooner wins score higher.
const WIN: Value = 1_000;

/// A position: the first player's stones, all stones, and who is to move (stored, since a
/// pass hands the move over without a stone). The first player maximizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Connect4 {
    first: u64,
    both: u64,
    first_to_move: bool,
}

/// The columns still open, in [`ORDER`]: owned and allocation-free.
#[derive(Debug, Clone)]
struct Columns {
    open: u64,
    next: usize,
}

impl Iterator for Columns {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        while let Some(&c) = ORDER.get(self.next) {
            self.next += 1;
            if self.open & column_top(c) == 0 {
                return Some(c);
            }
        }
        None
    }
}

const fn column_top(c: u8) -> u64 {
    1 << (c as u32 * HEIGHT + ROWS - 1)
}

/// Whether `stones` hold four in a line: vertical, horizontal and both diagonals.
const fn four(stones: u64) -> bool {
    let mut i = 0;
    let steps = [1, HEIGHT, HEIGHT + 1, HEIGHT - 1];
    while i < steps.len() {
        let pairs = stones & (stones >> steps[i]);
        if pairs & (pairs >> (2 * steps[i])) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

impl Connect4 {
    fn new() -> Self {
        Self {
            first: 0,
            both: 0,
            first_to_move: true,
        }
    }

    /// The cell a stone dropped into column `c` lands on.
    fn landing(&self, c: u8) -> u64 {
        (self.both + (1 << (u32::from(c) * HEIGHT))) & (FULL & (0x1F << (u32::from(c) * HEIGHT)))
    }

    fn second(&self) -> u64 {
        self.both ^ self.first
    }
}

impl Game for Connect4 {
    type Move = u8;
    type Moves = Columns;

    fn maximizing(&self) -> bool {
        self.first_to_move
    }

    fn moves(&self) -> Columns {
        Columns {
            open: self.both,
            next: 0,
        }
    }

    fn play(&mut self, c: u8) {
        let cell = self.landing(c);
        self.both |= cell;
        if self.first_to_move {
            self.first |= cell;
        }
        self.first_to_move = !self.first_to_move;
    }

    fn pass(&mut self) {
        self.first_to_move = !self.first_to_move;
    }

    fn terminal_score(&self, depth: u32) -> Option<Value> {
        let sooner = WIN - depth as Value;
        if four(self.first) {
            Some(sooner)
        } else if four(self.second()) {
            Some(-sooner)
        } else {
            (self.both == FULL).then_some(0)
        }
    }

    /// Every window of four cells that one side alone occupies counts for it, more the
    /// fuller it is (1, 4 or 9 for one, two or three stones).
    fn evaluate(&self) -> Value {
        WINDOWS.iter().fold(0, |score, &w| {
            let (mine, theirs) = (
                (self.first & w).count_ones(),
                (self.second() & w).count_ones(),
            );
            match (mine, theirs) {
                (m, 0) => score + (m * m) as Value,
                (0, t) => score - (t * t) as Value,
                _ => score,
            }
        })
    }

    /// The opponent, moving after a pass, would complete four at once.
    fn pass_is_dangerous(&self) -> bool {
        let theirs = if self.first_to_move {
            self.second()
        } else {
            self.first
        };
        self.moves().any(|c| four(theirs | self.landing(c)))
    }

    /// The empty cells.
    fn material(&self) -> u32 {
        COLUMNS * ROWS - self.both.count_ones()
    }
}

/// Every line of four cells on the board, as bit masks.
static WINDOWS: std::sync::LazyLock<Vec<u64>> = std::sync::LazyLock::new(|| {
    let cell = |c: i32, r: i32| 1_u64 << (c as u32 * HEIGHT + r as u32);
    let mut windows = Vec::new();
    for c in 0..COLUMNS as i32 {
        for r in 0..ROWS as i32 {
            for (dc, dr) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let (ec, er) = (c + 3 * dc, r + 3 * dr);
                if (0..COLUMNS as i32).contains(&ec) && (0..ROWS as i32).contains(&er) {
                    windows.push((0..4).map(|i| cell(c + i * dc, r + i * dr)).sum());
                }
            }
        }
    }
    windows
});

/// What one configuration did over the game.
#[derive(Default)]
struct Tally {
    nodes: u64,
    differs: u32,
    worse: u32,
}

fn main() {
    let depth = depth_limit();
    let configurations = configurations();
    let config = |guards| Config::new(depth).with_guards(guards);
    let start = Connect4::new();
    print_root(start, &config(Guards::NO_NULL_MOVE), depth);
    let (tallies, end, plies) = play(start, &configurations, &config);
    let result = match end.terminal_score(0) {
        Some(0) => "a draw",
        Some(v) if v > 0 => "the first player wins",
        _ => "the second player wins",
    };
    println!("\nthe game: {plies} plies, {result}\n");
    print_totals(&configurations, &tallies);
}

/// The depth limit from the only argument (10 without one).
fn depth_limit() -> u32 {
    match std::env::args().nth(1).map(|a| a.parse()) {
        None => 10,
        Some(Ok(d)) if (1..=30).contains(&d) => d,
        Some(_) => {
            eprintln!("connect_four: the argument is a depth limit, 1..=30");
            std::process::exit(2);
        }
    }
}

/// Plain search first: every other configuration is judged against it.
fn configurations() -> [(&'static str, Guards); 7] {
    [
        ("plain", Guards::NO_NULL_MOVE),
        ("null R2", Guards::unguarded(2)),
        ("null R3", Guards::unguarded(3)),
        ("r2", Guards::R2),
        ("adaptive", Guards::ADAPTIVE),
        (
            "gated R2",
            Guards {
                eval_gate: true,
                zero_window: true,
                rule: ReductionRule::DepthScaled,
                ..Guards::unguarded(2)
            },
        ),
        ("stockfish", Guards::STOCKFISH),
    ]
}

/// What the report says about the empty board: value, line, every root move.
fn print_root(start: Connect4, plain: &Config, depth: u32) {
    let first = search(start, plain);
    println!("Connect Four, {COLUMNS} columns x {ROWS} rows, depth limit {depth}");
    println!(
        "from the empty board, plain alpha-beta: value {}, line {:?}, {} nodes",
        first.value, first.pv, first.stats.nodes
    );
    let moves: Vec<String> = first
        .moves
        .iter()
        .map(|m| format!("{} {} ({:?})", m.mv, m.value, m.bound))
        .collect();
    println!(
        "root moves (column, value, exact or bound): {}\n",
        moves.join(", ")
    );
}

/// Plays the game plain search chooses, searching every position with every configuration;
/// prints one row a ply and returns the tallies, the final position and its length.
fn play(
    start: Connect4,
    configurations: &[(&str, Guards)],
    config: &dyn Fn(Guards) -> Config,
) -> (Vec<Tally>, Connect4, u32) {
    print!("{:>4}", "ply");
    for (name, _) in configurations {
        print!(" {name:>12}");
    }
    println!("   (column played, nodes; * a move worse than plain's)");
    let plain = config(Guards::NO_NULL_MOVE);
    let mut tallies: Vec<Tally> = configurations.iter().map(|_| Tally::default()).collect();
    let mut judge = Searcher::new();
    let mut game = start;
    let mut ply = 0;
    while game.terminal_score(0).is_none() {
        let reports: Vec<Report<u8>> = configurations
            .iter()
            .map(|&(_, g)| search(game, &config(g)))
            .collect();
        let best = reports[0].value;
        print!("{ply:>4}");
        for (report, tally) in reports.iter().zip(&mut tallies) {
            let mv = report.best_move.expect("a position in play has a move");
            // The chosen move's worth by plain search: its child's call at depth 1 (as the
            // root's move loop makes it), with the open window, so exact.
            let mut child = game;
            child.play(mv);
            let (worth, _) = judge.search_window(child, &plain, 1, -INF, INF);
            let worse = if game.maximizing() {
                worth < best
            } else {
                worth > best
            };
            tally.nodes += report.stats.nodes;
            tally.differs += u32::from(Some(mv) != reports[0].best_move);
            tally.worse += u32::from(worse);
            let cell = format!(
                "{mv}:{}{}",
                report.stats.nodes,
                if worse { "*" } else { "" }
            );
            print!(" {cell:>12}");
        }
        println!();
        game.play(reports[0].best_move.expect("a move"));
        ply += 1;
    }
    (tallies, game, ply)
}

/// One line a configuration: its nodes over the game against plain's, and its moves.
fn print_totals(configurations: &[(&str, Guards)], tallies: &[Tally]) {
    println!(
        "{:<13} {:>10} {:>9} {:>12} {:>11}   guards",
        "configuration", "nodes", "vs plain", "other moves", "worse moves"
    );
    for ((name, guards), t) in configurations.iter().zip(tallies) {
        println!(
            "{:<13} {:>10} {:>8.2}x {:>12} {:>11}   {guards}",
            name,
            t.nodes,
            t.nodes as f64 / tallies[0].nodes as f64,
            t.differs,
            t.worse
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README's "Your own game" table, at the example's default depth limit 10: per
    /// configuration, nodes over the game, moves other than plain's, worse moves.
    #[test]
    fn the_readme_table_is_what_the_game_measures() {
        let configurations = configurations();
        let config = |guards| Config::new(10).with_guards(guards);
        let (tallies, end, plies) = play(Connect4::new(), &configurations, &config);
        let rows: Vec<(&str, u64, u32, u32)> = configurations
            .iter()
            .zip(&tallies)
            .map(|((name, _), t)| (*name, t.nodes, t.differs, t.worse))
            .collect();
        assert_eq!(
            rows,
            [
                ("plain", 489_937, 0, 0),
                ("null R2", 627_525, 3, 3),
                ("null R3", 318_786, 6, 2),
                ("r2", 624_653, 3, 3),
                ("adaptive", 461_692, 6, 4),
                ("gated R2", 235_816, 3, 1),
                ("stockfish", 466_714, 2, 0),
            ]
        );
        assert!(end.terminal_score(0).is_some() && plies > 0);
    }
}
