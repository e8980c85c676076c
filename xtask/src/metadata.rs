//! The workspace as `cargo metadata` describes it: members, their manifests' dependencies
//! (renames resolved, kinds and targets told apart) and every package's license, exactly as
//! cargo reads the manifests, with no TOML reader of our own.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::Deserialize;

/// What the tasks read of `cargo metadata --format-version 1`.
#[derive(Debug, Clone, Deserialize)]
pub struct Metadata {
    /// Every package: the members, and with dependencies asked for, every one they resolve to.
    pub packages: Vec<Package>,
    /// The ids of the workspace's members (sorted by id, not in `members`' order).
    pub workspace_members: Vec<String>,
    /// The folder of the root manifest.
    pub workspace_root: PathBuf,
}

/// One package.
#[derive(Debug, Clone, Deserialize)]
pub struct Package {
    /// Its id, which [`Metadata::workspace_members`] lists.
    pub id: String,
    /// `[package] name`.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its SPDX license expression, `None` where the manifest names none.
    pub license: Option<String>,
    /// `license-file`, where the manifest names one instead.
    pub license_file: Option<String>,
    /// Its `Cargo.toml`.
    pub manifest_path: PathBuf,
    /// The registries it may be published to: `None` for any, empty for `publish = false`.
    pub publish: Option<Vec<String>>,
    /// What its manifest depends on, in every table.
    pub dependencies: Vec<Dependency>,
    /// Its library, binaries, tests, benches and examples.
    #[serde(default)]
    pub targets: Vec<Target>,
}

/// One of a package's targets.
#[derive(Debug, Clone, Deserialize)]
pub struct Target {
    /// Its kinds: `lib`, `bin`, `test`, `bench`, `example`, `custom-build`, ...
    pub kind: Vec<String>,
}

/// One entry of a manifest's dependency tables.
#[derive(Debug, Clone, Deserialize)]
pub struct Dependency {
    /// The package depended on (under a rename, the package, not the name it is used by).
    pub name: String,
    /// `None` for `[dependencies]`, `"dev"` or `"build"` for the others.
    pub kind: Option<String>,
}

impl Dependency {
    /// Whether it is a `[dev-dependencies]` entry.
    #[must_use]
    pub fn is_dev(&self) -> bool {
        self.kind.as_deref() == Some("dev")
    }
}

impl Package {
    /// The folder of its manifest.
    #[must_use]
    pub fn folder(&self) -> &Path {
        self.manifest_path.parent().unwrap_or(&self.manifest_path)
    }

    /// Whether it has a library target.
    #[must_use]
    pub fn is_library(&self) -> bool {
        self.targets
            .iter()
            .any(|t| t.kind.iter().any(|k| k == "lib"))
    }

    /// Whether `cargo publish` may publish it.
    #[must_use]
    pub fn publishable(&self) -> bool {
        self.publish
            .as_ref()
            .is_none_or(|registries| !registries.is_empty())
    }
}

impl Metadata {
    /// Reads `cargo metadata`'s JSON.
    pub fn parse(json: &str) -> Result<Self, String> {
        serde_json::from_str(json).map_err(|e| format!("cargo metadata's output: {e}"))
    }

    /// Runs `cargo metadata --format-version 1 ARGS` on the workspace at `root`.
    pub fn of(root: &Path, args: &[&str]) -> Result<Self, String> {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let manifest = root.join("Cargo.toml");
        let shown = format!("cargo metadata {}", args.join(" "));
        let out = Command::new(cargo)
            .args(["metadata", "--format-version", "1", "--manifest-path"])
            .arg(&manifest)
            .args(args)
            .output()
            .map_err(|e| format!("cannot run {shown}: {e}"))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            let last = err.trim_end().lines().last().unwrap_or("no message");
            return Err(format!("{shown} failed ({}): {last}", out.status));
        }
        Self::parse(&String::from_utf8_lossy(&out.stdout))
    }

    /// The workspace's members, in [`Self::workspace_members`]' order.
    pub fn members(&self) -> impl Iterator<Item = &Package> {
        self.workspace_members
            .iter()
            .filter_map(|id| self.packages.iter().find(|p| &p.id == id))
    }

    /// A member's folder relative to the workspace's root (`core`, `crates/x`).
    #[must_use]
    pub fn folder_of(&self, package: &Package) -> String {
        let folder = package.folder();
        folder
            .strip_prefix(&self.workspace_root)
            .unwrap_or(folder)
            .to_string_lossy()
            .replace('\\', "/")
    }
}
