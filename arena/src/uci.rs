//! `nullmove uci`: the engine as chess GUIs and match tools speak to it, the UCI protocol
//! on a reader and a writer (stdin and stdout in the binary).
//!
//! The search runs on its own thread, so `isready` and `stop` are answered while it
//! thinks. Bad input never ends the engine: each line it cannot use gets one `info string`
//! saying why, and the engine goes on; the `bestmove` it prints is always legal in the
//! position searched (`0000` only where that position has no legal move, or where the
//! last `position` was refused: no position the GUI did not send is searched).

mod command;
mod options;
mod perft;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use cozy_chess::{Board, Color};
use nullmove_chess::{parse_fen, parse_fen_960, parse_uci_in, uci_in};
use nullmove_optimized::StopHandle;

pub use command::{Command, Go, parse};
pub use options::{DEFAULT_CONFIGURATION, DEFAULT_OVERHEAD_MS, Settings, declarations};
pub use perft::perft_lines;

use crate::{Budget, GoLimits, Info, Line, Thinker, budget};

/// Runs the protocol: reads commands from `input` (on a thread of its own, so the engine
/// answers while it waits for a line) until `quit` or its end, answers on `output`, whose
/// writer stays on the calling thread. Returns when the last search has ended; an error
/// when `input` cannot be read or `output` written (then the engine ends at once: nobody
/// can talk to it).
///
/// # Example
/// ```
/// let input = "uci\nposition startpos moves e2e4\ngo depth 2\nisready\nquit\n";
/// let mut out = Vec::new();
/// nullmove_arena::uci::serve(input.as_bytes(), &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("uciok\n") && text.contains("readyok\n"));
/// assert!(text.lines().any(|l| l.starts_with("bestmove ")));
/// ```
pub fn serve(input: impl Read + Send + 'static, output: &mut dyn Write) -> Result<(), UciError> {
    let (events, inbox) = mpsc::channel();
    let reader = events.clone();
    thread::spawn(move || read_lines(input, &reader));
    let mut session = Session::new(Out(events));
    let mut result = Ok(());
    for event in &inbox {
        match event {
            Event::Say(line) => {
                if let Err(e) = write_line(output, &line) {
                    result = Err(UciError::Write(e));
                    break;
                }
            }
            Event::Answer(line) => {
                // The search is over once it answers: the next go, which may follow at
                // once, finds the engine idle.
                session.end_search();
                if let Err(e) = write_line(output, &line) {
                    result = Err(UciError::Write(e));
                    break;
                }
            }
            Event::Line(line) => {
                let quit = match parse(&line) {
                    Ok(Some(command)) => session.handle(command),
                    Ok(None) => false,
                    Err(reason) => {
                        if line.split_whitespace().next() == Some("position") {
                            session.refuse_position(&reason);
                        } else {
                            session.out.info_string(&reason);
                        }
                        false
                    }
                };
                if quit {
                    break;
                }
            }
            Event::End(outcome) => {
                result = outcome.map_err(UciError::Read);
                break;
            }
        }
    }
    session.end_search();
    // What the last search said after the end (its bestmove) is written still.
    while let Ok(event) = inbox.try_recv() {
        if let (Event::Say(line) | Event::Answer(line), Ok(())) = (event, &result) {
            result = write_line(output, &line).map_err(UciError::Write);
        }
    }
    result
}

/// Why the engine ended before `quit`.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The commands could not be read.
    #[error("cannot read the commands: {0}")]
    Read(io::Error),
    /// The answers could not be written.
    #[error("cannot write the output: {0}")]
    Write(io::Error),
}

/// What the engine's loop waits for: a line read, a line to write, or the input's end.
enum Event {
    Line(String),
    Say(String),
    /// A search's `bestmove`, its last word.
    Answer(String),
    End(io::Result<()>),
}

/// Sends each line of `input` (invalid UTF-8 replaced, so it is answered, not fatal), then
/// its end.
fn read_lines(input: impl Read, events: &Sender<Event>) {
    let mut input = BufReader::new(input);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let outcome = match input.read_until(b'\n', &mut bytes) {
            Ok(0) => Err(Ok(())),
            Ok(_) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
            Err(e) => Err(Err(e)),
        };
        let sent = match outcome {
            Ok(line) => events.send(Event::Line(line)),
            Err(end) => {
                let _ = events.send(Event::End(end));
                return;
            }
        };
        if sent.is_err() {
            return;
        }
    }
}

