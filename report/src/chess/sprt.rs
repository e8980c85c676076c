//! The statistics of a match as a table: the sample, Elo with its interval, and the SPRT
//! with its decision, in the words fishtest's pages use.

use std::io::{self, Write};
use std::path::Path;

use nullmove_elo::{Decision, Pentanomial, Sprt, SprtResult, Summary, Wdl};

use super::sprt_path::RunPath;
use crate::Error;
use crate::format::{count, elo};

/// The statistics of the counts given and, with a path (the file it was read from and its
/// updates), the SPRT replayed along it; `batch` is the samples between updates.
pub fn statistics(
    mut pentanomial: Option<Pentanomial>,
    mut wdl: Option<Wdl>,
    sprt: Option<&Sprt>,
    path: Option<(&Path, &RunPath)>,
    batch: Option<u64>,
) -> Result<Summary, Error> {
    if let Some((file, path)) = path {
        let Some(test) = sprt else {
            return Err(Error::msg(
                "--path replays an SPRT: give --elo0 and --elo1 (and --model for normalized \
                 bounds)",
            ));
        };
        let shown = file.display();
        let refuse = |last: String, given: &str| {
            Error::Message(format!(
                "--path {shown} ends at {last}, not at the {given} given: the path's last \
                 update is the run's final counts"
            ))
        };
        match path {
            RunPath::Pairs(p) => {
                let last = *p.last().expect("a path has an update");
                if pentanomial.is_some_and(|given| given != last) {
                    return Err(refuse(joined(&last.0), "--pentanomial"));
                }
                pentanomial = Some(last);
            }
            RunPath::Games(g) => {
                let last = *g.last().expect("a path has an update");
                if pentanomial.is_some() {
                    return Err(Error::msg(
                        "--path counts games (W,D,L) but --pentanomial counts pairs: give \
                         a path of pairs (N0,N1,N2,N3,N4)",
                    ));
                }
                if wdl.is_some_and(|given| given != last) {
                    return Err(refuse(
                        joined(&[last.wins, last.draws, last.losses]),
                        "--wdl",
                    ));
                }
                wdl = Some(last);
            }
        }
        let batch = batch.unwrap_or_else(|| path.first_samples());
        let replayed = match path {
            RunPath::Pairs(p) => nullmove_elo::replay_pairs(test, p, batch),
            RunPath::Games(g) => nullmove_elo::replay_games(test, g, batch),
        };
        let replayed = replayed.map_err(|e| Error::Message(format!("--path {shown}: {e}")))?;
        let mut summary = summarize(pentanomial, wdl, sprt)?;
        summary.sprt_path = Some(replayed);
        return Ok(summary);
    }
    summarize(pentanomial, wdl, sprt)
}

