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
//!
//! Then the deep searcher on the standard board of seven columns and six rows: over 300
//! random positions at depth 7, each configuration's nodes and the positions where its move
//! is worse than plain deep search's by plain's exact values; the guarded configuration
//! that pays is the one with the fewest nodes among those that never chose a worse move.

use std::collections::HashMap;

use clap::Parser;
use nullmove_optimized::games::connect_four::{ConnectFour, Standard};
use nullmove_optimized::{
    Config, DeepSearcher, Game, Guards, INF, ReductionRule, Report, Searcher, search,
};

/// The board of this table: six columns and five rows (the library's [`ConnectFour`], whose
/// default is the standard seven by six), small enough for plain search to depth 10 at
/// every ply of a game.
type Connect4 = ConnectFour<COLUMNS, ROWS>;
const COLUMNS: u32 = 6;
const ROWS: u32 = 5;

/// What one configuration did over the game.
#[derive(Default)]
struct Tally {
    nodes: u64,
    differs: u32,
    worse: u32,
}

/// The game's depth limit; the deep searcher's table is fixed.
#[derive(Parser)]
#[command(
    name = "connect_four",
    about = "Connect Four searched by the library: plain alpha-beta against null move with \
             and without guards, over one game and over random positions"
)]
struct Args {
    /// The depth limit of every search of the game on the 6x5 board.
    #[arg(default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
}

fn main() {
    let depth = Args::parse().depth;
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
    let deep = deep_configurations();
    let positions = random_positions(DEEP_POSITIONS);
    println!(
        "\nthe deep searcher, 7 columns x 6 rows, {DEEP_POSITIONS} random positions at depth \
         {DEEP_DEPTH} (worse: worth less than plain's move by plain's exact values)\n"
    );
    let tallies = deep_tallies(&positions, DEEP_DEPTH, &deep);
    print_totals(&deep, &tallies);
    println!("\npays: {}", pays(&deep, &tallies));
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
            let (worth, _) = judge
                .search_window(child, &plain, 1, -INF, INF)
                .expect("the open window");
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

/// The deep searcher's table: search by search, so small (2^16 slots).
const DEEP_TT_BITS: u32 = 16;
/// The deep table's depth and positions.
const DEEP_DEPTH: u32 = 7;
const DEEP_POSITIONS: usize = 300;

/// The deep searcher's configurations, plain first: the presets that differ on Connect
/// Four (`npm` is `r3` without the threat guard here: a position with a move has material),
/// the page's unguarded R 2, and R 2 and R 3 with a minimum probe depth of one ply.
fn deep_configurations() -> [(&'static str, Guards); 9] {
    let k1 = |g: Guards| Guards {
        min_probe_depth: 1,
        ..g
    };
    [
        ("plain", Guards::NO_NULL_MOVE),
        ("null R2", Guards::unguarded(2)),
        ("r2", Guards::R2),
        ("r2 k1", k1(Guards::R2)),
        ("r3", Guards::R3),
        ("r3 k1", k1(Guards::R3)),
        ("adaptive", Guards::ADAPTIVE),
        ("verified", Guards::VERIFIED),
        ("stockfish", Guards::STOCKFISH),
    ]
}

/// `n` positions of the standard board, each after 4 to 24 random moves from the empty
/// board (a fixed sequence: xorshift64 from a fixed seed), none of them finished.
fn random_positions(n: usize) -> Vec<Standard> {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut below = |k: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % k as u64) as usize
    };
    let mut positions = Vec::with_capacity(n);
    while positions.len() < n {
        let mut game = Standard::new();
        for _ in 0..4 + below(21) {
            if game.terminal_score(0).is_some() {
                break;
            }
            let moves: Vec<u8> = game.moves().collect();
            game.play(moves[below(moves.len())]);
        }
        if game.terminal_score(0).is_none() {
            positions.push(game);
        }
    }
    positions
}

