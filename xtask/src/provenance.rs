//! Where and when a run happens, captured by the tool and never typed: the commit and whether
//! the tree had changes, the machine, its load before and after, the date, and the wall and CPU
//! time of the run (the children's user and system time, from `/proc/self/stat`).

use std::path::Path;
use std::process::Command;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use nullmove_numbers::date::civil_from_days;

use crate::result::{Load, Machine, RESULTS};

/// Runs `program` with `args` in `dir` and returns its stdout, trimmed; a failure names it.
pub fn output_of(dir: &Path, program: &str, args: &[&str]) -> Result<String, String> {
    let shown = format!("{program} {}", args.join(" "));
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{shown} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8(out.stdout)
        .map(|s| s.trim().to_owned())
        .map_err(|_| format!("{shown} printed what is not UTF-8"))
}

/// `git rev-parse HEAD`, and whether the tree has changes outside the results folder (which
/// the runs themselves write).
pub fn commit(root: &Path) -> Result<(String, bool), String> {
    let head = output_of(root, "git", &["rev-parse", "HEAD"])?;
    let status = output_of(
        root,
        "git",
        &[
            "status",
            "--porcelain",
            "--",
            ".",
            &format!(":(exclude){RESULTS}"),
        ],
    )?;
    Ok((head, !status.is_empty()))
}

/// The machine this runs on.
pub fn machine() -> Result<Machine, String> {
    let read =
        |path: &str| std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"));
    let cpuinfo = read("/proc/cpuinfo")?;
    let cpu = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name").and_then(|r| r.split_once(':')))
        .map(|(_, m)| m.trim().to_owned())
        .ok_or("/proc/cpuinfo names no model")?;
    let meminfo = read("/proc/meminfo")?;
    let kib: f64 = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|r| r.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or("/proc/meminfo has no MemTotal")?;
    let os = read("/etc/os-release")?
        .lines()
        .find_map(|l| l.strip_prefix("PRETTY_NAME="))
        .map(|n| n.trim_matches('"').to_owned())
        .ok_or("/etc/os-release has no PRETTY_NAME")?;
    let cores = std::thread::available_parallelism()
        .map_err(|e| format!("cannot count the cores: {e}"))?
        .get() as u32;
    Ok(Machine {
        cores,
        cpu,
        memory_gib: Some((kib / (1024.0 * 1024.0) * 10.0).round() / 10.0),
        os,
    })
}

/// The load average over 1, 5 and 15 minutes.
pub fn load_average() -> Result<[f64; 3], String> {
    let text = std::fs::read_to_string("/proc/loadavg")
        .map_err(|e| format!("cannot read /proc/loadavg: {e}"))?;
    let mut fields = text.split_whitespace().map(str::parse::<f64>);
    let mut next = || {
        fields
            .next()
            .and_then(Result::ok)
            .ok_or("/proc/loadavg is not three numbers")
    };
    Ok([next()?, next()?, next()?])
}

/// CPU time, user and system, of this process's children that have ended and been waited
/// for, in seconds.
pub fn children_cpu_seconds() -> Result<f64, String> {
    let stat = std::fs::read_to_string("/proc/self/stat")
        .map_err(|e| format!("cannot read /proc/self/stat: {e}"))?;
    // The fields after the command's name, which is in parentheses and may hold spaces:
    // state is field 3, cutime 16 and cstime 17 (proc(5)).
    let rest = stat
        .rsplit_once(')')
        .map(|(_, r)| r)
        .ok_or("/proc/self/stat is not as proc(5) says")?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| -> Result<f64, String> {
        fields
            .get(i - 3)
            .and_then(|f| f.parse::<f64>().ok())
            .ok_or_else(|| "/proc/self/stat is not as proc(5) says".to_owned())
    };
    Ok((ticks(16)? + ticks(17)?) / clock_ticks()?)
}

/// Clock ticks per second, as `getconf CLK_TCK` says.
fn clock_ticks() -> Result<f64, String> {
    output_of(Path::new("/"), "getconf", &["CLK_TCK"])?
        .parse::<f64>()
        .map_err(|_| "getconf CLK_TCK is not a number".to_owned())
}

/// A load before and after, as a result records it.
#[must_use]
pub fn load(before: [f64; 3], after: [f64; 3]) -> Load {
    Load {
        before: Some(before),
        after: Some(after),
    }
}

/// Now, UTC, as RFC 3339 to the second.
#[must_use]
pub fn now() -> String {
    rfc3339(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO),
    )
}

/// `since_epoch` as `YYYY-MM-DDTHH:MM:SSZ`.
fn rfc3339(since_epoch: Duration) -> String {
    let secs = since_epoch.as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout and the time of day; the calendar itself is `civil_from_days`'s to test.
    #[test]
    fn dates_are_rfc_3339_in_utc() {
        assert_eq!(rfc3339(Duration::ZERO), "1970-01-01T00:00:00Z");
        assert_eq!(
            rfc3339(Duration::from_secs(1_796_300_045)),
            "2026-12-03T12:14:05Z"
        );
    }
}
