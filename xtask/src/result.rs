//! One result file, `results/<subject>/<name>.json`: what ran (its command as typed and as an
//! argv), where and when (the provenance, captured by the tool), and the command's own JSON
//! document. A file holding only its command is planned, not yet measured; a file with a
//! `recorded` note holds a run made before this tool, its provenance as that run reported it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The result files' folder, from the repository's root.
pub const RESULTS: &str = "results";

/// `argv` as a user types it in a POSIX shell: a word with anything but letters, digits and
/// `-_./:=+,@%` single-quoted.
#[must_use]
pub fn shell_line(argv: &[String]) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./:=+,@%".contains(c);
    argv.iter()
        .map(|a| {
            if !a.is_empty() && a.chars().all(safe) {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The search's signatures: `nullmove bench`'s and `nullmove chess bench`'s node totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signatures {
    /// `nullmove bench`'s node total (the page's search, tic-tac-toe).
    pub bench: u64,
    /// `nullmove chess bench`'s node total (the deep search, chess).
    pub chess_bench: u64,
}

/// The machine a result ran on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// Cores the system offers.
    pub cores: u32,
    /// The CPU's model name.
    pub cpu: String,
    /// Memory in GiB (`null`: not recorded).
    pub memory_gib: Option<f64>,
    /// The operating system.
    pub os: String,
}

/// The load average (1, 5, 15 minutes) before and after the run (`null`: not recorded).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Load {
    /// Before the run started.
    pub before: Option<[f64; 3]>,
    /// After it ended.
    pub after: Option<[f64; 3]>,
}

/// Where and when a result ran, and what it printed.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// `git rev-parse HEAD` when it ran.
    pub commit: String,
    /// Whether the tree had changes not committed (the results folder aside).
    pub dirty: bool,
    /// The workspace's version.
    pub version: String,
    /// The signatures of the binary that ran it.
    pub signatures: Signatures,
    /// The machine.
    pub machine: Machine,
    /// Its load.
    pub load: Load,
    /// UTC, RFC 3339.
    pub date: String,
    /// Wall time of the run (`None`: not recorded).
    pub wall_seconds: Option<f64>,
    /// User and system CPU time of the run and its children (`None`: not recorded).
    pub cpu_seconds: Option<f64>,
    /// A run made before this tool: where its figures and provenance were read, and what
    /// that report did not record.
    pub recorded: Option<String>,
    /// The digest of the engine's source when it ran ([`crate::currency::ENGINE_PATHS`]);
    /// `None` for a run made before the tool recorded it.
    pub engine_source: Option<String>,
    /// The Ethereal builds it played, as each recorded itself beside its binary.
    pub ethereal: Vec<crate::ethereal::Build>,
    /// The command's own `--json` document, or the tool's figures for other commands.
    pub output: Value,
}

/// One result file, read.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultFile {
    /// Its path from the repository's root (`results/suites/wac.json`).
    pub path: String,
    /// The file's stem.
    pub name: String,
    /// One line: what it measures.
    pub title: String,
    /// The command line as a user types it.
    pub command: String,
    /// The same, as the arguments the tool runs.
    pub argv: Vec<String>,
    /// The run, or `None` while it is planned.
    pub run: Option<Run>,
}

/// The fields of a run: all present in a measured file, none in a planned one.
const RUN_FIELDS: [&str; 10] = [
    "commit",
    "dirty",
    "version",
    "signatures",
    "machine",
    "load",
    "date",
    "wall_seconds",
    "cpu_seconds",
    "output",
];

/// What the file's text must hold, as read.
#[derive(Deserialize)]
struct Fields {
    name: String,
    title: String,
    command: String,
    argv: Vec<String>,
    commit: Option<String>,
    dirty: Option<bool>,
    version: Option<String>,
    signatures: Option<Signatures>,
    machine: Option<Machine>,
    load: Option<Load>,
    date: Option<String>,
    wall_seconds: Option<f64>,
    cpu_seconds: Option<f64>,
    recorded: Option<String>,
    engine_source: Option<String>,
    #[serde(default)]
    ethereal: Vec<crate::ethereal::Build>,
    output: Option<Value>,
}

impl ResultFile {
    /// Reads the file at `path` (from the repository's `root`), its provenance checked.
    pub fn read(root: &Path, path: &str) -> Result<Self, String> {
        let text = std::fs::read_to_string(root.join(path))
            .map_err(|e| format!("cannot read {path}: {e}"))?;
        Self::parse(path, &text)
    }

