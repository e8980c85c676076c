//! `nullmove chess match`: games between null-move configurations or against any UCI
//! engine, pair by pair from a book, with Elo, its interval and an SPRT; `merge` puts the
//! shards of a split match back together (the match itself is `nullmove_arena`'s).

use std::path::{Path, PathBuf};

use nullmove_arena::{
    Adjudication, Book, Control, Ending, MatchFields, MatchSpec, PgnHeader, PlayerSpec, Shard,
    Standing, StopHandle, TimeControl, document as match_document, merge, run_match, summary,
    today, write_pgn,
};
use nullmove_elo::{Model, Sprt, SprtResult};

use super::match_render::{render, standing_line};
use crate::common::{CliError, Io, write_json};
use crate::output_file::OutputFile;
use crate::progress::Progress;

/// The exit status of a match ended by Ctrl-C (128 + SIGINT, as shells report it): the
/// results stand for the pairs finished, and a batch system sees the shard did not finish.
const INTERRUPTED: u8 = 130;

/// Arguments of `nullmove chess match`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct MatchArgs {
    #[command(subcommand)]
    command: Option<MatchCommand>,
    /// The two players, A,B: a configuration name (our engine in process: none, r2, r3,
    /// adaptive, verified, stockfish, npm), uci:NAME (the same through nullmove uci), each
    /// optionally followed by our UCI options as :Option=value (r3:Threads=2,
    /// r3:CheckExtension=true:LateMoveReductions=true), or uci:PATH[:Option=value...] (any
    /// UCI engine). Statistics are A's.
    #[arg(long, value_name = "A,B", required = true)]
    players: Option<String>,
    /// The openings: an EPD file, one position a line, each played twice with colours
    /// reversed (arena/data/books/ has three).
    #[arg(long, value_name = "FILE", required = true)]
    book: Option<PathBuf>,
    /// Game pairs in the whole match; pair i opens with the book's position i (from the
    /// first again when the book runs out).
    #[arg(long, required = true, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pairs: Option<u64>,
    /// Time control, S+I in seconds (1+0.01: one second a side and 10 ms a move).
    #[arg(long, value_name = "S+I", value_parser = parse_tc, conflicts_with = "nodes")]
    tc: Option<TimeControl>,
    /// Nodes per move instead of a clock: deterministic, a run reproduces game for game.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Games at once (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    concurrency: Option<u64>,
    /// An SPRT that stops the match when it decides: ELO0,ELO1 in logistic Elo, or
    /// ELO0,ELO1,normalized (alpha = beta = 0.05). A negative ELO0 needs no `=`.
    #[arg(long, value_name = "ELO0,ELO1[,MODEL]", allow_hyphen_values = true, value_parser = parse_sprt)]
    sprt: Option<Sprt>,
    /// Play only the pairs whose index is I modulo N (0 <= I < N); `merge` joins the
    /// shards' JSON into the whole match.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Write every game as PGN to FILE (whole or not at all).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Adjudicate a game once both engines agree a side is ahead by CP centipawns for
    /// MOVES moves each in a row (default: the rules alone end games).
    #[arg(long, value_name = "CP,MOVES", value_parser = parse_adjudication)]
    adjudicate: Option<Adjudication>,
    /// Print one JSON document (every pair, the pentanomial, Elo, interval, LLR).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Subcommand)]
enum MatchCommand {
    /// Joins the JSON of a split match's shards (every --shard I/N once) into the whole
    /// match's result.
    Merge(MergeArgs),
}

/// Arguments of `nullmove chess match merge`.
#[derive(Debug, clap::Args)]
struct MergeArgs {
    /// The shards' `--json` outputs.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    json: bool,
}

fn parse_tc(s: &str) -> Result<TimeControl, String> {
    s.parse()
}

/// `ELO0,ELO1[,logistic|normalized]`.
fn parse_sprt(s: &str) -> Result<Sprt, String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let (bounds, model) = match parts.as_slice() {
        [a, b] => ([*a, *b], Model::Logistic),
        [a, b, m] => ([*a, *b], m.parse::<Model>()?),
        _ => return Err(format!("{s:?}: expected ELO0,ELO1 or ELO0,ELO1,MODEL")),
    };
    let elo = |t: &str| {
        t.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("{t:?} is not an Elo difference"))
    };
    Sprt::new(model, elo(bounds[0])?, elo(bounds[1])?).map_err(|e| e.to_string())
}

/// `CP,MOVES`, both at least 1.
fn parse_adjudication(s: &str) -> Result<Adjudication, String> {
    let (cp, moves) = s
        .split_once(',')
        .ok_or_else(|| format!("{s:?}: expected CP,MOVES (e.g. 1000,4)"))?;
    let cp = cp
        .trim()
        .parse::<i32>()
        .ok()
        .filter(|c| (1..=30_000).contains(c));
    let moves = moves
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|m| (1..=1000).contains(m));
    match (cp, moves) {
        (Some(score), Some(moves)) => Ok(Adjudication { score, moves }),
        _ => Err(format!(
            "{s:?}: expected CP,MOVES with CP in 1..=30000 centipawns and MOVES in 1..=1000"
        )),
    }
}

/// The `nullmove` program, for players `uci:NAME`: this process's executable when it is
/// `nullmove` (an in-process caller, a test say, is another program).
fn nullmove_program() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    (exe.file_stem()? == "nullmove").then_some(exe)
}

