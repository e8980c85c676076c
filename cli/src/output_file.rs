//! Output files written whole or not at all (docs/src/specification.md, "The command-line
//! contract"): the content goes to a temporary file in the target's folder, which is
//! renamed over the target only once it is complete, so a failure leaves nothing behind and
//! an older file stands.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::common::CliError;

/// A file being written: the temporary file, removed again unless [`OutputFile::commit`]
/// renames it over the target.
pub struct OutputFile {
    target: PathBuf,
    temporary: PathBuf,
    file: Option<File>,
}

impl OutputFile {
    /// Creates the temporary file beside `target` now, so that a folder that does not exist
    /// or cannot be written is reported before any long measurement.
    pub fn create(target: &Path) -> Result<Self, CliError> {
        let fail = |e: &dyn std::fmt::Display| {
            CliError::Message(format!("cannot write {}: {e}", target.display()))
        };
        let name = target
            .file_name()
            .ok_or_else(|| fail(&"not a file name"))?
            .to_string_lossy()
            .into_owned();
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        for attempt in 0..100 {
            let temporary = folder.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
            match OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&temporary)
            {
                Ok(file) => {
                    return Ok(Self {
                        target: target.to_owned(),
                        temporary,
                        file: Some(file),
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(fail(&e)),
            }
        }
        Err(fail(&"no free temporary name in its folder"))
    }

    /// Writes `bytes` and renames the temporary file over the target; on failure the
    /// temporary file is removed (on drop) and the target is untouched.
    pub fn commit(mut self, bytes: &[u8]) -> Result<(), CliError> {
        let mut file = self.file.take().expect("committed once");
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .and_then(|()| {
                drop(file);
                fs::rename(&self.temporary, &self.target)
            })
            .map_err(|e| {
                CliError::Message(format!("cannot write {}: {e}", self.target.display()))
            })?;
        // Renamed: nothing left to remove.
        self.temporary = PathBuf::new();
        Ok(())
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if !self.temporary.as_os_str().is_empty() {
            drop(self.file.take());
            let _ = fs::remove_file(&self.temporary);
        }
    }
}
