//! Talking to the UCI engine in process as a GUI does: lines in while it runs, lines out as
//! it writes them.
#![allow(dead_code)]

use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use nullmove_arena::uci::{UciError, serve};

/// The engine's stdin: what the test sends, read as the engine asks.
struct Input {
    lines: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.lines.recv() {
                Ok(bytes) => self.pending = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The engine's stdout: each line to the test as soon as written.
struct Output {
    partial: Vec<u8>,
    lines: Sender<String>,
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let text = String::from_utf8(line).expect("UTF-8 output");
            let _ = self.lines.send(text.trim_end_matches('\n').to_owned());
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A running engine.
pub struct Engine {
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<String>,
    thread: Option<JoinHandle<Result<(), UciError>>>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl Engine {
    /// Starts the engine on its own thread.
    pub fn start() -> Self {
        let (input, lines) = mpsc::channel();
        let (sender, output) = mpsc::channel();
        let thread = thread::spawn(move || {
            let mut out = Output {
                partial: Vec::new(),
                lines: sender,
            };
            serve(
                Input {
                    lines,
                    pending: Vec::new(),
                },
                &mut out,
            )
        });
        Self {
            input: Some(input),
            output,
            thread: Some(thread),
            seen: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&self, line: &str) {
        let input = self.input.as_ref().expect("stdin open");
        input
            .send(format!("{line}\n").into_bytes())
            .expect("engine reading");
    }

    /// Sends raw bytes.
    pub fn send_bytes(&self, bytes: &[u8]) {
        let input = self.input.as_ref().expect("stdin open");
        input.send(bytes.to_vec()).expect("engine reading");
    }

    /// Reads lines until one satisfies `done` (returned), failing after `within`.
    pub fn until(&mut self, within: Duration, done: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + within;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self.output.recv_timeout(left).unwrap_or_else(|e| {
                panic!("no such line within {within:?} ({e}): {:#?}", self.seen)
            });
            self.seen.push(line.clone());
            if done(&line) {
                return line;
            }
        }
    }

    /// Closes stdin and waits for the engine to end; every line it wrote, in order.
    pub fn finish(mut self) -> Vec<String> {
        drop(self.input.take());
        let result = self
            .thread
            .take()
            .expect("running")
            .join()
            .expect("no panic");
        assert!(result.is_ok(), "{result:?}");
        self.seen.extend(self.output.try_iter());
        self.seen
    }
}

/// Runs `script` (one command a line) to its end and returns every line written.
pub fn run(script: &str) -> Vec<String> {
    let engine = Engine::start();
    for line in script.lines() {
        engine.send(line);
    }
    engine.finish()
}

/// Whether `line` is the engine's `bestmove`.
pub fn bestmove(line: &str) -> bool {
    line.starts_with("bestmove ")
}

/// The word after `key` in an info line.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == key)?;
    words.next()
}
