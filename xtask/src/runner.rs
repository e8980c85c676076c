//! Running a result's command and capturing its provenance: the kinds of command a result can
//! hold, the build before the run (so the times are the run's, not the compiler's), the
//! signatures of the binary that runs it, and the output the result keeps.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::provenance::{self, children_cpu_seconds, load_average};
use crate::result::{Run, Signatures};
use crate::{criterion, example, gate};

/// What a result runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `nullmove ... --json`: the release binary; the result keeps its JSON document.
    Nullmove,
    /// `cargo bench ...`: the estimates criterion wrote, summarized as JSON by the tool.
    CargoBench,
    /// `cargo run --release ... --example NAME [-- ARGS]`: what the example prints, and its
    /// tables as JSON.
    Example,
    /// `.ci/run`: the gate, from a clean clone; each step's time.
    Gate,
    /// `cargo mutants ...`: a mutation run, hours long: recorded from its report, not run by
    /// this tool.
    Mutants,
}

impl Kind {
    /// The kind of `argv`, checked: a `nullmove` command must print its JSON document and
    /// write no file of its own.
    pub fn of(argv: &[String]) -> Result<Self, String> {
        let words: Vec<&str> = argv.iter().map(String::as_str).collect();
        match words[..] {
            ["nullmove", ..] => {
                if !words.contains(&"--json") {
                    return Err(
                        "a nullmove result keeps the command's JSON document: add --json".into(),
                    );
                }
                if let Some(flag) = words.iter().find(|w| ["--svg", "--pgn"].contains(w)) {
                    return Err(format!(
                        "{flag} writes a file of its own, which a result does not keep (charts \
                         are drawn from the result by `cargo xtask results render`)"
                    ));
                }
                Ok(Self::Nullmove)
            }
            ["cargo", "bench", ..] => Ok(Self::CargoBench),
            ["cargo", "run", ref rest @ ..] if rest.contains(&"--example") => {
                if !rest.contains(&"--release") {
                    return Err("an example is measured in its release build: add --release".into());
                }
                Ok(Self::Example)
            }
            ["cargo", "mutants", ..] => Ok(Self::Mutants),
            [".ci/run"] => Ok(Self::Gate),
            _ => Err(format!(
                "{:?}: a result runs `nullmove ... --json`, `cargo bench ...`, `cargo run --release \
                 ... --example NAME` or `.ci/run`",
                words.join(" ")
            )),
        }
    }
}

/// A run's provenance and its output as JSON text.
pub struct Measured {
    /// The provenance and the output, parsed.
    pub run: Run,
    /// The output as JSON text: for `nullmove`, the command's own, as it printed it.
    pub output: String,
}

/// The workspace's cargo: the one that runs this tool, else `cargo` on the path.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// Runs `program args` in `dir`, output shown as it comes (on stderr), failing on a failure.
fn build(dir: &Path, args: &[&str]) -> Result<(), String> {
    let shown = format!("cargo {}", args.join(" "));
    eprintln!("xtask: {shown}");
    let status = Command::new(cargo())
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed ({status})"))
    }
}

/// The release binary of `nullmove` under `root`.
fn nullmove_binary(root: &Path) -> PathBuf {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    root.join(target).join("release").join("nullmove")
}

/// The node total a `nullmove` JSON document holds at `pointer`.
fn nodes_at(binary: &Path, root: &Path, args: &[&str], pointer: &str) -> Result<u64, String> {
    let text = provenance::output_of(root, &binary.to_string_lossy(), args)?;
    let doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("nullmove {}: {e}", args.join(" ")))?;
    doc.pointer(pointer)
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| format!("nullmove {} has no {pointer}", args.join(" ")))
}

/// The signatures of the release binary at `binary`.
fn binary_signatures(binary: &Path, root: &Path) -> Result<Signatures, String> {
    Ok(Signatures {
        bench: nodes_at(binary, root, &["bench", "--json"], "/engines/0/nodes")?,
        chess_bench: nodes_at(binary, root, &["chess", "bench", "--json"], "/nodes")?,
    })
}

