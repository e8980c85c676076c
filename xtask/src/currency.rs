//! Whether a result still stands for today's build: a match is current only while the code
//! that plays its games is what played it. Our players are the deep search and the runner
//! ([`ENGINE_PATHS`]); an Ethereal player is its archive and the recipe's edits and flags.
//! The bench signatures cannot tell: they count fixed-depth searches from a fresh table, not
//! what a build does between moves or against a clock.

use std::path::Path;
use std::process::Command;

use sha2::{Digest, Sha256};

use crate::result::{ResultFile, Run};

/// The source that plays a match's games: the search's vocabulary, the deep search, chess,
/// the runner (UCI, clocks, books) and the generator that orders a book.
pub const ENGINE_PATHS: [&str; 5] = [
    "core/src",
    "optimized/src",
    "chess/src",
    "arena/src",
    "numbers/src/random.rs",
];

/// The SHA-256 over every tracked file of [`ENGINE_PATHS`] as the working tree holds it: its
/// path and its bytes, in path order.
pub fn engine_source(root: &Path) -> Result<String, String> {
    let mut args = vec!["ls-files", "-z", "--"];
    args.extend(ENGINE_PATHS);
    let out = Command::new("git")
        .args(&args)
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run git ls-files: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git ls-files failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let listed = String::from_utf8(out.stdout).map_err(|_| "a path that is not UTF-8")?;
    let mut paths: Vec<&str> = listed.split('\0').filter(|p| !p.is_empty()).collect();
    if paths.is_empty() {
        return Err("git tracks no file of the engine's source".to_owned());
    }
    paths.sort_unstable();
    let mut hash = Sha256::new();
    for path in paths {
        let bytes =
            std::fs::read(root.join(path)).map_err(|e| format!("cannot read {path}: {e}"))?;
        hash.update(path.as_bytes());
        hash.update([0]);
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    Ok(format!("{:x}", hash.finalize()))
}

/// Whether `file` plays games: a `nullmove chess match` (its merge and compare only read).
#[must_use]
pub fn plays_games(file: &ResultFile) -> bool {
    let words: Vec<&str> = file.argv.iter().map(String::as_str).collect();
    matches!(words[..], ["nullmove", "chess", "match", next, ..] if next.starts_with('-'))
}

/// Why a measured match no longer stands for today's build, or `None` while it does.
#[must_use]
pub fn engine_change(root: &Path, run: &Run, today_source: &str) -> Option<String> {
    let ours = match &run.engine_source {
        Some(then) if then == today_source => None,
        Some(_) => Some("the engine has changed since".to_owned()),
        None if run.dirty => Some(
            "played from a tree with changes, before results recorded the engine's source"
                .to_owned(),
        ),
        None => unchanged_since(root, &run.commit)
            .err()
            .or(Some(String::new()))
            .filter(|why| !why.is_empty()),
    };
    let theirs = run
        .ethereal
        .iter()
        .find(|b| !b.is_todays())
        .map(|b| format!("its Ethereal build `{}` is not today's recipe", b.variant));
    ours.or(theirs)
}

/// `Ok` when the engine's source in the working tree equals `commit`'s.
fn unchanged_since(root: &Path, commit: &str) -> Result<(), String> {
    let mut args = vec!["diff", "--quiet", commit, "--"];
    args.extend(ENGINE_PATHS);
    let status = Command::new("git")
        .args(&args)
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run git diff: {e}"))?;
    match status.code() {
        Some(0) => Ok(()),
        Some(1) => Err("the engine has changed since".to_owned()),
        _ => Err(format!(
            "commit {} is not in this clone, so whether the engine changed cannot be told",
            &commit[..commit.len().min(12)]
        )),
    }
}
