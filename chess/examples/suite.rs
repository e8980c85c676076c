//! Runs a test suite under the null-move configurations and prints what the measurements
//! need: per depth, nodes and solved per configuration; against plain search, the moves
//! null move changes and the solutions it loses or gains, by pieces on the board; per
//! position, the depths at which each configuration solves it.
//!
//! ```sh
//! cargo run --release -p nullmove-chess --example suite -- --epd chess/data/zugts.epd --depth 8
//! #   --configs none,r3,verified   --limit 50   --json (the reports of every depth, as JSON)
//! cargo run --release -p nullmove-chess --example suite -- --report FILE   # tables of a --json run
//! ```
//!
//! One search per position and configuration, to the deepest depth: each shallower depth's
//! report is that search's iteration, exactly what a search to that depth returns.

use std::process::ExitCode;
use std::time::Instant;

use nullmove_chess::analysis::{PIECE_GROUPS, against_baseline, solved_depths};
use nullmove_chess::{Preset, SuiteReport, parse_epd, run_suite_depths};

/// What to do: run a suite, or print the tables of a saved run.
enum Args {
    Run {
        epd: String,
        depth: u32,
        presets: Vec<Preset>,
        limit: Option<usize>,
        json: bool,
    },
    Report(String),
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let (mut epd, mut depth, mut presets, mut limit, mut json) = (None, None, None, None, false);
    let mut report = None;
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--epd" => epd = Some(value()?),
            "--depth" => {
                let v = value()?;
                depth = Some(
                    v.parse::<u32>()
                        .map_err(|_| format!("--depth {v:?}: not a number"))?,
                );
            }
            "--configs" => {
                let list = value()?;
                let parsed: Result<Vec<Preset>, _> = list.split(',').map(str::parse).collect();
                presets = Some(parsed.map_err(|e| e.to_string())?);
            }
            "--limit" => {
                let v = value()?;
                let n = v
                    .parse::<usize>()
                    .map_err(|_| format!("--limit {v:?}: not a number"))?;
                if n == 0 {
                    return Err("--limit 0 would run nothing".to_owned());
                }
                limit = Some(n);
            }
            "--json" => json = true,
            "--report" => report = Some(value()?),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if let Some(file) = report {
        if epd.is_some() || depth.is_some() || presets.is_some() || limit.is_some() || json {
            return Err("--report prints a saved run: it takes no other argument".to_owned());
        }
        return Ok(Args::Report(file));
    }
    Ok(Args::Run {
        epd: epd.ok_or("--epd FILE is required")?,
        depth: depth.ok_or("--depth D is required")?,
        presets: presets.unwrap_or_else(|| Preset::ALL.to_vec()),
        limit,
        json,
    })
}

fn run(
    epd: &str,
    depth: u32,
    presets: &[Preset],
    limit: Option<usize>,
) -> Result<Vec<SuiteReport>, String> {
    let text = std::fs::read_to_string(epd).map_err(|e| format!("{epd}: {e}"))?;
    let mut entries = parse_epd(&text).map_err(|e| format!("{epd}: {e}"))?;
    if let Some(n) = limit {
        entries.truncate(n);
    }
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = entries.len();
    let progress = || {
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if n % 25 == 0 || n == total {
            eprintln!("  {n}/{total} positions");
        }
    };
    run_suite_depths(&entries, depth, presets, &progress).map_err(|e| e.to_string())
}

fn load(file: &str) -> Result<Vec<SuiteReport>, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let reports: Vec<SuiteReport> =
        serde_json::from_str(&text).map_err(|e| format!("{file}: not a --json run: {e}"))?;
    if reports.is_empty() {
        return Err(format!("{file}: no report in it"));
    }
    Ok(reports)
}

fn print_tables(reports: &[SuiteReport]) {
    println!("| configuration | depth | positions | solved | nodes | nodes / none |");
    println!("|---|---:|---:|---:|---:|---:|");
    for r in reports {
        let none = r
            .rows
            .iter()
            .find(|row| row.configuration == "none")
            .map(|row| row.nodes);
        for row in &r.rows {
            let ratio = none.map_or(String::new(), |n| {
                format!("{:.3}", row.nodes as f64 / n as f64)
            });
            println!(
                "| {} | {} | {} | {} | {} | {ratio} |",
                row.configuration, row.depth, row.positions, row.solved, row.nodes
            );
        }
    }
    let last = reports.last().expect("a report");
    if last.rows.iter().any(|row| row.configuration == "none") {
        println!(
            "\nagainst none at depth {} (pieces: positions, changed move, lost, gained, solved by none, nodes / none):",
            last.rows[0].depth
        );
        println!(
            "| configuration | pieces | positions | changed | lost | gained | none solved | nodes / none |"
        );
        println!("|---|---|---:|---:|---:|---:|---:|---:|");
        for c in against_baseline(last, "none", &PIECE_GROUPS).expect("none is in the report") {
            println!(
                "| {} | {}-{} | {} | {} | {} | {} | {} | {:.3} |",
                c.configuration,
                c.pieces.0,
                c.pieces.1,
                c.positions,
                c.changed_move,
                c.lost,
                c.gained,
                c.baseline_solved,
                c.nodes as f64 / c.baseline_nodes as f64
            );
        }
    }
    println!("\nsolved at depths (per position, per configuration):");
    for p in solved_depths(reports) {
        let cells: Vec<String> = p
            .configurations
            .iter()
            .map(|(name, depths)| format!("{name}: {}", compact(depths)))
            .collect();
        println!("{} ({} pieces) | {}", p.id, p.pieces, cells.join(" | "));
    }
}

/// `1-3,5,7-8`, or `-` for none.
fn compact(depths: &[u32]) -> String {
    if depths.is_empty() {
        return "-".to_owned();
    }
    let mut parts = Vec::new();
    let mut start = depths[0];
    let mut prev = start;
    for &d in &depths[1..] {
        if d != prev + 1 {
            parts.push(if start == prev {
                format!("{start}")
            } else {
                format!("{start}-{prev}")
            });
            start = d;
        }
        prev = d;
    }
    parts.push(if start == prev {
        format!("{start}")
    } else {
        format!("{start}-{prev}")
    });
    parts.join(",")
}

fn main() -> ExitCode {
    let fail = |e: String| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    };
    let (epd, depth, presets, limit, json) = match parse_args() {
        Ok(Args::Run {
            epd,
            depth,
            presets,
            limit,
            json,
        }) => (epd, depth, presets, limit, json),
        Ok(Args::Report(file)) => {
            return match load(&file) {
                Ok(reports) => {
                    print_tables(&reports);
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e),
            };
        }
        Err(e) => return fail(e),
    };
    let started = Instant::now();
    let reports = match run(&epd, depth, &presets, limit) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    eprintln!(
        "{epd} to depth {depth}: {:.1} s on {} threads",
        started.elapsed().as_secs_f64(),
        rayon::current_num_threads()
    );
    if json {
        match serde_json::to_string(&reports) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        print_tables(&reports);
    }
    ExitCode::SUCCESS
}
