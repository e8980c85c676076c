//! `nullmove chess match`: games between null-move configurations or against any UCI
//! engine, pair by pair from a book, with Elo, its interval and an SPRT; `--out` keeps the
//! document in a file as the match plays and `--resume` goes on from it; `merge` puts the
//! shards of a split match back together (the match itself is `nullmove_arena`'s).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use nullmove_arena::{
    Adjudication, Control, Ending, MatchFields, MatchSpec, PairFinished, PgnHeader, Provenance,
    Shard, StopHandle, TimeControl, document as match_document, run_match, summary, today,
    write_pgn,
};
use nullmove_elo::{Sprt, SprtResult};

use crate::error::CliError;
use crate::output::{Io, write_json};
use crate::progress::Progress;
use nullmove_report::chess::difference::compare;
use nullmove_report::chess::match_file::{MatchFile, Record};
use nullmove_report::chess::match_merge::merged;
use nullmove_report::chess::match_render::{render, standing_line};
use nullmove_report::chess::match_request::MatchRequest;
use nullmove_report::output_file::OutputFile;

/// Ctrl-C's signal. A match stopped by a signal ends in order and exits with 128 plus the
/// signal's number, as shells report it (130 for Ctrl-C, 143 for SIGTERM): the results
/// stand for the pairs finished, and a batch system sees the shard did not finish.
const SIGINT: u8 = 2;
/// The signal a batch system ends a task with (Slurm's `scancel`, a time limit, a pod
/// deleted), before SIGKILL.
const SIGTERM: u8 = 15;

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
    /// reversed (arena/data/books/ has three samples), or a zip of one EPD file, as
    /// official-stockfish/books publishes its whole books.
    #[arg(long, value_name = "FILE", required = true)]
    book: Option<PathBuf>,
    /// Take the book's positions in the order SEED draws (the same in every shard and on
    /// every machine) instead of the file's order: a seeded sample of a big book.
    #[arg(long, value_name = "SEED")]
    book_seed: Option<u64>,
    /// Take only the book's positions with at most N pieces, kings included (an endgame
    /// book's few-piece positions), before --book-seed orders them
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=32))]
    book_max_pieces: Option<u32>,
    /// Game pairs in the whole match; pair i opens with the book's position i. More pairs
    /// than the book has positions is refused at a fixed node count (the games would repeat
    /// exactly) and warned about at a clock.
    #[arg(long, required = true, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pairs: Option<u64>,
    /// At a clock, play more pairs than the book has positions without the warning: the
    /// book starts again, and the repeated openings' games are correlated.
    #[arg(long)]
    repeat_book: bool,
    /// Time control, S+I in seconds (1+0.01: one second a side and 10 ms a move).
    #[arg(long, value_name = "S+I", conflicts_with = "nodes")]
    tc: Option<TimeControl>,
    /// Nodes per move instead of a clock: deterministic, a run reproduces game for game.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Games at once (default: the machine's cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    concurrency: Option<u64>,
    /// An SPRT that stops the match when it decides: ELO0,ELO1 in logistic Elo, or
    /// ELO0,ELO1,normalized (alpha = beta = 0.05). A negative ELO0 needs no `=`.
    #[arg(long, value_name = "ELO0,ELO1[,MODEL]", allow_hyphen_values = true)]
    sprt: Option<Sprt>,
    /// Play only the pairs whose index is I modulo N (0 <= I < N); `merge` joins the
    /// shards' JSON into the whole match.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Write every game as PGN to FILE (whole or not at all).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Write the JSON document to FILE, whole or not at all, and again as the match plays
    /// (every second or so), so that a run killed at any moment leaves the pairs finished
    /// up to then (`ending` `interrupted`) for --resume. A second run writing the same FILE
    /// is refused while the first holds FILE.lock.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Go on from the --out FILE an earlier run of this very match (this shard, the same
    /// build and command) left: its finished pairs are kept, not played again, and the rest
    /// are played; with no FILE yet the match starts from its first pair.
    #[arg(long, requires = "out")]
    resume: bool,
    /// Adjudicate a game once both engines agree a side is ahead by CP centipawns for
    /// MOVES moves each in a row (default: the rules alone end games).
    #[arg(long, value_name = "CP,MOVES")]
    adjudicate: Option<Adjudication>,
    /// Print one JSON document (every pair, the pentanomial, Elo, interval, LLR).
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Subcommand)]
enum MatchCommand {
    /// Joins the JSON of a split match's shards (every --shard I/N once) into the whole
    /// match's result.
    #[command(after_help = crate::examples::CHESS_MATCH_MERGE)]
    Merge(MergeArgs),
    /// Sets matches against the first (their JSON, or result files holding it): each Elo
    /// and its difference from the first's, then what each side searched a move.
    #[command(after_help = crate::examples::CHESS_MATCH_COMPARE)]
    Compare(CompareArgs),
}

