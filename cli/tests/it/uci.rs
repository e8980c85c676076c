//! `nullmove uci` as a process: a GUI's first exchange on the binary's own stdin and
//! stdout, a full disk answered like every command's, and no protocol in process.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `nullmove uci` with `input` and the given stdout.
fn uci(input: &str, stdout: Stdio) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input.as_bytes())
        .expect("the engine reads");
    child.wait_with_output().expect("the engine ends")
}

#[test]
fn the_binary_speaks_uci() {
    let out = uci(
        "uci\nsetoption name NullMove value verified\nisready\nposition startpos moves d2d4\ngo nodes 3000\n",
        Stdio::piped(),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.contains(&"uciok") && lines.contains(&"readyok"),
        "{text}"
    );
    // The end of stdin ends the search: its answer still comes, and it is Black's move.
    let answer = lines.last().expect("a last line");
    let mv = answer.strip_prefix("bestmove ").expect("a bestmove last");
    let mut board = cozy_chess::Board::default();
    board.play(nullmove_chess::parse_uci(&board, "d2d4").unwrap());
    assert!(nullmove_chess::parse_uci(&board, mv).is_ok(), "{answer}");
}

#[test]
fn a_full_disk_is_one_line_and_exit_2() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full (Linux)");
    let out = uci("uci\nquit\n", full.into());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("nullmove: cannot write the output: No space left on device"),
        "{err}"
    );
}

#[test]
fn in_process_it_is_refused() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(nullmove::run(["uci"], &mut out, &mut err), 2);
    let err = String::from_utf8(err).unwrap();
    assert!(err.contains("run it as the nullmove binary"), "{err}");
    let command = nullmove::parse(["uci"]).unwrap();
    assert!(
        nullmove::document(&command)
            .unwrap_err()
            .to_string()
            .contains("protocol")
    );
}