/// Builds what `argv` needs, runs it once in `root` and captures its provenance.
pub fn measure(root: &Path, argv: &[String]) -> Result<Measured, String> {
    let kind = Kind::of(argv)?;
    let args: Vec<&str> = argv[1..].iter().map(String::as_str).collect();
    build(root, &["build", "--release", "-p", "nullmove"])?;
    match kind {
        Kind::CargoBench => build(root, &[&args[..], &["--no-run"]].concat())?,
        Kind::Example => {
            let before = args.iter().position(|a| *a == "--").unwrap_or(args.len());
            let mut b = vec!["build"];
            b.extend(&args[1..before]);
            build(root, &b)?;
        }
        Kind::Mutants => {
            return Err(
                "a mutation run takes hours and is recorded from its report, not run by this \
                 tool: run its command (in a scratch copy, as the file's command shows) and \
                 record the counts"
                    .to_owned(),
            );
        }
        Kind::Nullmove | Kind::Gate => {}
    }
    let binary = nullmove_binary(root);
    let signatures = binary_signatures(&binary, root)?;
    let (commit, dirty) = provenance::commit(root)?;
    let engine_source = crate::currency::engine_source(root)?;
    let ethereal = crate::ethereal::builds_played(root, argv)?;
    let machine = provenance::machine()?;
    let date = provenance::now();
    let load_before = load_average()?;
    let cpu_before = children_cpu_seconds()?;
    let start = Instant::now();
    let (output, value) = match kind {
        Kind::Nullmove => {
            let text = run_capturing(Command::new(&binary).args(&args).current_dir(root), argv)?;
            let value: serde_json::Value = serde_json::from_str(&text)
                .map_err(|e| format!("{}: its output is not JSON: {e}", argv.join(" ")))?;
            (text.trim().to_owned(), value)
        }
        Kind::CargoBench => {
            let began = std::time::SystemTime::now();
            run_capturing(Command::new(cargo()).args(&args).current_dir(root), argv)?;
            json_of(&criterion::summarize(&criterion::home(root), began)?)?
        }
        Kind::Example => {
            let text = run_capturing(Command::new(cargo()).args(&args).current_dir(root), argv)?;
            json_of(&example::summarize(&text))?
        }
        Kind::Gate => json_of(&gate::run_from_clean_clone(root, &commit)?)?,
        Kind::Mutants => unreachable!("refused above"),
    };
    let wall_seconds = start.elapsed().as_secs_f64();
    let cpu_seconds = children_cpu_seconds()? - cpu_before;
    let load_after = load_average()?;
    Ok(Measured {
        run: Run {
            commit,
            // A clean clone has no changes, whatever the working tree holds.
            dirty: dirty && kind != Kind::Gate,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            signatures,
            machine,
            load: provenance::load(load_before, load_after),
            date,
            wall_seconds: Some(round3(wall_seconds)),
            cpu_seconds: Some(round3(cpu_seconds)),
            recorded: None,
            engine_source: Some(engine_source),
            ethereal,
            output: value,
        },
        output,
    })
}

/// Seconds to the millisecond: what a clock of a shared machine can tell.
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A summary as JSON text and value.
fn json_of<T: serde::Serialize>(summary: &T) -> Result<(String, serde_json::Value), String> {
    let value = serde_json::to_value(summary).map_err(|e| e.to_string())?;
    let text = serde_json::to_string(&value).map_err(|e| e.to_string())?;
    Ok((text, value))
}

/// Runs `command` with its stderr shown and its stdout kept; a failure says how it ended.
fn run_capturing(command: &mut Command, argv: &[String]) -> Result<String, String> {
    let shown = argv.join(" ");
    eprintln!("xtask: running {shown}");
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    let mut out = String::new();
    child
        .stdout
        .take()
        .ok_or("no stdout")?
        .read_to_string(&mut out)
        .map_err(|e| format!("{shown}: cannot read its output: {e}"))?;
    let status = child.wait().map_err(|e| format!("{shown}: {e}"))?;
    if !status.success() {
        return Err(format!("{shown} failed ({status}); no result written"));
    }
    Ok(out)
}
