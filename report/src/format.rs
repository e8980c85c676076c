//! How numbers, values and boards read in every table: one format across the commands.

/// Why a tic-tac-toe root has no move to search (`game over: X won`, `depth limit 0: the
/// root is a leaf`), in the trace's words.
pub use nullmove_experiments::trace::leaf_reason;
/// Whole numbers in every table with thousands separators (`12,368`).
pub use nullmove_numbers::count;

/// `words` joined as a list in prose: `a`, `a and b`, `a, b and c`.
#[must_use]
pub fn and_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A board in the position notation drawn as three rows, with `.` for empty cells.
#[must_use]
pub fn draw_board(board: &str) -> String {
    board
        .as_bytes()
        .chunks(3)
        .map(|r| {
            r.iter()
                .map(|&b| char::from(b).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A value for a table: the infinities of an open window print as `inf`.
#[must_use]
pub fn show_value(v: nullmove_core::Value) -> String {
    if v >= nullmove_core::INF {
        "+inf".into()
    } else if v <= -nullmove_core::INF {
        "-inf".into()
    } else {
        v.to_string()
    }
}

/// An Elo value and its 95% interval: `+13.71 (+4.59 to +22.84)`.
#[must_use]
pub fn elo_interval(x: f64, [lo, hi]: [f64; 2]) -> String {
    format!("{} ({} to {})", elo(x), elo(lo), elo(hi))
}

/// An Elo value with its sign and two decimals, or `+inf`/`-inf`.
#[must_use]
pub fn elo(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        format!("{x:+.2}")
    }
}

/// Guards as the tic-tac-toe commands name them: `page` when none is on, else the guards
/// joined by `+`, the endgame guard as `min-empty=M` (R is the search's, not theirs).
pub struct TicTacToeGuards(pub nullmove_optimized::Guards);

impl TicTacToeGuards {
    /// Whether no guard is on: the page's search.
    #[must_use]
    pub fn is_page(&self) -> bool {
        self.0.is_unguarded()
    }
}

impl std::fmt::Display for TicTacToeGuards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&nullmove_experiments::safeguards::name(&self.0))
    }
}

/// Guards named in chess's words (`nullmove kpk`), joined by `+`
/// (`min-probe-depth=1+no-null-without-pieces`), `none` when none: the endgame guard is
/// chess's rule of no null move without non-pawn material.
pub struct ChessGuards(pub nullmove_optimized::Guards);

impl std::fmt::Display for ChessGuards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .0
            .guard_names()
            .into_iter()
            .map(|part| {
                if part.starts_with("min-material=") {
                    "no-null-without-pieces".to_owned()
                } else {
                    part
                }
            })
            .collect();
        if parts.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&parts.join("+"))
        }
    }
}
