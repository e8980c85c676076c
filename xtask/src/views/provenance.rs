//! The lines under a view: where each file's figures come from (date, machine, commit, load,
//! time), "an earlier search" when its signatures are not today's, "as of commit X" when the
//! engine that played its games has changed since, and "not yet measured" with the command
//! that measures it for a planned file.

use nullmove_report::format::count;

use crate::result::{ResultFile, Run, Signatures};
use crate::today::Today;

/// How much of a run's provenance a page shows under its sections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// Everything: date, machine, commit, load, times (the book).
    Full,
    /// The date and the cores, the rest left to the file: a front door names no commit,
    /// load or timing of a run (the README).
    Brief,
}

/// The provenance under a section over `files`: one paragraph for one file, a list for
/// several.
#[must_use]
pub fn provenance_lines(files: &[&ResultFile], today: &Today, detail: Detail) -> String {
    let lines: Vec<String> = files.iter().map(|f| line(f, today, detail)).collect();
    match &lines[..] {
        [one] => format!("{one}\n"),
        _ => lines
            .iter()
            .fold(String::new(), |out, l| out + "- " + l + "\n"),
    }
}

/// One file's line.
fn line(file: &ResultFile, today: &Today, detail: Detail) -> String {
    let Some(run) = &file.run else {
        return format!(
            "Not yet measured: `cargo xtask results run {}` (`{}`).",
            file.path, file.command
        );
    };
    let mut parts = Vec::new();
    if let Some(stale) = stale(run, &today.signatures) {
        parts.push(stale);
    }
    if let Some(why) = today.engine_change(file) {
        parts.push(format!(
            "**As of commit {}:** {why}; its games stand for that build, not today's.",
            &run.commit[..run.commit.len().min(7)]
        ));
    }
    parts.push(match detail {
        Detail::Full => measured(run),
        Detail::Brief => format!(
            "*Measured {} on {} cores; its commit, machine, load and times are in*",
            run.date.get(..10).unwrap_or(&run.date),
            run.machine.cores
        ),
    });
    if let Some(note) = &run.recorded {
        parts.push(format!("Recorded from its report: {note}."));
    }
    format!("{} `{}`", parts.join(" "), file.path)
}

/// "An earlier search: ..." for each signature that is not today's.
fn stale(run: &Run, today: &Signatures) -> Option<String> {
    let pairs = [
        ("nullmove bench", run.signatures.bench, today.bench),
        (
            "nullmove chess bench",
            run.signatures.chess_bench,
            today.chess_bench,
        ),
    ];
    let differ: Vec<String> = pairs
        .iter()
        .filter(|(_, then, now)| then != now)
        .map(|(name, then, now)| {
            format!("`{name}` signature {}; today {}", count(*then), count(*now))
        })
        .collect();
    (!differ.is_empty()).then(|| format!("**An earlier search:** {}.", differ.join("; ")))
}

/// "Measured 2026-12-03 18:20 UTC on ..., commit ..., load ...; ... of wall time, ... of CPU."
fn measured(run: &Run) -> String {
    // To the minute: `2026-12-03T18:20:05Z` as `2026-12-03 18:20 UTC`.
    let when = format!(
        "{} UTC",
        run.date
            .get(..16)
            .unwrap_or(&run.date)
            .replacen('T', " ", 1)
    );
    let m = &run.machine;
    let memory = m
        .memory_gib
        .map_or_else(|| "memory not recorded".to_owned(), |g| format!("{g} GiB"));
    let short: String = run.commit.chars().take(7).collect();
    let commit = if run.dirty {
        format!("commit {short} with changes not committed")
    } else {
        format!("commit {short}")
    };
    let load = match (run.load.before, run.load.after) {
        (Some(b), Some(a)) => format!("load average {:.2} before, {:.2} after", b[0], a[0]),
        _ => "load not recorded".to_owned(),
    };
    let times = match (run.wall_seconds, run.cpu_seconds) {
        (Some(w), Some(c)) => format!("{} of wall time, {} of CPU", duration(w), duration(c)),
        _ => "times not recorded".to_owned(),
    };
    format!(
        "*Measured at {when} on {} cores ({}, {memory}, {}), {commit}, {load}; {times}:*",
        m.cores, m.cpu, m.os
    )
}

/// Seconds as `8.2 s`, `46 s`, `7 min 12 s` or `2 h 5 min`.
fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..10 => format!("{secs:.1} s"),
        10..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn durations_read_as_a_person_says_them() {
        assert_eq!(duration(8.24), "8.2 s");
        assert_eq!(duration(46.4), "46 s");
        assert_eq!(duration(432.0), "7 min 12 s");
        assert_eq!(duration(7_500.0), "2 h 5 min");
    }
}
