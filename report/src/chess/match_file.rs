//! The match's JSON file (`--out FILE`): written whole or not at all, and written again while
//! the match plays, so that a run killed at any moment (SIGKILL included) leaves either no
//! file or a whole document of the pairs finished up to its last write, `ending`
//! `interrupted`; `--resume` reads it back and goes on from it ([`Record`]).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use std::collections::BTreeSet;

use nullmove_arena::{
    MatchFields, MatchSpec, PairDoc, PairFinished, PlayerDoc, Provenance, StopHandle, document,
    same_run,
};
use serde_json::Value;

use crate::Error;
use crate::output_file::OutputFile;

/// The least time between two writes while the match plays.
const MIN_INTERVAL: Duration = Duration::from_secs(1);

/// How many times longer than a write takes the match plays before the next: writes cost at
/// most about 5% of the run however large the document grows.
const INTERVAL_PER_WRITE: u32 = 20;

/// The file, and when it was last written.
pub struct MatchFile {
    path: PathBuf,
    /// The end of the last write and how long it took; `None` before the first.
    last: Option<(Instant, Duration)>,
    /// The lock beside the file, held while this run may write it.
    _lock: Lock,
}

impl MatchFile {
    /// The file at `path`, locked for this run and checked now to be writable (before any
    /// game is played).
    pub fn new(path: &Path) -> Result<Self, Error> {
        let lock = Lock::take(path)?;
        drop(OutputFile::create(path)?);
        Ok(Self {
            path: path.to_owned(),
            last: None,
            _lock: lock,
        })
    }

    /// The file's name as messages give it.
    #[must_use]
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// What an earlier run wrote to the file, for `--resume`: `None` when there is no file
    /// (nothing to resume: the match starts from its first pair).
    pub fn earlier(&self) -> Result<Option<MatchFields>, Error> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(Error::Message(format!(
                    "cannot read {} to resume: {e}",
                    self.name()
                )));
            }
        };
        serde_json::from_str(&text).map(Some).map_err(|e| {
            Error::Message(format!(
                "{} is not a match's JSON (nullmove chess match --out), so there is nothing to \
                 resume from: {e}",
                self.name()
            ))
        })
    }

    /// Whether the match has played long enough since the last write for another: at once
    /// after the first pair, then at most every second and never for more than about 5% of
    /// the time.
    #[must_use]
    pub fn due(&self) -> bool {
        self.last
            .is_none_or(|(at, took)| at.elapsed() >= MIN_INTERVAL.max(took * INTERVAL_PER_WRITE))
    }

    /// Writes `doc` whole over the file.
    pub fn write(&mut self, doc: &Value) -> Result<(), Error> {
        let started = Instant::now();
        let mut text = serde_json::to_vec_pretty(doc)
            .map_err(|e| Error::Message(format!("cannot write JSON: {e}")))?;
        text.push(b'\n');
        OutputFile::create(&self.path)?.commit(&text)?;
        self.last = Some((Instant::now(), started.elapsed()));
        Ok(())
    }
}

/// What a run keeps besides its output: the pairs an earlier run left (`--resume`), the
/// provenance every document carries, and the `--out` file, written again as pairs finish.
pub struct Record {
    file: Option<MatchFile>,
    resume: bool,
    provenance: Provenance,
    /// The earlier run's players and pairs (`--resume` from an existing file).
    earlier: Option<(Vec<PlayerDoc>, Vec<PairDoc>)>,
    /// The pairs this run has finished, as they finished.
    so_far: Vec<PairDoc>,
    started: Instant,
    /// The first write that failed: the match is stopped and the run fails with it.
    failed: Option<Error>,
}

impl Record {
    /// The record of a run of `spec` writing to `file`; with `resume`, the pairs the file
    /// already holds become `spec`'s resumed pairs, once the file is known to be this run's
    /// match (the same shard, build, command and book; else an error naming the field).
    pub fn new(
        file: Option<MatchFile>,
        resume: bool,
        provenance: Provenance,
        spec: &mut MatchSpec,
    ) -> Result<Self, Error> {
        let earlier = match &file {
            Some(f) if resume => resumable(f, spec, &provenance)?,
            _ => None,
        };
        let earlier = earlier.map(|e| (e.players, e.pairs));
        if let Some((_, pairs)) = &earlier {
            spec.resumed = pairs
                .iter()
                .map(|p| {
                    let o = p.outcomes();
                    (p.index, [o[0], o[1]])
                })
                .collect();
        }
        Ok(Self {
            file,
            resume,
            provenance,
            earlier,
            so_far: Vec::new(),
            started: Instant::now(),
            failed: None,
        })
    }

    /// `fields` with the earlier run's pairs (`--resume`) and the provenance.
    fn complete(&self, fields: MatchFields) -> MatchFields {
        let mut fields = match (&self.earlier, self.resume) {
            (Some((_, pairs)), _) => fields.with_resumed(pairs.clone()),
            (None, true) => fields.with_resumed(Vec::new()),
            (None, false) => fields,
        };
        fields.provenance = Some(self.provenance.clone());
        fields
    }

