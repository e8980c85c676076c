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
