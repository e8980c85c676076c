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

use nullmove_chess::{ChessGame, Guards, Suite, san};
use nullmove_optimized::{Config, DEFAULT_TT_BITS, DeepGame, DeepSearcher};

mod flags;
use flags::Flags;

/// What to measure.
struct Args {
    depth: u32,
    plies: u32,
    games: usize,
    guards: Guards,
    /// The table's size: `2^tt_bits` entries.
    tt_bits: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        depth: 6,
        plies: 20,
        games: 10,
        guards: Guards::R3,
        tt_bits: DEFAULT_TT_BITS,
    };
    let mut flags = Flags::new();
    while let Some(flag) = flags.next_flag() {
        match flag.as_str() {
            "--depth" => args.depth = flags.number(&flag)?,
            "--plies" => args.plies = flags.number(&flag)?,
            "--games" => args.games = flags.number(&flag)? as usize,
            "--config" => {
                args.guards = Guards::preset(&flags.value(&flag)?).map_err(|e| e.to_string())?;
            }
            "--tt-bits" => args.tt_bits = flags.number(&flag)?,
            _ => {
                return Err(format!(
                    "unknown argument {flag:?}: expected --depth, --plies, --games, --config or --tt-bits"
                ));
            }
        }
    }
    if !(1..=30).contains(&args.tt_bits) {
        return Err(format!("--tt-bits {}: expected 1 to 30", args.tt_bits));
    }
    if args.games == 0 || args.plies == 0 {
        return Err("--games and --plies must be at least 1".to_owned());
    }
    Ok(args)
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
    let args = parse_args()?;
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
