//! The UCI protocol's commands from the GUI, read from one line each (Meyer-Kahlen, "UCI
//! protocol", 2004 and 2006), with what is wrong with a line said in words.

use std::time::Duration;

/// One command from the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`: accepted; this engine has no debug output.
    Debug,
    /// `isready`: answer `readyok` (at once, even while searching).
    IsReady,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name (words joined by one space, as the GUI wrote them).
        name: String,
        /// Its value, if given.
        value: Option<String>,
    },
    /// `register ...`: nothing to register.
    Register,
    /// `ucinewgame`: the next position is from another game.
    NewGame,
    /// `position startpos|fen F [moves M...]`.
    Position {
        /// `None` for `startpos`, else the FEN as given (four or six fields).
        fen: Option<String>,
        /// The moves after it, in UCI notation, unchecked.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The parameters of `go`; what it could not read is in `ignored`, one reason each.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// White's and Black's clocks.
    pub time: [Option<Duration>; 2],
    /// White's and Black's increments.
    pub increment: [Option<Duration>; 2],
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// Nodes to search.
    pub nodes: Option<u64>,
    /// Time for this move exactly.
    pub move_time: Option<Duration>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search the position after the expected reply until `ponderhit` or `stop`.
    pub ponder: bool,
    /// The root moves to choose from, in UCI notation, unchecked (empty: all).
    pub search_moves: Vec<String>,
    /// `go perft N`: count the leaves N plies down instead of searching (Stockfish's
    /// debugging command).
    pub perft: Option<u32>,
    /// Parameters left out, each with the reason, for an `info string`.
    pub ignored: Vec<String>,
}

impl Go {
    /// Whether the GUI set no limit at all (a bare `go` searches until `stop`, as
    /// `infinite` does).
    #[must_use]
    pub fn unlimited(&self) -> bool {
        self.infinite
            || (self.time == [None, None]
                && self.depth.is_none()
                && self.nodes.is_none()
                && self.move_time.is_none())
    }
}

/// Reads one line; `Ok(None)` for a blank one, `Err` with the reason for anything else that
/// is not a command (unknown, or malformed beyond use).
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let command = match first {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "setoption" => set_option(&rest)?,
        "register" => Command::Register,
        "ucinewgame" => Command::NewGame,
        "position" => position(&rest)?,
        "go" => Command::Go(go(&rest)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        other => {
            return Err(format!(
                "unknown command {:?} (expected uci, isready, setoption, ucinewgame, \
                 position, go, stop or quit)",
                other.escape_debug().to_string()
            ));
        }
    };
    Ok(Some(command))
}

/// `setoption name N [value V]`: the name runs to `value`, the value to the end.
fn set_option(words: &[&str]) -> Result<Command, String> {
    let usage = "setoption needs `name <option> [value <value>]`";
    let Some((&"name", rest)) = words.split_first() else {
        return Err(usage.to_owned());
    };
    let at = rest.iter().position(|w| *w == "value");
    let (name, value) = match at {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(usage.to_owned());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// `position startpos|fen F [moves M...]`.
fn position(words: &[&str]) -> Result<Command, String> {
    let usage = "position needs `startpos` or `fen <FEN>`, then optionally `moves ...`";
    let at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match head {
        ["startpos"] => None,
        ["fen", fields @ ..] if !fields.is_empty() => Some(fields.join(" ")),
        ["fen"] => return Err("position fen needs a FEN".to_owned()),
        _ => return Err(usage.to_owned()),
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    })
}

/// `go` and its parameters; one that cannot be read is left out with the reason.
fn go(words: &[&str]) -> Go {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        let mut number = |what: &str| -> Option<i64> {
            let text = words.get(i).copied();
            if let Some(Ok(n)) = text.map(str::parse::<i64>) {
                i += 1;
                return Some(n);
            }
            // A malformed operand is skipped with its keyword; a keyword is not.
            if text.is_some_and(|t| !is_keyword(t)) {
                i += 1;
            }
            go.ignored.push(format!(
                "`{word}` needs {what}, found {}",
                text.map_or("nothing".to_owned(), |t| format!("{t:?}"))
            ));
            None
        };
        match word {
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                // A GUI may send a negative clock once a side is late: no time left.
                let Some(ms) = number("milliseconds") else {
                    continue;
                };
                if word == "movetime" && ms < 0 {
                    go.ignored.push(format!(
                        "`movetime {ms}` is negative: searched as `movetime 0` (depth 1)"
                    ));
                }
                let d = Some(Duration::from_millis(ms.max(0) as u64));
                match word {
                    "wtime" => go.time[0] = d,
                    "btime" => go.time[1] = d,
                    "winc" => go.increment[0] = d,
                    "binc" => go.increment[1] = d,
                    _ => go.move_time = d,
                }
            }
            "perft" => {
                let Some(n) = number(&format!("a depth from 1 to {MAX_PERFT}")) else {
                    continue;
                };
                if !(1..=i64::from(MAX_PERFT)).contains(&n) {
                    go.ignored.push(format!(
                        "`perft {n}`: expected a depth from 1 to {MAX_PERFT}"
                    ));
                    continue;
                }
                go.perft = Some(n as u32);
            }
            "movestogo" | "depth" | "nodes" => {
                let Some(n) = number("a positive whole number") else {
                    continue;
                };
                if n < 1 {
                    go.ignored
                        .push(format!("`{word} {n}`: expected at least 1"));
                    continue;
                }
                match word {
                    "movestogo" => go.moves_to_go = Some(u32::try_from(n).unwrap_or(u32::MAX)),
                    "depth" => go.depth = Some(u32::try_from(n).unwrap_or(u32::MAX)),
                    _ => go.nodes = Some(n as u64),
                }
            }
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                let from = i;
                while i < words.len() && !is_keyword(words[i]) {
                    go.search_moves.push(words[i].to_owned());
                    i += 1;
                }
                if i == from {
                    go.ignored
                        .push("`searchmoves` lists no move: searching every move".to_owned());
                }
            }
            "mate" => {
                go.ignored
                    .push(format!("`{word}` is not supported: searching without it"));
                // Skip its operands: a number, or moves up to the next keyword.
                while i < words.len() && !is_keyword(words[i]) {
                    i += 1;
                }
            }
            other => go.ignored.push(format!(
                "unknown `go` parameter {:?}",
                other.escape_debug().to_string()
            )),
        }
    }
    go
}