fn write_line(output: &mut dyn Write, line: &str) -> io::Result<()> {
    writeln!(output, "{line}")?;
    output.flush()
}

/// The engine's voice, from the loop or the search thread: lines in the order said.
#[derive(Clone)]
struct Out(Sender<Event>);

impl Out {
    fn say(&self, line: &str) {
        // The loop has ended only after the search it waits for: nobody is left to listen.
        let _ = self.0.send(Event::Say(line.to_owned()));
    }

    fn info_string(&self, text: &str) {
        self.say(&format!("info string {text}"));
    }

    fn answer(&self, line: String) {
        let _ = self.0.send(Event::Answer(line));
    }
}

/// A search on its thread, which gives the thinker back when it ends.
struct Search {
    stop: StopHandle,
    thread: JoinHandle<Thinker>,
    /// Set when the search may answer once it ends (a pondering or infinite search waits
    /// for `ponderhit` or `stop`).
    release: Arc<AtomicBool>,
    /// Whether it ponders: answers only after `ponderhit` (or `stop`).
    pondering: bool,
    /// Whether `go` said `infinite`: then only `stop` lets it answer, `ponderhit` or not.
    infinite: bool,
    /// The time the move gets once `ponderhit` says it was played (none when `go ponder`
    /// gave no clock).
    ponder_clock: Option<Budget>,
}

/// The engine between commands: options, the position, the thinker (its table) while no
/// search holds it, the search running.
struct Session {
    out: Out,
    settings: Settings,
    line: Option<Line>,
    /// Why the last `position` was refused, until one is accepted: `go` then searches
    /// nothing.
    refused: Option<String>,
    thinker: Option<Thinker>,
    new_game: bool,
    search: Option<Search>,
}

impl Session {
    fn new(out: Out) -> Self {
        Self {
            out,
            settings: Settings::default(),
            line: None,
            refused: None,
            thinker: None,
            new_game: false,
            search: None,
        }
    }

