//! Today's build, to tell a current result from one of an earlier build: the search's
//! signatures, computed in process by the documents `nullmove bench` and `nullmove chess
//! bench` print (about a second together), and the digest of the engine's source.

use std::path::{Path, PathBuf};

use crate::currency;
use crate::result::{ResultFile, Signatures};

/// What a result's provenance is compared with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Today {
    /// The search's signatures as this build computes them.
    pub signatures: Signatures,
    /// The digest of the engine's source in the working tree.
    pub engine_source: String,
    /// The repository, for git's view of a result's commit.
    pub root: PathBuf,
}

impl Today {
    /// Today's build of the repository at `root`.
    pub fn of(root: &Path) -> Result<Self, String> {
        Ok(Self {
            signatures: signatures()?,
            engine_source: currency::engine_source(root)?,
            root: root.to_path_buf(),
        })
    }

    /// Why `file`'s games no longer stand for today's build, or `None` while they do (and for
    /// a file that plays no games or is not measured yet).
    #[must_use]
    pub fn engine_change(&self, file: &ResultFile) -> Option<String> {
        let run = file.run.as_ref()?;
        if !currency::plays_games(file) {
            return None;
        }
        currency::engine_change(&self.root, run, &self.engine_source)
    }

    /// Whether `file` is measured and stands for today's build: today's signatures, and for
    /// a match, today's engine.
    #[must_use]
    pub fn is_current(&self, file: &ResultFile) -> bool {
        file.run
            .as_ref()
            .is_some_and(|run| run.signatures == self.signatures)
            && self.engine_change(file).is_none()
    }
}

/// The search's signatures as this build computes them: the optimized engine's node total
/// on the page's workload (`nullmove bench`'s default) and the deep search's on chess.
pub fn signatures() -> Result<Signatures, String> {
    let bench = nullmove_report::bench::measure(false, true);
    let chess = nullmove_report::chess::bench::measure().map_err(|e| e.to_string())?;
    Ok(Signatures {
        bench: bench.engines[0].nodes,
        chess_bench: chess.nodes,
    })
}

/// Each result file the audit's verdicts read that does not stand for `today`'s build, and
/// why: a verdict is today's only while every file it reads is.
pub fn stale_evidence(today: &Today) -> Result<Vec<String>, String> {
    let mut stale = Vec::new();
    for file in nullmove_fixtures::audit::evidence() {
        let path = format!("{}/{file}", crate::result::RESULTS);
        if !today.root.join(&path).is_file() {
            stale.push(format!(
                "the audit's verdicts read {path}, which does not exist"
            ));
            continue;
        }
        let result = ResultFile::read(&today.root, &path)?;
        let why = match &result.run {
            None => Some("which is not yet measured".to_owned()),
            Some(run) if run.signatures != today.signatures => {
                Some("which an earlier search measured".to_owned())
            }
            Some(run) => today.engine_change(&result).map(|why| {
                format!(
                    "played at commit {}: {why}",
                    &run.commit[..run.commit.len().min(7)]
                )
            }),
        };
        if let Some(why) = why {
            stale.push(format!("the audit's verdicts read {path}, {why}"));
        }
    }
    Ok(stale)
}
