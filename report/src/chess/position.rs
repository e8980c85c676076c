//! `nullmove chess --fen`'s document: one position searched to a fixed depth under one
//! configuration; the board, the move chosen, its value and the principal variation in SAN.

use std::io::{self, Write};

use cozy_chess::{Board, Color, File, Rank, Square};
use nullmove_chess::{Solution, solve};
use serde::Serialize;

use nullmove_optimized::{Guards, Verification};

use crate::Error;
use crate::format::count;
use nullmove_numbers::{counted, value};

/// The document of `nullmove chess --fen`: the search's solution (the fields of
/// docs/src/specification.md, with the mate distance, the principal variation in SAN and
/// every statistic), who moves, and why there is no move to choose when there is none.
#[derive(Debug, Serialize)]
pub struct PositionDoc {
    /// What the search found.
    #[serde(flatten)]
    pub solution: Solution,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// Why the side to move has no move: `checkmate: White is mated`, `stalemate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaf: Option<String>,
}

const fn colour_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Searches `board` to `depth` under `config` and builds the document.
pub fn search(board: &Board, depth: u32, config: Guards) -> Result<PositionDoc, Error> {
    let solution = solve(board, depth, config).map_err(|e| Error::Message(e.to_string()))?;
    Ok(PositionDoc {
        side_to_move: match board.side_to_move() {
            Color::White => "white",
            Color::Black => "black",
        },
        leaf: leaf(board),
        solution,
    })
}

/// Checkmate or stalemate, when the side to move has no legal move.
fn leaf(board: &Board) -> Option<String> {
    let mut any = false;
    board.generate_moves(|_| {
        any = true;
        true
    });
    if any {
        return None;
    }
    Some(if board.checkers().is_empty() {
        "stalemate".to_owned()
    } else {
        format!("checkmate: {} is mated", colour_name(board.side_to_move()))
    })
}

/// The board as eight ranks, White's pieces in capitals, rank 8 on top.
fn draw(board: &Board) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        out.push(char::from(rank));
        out.push(' ');
        for file in File::ALL {
            let square = Square::new(file, rank);
            let c = match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(colour)) => {
                    let c = char::from(piece);
                    if colour == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                }
                _ => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}

/// The principal variation in SAN with move numbers: `24. Rg3 Qh6 25. Bxf4`, or
/// `24... Qh6 25. Rg3` with Black to move.
fn numbered(board: &Board, pv: &[String]) -> String {
    let mut number = board.fullmove_number();
    let mut white = board.side_to_move() == Color::White;
    let mut words = Vec::with_capacity(pv.len() * 3 / 2);
    for (i, mv) in pv.iter().enumerate() {
        if white {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(mv.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    words.join(" ")
}

/// The value in words, for the side to move.
fn value_words(doc: &PositionDoc) -> String {
    let s = &doc.solution;
    let side = if doc.side_to_move == "white" {
        "White"
    } else {
        "Black"
    };
    let v = value(s.value);
    match (&doc.leaf, s.mate) {
        (Some(leaf), _) => format!("{v} ({leaf})"),
        (None, Some(m)) if m > 0 => format!("{v}: {side} mates in {m}"),
        (None, Some(m)) => format!("{v}: {side} is mated in {}", -m),
        (None, None) => format!("{v} centipawns for {side}, the side to move"),
    }
}

/// The board, then the result and the search's counts.
pub fn render(doc: &PositionDoc, out: &mut dyn Write) -> io::Result<()> {
    let s = &doc.solution;
    let board: Board = s
        .fen
        .parse()
        .map_err(|_| io::Error::other("the FEN searched"))?;
    write!(out, "{}", draw(&board))?;
    writeln!(
        out,
        "\n{}, {} to move; configuration {}, depth {}",
        s.fen,
        colour_name(board.side_to_move()),
        s.configuration,
        s.depth
    )?;
    if let Some(leaf) = &doc.leaf {
        writeln!(out, "no legal move: {leaf}")?;
    }
    if let (Some(san), Some(uci)) = (&s.best_move_san, &s.best_move) {
        writeln!(out, "best move   {san} ({uci})")?;
    }
    writeln!(out, "value       {}", value_words(doc))?;
    if !s.pv_san.is_empty() {
        writeln!(out, "pv          {}", numbered(&board, &s.pv_san))?;
    }
    let st = &s.stats;
    writeln!(
        out,
        "nodes       {} ({} in quiescence), {}",
        count(s.nodes),
        count(st.qnodes),
        counted(st.shared.beta_cutoffs, "beta cutoff", "beta cutoffs")
    )?;
    writeln!(
        out,
        "table       {} in the transposition table, {} of them settling their node",
        counted(st.tt_hits, "hit", "hits"),
        count(st.tt_cutoffs)
    )?;
    null_move(s, out)
}

/// What null move did: its probes and cutoffs, and for a configuration that verifies a
/// probe that failed high, how many it checked and how many held.
fn null_move(s: &Solution, out: &mut dyn Write) -> io::Result<()> {
    let st = &s.stats.shared;
    let Ok(config) = Guards::preset(&s.configuration) else {
        return Ok(());
    };
    if !config.null_move {
        return writeln!(
            out,
            "null move   none: configuration {} never passes",
            s.configuration
        );
    }
    writeln!(
        out,
        "null move   {}, {} of them cutting their node off at once",
        counted(st.null_probes, "probe", "probes"),
        count(st.null_cutoffs)
    )?;
    let (held, refuted) = (
        count(st.verifications - st.verification_failures),
        count(st.verification_failures),
    );
    let checked = counted(
        st.verifications,
        "probe that failed high",
        "probes that failed high",
    );
    // The second line starts under the first's figures.
    let (head, tail) = match config.verification {
        Verification::None => return Ok(()),
        Verification::TabibiNetanyahu => (
            format!("{checked}, each checked one ply shallower (Tabibi & Netanyahu)"),
            format!(
                "{held} held (the node takes that search's value), {refuted} did not \
                 (searched again in full)"
            ),
        ),
        Verification::Stockfish { min_remaining } => (
            format!(
                "{checked} with {min_remaining}+ plies left, re-searched with the \
                 mover's pass barred"
            ),
            format!(
                "{held} held (among the cutoffs above), {refuted} did not (the node's moves \
                 then searched)"
            ),
        ),
        Verification::Ordinary => (
            format!("{checked}, each re-searched in full without null move"),
            format!(
                "{held} held (among the cutoffs above), {refuted} did not (the node's moves \
                 then searched)"
            ),
        ),
    };
    writeln!(out, "verified    {head}:\n            {tail}")
}
