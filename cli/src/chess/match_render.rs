//! How `nullmove chess match` draws its result and its progress: the players and settings,
//! the score with Elo and its interval, the pairs, the SPRT, how the games ended.

use std::fmt::Write as _;
use std::io::{self, Write};

use nullmove_arena::{MatchFields, Reason, Standing};
use nullmove_elo::{Decision, SprtResult, Summary, summarize_pairs};

use crate::common::count;

/// The table of a match (or a merge) and its statistics (`None`: no pair finished).
pub fn render(
    out: &mut dyn Write,
    fields: &MatchFields,
    stats: Option<&Summary>,
) -> io::Result<()> {
    writeln!(out, "{}", title(fields))?;
    for p in &fields.players {
        let mut how = match (&p.command, &p.configuration) {
            (Some(cmd), _) => format!("UCI engine `{cmd}`"),
            (None, Some(c)) => format!("our engine in process, configuration {c}"),
            (None, None) => "?".to_owned(),
        };
        if let Some(e) = &p.engine {
            let _ = write!(how, " ({e})");
        }
        if !p.options.is_empty() {
            let opts: Vec<String> = p.options.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let _ = write!(how, ", options {}", opts.join(" "));
        }
        writeln!(out, "  {}: {how}", p.name)?;
    }
    writeln!(out)?;
    let first = &fields.players[0].name;
    let Some(s) = stats else {
        writeln!(out, "no game pair finished")?;
        return footer(out, fields);
    };
    let w = first.len().max(6);
    writeln!(
        out,
        "{:<w$}  {:>6}  {:>5}  {:>5}  {:>6}  {:>6}  {:>7}  95% interval",
        "", "games", "wins", "draws", "losses", "score", "Elo"
    )?;
    let n = |x: Option<u64>| x.map_or_else(|| "-".to_owned(), count);
    writeln!(
        out,
        "{first:<w$}  {:>6}  {:>5}  {:>5}  {:>6}  {:>5.1}%  {:>7}  [{}, {}]",
        count(s.games),
        n(s.wins),
        n(s.draws),
        n(s.losses),
        s.score * 100.0,
        elo(s.elo),
        elo(s.elo_95[0]),
        elo(s.elo_95[1]),
    )?;
    if let Some(p) = &s.pentanomial {
        let counts: Vec<String> = p.0.iter().map(|&c| count(c)).collect();
        writeln!(
            out,
            "pairs by {first}'s points (0, 1/2, 1, 3/2, 2): {}",
            counts.join(", ")
        )?;
    }
    if let Some(t) = &s.sprt {
        writeln!(out, "{}", sprt_line(t))?;
    }
    footer(out, fields)
}

/// The first line: who, from which book, under what.
fn title(fields: &MatchFields) -> String {
    let names: Vec<&str> = fields.players.iter().map(|p| p.name.as_str()).collect();
    let control = match (&fields.time_control, fields.nodes) {
        (Some(tc), _) => format!("{tc} s a side"),
        (None, Some(n)) => format!("{} nodes a move", count(n)),
        (None, None) => "?".to_owned(),
    };
    let shard = fields
        .shard
        .as_ref()
        .map_or_else(String::new, |s| format!(", shard {s}"));
    format!(
        "{}: {} pairs planned from {} ({} positions), {control}{shard}",
        names.join(" against "),
        count(fields.planned_pairs),
        fields.book,
        count(fields.book_positions as u64),
    )
}

/// How games ended, the rule for adjudication, the time taken and how the run ended.
fn footer(out: &mut dyn Write, fields: &MatchFields) -> io::Result<()> {
    if !fields.reasons.is_empty() {
        let reasons: Vec<String> = fields
            .reasons
            .iter()
            .map(|(r, n)| {
                let reason = serde_json::from_value::<Reason>(r.as_str().into());
                let words = reason.map_or_else(|_| r.replace('_', " "), |r| r.words().to_owned());
                format!("{words} {}", count(*n))
            })
            .collect();
        writeln!(out, "endings: {}", reasons.join(", "))?;
    }
    writeln!(
        out,
        "time losses {}, illegal moves {}, engine failures {}",
        count(fields.time_losses),
        count(fields.illegal_moves),
        count(fields.engine_failures)
    )?;
    match &fields.adjudication {
        None => writeln!(out, "adjudication: none (the rules end every game)")?,
        Some(a) => writeln!(
            out,
            "adjudication: a side both engines score {} cp or more ahead for {} moves each wins",
            a.score, a.moves
        )?,
    }
    if let (Some(secs), Some(rate)) = (fields.seconds, fields.games_per_hour) {
        writeln!(
            out,
            "run time {}, {} games an hour",
            duration(secs),
            count(rate as u64)
        )?;
    }
    let games = 2 * fields.pairs.len() as u64;
    match fields.ending.as_str() {
        "interrupted" => writeln!(
            out,
            "interrupted: {} pairs ({} games) finished are reported; games under way were dropped",
            count(fields.pairs.len() as u64),
            count(games)
        ),
        "sprt" => writeln!(out, "stopped: the SPRT decided"),
        _ => Ok(()),
    }
}

/// The SPRT: its hypotheses, the LLR between its bounds, the decision.
fn sprt_line(t: &SprtResult) -> String {
    let decision = match t.decision {
        Some(Decision::H0) => format!("H0 accepted (Elo {} or less)", t.elo0),
        Some(Decision::H1) => format!("H1 accepted (Elo {} or more)", t.elo1),
        None => "no decision yet".to_owned(),
    };
    format!(
        "SPRT {} Elo, H0 {} against H1 {} (alpha {}, beta {}): LLR {:.2} in [{:.2}, {:.2}]: {decision}",
        t.model, t.elo0, t.elo1, t.alpha, t.beta, t.llr, t.lower, t.upper
    )
}

/// The standing after a pair, for the progress line.
pub fn standing_line(s: &Standing) -> String {
    let Ok(summary) = summarize_pairs(&s.pentanomial, None, None) else {
        return "playing".to_owned();
    };
    let mut line = format!(
        "score {:.1}%, Elo {} [{}, {}]",
        summary.score * 100.0,
        elo(summary.elo),
        elo(summary.elo_95[0]),
        elo(summary.elo_95[1])
    );
    if let Some(t) = &s.sprt {
        let _ = write!(line, ", LLR {:.2} [{:.2}, {:.2}]", t.llr, t.lower, t.upper);
    }
    line
}

/// An Elo figure with its sign, one decimal; infinite ones as `+inf`/`-inf`.
fn elo(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        format!("{x:+.1}")
    }
}

/// Seconds as `42 s`, `7 min 12 s` or `2 h 5 min`.
fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{secs:.1} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}