/// The match the arguments ask for, every argument checked.
fn spec(args: &MatchArgs) -> Result<MatchSpec, CliError> {
    let (Some(players), Some(book), Some(pairs)) = (&args.players, &args.book, args.pairs) else {
        return Err(CliError::msg("--players, --book and --pairs are required"));
    };
    let names: Vec<&str> = players.split(',').collect();
    let [a, b] = names.as_slice() else {
        return Err(CliError::Message(format!(
            "--players {players:?}: expected two players, A,B"
        )));
    };
    let exe = nullmove_program();
    let player = |p: &str| PlayerSpec::parse(p.trim(), exe.as_deref()).map_err(CliError::Message);
    let players = [player(a)?, player(b)?];
    let control = match (args.tc, args.nodes) {
        (Some(tc), None) => Control::Clock(tc),
        (None, Some(n)) => Control::Nodes(n),
        _ => {
            return Err(CliError::msg(
                "give --tc S+I (a clock: seconds and increment) or --nodes N (nodes a move)",
            ));
        }
    };
    if args.sprt.is_some() && args.shard.is_some() {
        return Err(CliError::msg(
            "--sprt with --shard: an SPRT stops the whole match when it decides, which shards \
             run apart cannot do (run the SPRT unsplit; merge gives the Elo and its interval)",
        ));
    }
    let concurrency = args.concurrency.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |n| n as usize,
    );
    let spec = MatchSpec {
        players,
        book: Book::read(Path::new(book)).map_err(CliError::Message)?,
        pairs,
        control,
        concurrency,
        sprt: args.sprt,
        shard: args.shard,
        adjudication: args.adjudicate,
    };
    if let Some(shard) = spec.shard {
        if spec.pair_indices().next().is_none() {
            return Err(CliError::Message(format!(
                "--shard {shard} has no pair: the match has {pairs} (pair indices 0..{pairs}), \
                 so use at most {pairs} shards"
            )));
        }
    }
    Ok(spec)
}

/// The JSON document of `nullmove chess match` (the match is played; no progress, no PGN).
pub fn document(args: &MatchArgs) -> Result<serde_json::Value, CliError> {
    if let Some(MatchCommand::Merge(m)) = &args.command {
        return merge_document(m).map(|(doc, _)| doc);
    }
    let spec = spec(args)?;
    let outcome = run_match(&spec, &StopHandle::new(), |_| {}).map_err(CliError::Message)?;
    let fields = MatchFields::of(&spec, &outcome);
    match_document(&fields, outcome.standing.sprt).map_err(CliError::Message)
}

/// Runs `nullmove chess match` (or `merge`).
pub fn run(args: &MatchArgs, io: &mut Io<'_>) -> Result<u8, CliError> {
    if let Some(MatchCommand::Merge(m)) = &args.command {
        let (doc, fields) = merge_document(m)?;
        return emit(io, m.json, &doc, &fields, None).map(|()| 0);
    }
    let spec = spec(args)?;
    let pgn = args.pgn.as_deref().map(OutputFile::create).transpose()?;
    let stop = StopHandle::new();
    if io.terminal {
        stop_on_ctrl_c(stop.clone());
    }
    let planned = spec.pair_indices().count() as u64;
    let progress = Progress::on_terminal(io.terminal, planned, "pairs", "starting");
    let outcome = run_match(&spec, &stop, |s: &Standing| {
        progress.add(1);
        progress.set_message(standing_line(s));
    })
    .map_err(CliError::Message)?;
    progress.finish();
    let fields = MatchFields::of(&spec, &outcome);
    if let Some(file) = pgn {
        let header = PgnHeader {
            event: format!("nullmove chess match {}", players_title(&fields)),
            date: today(),
            time_control: fields
                .time_control
                .clone()
                .unwrap_or_else(|| "-".to_owned()),
            nodes: fields.nodes,
        };
        file.commit(write_pgn(&header, &outcome.pairs).as_bytes())?;
    }
    let doc = match_document(&fields, outcome.standing.sprt).map_err(CliError::Message)?;
    emit(io, args.json, &doc, &fields, outcome.standing.sprt)?;
    Ok(if outcome.ending == Ending::Interrupted {
        INTERRUPTED
    } else {
        0
    })
}

/// The document as JSON, or the table of `fields` with their statistics.
fn emit(
    io: &mut Io<'_>,
    json: bool,
    doc: &serde_json::Value,
    fields: &MatchFields,
    sprt: Option<SprtResult>,
) -> Result<(), CliError> {
    if json {
        return write_json(io.out, doc);
    }
    let stats = summary(fields, sprt).map_err(CliError::Message)?;
    Ok(render(io.out, fields, stats.as_ref())?)
}

/// `A vs B`.
fn players_title(fields: &MatchFields) -> String {
    let names: Vec<&str> = fields.players.iter().map(|p| p.name.as_str()).collect();
    names.join(" vs ")
}

/// The merged document of the shards' files, and its fields.
fn merge_document(args: &MergeArgs) -> Result<(serde_json::Value, MatchFields), CliError> {
    let mut shards = Vec::new();
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Message(format!("cannot read {name}: {e}")))?;
        let fields: MatchFields = serde_json::from_str(&text).map_err(|e| {
            CliError::Message(format!(
                "{name} is not a match's JSON (nullmove chess match --json): {e}"
            ))
        })?;
        shards.push((name, fields));
    }
    let merged = merge(&shards).map_err(CliError::Message)?;
    let doc = match_document(&merged, None).map_err(CliError::Message)?;
    Ok((doc, merged))
}

/// Ends the match in order at Ctrl-C: the games under way are dropped, the finished pairs
/// reported (the engines run in process groups of their own, so the signal reaches only the
/// runner).
fn stop_on_ctrl_c(stop: StopHandle) {
    std::thread::spawn(move || {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        runtime.block_on(async {
            if tokio::signal::ctrl_c().await.is_ok() {
                eprintln!(
                    "\nnullmove: stopping: the games under way are dropped, the finished pairs \
                     reported"
                );
                stop.stop();
            }
        });
    });
}