/// Arguments of `nullmove chess match compare`.
#[derive(Debug, clap::Args)]
struct CompareArgs {
    /// Match documents (`--json`, `--out`) or result files under results/ that hold one;
    /// the first is the one the others are set against.
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
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
    /// Write the merged JSON document to FILE as well, whole or not at all.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Merge shards that hold fewer pairs than they owe (interrupted ones): the result's
    /// `ending` is `partial` and `missing_pairs` counts the pairs it lacks
    #[arg(long)]
    partial: bool,
    /// Run an SPRT over the shards as they play (ELO0,ELO1[,MODEL], as the match's --sprt):
    /// over the pairs in index order from pair 0 up to the first not yet finished, as one
    /// process would. Exit status 0 once it decides (the result holds the pairs up to the
    /// deciding one), 3 while it goes on
    #[arg(long, value_name = "ELO0,ELO1[,MODEL]", allow_hyphen_values = true)]
    sprt: Option<Sprt>,
}

/// The `nullmove` program, for players `uci:NAME`: this process's executable when it is
/// `nullmove` (an in-process caller, a test say, is another program).
fn nullmove_program() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    (exe.file_stem()? == "nullmove").then_some(exe)
}

/// The match the arguments ask for, as given.
fn request(args: &MatchArgs) -> Result<MatchRequest, CliError> {
    let (Some(players), Some(book), Some(pairs)) = (&args.players, &args.book, args.pairs) else {
        return Err(CliError::msg("--players, --book and --pairs are required"));
    };
    let control = match (args.tc, args.nodes) {
        (Some(tc), None) => Control::Clock(tc),
        (None, Some(n)) => Control::Nodes(n),
        _ => {
            return Err(CliError::msg(
                "give --tc S+I (a clock: seconds and increment) or --nodes N (nodes a move)",
            ));
        }
    };
    Ok(MatchRequest {
        players: players.clone(),
        book: book.clone(),
        book_seed: args.book_seed,
        book_max_pieces: args.book_max_pieces,
        pairs,
        repeat_book: args.repeat_book,
        control,
        concurrency: args.concurrency,
        sprt: args.sprt,
        shard: args.shard,
        adjudication: args.adjudicate,
        pgn: args.pgn.clone(),
        out: args.out.clone(),
        resume: args.resume,
        json: args.json,
        program: nullmove_program(),
    })
}

/// The match asked for and its provenance: the build and the command that plays it again.
fn spec(args: &MatchArgs) -> Result<(MatchSpec, Provenance), CliError> {
    let request = request(args)?;
    let spec = request.spec()?;
    let provenance =
        request.provenance(&spec, env!("CARGO_PKG_VERSION"), crate::build_info::COMMIT)?;
    Ok((spec, provenance))
}

/// The JSON document of `nullmove chess match` (the match is played; no progress, no file
/// written or read).
pub fn document(args: &MatchArgs) -> Result<serde_json::Value, CliError> {
    match &args.command {
        Some(MatchCommand::Merge(m)) => return merge_document(m).map(|(doc, _)| doc),
        Some(MatchCommand::Compare(_)) => {
            return Err(CliError::msg("compare prints tables, not a JSON document"));
        }
        None => {}
    }
    let (spec, provenance) = spec(args)?;
    let outcome = run_match(&spec, &StopHandle::new(), |_| {}).map_err(CliError::Message)?;
    let mut fields = MatchFields::of(&spec, &outcome);
    fields.provenance = Some(provenance);
    match_document(&fields, outcome.standing.sprt).map_err(CliError::Message)
}