    /// Notes a finished pair and, when one is due, writes the document so far (`ending`
    /// `interrupted`); a failed write stops the match.
    pub fn after_pair(&mut self, spec: &MatchSpec, done: &PairFinished<'_>, stop: &StopHandle) {
        self.so_far.push(PairDoc::from(done.pair));
        if self.failed.is_some() || !self.file.as_ref().is_some_and(MatchFile::due) {
            return;
        }
        let fields = MatchFields::so_far(
            spec,
            done.engines,
            self.so_far.clone(),
            "interrupted",
            self.started.elapsed().as_secs_f64(),
        );
        let fields = self.complete(fields);
        let written = document(&fields, done.standing.sprt)
            .map_err(Error::Message)
            .and_then(|doc| self.file.as_mut().map_or(Ok(()), |f| f.write(&doc)));
        if let Err(e) = written {
            self.failed = Some(e);
            stop.stop();
        }
    }

    /// The run's fields, `fields` completed: an error when a write failed while it played, or
    /// when the engines now are not those of the resumed pairs (a UCI engine replaced
    /// between the runs).
    pub fn fields(&mut self, fields: MatchFields) -> Result<MatchFields, Error> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let fields = self.complete(fields);
        if let Some((before, _)) = self.earlier.as_ref().filter(|(p, _)| *p != fields.players) {
            let name = |p: &PlayerDoc| p.engine.clone().unwrap_or_else(|| "?".to_owned());
            let now: Vec<String> = fields.players.iter().map(name).collect();
            let then: Vec<String> = before.iter().map(name).collect();
            return Err(Error::Message(format!(
                "the engines are not the ones the resumed pairs were played by: now {}, then {}",
                now.join(" and "),
                then.join(" and ")
            )));
        }
        Ok(fields)
    }

    /// Writes the final document to the `--out` file, if any.
    pub fn write(&mut self, doc: &Value) -> Result<(), Error> {
        self.file.as_mut().map_or(Ok(()), |f| f.write(doc))
    }
}

/// What an earlier run wrote to `file` (`--resume`): `None` when there is no file; an error
/// when it is not this run's match (another shard, build, command, book), named by the field
/// that differs, or holds a pair that is not this run's.
fn resumable(
    file: &MatchFile,
    spec: &MatchSpec,
    provenance: &Provenance,
) -> Result<Option<MatchFields>, Error> {
    let Some(earlier) = file.earlier()? else {
        return Ok(None);
    };
    let mut now = MatchFields::so_far(spec, &[None, None], Vec::new(), "interrupted", 0.0);
    now.provenance = Some(provenance.clone());
    // The engines' own names are known once they run; the earlier run's stand for them here
    // and are compared at the end ([`Record::fields`]).
    for (player, before) in now.players.iter_mut().zip(&earlier.players) {
        player.engine.clone_from(&before.engine);
    }
    same_run(&file.name(), &earlier, &now).map_err(Error::Message)?;
    let mut seen = BTreeSet::new();
    for pair in &earlier.pairs {
        let ours = spec.shard.is_none_or(|s| s.has(pair.index)) && pair.index < spec.pairs;
        if !ours || pair.games.len() != 2 || !seen.insert(pair.index) {
            return Err(Error::Message(format!(
                "{}: pair {} is not one of this run's pairs, once, with its two games",
                file.name(),
                pair.index
            )));
        }
    }
    Ok(Some(earlier))
}

/// An advisory lock on `FILE.lock` beside an `--out` file: two runs writing one file would
/// both play the whole match and the slower would overwrite the finished document, so the
/// second is refused, naming the process that holds it. The lock file holds that process's
/// id and is removed when the run ends.
struct Lock {
    path: PathBuf,
    file: std::fs::File,
}

impl Lock {
    fn take(out: &Path) -> Result<Self, Error> {
        use std::io::{Read as _, Seek as _, Write as _};
        use std::os::unix::fs::MetadataExt as _;
        let mut name = out.as_os_str().to_owned();
        name.push(".lock");
        let path = PathBuf::from(name);
        let cannot =
            |e: std::io::Error| Error::Message(format!("cannot lock {}: {e}", path.display()));
        // A lock taken on a file another run has just removed guards nothing: try again
        // until the file locked is the one at the path.
        loop {
            let mut file = std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(cannot)?;
            if let Err(e) = file.try_lock() {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                return Err(match e {
                    std::fs::TryLockError::WouldBlock => Error::Message(format!(
                        "{} is being written by another run (process {}, which holds {}): \
                         wait for it to end, or give this run another --out",
                        out.display(),
                        holder.trim(),
                        path.display()
                    )),
                    std::fs::TryLockError::Error(e) => cannot(e),
                });
            }
            let same = match (file.metadata(), std::fs::metadata(&path)) {
                (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
                _ => false,
            };
            if !same {
                continue;
            }
            file.set_len(0).map_err(cannot)?;
            file.rewind().map_err(cannot)?;
            writeln!(file, "{}", std::process::id()).map_err(cannot)?;
            return Ok(Self { path, file });
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still held, so that no other run locks the file being removed.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}
