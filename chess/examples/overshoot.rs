//! How far past its time a time-limited search ends, on chess and on Connect Four, and how
//! long a stop from another thread takes to end one: the measurement behind the deep
//! search's limits.
//!
//! For each of the first WAC positions, then as many Connect Four positions (the standard
//! board after short openings): a search with a budget (20 ms and 500 ms by default) timed
//! from the call to its return, the overshoot being that time minus the budget; then a
//! search without limit that another thread stops after a while, timed from just before the
//! `stop()` call to the search's return. Each is one wall-clock time on this machine, so a
//! loaded machine shows its load: the load average is printed with the figures.
//!
//! ```sh
//! cargo run --release -p nullmove-chess --example overshoot -- --positions 20 --config r3
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use nullmove_chess::{ChessGame, Guards, Suite};
use nullmove_optimized::games::connect_four::{ConnectFourError, Standard};
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Limits, MAX_DEPTH, Stop, StopHandle};

/// What to measure.
#[derive(Parser)]
#[command(
    name = "overshoot",
    about = "How far past its time a time-limited search ends, and how long a stop from \
             another thread takes, on chess and on Connect Four"
)]
struct Args {
    /// Positions of each game: WAC's first, and as many Connect Four openings.
    #[arg(long, default_value_t = 20,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    positions: usize,
    /// The null-move preset (none, r2, r3, adaptive, verified, stockfish, npm).
    #[arg(long = "config", value_name = "PRESET", default_value = "r3",
          value_parser = Guards::preset)]
    guards: Guards,
    /// The time budgets, in milliseconds, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "20,500")]
    budgets: Vec<u64>,
}

/// The first `n` positions of WAC.
fn positions(n: usize) -> Result<Vec<ChessGame>, String> {
    let entries = Suite::Wac.entries().map_err(|e| e.to_string())?;
    entries
        .iter()
        .take(n)
        .map(|e| Ok(ChessGame::new(e.board().map_err(|e| e.to_string())?)))
        .collect()
}

/// Minimum, median and maximum, in milliseconds.
fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "min {:.3} ms, median {:.3} ms, max {:.3} ms over {}",
        ms(times[0]),
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1]),
        times.len()
    )
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".to_owned(),
        |l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

/// Connect Four positions on the standard board: the empty board, then openings of one to
/// a few stones (columns counted from 1), `n` in all.
fn connect_four(n: usize) -> Result<Vec<Standard>, String> {
    let openings = [
        "", "4", "44", "43", "45", "444", "434", "453", "4444", "4343",
    ];
    openings
        .iter()
        .cycle()
        .take(n)
        .map(|o| o.parse().map_err(|e: ConnectFourError| e.to_string()))
        .collect()
}

/// The overshoot of a `budget`-limited search of every game, in searches the clock ended.
fn overshoot<G: DeepGame + Clone>(
    searcher: &mut DeepSearcher<G>,
    games: &[G],
    config: &Config,
    budget: Duration,
) -> Result<Vec<Duration>, String> {
    let mut over = Vec::new();
    for game in games {
        searcher.set_game(game.clone());
        let limits = Limits::new().with_time(budget);
        let start = Instant::now();
        let why = searcher
            .search_with_limits(config, &limits, |_| {})
            .map_err(|e| e.to_string())?
            .stopped;
        let took = start.elapsed();
        // Only searches the clock ended: one that finished first did not overshoot.
        if why == Some(Stop::Time) {
            over.push(took.saturating_sub(budget));
        }
    }
    if over.is_empty() {
        return Err(format!("no search lasted {budget:?}"));
    }
    Ok(over)
}

/// From another thread's `stop()` to the search's return, for every game: stopped after
/// 50 ms and a few more per game, so the stop lands at different points of the search.
fn stop_latency<G: DeepGame + Clone>(
    searcher: &mut DeepSearcher<G>,
    games: &[G],
    config: &Config,
) -> Result<Vec<Duration>, String> {
    let mut latency = Vec::new();
    for (i, game) in games.iter().enumerate() {
        searcher.set_game(game.clone());
        let stop = StopHandle::new();
        let remote = stop.clone();
        let after = Duration::from_millis(50 + 7 * i as u64);
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(after);
            let at = Instant::now();
            remote.stop();
            at
        });
        let why = searcher
            .search_with_limits(config, &Limits::new().with_stop(&stop), |_| {})
            .map_err(|e| e.to_string())?
            .stopped;
        let returned = Instant::now();
        let stopped = stopper.join().map_err(|_| "the stopping thread panicked")?;
        // A search that ended on its own before the stop (a short forced mate) says nothing.
        if why == Some(Stop::Handle) {
            latency.push(returned.saturating_duration_since(stopped));
        }
    }
    if latency.is_empty() {
        return Err("no search lasted until its stop".to_owned());
    }
    Ok(latency)
}

/// Every budget's overshoot and the stop's latency on one game's positions.
fn measure<G: DeepGame + Clone>(name: &str, games: &[G], args: &Args) -> Result<(), String> {
    let config = Config::new(MAX_DEPTH).with_guards(args.guards);
    let mut searcher = DeepSearcher::new(games[0].clone());
    println!("{name}: {} positions, {}", games.len(), args.guards);
    for &budget in &args.budgets {
        let budget = Duration::from_millis(budget);
        let over = overshoot(&mut searcher, games, &config, budget)?;
        println!("  budget {budget:?}: overshoot {}", summary(over));
    }
    let latency = stop_latency(&mut searcher, games, &config)?;
    println!("  stop from another thread: latency {}", summary(latency));
    Ok(())
}

fn run() -> Result<(), String> {
    let args = Args::parse();
    println!("load average {} before", load_average());
    measure("chess (WAC)", &positions(args.positions)?, &args)?;
    measure("Connect Four (7x6)", &connect_four(args.positions)?, &args)?;
    println!("load average {} after", load_average());
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("overshoot: {e}");
            ExitCode::from(2)
        }
    }
}
