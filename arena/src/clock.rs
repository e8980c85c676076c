//! Time: the match's time control (`1+0.01`: seconds plus an increment a move), and how much
//! of its clock an engine spends on one move.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A time control of a base time and an increment per move (the PGN standard's `S+I`
/// `TimeControl` form, in seconds), the only kind fishtest and `OpenBench` play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a side's clock after each of its moves.
    pub increment: Duration,
}

/// The most a base time may be: a day (longer is a typing error, not a match).
const MAX_BASE: Duration = Duration::from_secs(86_400);

impl FromStr for TimeControl {
    type Err = String;

    /// `S+I` in seconds, decimals allowed (`1+0.01`, `10+0.1`, `60+0`), to the millisecond.
    ///
    /// # Example
    /// ```
    /// use std::time::Duration;
    /// let tc: nullmove_arena::TimeControl = "1+0.01".parse().unwrap();
    /// assert_eq!((tc.base, tc.increment), (Duration::from_secs(1), Duration::from_millis(10)));
    /// assert_eq!(tc.to_string(), "1+0.01");
    /// assert!("1".parse::<nullmove_arena::TimeControl>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            |why: &str| format!("time control {s:?}: {why} (expected S+I in seconds, e.g. 1+0.01)");
        let (base, inc) = s.split_once('+').ok_or_else(|| bad("no '+'"))?;
        let base = seconds(base).map_err(|e| bad(&e))?;
        let increment = seconds(inc).map_err(|e| bad(&e))?;
        if base.is_zero() {
            return Err(bad("the base time must be above 0"));
        }
        if base > MAX_BASE || increment > MAX_BASE {
            return Err(bad("more than a day"));
        }
        Ok(Self { base, increment })
    }
}

/// Seconds with at most three decimals as a duration.
fn seconds(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let valid = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
        && text.matches('.').count() <= 1
        && text != ".";
    if !valid {
        return Err(format!("{text:?} is not a number of seconds"));
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 {
        return Err(format!("{text:?} is finer than a millisecond"));
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole
            .parse()
            .map_err(|_| format!("{text:?} is too large"))?
    };
    let millis: u64 = format!("{fraction:0<3}").parse().unwrap_or(0);
    whole
        .checked_mul(1000)
        .and_then(|w| w.checked_add(millis))
        .map(Duration::from_millis)
        .ok_or_else(|| format!("{text:?} is too large"))
}

impl fmt::Display for TimeControl {
    /// Seconds without trailing zeros: `1+0.01`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", show(self.base), show(self.increment))
    }
}

fn show(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        return (ms / 1000).to_string();
    }
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').to_owned()
}

/// How long one search may run: it starts no new iteration after `soft` and stops at
/// `hard` wherever it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration after this (an iteration costs a few times the one before it).
    pub soft: Duration,
    /// The search stops here.
    pub hard: Duration,
}

/// The moves the rest of a game is assumed to last when the GUI does not say
/// (`movestogo`): a share of 1/25 of the clock a move, the usual engines' start.
const MOVES_LEFT: u32 = 25;

/// The time for one move with `remaining` on the clock, `increment` after the move and
/// `moves_to_go` moves to the next time control (if any), after `overhead` (the time lost
/// between engine and GUI, UCI's `Move Overhead`) is set aside.
///
/// The soft limit is a share of the clock (1/25 of it, or 1/`moves_to_go`) plus three
/// quarters of the increment, never more than an eighth of the clock; the hard limit is four
/// times that, never more than a quarter of the clock. A search often runs past the soft
/// limit to the hard one, so the clock falls until a quarter of it is the increment and
/// stays there: at 1+0.01 s about 48 ms for the first move, and late in the game 10 ms a
/// move with 50 ms left, so a move ends 40 ms before the flag even when the machine is busy
/// (with three quarters, as first written, 13 ms: most games at 1+0.01 s on a loaded
/// machine were lost on time).
///
/// # Example
/// ```
/// use std::time::Duration;
/// let ms = Duration::from_millis;
/// let b = nullmove_arena::budget(ms(1000), ms(10), None, ms(10));
/// assert_eq!((b.soft, b.hard), (ms(47), ms(188)));
/// let last = nullmove_arena::budget(ms(5), ms(0), None, ms(10));
/// assert_eq!((last.soft, last.hard), (ms(0), ms(0)));
/// ```
#[must_use]
pub fn budget(
    remaining: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
    overhead: Duration,
) -> Budget {
    let left = remaining.saturating_sub(overhead);
    let moves = moves_to_go.unwrap_or(MOVES_LEFT).clamp(1, MOVES_LEFT);
    let share = left / moves + increment * 3 / 4;
    let soft = share.min(left / 8);
    let hard = (soft * 4).min(left / 4);
    Budget {
        soft: truncate_ms(soft),
        hard: truncate_ms(hard),
    }
}

/// A duration to whole milliseconds (UCI's unit), rounded down.
fn truncate_ms(d: Duration) -> Duration {
    Duration::from_millis(d.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_parse_and_print_as_given() {
        for text in ["1+0.01", "10+0.1", "60+0", "0.5+0.005", "180+1.5"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
        let tc: TimeControl = "0.5+0.005".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (ms(500), ms(5)));
    }

    #[test]
    fn bad_time_controls_say_why() {
        for (text, why) in [
            ("1", "no '+'"),
            ("+1", "not a number"),
            ("1+", "not a number"),
            ("a+1", "not a number"),
            ("1+-1", "not a number"),
            ("1.2.3+0", "not a number"),
            ("1+0.0001", "finer than a millisecond"),
            ("0+1", "above 0"),
            ("100000+0", "more than a day"),
            ("99999999999999999999+0", "too large"),
        ] {
            let e = text.parse::<TimeControl>().unwrap_err();
            assert!(e.contains(why), "{text}: {e}");
        }
    }

    #[test]
    fn a_move_never_spends_the_clock() {
        for remaining in [0, 1, 5, 11, 30, 60, 100, 1000, 60_000] {
            for inc in [0, 10, 100] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let b = budget(ms(remaining), ms(inc), mtg, ms(10));
                    let left = ms(remaining).saturating_sub(ms(10));
                    assert!(b.soft <= b.hard, "{remaining} {inc} {mtg:?}");
                    assert!(b.hard <= left / 4 + ms(1), "{remaining} {inc} {mtg:?}");
                }
            }
        }
    }

    #[test]
    fn the_clock_keeps_a_margin_when_every_move_runs_to_its_hard_limit() {
        // 1+0.01 s, the worst case: every move searches until its hard limit. The clock
        // settles where the hard limit is the increment, leaving 40 ms, not 13 ms as with
        // three quarters of the clock, between the search's end and the flag.
        let mut clock = ms(1000);
        let mut least = clock;
        for _ in 0..300 {
            let b = budget(clock, ms(10), None, ms(10));
            let left = clock
                .checked_sub(b.hard)
                .expect("the hard limit is within the clock");
            least = least.min(left);
            clock = left + ms(10);
        }
        assert!(least >= ms(38), "{least:?}");
    }

    #[test]
    fn the_increment_is_mostly_spent() {
        // 1+0.01 late in a game: 50 ms left, so the increment a move at most.
        let b = budget(ms(50), ms(10), None, ms(10));
        assert_eq!((b.soft, b.hard), (ms(5), ms(10)));
        // With moves to go, the clock is shared among them.
        let b = budget(ms(10_010), ms(0), Some(10), ms(10));
        assert_eq!(b.soft, ms(1000));
    }
}
