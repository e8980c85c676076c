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

use nullmove_optimized::games::connect_four::Standard;
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Game, Guards, Value};

/// What to measure.
struct Args {
    depth: u32,
    plies: u32,
    guards: Guards,
    /// The table's size: `2^tt_bits` entries.
    tt_bits: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        depth: 12,
        plies: 12,
        guards: Guards::NO_NULL_MOVE,
        tt_bits: 16,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u32>().map_err(|e| format!("{flag} {v:?}: {e}"));
        match flag.as_str() {
            "--depth" => args.depth = number(value()?)?,
            "--plies" => args.plies = number(value()?)?,
            "--config" => args.guards = Guards::preset(&value()?).map_err(|e| e.to_string())?,
            "--tt-bits" => args.tt_bits = number(value()?)?,
            _ => {
                return Err(format!(
                    "unknown argument {flag:?}: expected --depth, --plies, --config or --tt-bits"
                ));
            }
        }
    }
    if !(1..=30).contains(&args.tt_bits) {
        return Err(format!("--tt-bits {}: expected 1 to 30", args.tt_bits));
    }
    if !(1..=42).contains(&args.depth) || args.plies == 0 {
        return Err("--depth must be 1 to 42 and --plies at least 1".to_owned());
    }
    Ok(args)
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
    let args = parse_args()?;
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