/// Counts as the command line writes them.
fn joined(counts: &[u64]) -> String {
    counts
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The statistics of the sample.
fn summarize(
    pentanomial: Option<Pentanomial>,
    wdl: Option<Wdl>,
    sprt: Option<&Sprt>,
) -> Result<Summary, Error> {
    let summary = match (pentanomial, wdl) {
        (Some(p), wdl) => nullmove_elo::summarize_pairs(&p, wdl, sprt),
        (None, Some(wdl)) => nullmove_elo::summarize_games(&wdl, sprt),
        (None, None) => {
            return Err(Error::msg(
                "a sample is required: --pentanomial N0,N1,N2,N3,N4 or --wdl W,D,L",
            ));
        }
    };
    summary.map_err(|e| Error::Message(e.to_string()))
}

/// The sample, Elo with its interval, and the SPRT when there is one.
pub fn render(s: &Summary, out: &mut dyn Write) -> io::Result<()> {
    match (s.pairs, s.pentanomial) {
        (Some(pairs), Some(p)) => {
            let cells: Vec<String> = p.0.iter().map(|&n| count(n)).collect();
            writeln!(
                out,
                "Pairs     {} ({} games), scoring 0, 1/2, 1, 3/2, 2: {}",
                count(pairs),
                count(s.games),
                cells.join(", ")
            )?;
        }
        _ => writeln!(out, "Games     {}", count(s.games))?,
    }
    if let (Some(w), Some(d), Some(l)) = (s.wins, s.draws, s.losses) {
        writeln!(out, "W D L     {} {} {}", count(w), count(d), count(l))?;
    }
    writeln!(out, "Score     {:.2}%", 100.0 * s.score)?;
    let unit = if s.pairs.is_some() { "pairs" } else { "games" };
    if s.elo.is_infinite() {
        // A score of 0% or 100%: logistic Elo is infinite, and no interval is drawn around it.
        writeln!(
            out,
            "Elo       {}: every game {}, so Elo has no finite value and no interval",
            elo(s.elo),
            if s.elo > 0.0 { "won" } else { "lost" }
        )?;
    } else if s.elo_error == 0.0 {
        writeln!(
            out,
            "Elo       {} with no interval: every {} scored the same, no deviation to \
             measure by",
            elo(s.elo),
            &unit[..unit.len() - 1]
        )?;
    } else {
        writeln!(
            out,
            "Elo       {} ± {} (95%: {} to {}; logistic, on {unit})",
            elo(s.elo),
            elo(s.elo_error).trim_start_matches('+'),
            elo(s.elo_95[0]),
            elo(s.elo_95[1])
        )?;
    }
    match (s.normalized_elo, s.normalized_elo_95) {
        (Some(nelo), Some([lo, hi])) => writeln!(
            out,
            "nElo      {} ± {:.2} (95%: {} to {}; normalized, fishtest's bounds' scale)",
            elo(nelo),
            (hi - lo) / 2.0,
            elo(lo),
            elo(hi)
        )?,
        _ => writeln!(
            out,
            "nElo      undefined: every {} scored the same, no deviation to measure by",
            &unit[..unit.len() - 1]
        )?,
    }
    match &s.sprt {
        Some(r) => render_sprt(s, r, out),
        None => Ok(()),
    }
}

/// The SPRT's bounds, LLR and decision, and its path when it was replayed along one.
fn render_sprt(s: &Summary, r: &SprtResult, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "SPRT      H0 {} against H1 {} ({} Elo), alpha {}, beta {}",
        elo(r.elo0),
        elo(r.elo1),
        r.model,
        r.alpha,
        r.beta
    )?;
    let decision = match r.decision {
        Some(Decision::H0) => "H0 accepted".to_owned(),
        Some(Decision::H1) => "H1 accepted".to_owned(),
        // Two decimals may round an LLR just inside a bound onto it: say it in three.
        None => format!(
            "no decision, {:.3} lies between {:.3} and {:.3}",
            r.llr, r.lower, r.upper
        ),
    };
    writeln!(
        out,
        "LLR       {:.2} ({:.2}, {:.2}): {decision}",
        r.llr, r.lower, r.upper
    )?;
    let samples = if s.pairs.is_some() { "pairs" } else { "games" };
    match &s.sprt_path {
        Some(replay) => {
            let r = &replay.result;
            let state = match (r.decision, replay.decided_after) {
                (Some(hypothesis), Some(after)) => {
                    let name = if hypothesis == Decision::H1 {
                        "H1"
                    } else {
                        "H0"
                    };
                    format!("{name} accepted after {} {samples}", count(after))
                }
                _ => "no decision".to_owned(),
            };
            writeln!(
                out,
                "Path      {} updates every {} {samples}: {state}, LLR {:.3} against \
                 ({:.3}, {:.3}), Wald's bounds narrowed by the overshoot the path showed \
                 (fishtest's update_SPRT)",
                count(replay.updates as u64),
                count(replay.batch),
                r.llr,
                r.lower,
                r.upper
            )
        }
        None if r.decision.is_none() => writeln!(
            out,
            "Overshoot fishtest stops a run once its LLR passes these bounds narrowed by the \
             overshoot seen on the way (update_SPRT); final counts do not carry the way, so a \
             run it decided just inside them is undecided here: --path FILE, its counts after \
             each update, replays it"
        ),
        None => Ok(()),
    }
}
