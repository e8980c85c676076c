//! Why a null-move configuration misses a mate: WAC.001 (1. Qg6, threatening the quiet
//! 2. Qh7#) searched depth by depth under the `stockfish` preset and under that preset with
//! one part of its step changed at a time, the move chosen and its value at each depth, and
//! the nodes of the deepest search.
//!
//! ```sh
//! cargo run --release -p nullmove-chess --example null_mate -- --depth 8
//! ```

use std::process::ExitCode;

use clap::Parser;
use cozy_chess::Board;
use nullmove_chess::{ChessGame, Guards, parse_fen, solve_depths};
use nullmove_optimized::{DeepOptions, DeepSearcher, MAX_DEPTH, ReductionRule};

/// WAC.001.
const WAC_001: &str = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1";

/// The position and how deep to search it.
#[derive(Parser)]
#[command(
    name = "null_mate",
    about = "Why a null-move configuration misses a mate: a position searched depth by depth \
             under the stockfish preset and under variants of it"
)]
struct Args {
    /// The deepest search.
    #[arg(long, default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// The position [default: WAC.001].
    #[arg(long = "fen", value_name = "FEN", default_value = WAC_001, hide_default_value = true,
          value_parser = parse_fen)]
    board: Board,
}

fn main() -> ExitCode {
    let Args { depth, board } = Args::parse();
    let sf = Guards::STOCKFISH;
    let variants: [(&str, Guards, DeepOptions); 6] = [
        ("stockfish", sf, DeepOptions::default()),
        (
            "without probe checks",
            Guards {
                probe_checks: false,
                ..sf
            },
            DeepOptions::default(),
        ),
        (
            "no eval term",
            Guards {
                eval_r: 0,
                probe_checks: false,
                ..sf
            },
            DeepOptions::default(),
        ),
        (
            "R 3 fixed",
            Guards {
                rule: ReductionRule::Fixed,
                probe_checks: false,
                ..sf
            },
            DeepOptions::default(),
        ),
        (
            "R 3 fixed, no eval term",
            Guards {
                rule: ReductionRule::Fixed,
                eval_r: 0,
                probe_checks: false,
                ..sf
            },
            DeepOptions::default(),
        ),
        ("r3", Guards::R3, DeepOptions::default()),
    ];
    let mut searcher = DeepSearcher::new(ChessGame::new(board.clone()));
    for (name, guards, options) in variants {
        searcher.set_options(options);
        let all = match solve_depths(&mut searcher, &board, depth, guards) {
            Ok(all) => all,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let cells: Vec<String> = all
            .iter()
            .map(|s| {
                let mv = s.best_move_san.as_deref().unwrap_or("-");
                s.mate
                    .map_or_else(|| format!("{mv} {}", s.value), |m| format!("{mv} #{m}"))
            })
            .collect();
        let nodes = all.last().map_or(0, |s| s.nodes);
        println!("{name:<24} {} | {nodes} nodes", cells.join(" | "));
    }
    ExitCode::SUCCESS
}
