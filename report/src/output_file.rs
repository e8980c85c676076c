//! Output files written whole or not at all (docs/src/specification.md, "The command-line
//! contract"): the content goes to a temporary file in the target's folder, which is
//! renamed over the target only once it is complete, so a failure leaves nothing behind and
//! an older file stands. A target that is a folder or another special file, or that is one
//! of the command's inputs, is refused before anything is measured.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::Error;

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
    pub fn create(target: &Path) -> Result<Self, Error> {
        Self::create_apart_from(target, &[])
    }

    /// [`OutputFile::create`], refusing a `target` that is the same file as one of `inputs`
    /// (by device and inode, so another name, a link or `./` does not hide it): renaming
    /// over it would lose what the reader gave.
    pub fn create_apart_from(target: &Path, inputs: &[&Path]) -> Result<Self, Error> {
        let fail = |e: &dyn std::fmt::Display| {
            Error::Message(format!("cannot write {}: {e}", target.display()))
        };
        if let Ok(meta) = fs::metadata(target) {
            if meta.is_dir() {
                return Err(fail(&"it is a folder; give a file's name in it"));
            }
            if !meta.is_file() {
                return Err(fail(&"it is not a regular file"));
            }
            if let Some(input) = inputs.iter().find(|i| same_file(target, &meta, i)) {
                return Err(fail(&format_args!(
                    "it is the input {}, which the output would overwrite; give another file",
                    input.display()
                )));
            }
        }
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
    pub fn commit(mut self, bytes: &[u8]) -> Result<(), Error> {
        let mut file = self.file.take().expect("committed once");
        file.write_all(bytes)
            .and_then(|()| file.sync_all())
            .and_then(|()| {
                drop(file);
                fs::rename(&self.temporary, &self.target)
            })
            .map_err(|e| Error::Message(format!("cannot write {}: {e}", self.target.display())))?;
        // Renamed: nothing left to remove.
        self.temporary = PathBuf::new();
        Ok(())
    }
}

/// Whether `input` is the file `target` names, whose metadata is `meta`: the same device
/// and inode, which a hard link shares and a comparison of names would miss.
#[cfg(unix)]
fn same_file(_target: &Path, meta: &fs::Metadata, input: &Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    fs::metadata(input).is_ok_and(|m| (m.dev(), m.ino()) == (meta.dev(), meta.ino()))
}

/// Whether `input` is the file `target` names: without inodes, the same canonical path.
#[cfg(not(unix))]
fn same_file(target: &Path, _meta: &fs::Metadata, input: &Path) -> bool {
    matches!((target.canonicalize(), input.canonicalize()), (Ok(a), Ok(b)) if a == b)
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if !self.temporary.as_os_str().is_empty() {
            drop(self.file.take());
            let _ = fs::remove_file(&self.temporary);
        }
    }
}
