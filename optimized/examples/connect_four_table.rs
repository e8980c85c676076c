//! The deep searcher's transposition table on standard Connect Four (seven columns, six
//! rows), measured in nodes:
//!
//! - **the key**: one search from the empty board with the game's own key (its unique code,
//!   mixed) against the same code unmixed, whose neighbouring positions differ in a few low
//!   bits; the table mixes every key itself, so the two should cost the same;
//! - **kept between moves**: over a game's first plies at a fixed depth, the table kept from
//!   move to move (`DeepSearcher::play`) against cleared before every move (`set_game`);
//!   each side plays the kept-table search's move, the cleared searcher searches the same
//!   positions.
//!
//! ```sh
//! cargo run --release -p nullmove-optimized --example connect_four_table -- --depth 12 --plies 12 --tt-bits 16
//! ```

use std::process::ExitCode;

use clap::Parser;
use nullmove_optimized::games::connect_four::Standard;
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Game, Guards, Value};

/// What to measure.
#[derive(Parser)]
#[command(
    name = "connect_four_table",
    about = "The deep searcher's transposition table on standard Connect Four: the key mixed \
             or not, the table kept between moves or cleared"
)]
struct Args {
    /// The depth of every search (42 plies fill the board).
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=42))]
    depth: u32,
    /// Plies of the game, the table kept against cleared.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..))]
    plies: u32,
    /// The null-move preset (none, r2, r3, adaptive, verified, stockfish, npm).
    #[arg(long = "config", value_name = "PRESET", default_value = "none",
          value_parser = Guards::preset)]
    guards: Guards,
    /// The table's size, as the power of two of its entries.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=30))]
    tt_bits: u32,
}

/// Standard Connect Four keyed by its code as it is: unique, but unmixed.
#[derive(Clone, Copy)]
struct Unmixed(Standard);

impl Game for Unmixed {
    type Move = u8;
    type Moves = <Standard as Game>::Moves;
    fn maximizing(&self) -> bool {
        self.0.maximizing()
    }
    fn moves(&self) -> Self::Moves {
        self.0.moves()
    }
    fn play(&mut self, mv: u8) {
        self.0.play(mv);
    }
    fn pass(&mut self) {
        self.0.pass();
    }
    fn terminal_score(&self, depth: u32) -> Option<Value> {
        self.0.terminal_score(depth)
    }
    fn evaluate(&self) -> Value {
        self.0.evaluate()
    }
    fn null_allowed(&self) -> bool {
        self.0.null_allowed()
    }
    fn pass_is_dangerous(&self) -> bool {
        self.0.pass_is_dangerous()
    }
    fn material(&self) -> u32 {
        self.0.material()
    }
}

impl DeepGame for Unmixed {
    const MAX_MOVES: usize = Standard::MAX_MOVES;
    fn key(&self) -> u64 {
        self.0.code()
    }
}

/// Nodes and root value of one search of `game` from a new table.
fn once<G: DeepGame>(game: G, args: &Args) -> Result<(u64, Value), String> {
    let mut searcher = DeepSearcher::with_table(game, Some(args.tt_bits));
    let config = Config::new(args.depth).with_guards(args.guards);
    let report = searcher
        .search(&config, |_| {})
        .map_err(|e| e.to_string())?;
    Ok((report.nodes(), report.root.value))
}

/// One game's nodes with the table kept and cleared, and the columns played (1-based).
fn kept_against_cleared(args: &Args) -> Result<(u64, u64, String), String> {
    let config = Config::new(args.depth).with_guards(args.guards);
    let mut kept = DeepSearcher::with_table(Standard::new(), Some(args.tt_bits));
    let mut cleared = DeepSearcher::with_table(Standard::new(), Some(args.tt_bits));
    let (mut n_kept, mut n_cleared) = (0, 0);
    let mut moves = String::new();
    for _ in 0..args.plies {
        cleared.set_game(*kept.game());
        let c = cleared.search(&config, |_| {}).map_err(|e| e.to_string())?;
        n_cleared += c.nodes();
        let k = kept.search(&config, |_| {}).map_err(|e| e.to_string())?;
        n_kept += k.nodes();
        let Some(mv) = k.root.best_move else {
            break; // the board is full
        };
        moves.push(char::from(b'1' + mv));
        kept.play(mv).map_err(|e| e.to_string())?;
        if kept.game().terminal_score(0).is_some() {
            break;
        }
    }
    Ok((n_kept, n_cleared, moves))
}

fn run() -> Result<(), String> {
    let args = Args::parse();
    println!(
        "standard Connect Four, depth {}, {}, 2^{} table entries",
        args.depth, args.guards, args.tt_bits
    );
    let (mixed, v) = once(Standard::new(), &args)?;
    let (unmixed, u) = once(Unmixed(Standard::new()), &args)?;
    if u != v {
        return Err(format!("the keys disagree on the value: {v} against {u}"));
    }
    println!(
        "the key, one search from the empty board (value {v}): the game's mixed key {mixed} \
         nodes, its code unmixed {unmixed} nodes ({:.3}x)",
        unmixed as f64 / mixed as f64
    );
    let (kept, cleared, moves) = kept_against_cleared(&args)?;
    println!(
        "a game's first {} plies ({moves}): table kept {kept} nodes, cleared {cleared} \
         nodes ({:.3}x)",
        moves.len(),
        kept as f64 / cleared as f64
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("connect_four_table: {e}");
            ExitCode::from(2)
        }
    }
}
