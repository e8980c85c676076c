//! Matches set against the first of them: each one's Elo and its difference from the first's
//! with the 95% interval of two independent samples. The endgame book against the openings
//! is the article's "greater risk in some endgames", asked of games.

use std::io::Write;
use std::path::PathBuf;

use super::effort::effort_table;
use super::match_render::MatchResult;
use crate::Error;
use crate::format::count;
use crate::format::elo_interval;
use crate::table::{Table, left, right};

/// A row per match: its book (with its piece limit), control, games and Elo, and for every
/// match after the first, its Elo less the first's. Each must have a finished pair.
pub fn differences_table(matches: &[MatchResult]) -> Result<Table, Error> {
    let Some(first) = matches.first() else {
        return Err(Error::msg("no match to compare"));
    };
    let summary = |m: &MatchResult| {
        m.stats
            .clone()
            .ok_or_else(|| Error::Message(format!("{}: no pair finished", m.fields.book)))
    };
    let reference = summary(first)?;
    let mut table = Table::new(vec![
        left("match"),
        left("book"),
        left("control"),
        right("games"),
        left("Elo (95%)"),
        left("less the first (95%)"),
    ]);
    for m in matches {
        let f = &m.fields;
        let s = summary(m)?;
        let names: Vec<&str> = f.players.iter().map(|p| p.name.as_str()).collect();
        let book = f.book_max_pieces.map_or_else(
            || f.book.clone(),
            |n| format!("{}, at most {n} pieces", f.book),
        );
        let control = super::match_render::control(f);
        let less = if std::ptr::eq(m, first) {
            "-".to_owned()
        } else {
            let (d, interval) = s.elo_less(&reference);
            elo_interval(d, interval)
        };
        table.push(vec![
            super::effort::match_title(&names),
            book,
            control,
            count(s.games),
            elo_interval(s.elo, s.elo_95),
            less,
        ]);
    }
    Ok(table)
}

/// `nullmove chess match compare`: the matches in `files` set against the first, then what
/// each side searched a move in those that measured it.
pub fn compare(files: &[PathBuf], out: &mut dyn Write) -> Result<(), Error> {
    let mut matches = Vec::new();
    for path in files {
        matches.push(MatchResult::read(path)?);
    }
    differences_table(&matches)?.write(false, out)?;
    let measured: Vec<MatchResult> = matches
        .into_iter()
        .filter(|m| !m.fields.effort.is_empty())
        .collect();
    if !measured.is_empty() {
        writeln!(out)?;
        effort_table(&measured)?.write(false, out)?;
    }
    Ok(())
}
