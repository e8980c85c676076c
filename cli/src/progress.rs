//! Progress of a long measurement on stderr: drawn only when the run owns the terminal and
//! stderr is one (pipes, files and tests see nothing), with a time estimate only once enough
//! work is done to base it on.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// The share of the work, and the time, an estimate waits for: the first items of a
/// parallel measurement include the threads' start and say little about the rest.
const ESTIMATE_AFTER: (f64, Duration) = (0.05, Duration::from_secs(1));

/// A progress bar, or nothing.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// No progress shown: what in-process callers and non-terminals get.
    #[must_use]
    pub fn hidden() -> Self {
        Self(None)
    }

    /// A bar over `len` items of `unit` headed by `message`, when `terminal` (the run owns
    /// the process's terminal) and stderr is a terminal; otherwise [`Progress::hidden`].
    /// With `len` 0 the count is not known yet: the bar appears at [`Progress::set_len`],
    /// never as a full bar over "0/0".
    #[must_use]
    pub fn on_terminal(
        terminal: bool,
        len: u64,
        unit: &str,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        if !terminal || !std::io::stderr().is_terminal() {
            return Self::hidden();
        }
        let style = ProgressStyle::with_template(&format!(
            "{{msg}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{left}}"
        ))
        .expect("a valid template")
        .with_key(
            "left",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&estimate(state.fraction().into(), state.elapsed()));
            },
        )
        .progress_chars("=> ");
        let target = if len == 0 {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        };
        let bar = ProgressBar::with_draw_target(Some(len), target).with_style(style);
        bar.set_message(message);
        Self(Some(bar))
    }

    /// The number of items, once known: the bar appears if it waited for it.
    pub fn set_len(&self, len: u64) {
        if let Some(bar) = &self.0 {
            bar.set_length(len);
            if len > 0 && bar.is_hidden() {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// `n` more items done.
    pub fn add(&self, n: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(n);
        }
    }

    /// Replaces the words before the bar (a measurement's standing so far).
    pub fn set_message(&self, message: impl Into<Cow<'static, str>>) {
        if let Some(bar) = &self.0 {
            bar.set_message(message);
        }
    }

    /// Removes the bar from the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// The time left at `done` (0..=1) of the work after `elapsed`, assuming the rest goes at
/// the average pace so far; `estimating` until enough is done to say.
#[must_use]
pub fn estimate(done: f64, elapsed: Duration) -> String {
    let (share, time) = ESTIMATE_AFTER;
    if done < share || elapsed < time {
        return "estimating time left".to_owned();
    }
    let left = elapsed.as_secs_f64() * (1.0 - done) / done;
    let mut text = String::from("about ");
    if left < 90.0 {
        let _ = write!(text, "{:.0} s left", left.max(1.0));
    } else {
        let _ = write!(text, "{:.0} min left", left / 60.0);
    }
    text
}
