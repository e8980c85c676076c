//! `cargo xtask layout`: the code's layout held, so that it cannot regress unseen. No crate's
//! files import one another in a cycle ([`cycles`]), and no crate depends on one above it in
//! the book's table of layers ([`layers`], read from `docs/src/introduction.md` at run time).

pub mod cycles;
pub mod imports;
pub mod layers;
pub mod manifest;
pub mod source;

use std::fmt;
use std::path::Path;

use cycles::{CrateGraph, Cycle};
use layers::{Member, Problem};
use manifest::Manifest;

use crate::metadata::Metadata;

/// The page whose table lists the layers, from the repository's root.
pub const LAYERS_PAGE: &str = "docs/src/introduction.md";

/// What the check found over a workspace.
#[derive(Debug, Clone)]
pub struct Report {
    /// The workspace's members.
    pub crates: usize,
    /// The `.rs` files read under their `src/` folders.
    pub files: usize,
    /// Each cycle, with the `src/` folder it is in (`arena/src`).
    pub cycles: Vec<(String, Cycle)>,
    /// Each way the crates break the layers.
    pub problems: Vec<Problem>,
}

impl Report {
    /// Whether the check found nothing.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.cycles.is_empty() && self.problems.is_empty()
    }
}

impl fmt::Display for Report {
    /// A line for each cycle (its edges under it) and each problem, then a summary line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (src, cycle) in &self.cycles {
            writeln!(f, "{src} {cycle}")?;
        }
        for problem in &self.problems {
            writeln!(f, "{problem}")?;
        }
        let (crates, files) = (self.crates, self.files);
        if self.is_clean() {
            write!(
                f,
                "layout: {crates} crates, {files} files, no cycle, no dependency upward"
            )
        } else {
            let cycles = count(self.cycles.len(), "cycle");
            let problems = count(self.problems.len(), "layer problem");
            write!(
                f,
                "layout: {crates} crates, {files} files: {cycles}, {problems}"
            )
        }
    }
}

/// `n` and the noun, plural unless `n` is one.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Checks the workspace at `root`: its members' `src/` trees and manifests (as `cargo
/// metadata` reads them), and the table of [`LAYERS_PAGE`]. A manifest cargo refuses, or an
/// unreadable or malformed page, is an error.
pub fn check(root: &Path) -> Result<Report, String> {
    let metadata = Metadata::of(root, &["--no-deps", "--offline"])?;
    let page = std::fs::read_to_string(root.join(LAYERS_PAGE))
        .map_err(|e| format!("cannot read {LAYERS_PAGE}: {e}"))?;
    let layers = layers::parse_table(&page).map_err(|e| format!("{LAYERS_PAGE}: {e}"))?;
    let mut members = Vec::new();
    let mut report = Report {
        crates: metadata.workspace_members.len(),
        files: 0,
        cycles: Vec::new(),
        problems: Vec::new(),
    };
    for package in metadata.members() {
        let folder = metadata.folder_of(package);
        let src = format!("{folder}/src");
        if root.join(&src).is_dir() {
            let graph = CrateGraph::read(&root.join(&src))?;
            report.files += graph.modules.len();
            let cycles = graph.cycles().into_iter().map(|c| (src.clone(), c));
            report.cycles.extend(cycles);
        }
        let manifest = Manifest::from(package);
        members.push(Member { folder, manifest });
    }
    report.problems = layers::problems(&layers, &members);
    Ok(report)
}
