//! Progress on a terminal, on the real binary run inside `script` (util-linux), which gives it
//! a pseudo-terminal: the bar appears on stderr, says "estimating" before it has an
//! estimate, and the command finishes (a bar drawn from the measuring threads must not wait
//! on the main thread). Off a terminal no bar appears (the other tests' empty stderr).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `nullmove ARGS` (stdout discarded) on a pseudo-terminal; returns its exit status and
/// what the terminal showed, escape sequences removed, or `None` without `script`.
fn on_a_terminal(args: &str) -> Option<(Option<i32>, String)> {
    let command = format!("{} {args} > /dev/null", env!("CARGO_BIN_EXE_nullmove"));
    let child = Command::new("script")
        .args(["-qfec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        eprintln!("`script` (util-linux) is not installed: no pseudo-terminal to test on");
        return None;
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().expect("waitable").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("{args}: still running after a minute on a terminal");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("its output");
    let mut text = String::new();
    let mut chars = String::from_utf8_lossy(&out.stdout)
        .into_owned()
        .into_bytes()
        .into_iter();
    // Drop CSI escape sequences (cursor moves, line clears); carriage returns end a frame.
    while let Some(b) = chars.next() {
        match b {
            0x1b => {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            b'\r' => text.push('\n'),
            _ => text.push(char::from(b)),
        }
    }
    Some((out.status.code(), text))
}

#[test]
fn sweeps_show_progress_on_a_terminal_and_finish() {
    for (args, heading, unit) in [
        (
            "sweep --positions all --depths 2..=5 --reductions 1",
            "sweeping all",
            "position x depth searches",
        ),
        (
            "kpk sweep --half-board --depths 1 --reductions 0 --eval exact",
            "sweeping K+P vs K",
            "positions searched",
        ),
    ] {
        let Some((status, shown)) = on_a_terminal(args) else {
            return;
        };
        assert_eq!(status, Some(0), "{args}: {shown}");
        let frames: Vec<&str> = shown.lines().filter(|l| l.contains(heading)).collect();
        assert!(!frames.is_empty(), "{args}: no progress shown: {shown:?}");
        assert!(
            frames.iter().all(|f| f.contains(unit)),
            "{args}: {frames:?}"
        );
        assert!(
            frames[0].contains("estimating time left"),
            "{args}: {frames:?}"
        );
        // A count not known yet is not drawn as a full bar over nothing.
        assert!(
            frames.iter().all(|f| !f.contains(" 0/0 ")),
            "{args}: {frames:?}"
        );
    }
}
