//! `nullmove chess sprt --path FILE`: a run's path, the cumulative counts after each of its
//! updates, oldest first, so the SPRT can be replayed as fishtest's `update_SPRT` saw it
//! (`server/fishtest/stats/stat_util.py`), with the overshoot correction only a path allows.
//!
//! The format is the counts `--pentanomial` and `--wdl` take, one update a line:
//! `N0,N1,N2,N3,N4` (pairs) or `W,D,L` (games, without pairs), every line the same kind;
//! blank lines and lines starting with `#` are skipped. The counts are cumulative: no cell
//! falls from one line to the next.

use std::path::Path;

use nullmove_elo::{Pentanomial, Wdl, parse_counts};

use crate::Error;

/// A path read: pairs or games after each update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunPath {
    /// Pentanomial counts per update.
    Pairs(Vec<Pentanomial>),
    /// Win, draw and loss counts per update.
    Games(Vec<Wdl>),
}

impl RunPath {
    /// Samples (pairs or games) at the first update: fishtest's first report comes after
    /// one batch, so it is the batch unless told otherwise.
    #[must_use]
    pub fn first_samples(&self) -> u64 {
        match self {
            Self::Pairs(p) => p[0].0.iter().sum(),
            Self::Games(g) => g[0].wins + g[0].draws + g[0].losses,
        }
    }
}

/// Reads `file`; every line that cannot be used is refused with its number.
pub fn read(file: &Path) -> Result<RunPath, Error> {
    let shown = file.display();
    let text = std::fs::read_to_string(file)
        .map_err(|e| Error::Message(format!("cannot read --path {shown}: {e}")))?;
    let mut rows: Vec<(usize, Vec<u64>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| Error::Message(format!("--path {shown} line {}: {why}", i + 1));
        let counts = parse_counts(line).map_err(at)?;
        let width = rows.first().map_or(counts.len(), |(_, first)| first.len());
        if ![3, 5].contains(&counts.len()) || counts.len() != width {
            return Err(at(format!(
                "{} counts, expected {} (N0,N1,N2,N3,N4 for pairs or W,D,L for games, the \
                 same on every line)",
                counts.len(),
                if [3, 5].contains(&width) {
                    width.to_string()
                } else {
                    "3 or 5".to_owned()
                }
            )));
        }
        if let Some((before, previous)) = rows.last()
            && counts.iter().zip(previous).any(|(now, then)| now < then)
        {
            return Err(at(format!(
                "fewer in a cell than line {before}: a path lists cumulative counts, \
                     oldest first"
            )));
        }
        rows.push((i + 1, counts));
    }
    if rows.is_empty() {
        return Err(Error::Message(format!(
            "--path {shown} has no update: one line of counts per update, oldest first"
        )));
    }
    Ok(if rows[0].1.len() == 5 {
        RunPath::Pairs(
            rows.iter()
                .map(|(_, c)| Pentanomial([c[0], c[1], c[2], c[3], c[4]]))
                .collect(),
        )
    } else {
        RunPath::Games(
            rows.iter()
                .map(|(_, c)| Wdl {
                    wins: c[0],
                    draws: c[1],
                    losses: c[2],
                })
                .collect(),
        )
    })
}
