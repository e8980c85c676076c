//! EPD, the test suites' format: a position (the first four FEN fields) followed by
//! operations `opcode operands;` (Edwards 1994, "Portable Game Notation Specification",
//! section 16.2). The suites use `bm` (best moves, SAN), `am` (moves to avoid), `id` (the
//! position's name), and free text, which is kept as comments.

use cozy_chess::{Board, Move};
use serde::{Deserialize, Serialize};

use crate::notation::parse_san;
use crate::{ChessError, parse_fen};

/// One position of a suite.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EpdEntry {
    /// The line of the file it came from (1-based).
    pub line: usize,
    /// The position as a full FEN (the four EPD fields, then the clocks of `hmvc` and
    /// `fmvn`, or 0 and 1).
    pub fen: String,
    /// `id`, the position's name, if given.
    pub id: Option<String>,
    /// `bm`: the best moves, in SAN as the suite writes them.
    pub best_moves: Vec<String>,
    /// `am`: moves to avoid, in SAN as the suite writes them.
    pub avoid_moves: Vec<String>,
    /// Every other operation, as written (the suites' sources and remarks).
    pub comments: Vec<String>,
}

impl EpdEntry {
    /// The position.
    pub fn board(&self) -> Result<Board, ChessError> {
        parse_fen(&self.fen)
    }

    /// The name tables use: the `id`, or the line number.
    #[must_use]
    pub fn name(&self) -> String {
        self.id
            .clone()
            .unwrap_or_else(|| format!("line {}", self.line))
    }

    /// The `bm` moves resolved against the position.
    pub fn best(&self) -> Result<Vec<Move>, ChessError> {
        self.resolve(&self.best_moves)
    }

    /// The `am` moves resolved against the position.
    pub fn avoid(&self) -> Result<Vec<Move>, ChessError> {
        self.resolve(&self.avoid_moves)
    }

    fn resolve(&self, moves: &[String]) -> Result<Vec<Move>, ChessError> {
        let board = self.board()?;
        moves
            .iter()
            .map(|s| {
                parse_san(&board, s).map_err(|e| ChessError::Epd {
                    line: self.line,
                    message: e.to_string(),
                })
            })
            .collect()
    }
}

/// Splits the operations at semicolons outside double quotes.
fn operations(text: &str) -> Result<Vec<&str>, String> {
    let mut ops = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                ops.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    if quoted {
        return Err("a quoted string is not closed".to_owned());
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        ops.push(rest);
    }
    Ok(ops.into_iter().filter(|op| !op.is_empty()).collect())
}

/// Parses one EPD line; `None` for a blank line or a `#` comment line.
pub fn parse_line(text: &str, line: usize) -> Result<Option<EpdEntry>, ChessError> {
    let err = |message: String| ChessError::Epd { line, message };
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let mut fields = Vec::new();
    let mut rest = text;
    for _ in 0..4 {
        let (field, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if field.is_empty() {
            return Err(err(format!(
                "expected the four position fields, found {}",
                fields.len()
            )));
        }
        fields.push(field);
        rest = tail.trim_start();
    }
    let mut entry = EpdEntry {
        line,
        fen: String::new(),
        id: None,
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
        comments: Vec::new(),
    };
    let (mut halfmove, mut fullmove) = ("0".to_owned(), "1".to_owned());
    let mut seen = Vec::new();
    for op in operations(rest).map_err(err)? {
        let (opcode, operands) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
        let operands = operands.trim();
        if ["bm", "am", "id", "hmvc", "fmvn"].contains(&opcode) {
            if seen.contains(&opcode) {
                return Err(err(format!("`{opcode}` given twice")));
            }
            seen.push(opcode);
            if operands.is_empty() {
                return Err(err(format!("`{opcode}` has no operand")));
            }
        }
        let words = || operands.split_whitespace().map(str::to_owned).collect();
        match opcode {
            "bm" => entry.best_moves = words(),
            "am" => entry.avoid_moves = words(),
            "id" => entry.id = Some(operands.trim_matches('"').to_owned()),
            "hmvc" => operands.clone_into(&mut halfmove),
            "fmvn" => operands.clone_into(&mut fullmove),
            _ => entry.comments.push(op.to_owned()),
        }
    }
    entry.fen = format!("{} {halfmove} {fullmove}", fields.join(" "));
    entry.board().map_err(|e| err(e.to_string()))?;
    Ok(Some(entry))
}

/// Parses a whole EPD file: every position, or the first line that is not EPD.
///
/// # Example
/// ```
/// let text = "3k4/8/4K3/2R5/8/8/8/8 w - - bm Rc6 Rc4; id \"ZPTS.13\"; CCC post\n";
/// let suite = nullmove_chess::parse_epd(text).unwrap();
/// assert_eq!(suite[0].id.as_deref(), Some("ZPTS.13"));
/// assert_eq!(suite[0].best_moves, ["Rc6", "Rc4"]);
/// assert_eq!(suite[0].comments, ["CCC post"]);
/// assert_eq!(suite[0].fen, "3k4/8/4K3/2R5/8/8/8/8 w - - 0 1");
/// assert!(nullmove_chess::parse_epd("3k4/8/4K3/2R5/8/8/8 w - - bm Rc6;").is_err());
/// ```
pub fn parse_epd(text: &str) -> Result<Vec<EpdEntry>, ChessError> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(e) = parse_line(line, i + 1)? {
            entries.push(e);
        }
    }
    Ok(entries)
}