    /// Parses the text of the file at `path`: the fields of a measured run all present
    /// (`null` only where a recorded run did not record them), or none of them (planned).
    pub fn parse(path: &str, text: &str) -> Result<Self, String> {
        let fail = |what: String| format!("{path}: {what}");
        let value: Value =
            serde_json::from_str(text).map_err(|e| fail(format!("not JSON: {e}")))?;
        let Value::Object(map) = &value else {
            return Err(fail("not a JSON object".to_owned()));
        };
        let present: Vec<&str> = RUN_FIELDS
            .iter()
            .copied()
            .filter(|f| map.contains_key(*f))
            .collect();
        if !present.is_empty() && present.len() < RUN_FIELDS.len() {
            let missing: Vec<&str> = RUN_FIELDS
                .iter()
                .copied()
                .filter(|f| !present.contains(f))
                .collect();
            return Err(fail(format!(
                "its provenance lacks {} (a planned result holds none of them)",
                missing.join(", ")
            )));
        }
        let f: Fields = serde_json::from_value(value).map_err(|e| fail(e.to_string()))?;
        let stem = Path::new(path)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if f.name != stem {
            return Err(fail(format!("its name is {:?}, its file {stem:?}", f.name)));
        }
        if f.argv.is_empty() || shell_line(&f.argv) != f.command {
            return Err(fail(format!(
                "its argv {:?} is not its command {:?}",
                f.argv, f.command
            )));
        }
        let run = if present.is_empty() {
            if f.recorded.is_some() {
                return Err(fail("a recorded run without its provenance".to_owned()));
            }
            None
        } else {
            let missing = |field: &str| fail(format!("{field} is null"));
            if f.recorded.is_none() && (f.wall_seconds.is_none() || f.cpu_seconds.is_none()) {
                return Err(missing("a time the tool measures"));
            }
            Some(Run {
                commit: f.commit.ok_or_else(|| missing("commit"))?,
                dirty: f.dirty.ok_or_else(|| missing("dirty"))?,
                version: f.version.ok_or_else(|| missing("version"))?,
                signatures: f.signatures.ok_or_else(|| missing("signatures"))?,
                machine: f.machine.ok_or_else(|| missing("machine"))?,
                load: f.load.ok_or_else(|| missing("load"))?,
                date: f.date.ok_or_else(|| missing("date"))?,
                wall_seconds: f.wall_seconds,
                cpu_seconds: f.cpu_seconds,
                recorded: f.recorded,
                engine_source: f.engine_source,
                ethereal: f.ethereal,
                output: f.output.ok_or_else(|| missing("output"))?,
            })
        };
        Ok(Self {
            path: path.to_owned(),
            name: f.name,
            title: f.title,
            command: f.command,
            argv: f.argv,
            run,
        })
    }

    /// The file's path for `name`, `subject/stem`: `results/subject/stem.json`.
    pub fn path_of(name: &str) -> Result<String, String> {
        let ok = |part: &str| {
            !part.is_empty()
                && part.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        };
        match name.split('/').collect::<Vec<_>>()[..] {
            [subject, stem] if ok(subject) && ok(stem) => Ok(format!("{RESULTS}/{name}.json")),
            _ => Err(format!(
                "{name:?}: a result's name is SUBJECT/NAME, each lower-case letters, digits and \
                 hyphens (suites/wac)"
            )),
        }
    }

    /// Every result file under `root`'s results folder, by path.
    pub fn all(root: &Path) -> Result<Vec<Self>, String> {
        let mut paths = Vec::new();
        let dir = root.join(RESULTS);
        let subjects =
            std::fs::read_dir(&dir).map_err(|e| format!("cannot read {RESULTS}/: {e}"))?;
        for subject in subjects {
            let subject = subject
                .map_err(|e| format!("cannot read {RESULTS}/: {e}"))?
                .path();
            if !subject.is_dir() {
                continue;
            }
            let files = std::fs::read_dir(&subject)
                .map_err(|e| format!("cannot read {}: {e}", subject.display()))?;
            for file in files {
                let file: PathBuf = file
                    .map_err(|e| format!("cannot read a folder: {e}"))?
                    .path();
                if file.extension().is_some_and(|e| e == "json") {
                    let relative = file.strip_prefix(root).unwrap_or(&file);
                    paths.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        paths.sort();
        paths.iter().map(|p| Self::read(root, p)).collect()
    }
}

/// The header of a result file as written: the fields in the design's order.
#[derive(Serialize)]
struct Header<'a> {
    name: &'a str,
    title: &'a str,
    command: &'a str,
    argv: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<&'a str>,
    #[serde(flatten)]
    run: Option<RunHeader<'a>>,
}

/// A run's provenance as written (its output follows).
#[derive(Serialize)]
struct RunHeader<'a> {
    commit: &'a str,
    dirty: bool,
    version: &'a str,
    signatures: Signatures,
    machine: &'a Machine,
    load: &'a Load,
    date: &'a str,
    wall_seconds: Option<f64>,
    cpu_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine_source: Option<&'a str>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    ethereal: &'a [crate::ethereal::Build],
}

impl ResultFile {
    /// The file's text, laid out: the header, then `output` (the command's JSON text, kept
    /// as the command wrote it; the run's own output when `None`).
    pub fn text(&self, output: Option<&str>) -> Result<String, String> {
        let header = Header {
            name: &self.name,
            title: &self.title,
            command: &self.command,
            argv: &self.argv,
            recorded: self.run.as_ref().and_then(|r| r.recorded.as_deref()),
            run: self.run.as_ref().map(|r| RunHeader {
                commit: &r.commit,
                dirty: r.dirty,
                version: &r.version,
                signatures: r.signatures,
                machine: &r.machine,
                load: &r.load,
                date: &r.date,
                wall_seconds: r.wall_seconds,
                cpu_seconds: r.cpu_seconds,
                engine_source: r.engine_source.as_deref(),
                ethereal: &r.ethereal,
            }),
        };
        let mut text = serde_json::to_string(&header).map_err(|e| e.to_string())?;
        if let Some(run) = &self.run {
            let own;
            let output = if let Some(o) = output {
                o
            } else {
                own = serde_json::to_string(&run.output).map_err(|e| e.to_string())?;
                &own
            };
            text.pop();
            text.push_str(",\"output\":");
            text.push_str(output);
            text.push('}');
        }
        crate::json::layout(&text)
    }

    /// Writes the file whole or not at all: into a temporary file beside it, then renamed.
    pub fn write(&self, root: &Path, output: Option<&str>) -> Result<(), String> {
        let text = self.text(output)?;
        Self::parse(&self.path, &text)?;
        write_whole(&root.join(&self.path), text.as_bytes())
    }
}

/// Writes `bytes` to `path` whole or not at all (a temporary file beside it, renamed), its
/// folder made if missing.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let shown = path.display();
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("cannot write {shown}: {e}"));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
