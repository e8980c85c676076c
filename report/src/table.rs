//! The commands' one table renderer: a table printed two ways from one set of cells,
//! columns aligned with spaces for the terminal, or Markdown for the book, so a book
//! table is exactly a command's output.

use std::io::{self, Write};

/// A column's heading and alignment.
#[derive(Debug, Clone)]
pub struct Column {
    /// The heading.
    pub head: String,
    /// Numbers align right; words left.
    pub right: bool,
    /// The fewest characters it takes when aligned, so that the same layout holds whatever
    /// the cells (a bench's timings); 0 for as wide as its widest cell.
    pub width: usize,
}

/// A left-aligned column (words).
#[must_use]
pub fn left(head: impl Into<String>) -> Column {
    Column {
        head: head.into(),
        right: false,
        width: 0,
    }
}

/// A right-aligned column (numbers).
#[must_use]
pub fn right(head: impl Into<String>) -> Column {
    Column {
        head: head.into(),
        right: true,
        width: 0,
    }
}

impl Column {
    /// The column at least `width` characters wide when aligned.
    #[must_use]
    pub fn at_least(self, width: usize) -> Self {
        Self { width, ..self }
    }
}

/// Headings and rows of cells, one per column.
#[derive(Debug, Clone)]
pub struct Table {
    columns: Vec<Column>,
    rows: Vec<Vec<String>>,
    gap: &'static str,
}

impl Table {
    /// An empty table with these columns, two spaces apart when aligned.
    #[must_use]
    pub fn new(columns: Vec<Column>) -> Self {
        Self {
            columns,
            rows: Vec::new(),
            gap: "  ",
        }
    }

    /// The same table with `gap` between aligned columns.
    #[must_use]
    pub fn gap(self, gap: &'static str) -> Self {
        Self { gap, ..self }
    }

    /// Adds a row: one cell per column.
    pub fn push(&mut self, row: Vec<String>) {
        debug_assert_eq!(row.len(), self.columns.len(), "one cell per column");
        self.rows.push(row);
    }

    /// Writes the table, aligned or as Markdown.
    pub fn write(&self, markdown: bool, out: &mut dyn Write) -> io::Result<()> {
        if markdown {
            self.write_markdown(out)
        } else {
            self.write_aligned(out)
        }
    }

    fn write_markdown(&self, out: &mut dyn Write) -> io::Result<()> {
        let heads: Vec<&str> = self.columns.iter().map(|c| c.head.as_str()).collect();
        writeln!(out, "| {} |", heads.join(" | "))?;
        let rules: Vec<&str> = self
            .columns
            .iter()
            .map(|c| if c.right { "---:" } else { "---" })
            .collect();
        writeln!(out, "|{}|", rules.join("|"))?;
        for row in &self.rows {
            writeln!(out, "| {} |", row.join(" | "))?;
        }
        Ok(())
    }

    fn write_aligned(&self, out: &mut dyn Write) -> io::Result<()> {
        let widths: Vec<usize> = self
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                self.rows
                    .iter()
                    .map(|r| r[i].chars().count())
                    .chain([c.head.chars().count(), c.width])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: Vec<&str>| -> String {
            let padded: Vec<String> = cells
                .iter()
                .zip(&self.columns)
                .zip(&widths)
                .map(|((cell, column), &width)| {
                    if column.right {
                        format!("{cell:>width$}")
                    } else {
                        format!("{cell:<width$}")
                    }
                })
                .collect();
            padded.join(self.gap).trim_end().to_owned()
        };
        writeln!(
            out,
            "{}",
            line(self.columns.iter().map(|c| c.head.as_str()).collect())
        )?;
        for row in &self.rows {
            writeln!(out, "{}", line(row.iter().map(String::as_str).collect()))?;
        }
        Ok(())
    }
}
