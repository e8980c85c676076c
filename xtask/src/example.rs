//! An example's run as data: what it printed, and each of its configuration tables (a header
//! line starting `configuration`, then a row per configuration until a blank line) as rows of
//! figures.

use serde::{Deserialize, Serialize};

/// What an example printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Its output, as printed.
    pub text: String,
    /// Its configuration tables, in order.
    pub tables: Vec<ConfigurationTable>,
}

/// One table: the line above it and its rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfigurationTable {
    /// The last non-empty line above the header, which says what the table measured.
    pub heading: String,
    /// A row per configuration.
    pub rows: Vec<ConfigurationRow>,
}

/// One configuration's row: `name nodes ratio other worse guards`, the name possibly of
/// several words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfigurationRow {
    /// The configuration's name in the example.
    pub configuration: String,
    /// Nodes over what the table measured.
    pub nodes: u64,
    /// Nodes against plain search's, as printed (`0.65x`).
    pub vs_plain: String,
    /// Positions where it chose another move than plain search.
    pub other_moves: u64,
    /// Positions where that move was worse.
    pub worse_moves: u64,
    /// Its guards, as the library names them.
    pub guards: String,
}

/// Reads `text`, an example's output.
#[must_use]
pub fn summarize(text: &str) -> Report {
    let lines: Vec<&str> = text.lines().collect();
    let mut tables = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("configuration ") {
            i += 1;
            continue;
        }
        let heading = lines[..i]
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .map_or_else(String::new, |l| l.trim().to_owned());
        let mut rows = Vec::new();
        i += 1;
        while let Some(row) = lines.get(i).and_then(|l| row(l)) {
            rows.push(row);
            i += 1;
        }
        tables.push(ConfigurationTable { heading, rows });
    }
    Report {
        text: text.to_owned(),
        tables,
    }
}

fn row(line: &str) -> Option<ConfigurationRow> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let n = words.len();
    if n < 6 || !words[n - 4].ends_with('x') {
        return None;
    }
    Some(ConfigurationRow {
        configuration: words[..n - 5].join(" "),
        nodes: words[n - 5].parse().ok()?,
        vs_plain: words[n - 4].to_owned(),
        other_moves: words[n - 3].parse().ok()?,
        worse_moves: words[n - 2].parse().ok()?,
        guards: words[n - 1].to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configuration_tables_become_rows() {
        let text = "\
the game: 30 plies, a draw

configuration      nodes  vs plain  other moves worse moves   guards
plain             489937     1.00x            0           0   none
gated R2          235816     0.48x            3           1   r=2+depth-r+eval-gate+zero-window

pays: r2 k1
";
        let report = summarize(text);
        assert_eq!(report.text, text);
        assert_eq!(report.tables.len(), 1);
        let t = &report.tables[0];
        assert_eq!(t.heading, "the game: 30 plies, a draw");
        assert_eq!(t.rows.len(), 2);
        assert_eq!(t.rows[1].configuration, "gated R2");
        assert_eq!((t.rows[1].nodes, t.rows[1].worse_moves), (235_816, 1));
        assert_eq!(t.rows[1].guards, "r=2+depth-r+eval-gate+zero-window");
    }
}
