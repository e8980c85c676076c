//! Games in PGN (Edwards 1994, "Portable Game Notation Specification"): the seven tags,
//! the opening as `FEN` and `SetUp`, the termination, each move's score and depth as a
//! comment in cutechess's form (`{+0.35/7 0.045s}`), the reason after the result.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use cozy_chess::Color;
use nullmove_numbers::date::civil_from_days;

use crate::arbiter::{GameRecord, Reason};
use crate::pawns;
use crate::runner::PairRecord;

/// What every game of a match shares in its tags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnHeader {
    /// `Event`.
    pub event: String,
    /// `Date` (`YYYY.MM.DD`).
    pub date: String,
    /// `TimeControl` (`1+0.01`, or `-` for a fixed-node match).
    pub time_control: String,
    /// Nodes per move, a tag of its own for a fixed-node match.
    pub nodes: Option<u64>,
}

/// The pairs' games in PGN, pair by pair (round `pair.game`, both counted from 1).
#[must_use]
pub fn write_pgn(header: &PgnHeader, pairs: &[PairRecord]) -> String {
    let mut out = String::new();
    for pair in pairs {
        for (i, game) in pair.games.iter().enumerate() {
            let round = format!("{}.{}", pair.index + 1, i + 1);
            write_game(&mut out, header, &round, game);
        }
    }
    out
}

/// The longest line of movetext (PGN's export format asks for at most 80 characters).
const WIDTH: usize = 79;

fn write_game(out: &mut String, header: &PgnHeader, round: &str, game: &GameRecord) {
    let result = game.result.pgn();
    let tags = [
        ("Event", header.event.as_str()),
        ("Site", "?"),
        ("Date", header.date.as_str()),
        ("Round", round),
        ("White", game.players[0].as_str()),
        ("Black", game.players[1].as_str()),
        ("Result", result),
        ("FEN", game.opening.as_str()),
        ("SetUp", "1"),
        ("TimeControl", header.time_control.as_str()),
        ("Termination", termination(game.reason)),
    ];
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    if let Some(n) = header.nodes {
        let _ = writeln!(out, "[Nodes \"{n}\"]");
    }
    let _ = writeln!(out, "[PlyCount \"{}\"]\n", game.moves.len());
    let mut tokens = Vec::new();
    let board: cozy_chess::Board = game.opening.parse().unwrap_or_default();
    let mut number = board.fullmove_number();
    let mut side = board.side_to_move();
    for (i, mv) in game.moves.iter().enumerate() {
        match side {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(mv.san.clone());
        let mut comment = match (mv.score, mv.depth) {
            (Some(s), Some(d)) => format!("{}/{d} ", pawns(s)),
            (Some(s), None) => format!("{} ", pawns(s)),
            _ => String::new(),
        };
        let _ = write!(comment, "{:.3}s", mv.time.as_secs_f64());
        tokens.push(format!("{{{comment}}}"));
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    tokens.push(result.to_owned());
    let reason = match &game.detail {
        Some(d) => format!("{}: {d}", game.reason.words()),
        None => game.reason.words().to_owned(),
    };
    tokens.push(format!("{{{}}}", reason.replace('}', ")")));
    wrap(out, &tokens);
    out.push('\n');
}

/// PGN's `Termination` tag for a reason.
const fn termination(reason: Reason) -> &'static str {
    match reason {
        Reason::TimeForfeit => "time forfeit",
        Reason::Adjudication => "adjudication",
        Reason::IllegalMove => "rules infraction",
        Reason::EngineFailure => "abandoned",
        _ => "normal",
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tokens as lines of at most [`WIDTH`] characters (a comment longer than a line
/// stands alone).
fn wrap(out: &mut String, tokens: &[String]) {
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    out.push_str(&line);
    out.push('\n');
}

/// Today's date in UTC as PGN writes it (`2024.05.17`).
#[must_use]
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::Score;
    use crate::arbiter::{GameResult, MoveRecord};

    #[test]
    fn a_game_from_a_black_to_move_opening() {
        let mv = |uci: &str, san: &str, score| MoveRecord {
            uci: uci.into(),
            san: san.into(),
            score,
            depth: Some(5),
            nodes: Some(5000),
            time: Duration::from_millis(12),
        };
        let game = GameRecord {
            opening: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            players: ["r3".into(), "none".into()],
            result: GameResult::Draw,
            reason: Reason::Repetition,
            detail: None,
            moves: vec![
                mv("e7e5", "e5", Some(Score::Value(-20))),
                mv("g1f3", "Nf3", Some(Score::Mate(3))),
            ],
        };
        let header = PgnHeader {
            event: "test".into(),
            date: "2024.05.17".into(),
            time_control: "-".into(),
            nodes: Some(1000),
        };
        let mut out = String::new();
        write_game(&mut out, &header, "1.2", &game);
        assert!(out.contains("[Round \"1.2\"]\n"), "{out}");
        assert!(
            out.contains("[Nodes \"1000\"]\n[PlyCount \"2\"]\n\n"),
            "{out}"
        );
        assert!(
            out.contains(
                "1... e5 {-0.20/5 0.012s} 2. Nf3 {+M3/5 0.012s} 1/2-1/2 {threefold repetition}"
            ),
            "{out}"
        );
    }
}
