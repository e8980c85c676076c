//! How `nullmove chess match` draws its result and its progress: the players and settings,
//! the score with Elo and its interval, the pairs, the SPRT, how the games ended.

use std::fmt::Write as _;
use std::io::{self, Write};

use nullmove_arena::{MatchFields, PlayerDoc, Reason, Standing};
use nullmove_elo::{SprtResult, Summary, summarize_pairs};

use crate::format::elo;

use crate::Error;
use crate::format::count;
use crate::table::{Table, left, right};
use nullmove_numbers::counted;

/// A match's document (`nullmove chess match --json`, or a merge's) read back: its fields
/// and the statistics the command prints from them.
#[derive(Debug, Clone)]
pub struct MatchResult {
    /// The players, the settings and every pair.
    pub fields: MatchFields,
    /// The statistics from the first player's side (`None`: no pair finished).
    pub stats: Option<Summary>,
}

impl MatchResult {
    /// The statistics a chart draws, refused when no pair finished or an Elo bound is
    /// infinite; `what` names the match in the refusal.
    pub fn drawable(&self, what: &str) -> Result<&Summary, Error> {
        let Some(s) = &self.stats else {
            return Err(Error::Message(format!("{what}: no pair finished")));
        };
        if !(s.elo.is_finite() && s.elo_95.iter().all(|v| v.is_finite())) {
            return Err(Error::Message(format!(
                "{what}: an infinite Elo cannot be drawn"
            )));
        }
        Ok(s)
    }

    /// The match of a result file or a match document at `path`, errors naming it.
    pub fn read(path: &std::path::Path) -> Result<Self, Error> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::Message(format!("cannot read {name}: {e}")))?;
        let doc: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| Error::Message(format!("{name} is not JSON: {e}")))?;
        let doc = if doc["output"].is_object() {
            &doc["output"]
        } else {
            &doc
        };
        Self::from_document(doc).map_err(|e| Error::Message(format!("{name}: {e}")))
    }

    /// Reads a match's document, its statistics computed from its pairs as the command
    /// computes them (the SPRT as the run followed it, from the document).
    pub fn from_document(doc: &serde_json::Value) -> Result<Self, String> {
        let fields: MatchFields = serde_json::from_value(doc.clone())
            .map_err(|e| format!("not a match's JSON (nullmove chess match --json): {e}"))?;
        let sprt: Option<SprtResult> = match doc.get("sprt") {
            None | Some(serde_json::Value::Null) => None,
            Some(v) => {
                Some(serde_json::from_value(v.clone()).map_err(|e| format!("its sprt: {e}"))?)
            }
        };
        let stats = nullmove_arena::summary(&fields, sprt)?;
        Ok(Self { fields, stats })
    }
}

/// `nullmove chess match`'s table of a stored document, as the command printed it.
pub fn render_document(doc: &serde_json::Value, out: &mut dyn Write) -> Result<(), Error> {
    let m = MatchResult::from_document(doc).map_err(Error::Message)?;
    Ok(render(out, &m.fields, m.stats.as_ref())?)
}

/// Several matches in one table, a row each, their statistics from the first player's side.
#[must_use]
pub fn matches_table(matches: &[MatchResult]) -> Table {
    let mut table = Table::new(vec![
        left("match"),
        left("control"),
        left("book"),
        right("games"),
        left("W D L"),
        left("pairs scoring 0, 1/2, 1, 3/2, 2"),
        right("Elo"),
        left("95% interval"),
        right("time losses"),
    ]);
    for result in matches {
        let fields = &result.fields;
        let mut players: Vec<String> = fields
            .players
            .iter()
            .map(|p| player_label(p, false))
            .collect();
        if players.windows(2).any(|w| w[0] == w[1]) {
            // Two builds of one engine name themselves alike: their programs tell them apart.
            players = fields
                .players
                .iter()
                .map(|p| player_label(p, true))
                .collect();
        }
        let mut row = vec![
            players.join(" against "),
            control(fields),
            fields.book.clone(),
        ];
        row.extend(statistics(result.stats.as_ref()));
        row.push(count(fields.time_losses));
        table.push(row);
    }
    table
}

/// Games, W D L, the pairs, Elo and its interval; dashes where no pair finished.
fn statistics(stats: Option<&Summary>) -> [String; 5] {
    let Some(stats) = stats else {
        return ["0".into(), "-".into(), "-".into(), "-".into(), "-".into()];
    };
    let wdl = match (stats.wins, stats.draws, stats.losses) {
        (Some(w), Some(d), Some(l)) => format!("{} {} {}", count(w), count(d), count(l)),
        _ => "-".to_owned(),
    };
    let pairs = stats.pentanomial.map_or_else(
        || "-".to_owned(),
        |p| p.0.iter().map(|&n| count(n)).collect::<Vec<_>>().join(", "),
    );
    [
        count(stats.games),
        wdl,
        pairs,
        format!(
            "{} ± {}",
            elo(stats.elo),
            elo(stats.elo_error).trim_start_matches('+')
        ),
        format!("{} to {}", elo(stats.elo_95[0]), elo(stats.elo_95[1])),
    ]
}

/// A player as a table names it: our configuration by name, a UCI engine by its own name
/// (or command) with the options set on it.
fn player_label(p: &PlayerDoc, with_program: bool) -> String {
    let Some(program) = &p.command else {
        return p.name.clone();
    };
    let mut name = p.engine.clone().unwrap_or_else(|| p.name.clone());
    if with_program {
        name = format!("{name}, {program}");
    }
    if p.options.is_empty() {
        return name;
    }
    let opts: Vec<String> = p.options.iter().map(|(n, v)| format!("{n}={v}")).collect();
    format!("{name} ({})", opts.join(" "))
}

/// `1+0.01 s` or `10,000 nodes`; `?` for a document that recorded neither.
pub(crate) fn control(f: &MatchFields) -> String {
    control_cell(f).unwrap_or_else(|| "?".to_owned())
}

/// `1+0.01 s` or `10,000 nodes`, if the document recorded either.
pub(crate) fn control_cell(f: &MatchFields) -> Option<String> {
    match (&f.time_control, f.nodes) {
        (Some(tc), _) => Some(format!("{tc} s")),
        (None, Some(n)) => Some(format!("{} nodes", count(n))),
        (None, None) => None,
    }
}

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
    let Some(s) = stats else {
        writeln!(out, "no game pair finished")?;
        return footer(out, fields);
    };
    writeln!(out, "From {}'s side:", fields.players[0].name)?;
    super::sprt::render(s, out)?;
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
        "{}: {} planned from {} ({} positions), {control}{shard}",
        names.join(" against "),
        counted(fields.planned_pairs, "pair", "pairs"),
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
        "partial" => writeln!(
            out,
            "partial: {} pairs ({} games) of the match are merged; the shards lack {} more",
            count(fields.pairs.len() as u64),
            count(games),
            count(fields.missing_pairs.unwrap_or(0))
        ),
        _ => Ok(()),
    }
}

/// The standing after a pair, for the progress line.
#[must_use]
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

/// Seconds as `42 s`, `7 min 12 s` or `2 h 5 min`.
fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{secs:.1} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}