/// Each configuration of the deep searcher on every position at `depth`: its nodes, its
/// moves other than plain's, and those worth less than plain's value, each move worth what
/// plain deep search gives its child (one call below the root, open window: exact).
fn deep_tallies(
    positions: &[Standard],
    depth: u32,
    configurations: &[(&str, Guards)],
) -> Vec<Tally> {
    let mut tallies: Vec<Tally> = configurations.iter().map(|_| Tally::default()).collect();
    let mut searcher = DeepSearcher::with_table(Standard::new(), Some(DEEP_TT_BITS));
    let mut judge = DeepSearcher::with_table(Standard::new(), Some(DEEP_TT_BITS));
    let below = Config::new(depth - 1);
    for &position in positions {
        let mut worth = HashMap::new();
        let mut plain = None;
        for ((_, guards), tally) in configurations.iter().zip(&mut tallies) {
            searcher.set_game(position);
            let config = Config::new(depth).with_guards(*guards);
            let report = &searcher
                .search(&config, |_| {})
                .expect("a depth in range")
                .root;
            let mv = report.best_move.expect("a position in play has a move");
            let value = *worth.entry(mv).or_insert_with(|| {
                let mut child = position;
                child.play(mv);
                judge.set_game(child);
                judge
                    .search_window(&below, 1, -INF, INF)
                    .expect("a search in range")
            });
            let (best, best_move) = *plain.get_or_insert((report.value, mv));
            if mv == best_move {
                assert_eq!(value, best, "plain's move is worth plain's value");
            }
            let worse = if position.maximizing() {
                value < best
            } else {
                value > best
            };
            tally.nodes += report.stats.shared.nodes;
            tally.differs += u32::from(mv != best_move);
            tally.worse += u32::from(worse);
        }
    }
    tallies
}

/// The configuration that pays: the fewest nodes among those that never chose a worse move.
fn pays(configurations: &[(&str, Guards)], tallies: &[Tally]) -> String {
    let (name, t) = configurations
        .iter()
        .zip(tallies)
        .filter(|(_, t)| t.worse == 0)
        .min_by_key(|(_, t)| t.nodes)
        .expect("plain never chooses a worse move");
    format!(
        "{} ({:.2}x plain's nodes, no worse move)",
        name.0,
        t.nodes as f64 / tallies[0].nodes as f64
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each configuration's name, nodes, moves other than plain's and worse moves.
    fn rows<'a>(
        configurations: &[(&'a str, Guards)],
        tallies: &[Tally],
    ) -> Vec<(&'a str, u64, u32, u32)> {
        configurations
            .iter()
            .zip(tallies)
            .map(|((name, _), t)| (*name, t.nodes, t.differs, t.worse))
            .collect()
    }

    /// The library chapter's table (docs/src/library.md), at the example's default depth
    /// limit 10: per configuration, nodes over the game, moves other than plain's, worse
    /// moves.
    #[test]
    fn the_readme_table_is_what_the_game_measures() {
        let configurations = configurations();
        let config = |guards| Config::new(10).with_guards(guards);
        let (tallies, end, plies) = play(Connect4::new(), &configurations, &config);
        assert_eq!(
            rows(&configurations, &tallies),
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

    /// The deep searcher's table on the first 50 of its 300 positions (the book shows all
    /// 300, from `cargo run --release --example connect_four`): per configuration, nodes,
    /// moves other than plain's, worse moves, and the configuration that pays.
    #[test]
    fn the_deep_table_on_a_fixed_subset() {
        let configurations = deep_configurations();
        let positions = random_positions(DEEP_POSITIONS);
        let tallies = deep_tallies(&positions[..50], DEEP_DEPTH, &configurations);
        assert_eq!(
            rows(&configurations, &tallies),
            [
                ("plain", 156_462, 0, 0),
                ("null R2", 97_615, 7, 5),
                ("r2", 125_170, 3, 3),
                ("r2 k1", 154_488, 0, 0),
                ("r3", 89_470, 5, 5),
                ("r3 k1", 124_168, 5, 5),
                ("adaptive", 125_170, 3, 3),
                ("verified", 98_726, 5, 5),
                ("stockfish", 75_913, 4, 4),
            ]
        );
        assert_eq!(
            pays(&configurations, &tallies),
            "r2 k1 (0.99x plain's nodes, no worse move)"
        );
    }
}
