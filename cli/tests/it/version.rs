//! `nullmove --version` names the build: its version, the commit it was built from (and
//! whether its sources had changes), and the one line that installs the same build, so a
//! replay command can be run with the build that printed its figures.

use std::path::Path;
use std::process::Command;

use crate::support::stdout;

/// `git ARGS` in the workspace, where git and a checkout of this workspace are there.
fn git(args: &[&str]) -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = Command::new("git")
        .args(args)
        .current_dir(&root)
        .output()
        .ok()?;
    let top = Command::new("git")
        .args(["rev-parse", "--show-toplevel"])
        .current_dir(&root)
        .output()
        .ok()?;
    let ours = Path::new(String::from_utf8_lossy(&top.stdout).trim())
        .canonicalize()
        .ok()?
        == root.canonicalize().ok()?;
    (out.status.success() && ours).then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

#[test]
fn the_version_names_the_commit_and_how_to_install_it() {
    let text = stdout(&["--version"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], concat!("nullmove ", env!("CARGO_PKG_VERSION")));
    let commit = lines[1]
        .strip_prefix("commit ")
        .and_then(|l| l.split(' ').next())
        .unwrap_or_else(|| panic!("no commit: {text}"));
    // The commit every document of this build names, a match's provenance among them.
    assert_eq!(commit, nullmove::build_info::COMMIT);
    let build = nullmove::build_info::build();
    match commit.split_once('+') {
        None if commit == "unknown" => {
            assert!(lines[2].contains("its commit is not known"), "{text}");
        }
        None => {
            let line = format!("git checkout {commit} && cargo install --locked --path cli");
            assert_eq!(build.install.as_deref(), Some(line.as_str()));
            assert!(lines[2].ends_with(&format!(": {line}")), "{text}");
        }
        Some((sha, changes)) => {
            assert_eq!(changes.len(), 16, "a fingerprint: {commit}");
            assert!(
                lines[1].contains("had changes not in that commit"),
                "{text}"
            );
            assert!(lines[2].ends_with(&format!(
                "git checkout {sha} && cargo install --locked --path cli"
            )));
            assert_eq!(build.install, None);
        }
    }
    // Git's own commit where the workspace is a checkout of its own (not a tarball).
    if let Some(head) = git(&["rev-parse", "HEAD"]) {
        assert_eq!(commit.split('+').next(), Some(head.as_str()));
    }
    let short = stdout(&["-V"]);
    assert_eq!(
        short.trim_end(),
        format!("nullmove {} (commit {commit})", env!("CARGO_PKG_VERSION"))
    );
}