/// Runs `nullmove chess match` (or `merge`).
pub fn run(args: &MatchArgs, io: &mut Io<'_>) -> Result<u8, CliError> {
    if let Some(MatchCommand::Compare(c)) = &args.command {
        return Ok(compare(&c.files, io.out).map(|()| 0)?);
    }
    if let Some(MatchCommand::Merge(m)) = &args.command {
        let (doc, fields) = merge_document(m)?;
        if let Some(path) = &m.out {
            MatchFile::new(path)?.write(&doc)?;
        }
        let sprt: Option<SprtResult> = m
            .sprt
            .and_then(|_| serde_json::from_value(doc["sprt"].clone()).ok());
        emit(io, m.json, &doc, &fields, sprt)?;
        let going_on = m.sprt.is_some() && fields.ending != "sprt";
        if going_on && !m.json {
            match doc["sprt_waiting_for"].as_u64() {
                Some(pair) => writeln!(io.out, "the SPRT goes on: it waits for pair {pair}")?,
                None => writeln!(io.out, "the SPRT goes on: every pair is in, undecided")?,
            }
        }
        return Ok(if going_on { 3 } else { 0 });
    }
    let (mut spec, provenance) = spec(args)?;
    if let Some(warning) = spec.book_warning(args.repeat_book) {
        writeln!(io.err, "{warning}")?;
    }
    let pgn = args.pgn.as_deref().map(OutputFile::create).transpose()?;
    let file = args.out.as_deref().map(MatchFile::new).transpose()?;
    let mut record = Record::new(file, args.resume, provenance, &mut spec)?;
    let stop = StopHandle::new();
    let signal = Arc::new(AtomicU8::new(0));
    if io.terminal {
        stop_on_signals(stop.clone(), Arc::clone(&signal));
    }
    let planned = spec.pair_indices().count() as u64;
    let progress = Progress::on_terminal(io.terminal, planned, "pairs", "starting");
    progress.add(spec.resumed.len() as u64);
    let outcome = run_match(&spec, &stop, |done: &PairFinished<'_>| {
        progress.add(1);
        progress.set_message(standing_line(done.standing));
        record.after_pair(&spec, done, &stop);
    })
    .map_err(CliError::Message)?;
    progress.finish();
    let fields = record.fields(MatchFields::of(&spec, &outcome))?;
    let doc = match_document(&fields, outcome.standing.sprt).map_err(CliError::Message)?;
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
    record.write(&doc)?;
    emit(io, args.json, &doc, &fields, outcome.standing.sprt)?;
    Ok(if outcome.ending == Ending::Interrupted {
        128 + match signal.load(Ordering::Relaxed) {
            0 => SIGINT,
            s => s,
        }
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
    Ok(merged(&args.files, args.partial, args.sprt)?)
}

/// Ends the match in order at Ctrl-C or SIGTERM, noting which in `signal`: the games under
/// way are dropped, the finished pairs reported (the engines run in process groups of their
/// own, so the terminal's signal reaches only the runner).
#[cfg(unix)]
fn stop_on_signals(stop: StopHandle, signal: Arc<AtomicU8>) {
    let Ok(mut signals) = signal_hook::iterator::Signals::new([
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
    ]) else {
        return;
    };
    std::thread::spawn(move || {
        let mut arrived = signals.forever();
        let Some(number) = arrived.next() else {
            return;
        };
        let number = if number == signal_hook::consts::SIGTERM {
            SIGTERM
        } else {
            SIGINT
        };
        signal.store(number, Ordering::Relaxed);
        eprintln!(
            "\nnullmove: stopping: the games under way are dropped, the finished pairs reported"
        );
        stop.stop();
        // Later ones are taken as well: the match is already stopping.
        arrived.for_each(drop);
    });
}

/// Elsewhere a signal ends the process as it would any program: no pair is reported.
#[cfg(not(unix))]
fn stop_on_signals(_stop: StopHandle, _signal: Arc<AtomicU8>) {}
