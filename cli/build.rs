//! Bakes into the binary the commit it is built from (`NULLMOVE_COMMIT`), which a match
//! records as its provenance: `git rev-parse HEAD`; followed by `+` and a fingerprint of the
//! changes when the sources differ from that commit (so two builds of one commit with other
//! edits are told apart); `unknown` when the workspace is not a git checkout of its own.
//!
//! The sources are the `nullmove*` packages' `src/` and `data/` folders and manifests, and
//! the workspace's manifest and lock file: Cargo runs this again when any of them, or the
//! branch's commit, changes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("Cargo sets it");
    let root = Path::new(&manifest)
        .parent()
        .expect("the package is in the workspace")
        .to_owned();
    let sources = sources(&root);
    for path in &sources {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    let commit = commit(&root, &sources).unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=NULLMOVE_COMMIT={commit}");
}

/// What goes into the binary: the workspace's manifest and lock, and each `nullmove*`
/// package's manifest, `src/` and `data/`.
fn sources(root: &Path) -> Vec<PathBuf> {
    let mut paths = vec![root.join("Cargo.toml"), root.join("Cargo.lock")];
    let mut packages: Vec<PathBuf> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|dir| {
            std::fs::read_to_string(dir.join("Cargo.toml")).is_ok_and(|text| {
                text.lines()
                    .any(|l| l.replace(' ', "").starts_with("name=\"nullmove"))
            })
        })
        .collect();
    packages.sort();
    for dir in packages {
        for part in ["Cargo.toml", "src", "data", "build.rs"] {
            let path = dir.join(part);
            if path.exists() {
                paths.push(path);
            }
        }
    }
    paths
}

/// `HEAD`'s commit, and a fingerprint of the sources' changes against it; `None` outside a
/// git checkout whose top is `root` (a crate unpacked inside some other repository is not
/// that repository's commit).
fn commit(root: &Path, sources: &[PathBuf]) -> Option<String> {
    let top = git(root, &["rev-parse", "--show-toplevel"])?;
    if Path::new(top.trim()).canonicalize().ok()? != root.canonicalize().ok()? {
        return None;
    }
    // A new commit moves the branch's ref (or HEAD itself when detached). Only files that
    // exist are watched: Cargo runs the script again on every build for a missing one (a
    // repository without packed refs), and a loose ref that gets packed is deleted, which
    // Cargo sees as a change.
    let mut refs = vec!["HEAD".to_owned(), "packed-refs".to_owned()];
    refs.extend(git(root, &["symbolic-ref", "-q", "HEAD"]).map(|b| b.trim().to_owned()));
    for what in &refs {
        if let Some(path) = git(root, &["rev-parse", "--git-path", what]) {
            let path = root.join(path.trim());
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    let head = git(root, &["rev-parse", "HEAD"])?.trim().to_owned();
    let mut diff_args = vec!["diff", "HEAD", "--"];
    let paths: Vec<String> = sources.iter().map(|p| p.display().to_string()).collect();
    diff_args.extend(paths.iter().map(String::as_str));
    let mut changes = git(root, &diff_args)?.into_bytes();
    // New files the diff does not show: their names and contents.
    let mut untracked_args = vec!["ls-files", "--others", "--exclude-standard", "--"];
    untracked_args.extend(paths.iter().map(String::as_str));
    for name in git(root, &untracked_args)?.lines() {
        changes.extend_from_slice(name.as_bytes());
        changes.extend(std::fs::read(root.join(name)).unwrap_or_default());
    }
    if changes.is_empty() {
        Some(head)
    } else {
        Some(format!("{head}+{:016x}", fnv1a(&changes)))
    }
}

/// `git ARGS` in `dir`: its output, or `None` when git is missing or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// FNV-1a, 64 bits: a fingerprint of the changes, not a security measure.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
