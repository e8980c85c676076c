//! `nullmove uci` driven by python-chess (`tests/python/uci_clients.py`), the library GUIs,
//! bots (`lichess-bot`) and analysts script engines with: `MultiPV` 3's ranked lines, Chess960
//! games with both castlings to a legal end, lichess-bot's default engine options, and
//! seeded random command streams with no illegal move and no hang.
//!
//! python-chess comes from `NULLMOVE_PYTHON` (an interpreter that imports `chess`), else
//! from a virtual environment this test makes under Cargo's target directory with pip.
//! Without either the tests are skipped, saying why; `NULLMOVE_REQUIRE_PYTHON_CHESS` (set by
//! `.ci/run`) makes that a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The python-chess release the tests were written against.
const PYTHON_CHESS: &str = "chess==1.11.2";

/// How long one check may take before it counts as a hang.
const LIMIT: Duration = Duration::from_secs(180);

fn imports_chess(python: &Path) -> bool {
    Command::new(python)
        .args(["-c", "import chess.engine"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// An interpreter with python-chess, or why there is none.
fn find_python() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("NULLMOVE_PYTHON") {
        let p = PathBuf::from(p);
        return if imports_chess(&p) {
            Ok(p)
        } else {
            Err(format!(
                "NULLMOVE_PYTHON={} cannot import chess",
                p.display()
            ))
        };
    }
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-chess");
    let python = venv.join("bin/python");
    if imports_chess(&python) {
        return Ok(python);
    }
    let run = |program: &Path, args: &[&str]| {
        let out = Command::new(program)
            .args(args)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
        if out.status.success() {
            Ok(())
        } else {
            let err = String::from_utf8_lossy(&out.stderr);
            Err(format!(
                "{} {} failed: {}",
                program.display(),
                args.join(" "),
                err.lines().last().unwrap_or("")
            ))
        }
    };
    let venv_text = venv
        .to_str()
        .ok_or("a target directory that is not UTF-8")?;
    run(Path::new("python3"), &["-m", "venv", venv_text])?;
    run(
        &venv.join("bin/pip"),
        &[
            "install",
            "--quiet",
            "--disable-pip-version-check",
            PYTHON_CHESS,
        ],
    )?;
    if imports_chess(&python) {
        Ok(python)
    } else {
        Err(format!("{PYTHON_CHESS} installed but not importable"))
    }
}

/// The interpreter, made once for every test of this binary (they run in parallel).
fn python() -> Option<PathBuf> {
    static FOUND: OnceLock<Mutex<Option<Result<PathBuf, String>>>> = OnceLock::new();
    let mut found = FOUND
        .get_or_init(|| Mutex::new(None))
        .lock()
        .expect("one maker");
    let result = found.get_or_insert_with(find_python).clone();
    match result {
        Ok(p) => Some(p),
        Err(why) => {
            assert!(
                std::env::var_os("NULLMOVE_REQUIRE_PYTHON_CHESS").is_none(),
                "NULLMOVE_REQUIRE_PYTHON_CHESS is set, but python-chess is missing: {why}"
            );
            println!("skipped: no python-chess ({why})");
            None
        }
    }
}

/// Runs one check of the script against the binary; its report on success.
fn client(args: &[&str]) -> Option<String> {
    let python = python()?;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/uci_clients.py");
    let mut child = Command::new(python)
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_nullmove"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    let started = Instant::now();
    while child.try_wait().expect("a status").is_none() {
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("{args:?}: no end within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("its output");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?}: {text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(text)
}

#[test]
fn python_chess_gets_three_ranked_lines() {
    if let Some(out) = client(&["multipv"]) {
        assert!(out.starts_with("multipv 3: "), "{out}");
    }
}

#[test]
fn python_chess_plays_chess960_with_both_castlings_to_the_end() {
    if let Some(out) = client(&["chess960"]) {
        assert_eq!(out.lines().count(), 3, "{out}");
    }
}

/// lichess-bot's config.yml.default sets Move Overhead, Threads and Hash; python-chess
/// refuses an option the engine does not offer.
#[test]
fn lichess_bot_default_options_are_accepted() {
    if let Some(out) = client(&["lichess"]) {
        assert!(out.contains("moves played pondering"), "{out}");
    }
}

#[test]
fn random_command_streams_keep_every_move_legal() {
    for seed in ["1", "2"] {
        if let Some(out) = client(&["streams", seed]) {
            assert!(out.contains("answered legally, none hung"), "{out}");
        }
    }
}
