//! Nodes over a game's first plies at a fixed depth, the transposition table kept from
//! move to move (`DeepSearcher::play`) against cleared before every move (`set_game`,
//! with the game's history given by `set_history`, so repetitions count the same).
//!
//! The games: the start position, then the first positions of WAC; each side plays the
//! kept-table search's move, and the cleared searcher searches the same positions.
//!
//! ```sh
//! cargo run --release -p nullmove-chess --example kept_table -- --depth 6 --plies 20 --games 10 --config r3 --tt-bits 20
//! ```

use std::process::ExitCode;

use clap::Parser;
use nullmove_chess::{ChessGame, Guards, Suite, san};
use nullmove_optimized::{Config, DEFAULT_TT_BITS, DeepGame, DeepSearcher, MAX_DEPTH};

/// What to measure.
#[derive(Parser)]
#[command(
    name = "kept_table",
    about = "Nodes over chess games' first plies, the transposition table kept between moves \
             against cleared before each"
)]
struct Args {
    /// The depth of every search.
    #[arg(long, default_value_t = 6,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Plies a game.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    plies: u32,
    /// Games: the start position, then WAC's first positions.
    #[arg(long, default_value_t = 10,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    games: usize,
    /// The null-move preset (none, r2, r3, adaptive, verified, stockfish, npm).
    #[arg(long = "config", value_name = "PRESET", default_value = "r3",
          value_parser = Guards::preset)]
    guards: Guards,
    /// The table's size, as the power of two of its entries.
    #[arg(long, default_value_t = DEFAULT_TT_BITS,
          value_parser = clap::value_parser!(u32).range(1..=30))]
    tt_bits: u32,
}

/// The start position, then WAC's first positions: `n` in all.
fn openings(n: usize) -> Result<Vec<ChessGame>, String> {
    let mut games = vec![ChessGame::new(cozy_chess::Board::default())];
    for entry in Suite::Wac.entries().map_err(|e| e.to_string())? {
        if games.len() == n {
            break;
        }
        games.push(ChessGame::new(entry.board().map_err(|e| e.to_string())?));
    }
    if games.len() < n {
        return Err(format!(
            "only {} openings (WAC has {})",
            games.len(),
            games.len() - 1
        ));
    }
    Ok(games)
}

/// One game: the nodes of every ply with the table kept and cleared.
fn play(start: &ChessGame, args: &Args) -> Result<(u64, u64, Vec<String>), String> {
    let config = Config::new(args.depth).with_guards(args.guards);
    let mut kept = DeepSearcher::with_table(start.clone(), Some(args.tt_bits));
    let mut cleared = DeepSearcher::with_table(start.clone(), Some(args.tt_bits));
    let (mut n_kept, mut n_cleared) = (0, 0);
    let mut moves = Vec::new();
    for _ in 0..args.plies {
        cleared.set_game(kept.game().clone());
        cleared.set_history(kept.history());
        let c = cleared.search(&config, |_| {}).map_err(|e| e.to_string())?;
        n_cleared += c.nodes();
        let k = kept.search(&config, |_| {}).map_err(|e| e.to_string())?;
        n_kept += k.nodes();
        let Some(mv) = k.root.best_move else {
            break; // mate or stalemate
        };
        moves.push(san(kept.game().board(), mv));
        kept.play(mv).map_err(|e| e.to_string())?;
        if kept.game().draw_by_rule() {
            break;
        }
    }
    Ok((n_kept, n_cleared, moves))
}

fn run() -> Result<(), String> {
    let args = Args::parse();
    println!(
        "depth {}, {} plies a game, {} games, {}, 2^{} table entries; nodes per game, table kept against cleared",
        args.depth, args.plies, args.games, args.guards, args.tt_bits
    );
    let (mut kept, mut cleared) = (0, 0);
    for (i, start) in openings(args.games)?.iter().enumerate() {
        let (k, c, moves) = play(start, &args)?;
        println!(
            "game {:>2}: kept {k:>11}  cleared {c:>11}  {:.3}x  {}",
            i + 1,
            k as f64 / c as f64,
            moves.join(" ")
        );
        kept += k;
        cleared += c;
    }
    println!(
        "total:   kept {kept:>11}  cleared {cleared:>11}  {:.3}x",
        kept as f64 / cleared as f64
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kept_table: {e}");
            ExitCode::from(2)
        }
    }
}