    /// Acts on one command; `true` to quit.
    fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Uci => self.identify(),
            Command::Debug => {}
            Command::IsReady => {
                // The table the options ask for is made before the GUI hears it is ready,
                // not on the clock of the first `go`.
                self.prepare();
                self.out.say("readyok");
            }
            Command::SetOption { name, value } => {
                if let Err(reason) = self.settings.set(&name, value.as_deref()) {
                    self.out.info_string(&reason);
                }
            }
            Command::Register => self.out.info_string("this engine needs no registration"),
            Command::NewGame => self.new_game = true,
            Command::Position { fen, moves } => self.position(fen.as_deref(), &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => self.end_search(),
            Command::PonderHit => self.ponder_hit(),
            Command::Quit => return true,
        }
        false
    }

    fn identify(&self) {
        self.out
            .say(&format!("id name nullmove {}", env!("CARGO_PKG_VERSION")));
        self.out.say("id author the nullmove authors");
        for line in declarations() {
            self.out.say(&line);
        }
        self.out.say("uciok");
    }

    /// A `position` that could not be used: said, and no position stands until the next.
    fn refuse_position(&mut self, reason: &str) {
        self.out
            .info_string(&format!("{reason}: no position until the next `position`"));
        self.line = None;
        self.refused = Some(reason.to_owned());
    }

    /// Sets the position; a FEN that cannot be read leaves none (`go` then answers
    /// `bestmove 0000`), an illegal move ends the list there (the moves before it stand).
    fn position(&mut self, fen: Option<&str>, moves: &[String]) {
        let read = if self.settings.chess960 {
            parse_fen_960
        } else {
            parse_fen
        };
        let start = match fen {
            None => Board::default(),
            Some(text) => match read(text) {
                Ok(board) => board,
                Err(e) => {
                    self.refuse_position(&e.to_string());
                    return;
                }
            },
        };
        let mut line = Line::new(start);
        for (i, text) in moves.iter().enumerate() {
            let played = parse_uci_in(line.board(), text, self.settings.chess960)
                .and_then(|mv| line.play(mv));
            if let Err(e) = played {
                self.out.info_string(&format!(
                    "{e} at move {} of the list: the position stands after the {} before it",
                    i + 1,
                    plural(i, "move")
                ));
                break;
            }
        }
        self.line = Some(line);
        self.refused = None;
    }

    /// The thinker, idle, with the table and threads the options ask for (allocated now
    /// when they changed); nothing while a search holds it.
    fn prepare(&mut self) {
        if self
            .search
            .as_ref()
            .is_some_and(|s| !s.thread.is_finished())
        {
            return;
        }
        self.end_search();
        let mut thinker = self
            .thinker
            .take()
            .unwrap_or_else(|| Thinker::new(self.settings.guards, self.settings.hash_mib));
        thinker.set_hash(self.settings.hash_mib);
        thinker.set_threads(self.settings.threads);
        self.thinker = Some(thinker);
    }

    fn go(&mut self, go: &Go) {
        if self
            .search
            .as_ref()
            .is_some_and(|s| !s.thread.is_finished())
        {
            self.out
                .info_string("a search is running: this go is ignored (send stop first)");
            return;
        }
        self.end_search();
        for reason in &go.ignored {
            self.out.info_string(reason);
        }
        if let Some(reason) = &self.refused {
            self.out.info_string(&format!(
                "the last position was refused ({reason}): nothing to search"
            ));
            if go.perft.is_none() {
                self.out.answer("bestmove 0000".to_owned());
            }
            return;
        }
        let line = self.line.clone().unwrap_or_else(|| {
            self.out.info_string(
                "no position given: searching the starting position (send position first)",
            );
            Line::new(Board::default())
        });
        if let Some(depth) = go.perft {
            for text in perft_lines(line.board(), depth, self.settings.chess960) {
                self.out.say(&text);
            }
            return;
        }
        self.prepare();
        let mut thinker = self.thinker.take().expect("prepared");
        thinker.set_guards(self.settings.guards);
        thinker.set_options(self.settings.search);
        thinker.set_threads(self.settings.threads);
        thinker.set_multi_pv(self.settings.multi_pv as usize);
        thinker.set_search_moves(&self.search_moves(go, line.board()));
        if std::mem::take(&mut self.new_game) {
            thinker.new_game();
        }
        let side = line.board().side_to_move();
        let timed = limits(go, side, self.settings.overhead);
        // Pondering searches without the clock, which counts from `ponderhit`.
        let (limits, ponder_clock) = if go.ponder {
            let untimed = GoLimits {
                time: None,
                ..timed
            };
            (untimed, timed.time)
        } else {
            (timed, None)
        };
        let stop = StopHandle::new();
        let release = Arc::new(AtomicBool::new(!go.infinite && !go.ponder));
        let talk = Talk {
            out: self.out.clone(),
            chess960: self.settings.chess960,
            multi_pv: self.settings.multi_pv > 1,
            ponder: self.settings.ponder,
        };
        let thread = spawn_search(thinker, line, limits, stop.clone(), release.clone(), talk);
        self.search = Some(Search {
            stop,
            thread,
            release,
            pondering: go.ponder,
            infinite: go.infinite,
            ponder_clock,
        });
    }

    /// The legal moves of `go searchmoves`; each one that is not legal gets a line.
    fn search_moves(&self, go: &Go, board: &Board) -> Vec<cozy_chess::Move> {
        let mut moves = Vec::new();
        for text in &go.search_moves {
            match parse_uci_in(board, text, self.settings.chess960) {
                Ok(mv) => moves.push(mv),
                Err(e) => self.out.info_string(&format!("searchmoves: {e}: left out")),
            }
        }
        if moves.is_empty() && !go.search_moves.is_empty() {
            self.out
                .info_string("searchmoves lists no legal move: searching every move");
        }
        moves
    }

    /// `ponderhit`: the move pondered on was played. The search goes on, now on the clock
    /// `go ponder` gave, counted from here: it is stopped when the move's share (the
    /// budget's soft part) is spent, and answers at once if it had already ended.
    fn ponder_hit(&mut self) {
        let Some(search) = self.search.as_mut() else {
            self.out
                .info_string("ponderhit with no search pondering: nothing to do");
            return;
        };
        if !std::mem::take(&mut search.pondering) {
            self.out
                .info_string("ponderhit with no search pondering: nothing to do");
            return;
        }
        if let Some(budget) = search.ponder_clock {
            let stop = search.stop.clone();
            let searcher = search.thread.thread().clone();
            thread::spawn(move || {
                thread::sleep(budget.soft);
                stop.stop();
                searcher.unpark();
            });
        }
        if !search.infinite {
            search.release.store(true, Ordering::Release);
            search.thread.thread().unpark();
        }
    }

    /// Stops the search, if one runs, and waits for its `bestmove`.
    fn end_search(&mut self) {
        let Some(search) = self.search.take() else {
            return;
        };
        search.stop.stop();
        search.thread.thread().unpark();
        match search.thread.join() {
            Ok(thinker) => self.thinker = Some(thinker),
            Err(_) => self
                .out
                .info_string("the search failed: a new table is made for the next one"),
        }
    }
}

