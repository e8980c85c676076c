//! A UCI engine in its own process, spoken to over its stdin and stdout: the handshake,
//! the options, then `position` and `go` for every move, each answer awaited no longer than
//! its deadline.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use nullmove_optimized::Score;

use super::{Limit, Player, PlayerError, Reply};
use crate::Line;

/// How long an engine may take to start, to answer `isready`, or to set up a new game.
const HANDSHAKE: Duration = Duration::from_secs(20);

/// How long an engine is given to leave after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// A UCI engine's process, ready for a game.
#[derive(Debug)]
pub struct UciPlayer {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    engine: Option<String>,
}

impl UciPlayer {
    /// Starts `path` with `args`, shakes hands (`uci` until `uciok`), sets `options` (each
    /// must be one the engine declared) and waits for `readyok`. `name` is the player's
    /// name in messages.
    pub fn start(
        name: &str,
        path: &Path,
        args: &[String],
        options: &[(String, String)],
    ) -> Result<Self, PlayerError> {
        let fail = |why: String| PlayerError::Failed(format!("{name}: {why}"));
        let mut command = Command::new(path);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        // Its own process group: a Ctrl-C at the terminal reaches the runner, which ends the
        // match in order, not the engines in the middle of a game.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| fail(format!("cannot start {}: {e}", path.display())))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(fail("no pipes to the engine".to_owned()));
        };
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = Self {
            name: name.to_owned(),
            child,
            stdin,
            lines,
            engine: None,
        };
        player.handshake(options)?;
        Ok(player)
    }

    fn handshake(&mut self, options: &[(String, String)]) -> Result<(), PlayerError> {
        self.send("uci")?;
        let mut declared = Vec::new();
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = self.next_line(deadline, "uciok")?;
            if let Some(id) = line.strip_prefix("id name ") {
                self.engine = Some(id.trim().to_owned());
            } else if let Some(option) = line.strip_prefix("option name ") {
                let name = option.split(" type ").next().unwrap_or(option).trim();
                declared.push(name.to_owned());
            } else if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in options {
            if !declared.iter().any(|d| d.eq_ignore_ascii_case(name)) {
                return Err(PlayerError::Failed(format!(
                    "{}: the engine has no option {name:?} (it declares {})",
                    self.name,
                    declared.join(", ")
                )));
            }
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()
    }

    fn ready(&mut self) -> Result<(), PlayerError> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE;
        while self.next_line(deadline, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| PlayerError::Failed(format!("{}: the engine is gone ({e})", self.name)))
    }

    /// The engine's next line, waiting until `deadline` for `what`.
    fn next_line(&self, deadline: Instant, what: &str) -> Result<String, PlayerError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait).map_err(|e| match e {
            RecvTimeoutError::Timeout => PlayerError::Stalled(
                format!("{} (waiting for {what})", self.name),
                HANDSHAKE.as_millis(),
            ),
            RecvTimeoutError::Disconnected => PlayerError::Failed(format!(
                "{}: the engine ended while the runner waited for {what}",
                self.name
            )),
        })
    }
}

impl Player for UciPlayer {
    fn engine(&self) -> Option<&str> {
        self.engine.as_deref()
    }

    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn go(&mut self, line: &Line, limit: &Limit, deadline: Duration) -> Result<Reply, PlayerError> {
        let moves = line.uci_moves();
        let mut position = format!("position fen {}", line.start());
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.send(&match *limit {
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Clock {
                white,
                black,
                increment,
            } => format!(
                "go wtime {} btime {} winc {i} binc {i}",
                white.as_millis(),
                black.as_millis(),
                i = increment.as_millis()
            ),
        })?;
        let until = Instant::now() + deadline;
        let (mut score, mut depth, mut nodes) = (None, None, None);
        loop {
            let text = self.next_line(until, "bestmove").map_err(|e| match e {
                PlayerError::Stalled(who, _) => PlayerError::Stalled(who, deadline.as_millis()),
                failed @ PlayerError::Failed(_) => failed,
            })?;
            let words: Vec<&str> = text.split_whitespace().collect();
            match words.first() {
                Some(&"bestmove") => {
                    return Ok(Reply {
                        mv: words.get(1).copied().unwrap_or("(none)").to_owned(),
                        score,
                        depth,
                        nodes,
                    });
                }
                Some(&"info") => {
                    nodes = read_nodes(&words).or(nodes);
                    if let Some((s, d)) = read_info(&words) {
                        score = Some(s);
                        depth = d.or(depth);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The score and depth of an `info` line that has a score.
fn read_info(words: &[&str]) -> Option<(Score, Option<u32>)> {
    let value = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
    };
    let at = words.iter().position(|w| *w == "score")?;
    let n: i32 = words.get(at + 2)?.parse().ok()?;
    let score = match *words.get(at + 1)? {
        "cp" => Score::Value(n),
        "mate" => Score::Mate(n),
        _ => return None,
    };
    Some((score, value("depth").and_then(|d| d.parse().ok())))
}

/// The `nodes` count of an `info` line, where it has one.
fn read_nodes(words: &[&str]) -> Option<u64> {
    if words.get(1) == Some(&"string") {
        return None;
    }
    let at = words.iter().position(|w| *w == "nodes")?;
    words.get(at + 1)?.parse().ok()
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_score_and_depth() {
        let words = |s: &'static str| s.split_whitespace().collect::<Vec<_>>();
        assert_eq!(
            read_info(&words(
                "info depth 12 seldepth 20 score cp -35 nodes 1 pv e2e4"
            )),
            Some((Score::Value(-35), Some(12)))
        );
        assert_eq!(
            read_info(&words("info score mate 3 lowerbound")),
            Some((Score::Mate(3), None))
        );
        assert_eq!(read_info(&words("info string hello")), None);
        assert_eq!(read_info(&words("info depth 3 currmove e2e4")), None);
        assert_eq!(
            read_nodes(&words("info depth 12 score cp 5 nodes 48213 nps 9 pv e2e4")),
            Some(48213)
        );
        assert_eq!(read_nodes(&words("info string nodes")), None);
    }
}