fn is_keyword(word: &str) -> bool {
    [
        "wtime",
        "btime",
        "winc",
        "binc",
        "movestogo",
        "depth",
        "nodes",
        "movetime",
        "infinite",
        "ponder",
        "mate",
        "searchmoves",
        "perft",
    ]
    .contains(&word)
}

/// The deepest `go perft` (the start position's perft 8 is 84,998,978,956 leaves: hours).
pub const MAX_PERFT: u32 = 8;

#[cfg(test)]
mod tests {
    use super::*;

    #[allow(clippy::unnecessary_wraps)] // what the fields hold
    fn ms(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn commands_as_guis_send_them() {
        assert_eq!(parse("  uci  "), Ok(Some(Command::Uci)));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("\t"), Ok(None));
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Ok(Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }))
        );
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Some(Command::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }))
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K6k w - - 0 1"),
            Ok(Some(Command::Position {
                fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec![]
            }))
        );
    }

    #[test]
    fn go_reads_every_limit() {
        let Ok(Some(Command::Go(go))) = parse(
            "go wtime 1000 btime -5 winc 10 binc 10 movestogo 20 depth 7 nodes 5000 movetime 50",
        ) else {
            panic!("a go");
        };
        assert_eq!(go.time, [ms(1000), ms(0)]);
        assert_eq!(go.increment, [ms(10), ms(10)]);
        assert_eq!(
            (go.moves_to_go, go.depth, go.nodes, go.move_time),
            (Some(20), Some(7), Some(5000), ms(50))
        );
        assert!(go.ignored.is_empty() && !go.unlimited() && !go.ponder);
        let Ok(Some(Command::Go(bare))) = parse("go") else {
            panic!("a go");
        };
        assert!(bare.unlimited());
        let Ok(Some(Command::Go(go))) =
            parse("go ponder searchmoves e2e4 g1f3 wtime 100 btime 100")
        else {
            panic!("a go");
        };
        assert!(go.ponder && go.ignored.is_empty());
        assert_eq!(go.search_moves, ["e2e4", "g1f3"]);
        assert_eq!(go.time, [ms(100), ms(100)]);
    }

    #[test]
    fn what_cannot_be_read_is_said() {
        assert!(
            parse("xyzzy")
                .unwrap_err()
                .contains("unknown command \"xyzzy\"")
        );
        assert!(parse("position").unwrap_err().contains("startpos"));
        assert!(parse("position fen").unwrap_err().contains("needs a FEN"));
        assert!(parse("setoption Hash 3").unwrap_err().contains("name"));
        let Ok(Some(Command::Go(go))) = parse("go depth x nodes 0 foo searchmoves e2e4 depth 3")
        else {
            panic!("a go");
        };
        assert_eq!(go.depth, Some(3));
        assert_eq!(go.search_moves, ["e2e4"]);
        assert_eq!(go.ignored.len(), 3, "{:?}", go.ignored);
        assert!(go.ignored[0].contains("`depth` needs a positive whole number, found \"x\""));
        assert!(go.ignored[1].contains("expected at least 1"));
        assert!(go.ignored[2].contains("unknown `go` parameter \"foo\""));
        let Ok(Some(Command::Go(go))) = parse("go mate 3 searchmoves depth 2") else {
            panic!("a go");
        };
        assert_eq!(go.ignored.len(), 2, "{:?}", go.ignored);
        assert!(go.ignored[0].contains("`mate` is not supported"));
        assert!(go.ignored[1].contains("`searchmoves` lists no move"));
    }
}