/// How a search speaks: where to, castling in which notation, whether lines are ranked,
/// whether `bestmove` names the reply to ponder on.
struct Talk {
    out: Out,
    chess960: bool,
    multi_pv: bool,
    ponder: bool,
}

/// Starts a search of `line`'s position on its own thread: `info` lines per iteration,
/// then (once `release` is set or `stop` sent, for an infinite or pondering search)
/// `bestmove`.
fn spawn_search(
    mut thinker: Thinker,
    line: Line,
    limits: GoLimits,
    stop: StopHandle,
    release: Arc<AtomicBool>,
    talk: Talk,
) -> JoinHandle<Thinker> {
    thread::spawn(move || {
        let board = line.board().clone();
        let out = &talk.out;
        let thought = thinker.think(&line, &limits, &stop, |info| {
            out.say(&info_line(&board, info, &talk));
        });
        // An iteration cut short that proved a move: its lines too, the first one's score a
        // bound.
        if thought.info.as_ref().is_some_and(|i| !i.complete) {
            for info in &thought.lines {
                out.say(&info_line(&board, info, &talk));
            }
        }
        while !release.load(Ordering::Acquire) && !stop.is_stopped() {
            thread::park();
        }
        if let Some(mv) = thought.best {
            out.answer(answer(&board, mv, &thought, &talk));
        } else {
            out.info_string("the position has no legal move: the game is over");
            out.answer("bestmove 0000".to_owned());
        }
        thinker
    })
}

/// `bestmove`, and with `Ponder` on the reply the line expects (`ponder`), as Stockfish
/// names it, when the line goes that far.
fn answer(board: &Board, mv: cozy_chess::Move, thought: &crate::Thought, talk: &Talk) -> String {
    let mut text = format!("bestmove {}", uci_in(board, mv, talk.chess960));
    let pv = thought.info.as_ref().map_or(&[][..], |i| &i.pv[..]);
    if let (true, [first, reply, ..]) = (talk.ponder, pv) {
        let mut after = board.clone();
        if *first == mv && after.try_play(mv).is_ok() && after.is_legal(*reply) {
            let _ = write!(text, " ponder {}", uci_in(&after, *reply, talk.chess960));
        }
    }
    text
}

/// The search's limits from `go` for the side to move: the GUI's depth and nodes, and
/// time from `movetime` or the side's clock ([`budget`]); none for `infinite`.
fn limits(go: &Go, side: Color, overhead: Duration) -> GoLimits {
    if go.infinite {
        return GoLimits::default();
    }
    let us = side as usize;
    let time = go.move_time.map_or_else(
        || {
            go.time[us].map(|t| {
                let inc = go.increment[us].unwrap_or_default();
                budget(t, inc, go.moves_to_go, overhead)
            })
        },
        |t| {
            let t = t.saturating_sub(overhead);
            Some(Budget { soft: t, hard: t })
        },
    );
    GoLimits {
        depth: go.depth,
        nodes: go.nodes,
        time,
    }
}

/// An `info` line: depth, seldepth, the line's rank (with `MultiPV` above 1), score, nodes,
/// nps, hashfull, time and the PV in UCI.
fn info_line(board: &Board, info: &Info, talk: &Talk) -> String {
    let mut text = format!("info depth {} seldepth {}", info.depth, info.seldepth);
    if talk.multi_pv {
        let _ = write!(text, " multipv {}", info.multipv);
    }
    let bound = if info.complete { "" } else { " lowerbound" };
    let _ = write!(
        text,
        " score {}{bound} nodes {} nps {}",
        info.score,
        info.nodes,
        info.nps()
    );
    let _ = write!(text, " hashfull {}", info.hashfull);
    let _ = write!(text, " time {} pv", info.elapsed.as_millis());
    let mut b = board.clone();
    for &mv in &info.pv {
        if !b.is_legal(mv) {
            break;
        }
        text.push(' ');
        text.push_str(&uci_in(&b, mv, talk.chess960));
        b.play_unchecked(mv);
    }
    text
}

/// `n` things, with the noun in the plural unless there is one.
fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
