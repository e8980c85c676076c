//! The crates' layers, as the book's table lists them, and the rule they make: a crate
//! depends only on crates before it in the table (a layer's crates in the order listed); its
//! dev-dependencies may also name one of its own layer, or one listed after it there.

use std::collections::HashMap;
use std::fmt;

use super::manifest::Manifest;

/// The heading of the section whose table lists the layers.
pub const HEADING: &str = "How the code is laid out";

/// One row of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layer {
    /// The row's first cell.
    pub name: String,
    /// The crates (folder names) it lists, in order.
    pub crates: Vec<String>,
}

/// A workspace member: its folder and its manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The folder, as the root manifest's `members` names it and the table lists it.
    pub folder: String,
    /// Its `Cargo.toml`.
    pub manifest: Manifest,
}

/// A way the crates break the layers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A workspace member the table does not list.
    Unlisted(String),
    /// A crate the table lists more than once.
    ListedTwice(String),
    /// A name in the table that is no workspace member.
    NotAMember(String),
    /// `from`'s `[dependencies]` name `to`, which the table does not list before it.
    Upward {
        /// The dependent.
        from: String,
        /// Its dependency.
        to: String,
    },
    /// `from`'s `[dev-dependencies]` name `to`, of a layer after `from`'s.
    UpwardInTests {
        /// The dependent.
        from: String,
        /// Its dev-dependency.
        to: String,
        /// `to`'s layer.
        layer: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unlisted(name) => write!(
                f,
                "layers: `{name}` is a workspace member that the table does not list"
            ),
            Self::ListedTwice(name) => write!(f, "layers: the table lists `{name}` twice"),
            Self::NotAMember(name) => write!(
                f,
                "layers: the table lists `{name}`, which is not a workspace member"
            ),
            Self::Upward { from, to } => write!(
                f,
                "upward: `{from}` depends on `{to}`, which the table lists after it"
            ),
            Self::UpwardInTests { from, to, layer } => write!(
                f,
                "upward: `{from}`'s tests depend on `{to}`, of a layer after its own ({layer})"
            ),
        }
    }
}

/// The rows of the `| layer | crates |` table under the heading [`HEADING`] of `markdown`;
/// the crates of a row are the names in backticks outside parentheses.
pub fn parse_table(markdown: &str) -> Result<Vec<Layer>, String> {
    let mut lines = markdown
        .lines()
        .map(str::trim)
        .skip_while(|line| line.trim_start_matches('#').trim() != HEADING || !line.starts_with('#'))
        .skip(1)
        .take_while(|line| !line.starts_with('#'))
        .skip_while(|line| !line.starts_with('|'));
    let missing = || format!("no `| layer | crates |` table under \"{HEADING}\"");
    let header = cells(lines.next().ok_or_else(missing)?);
    if header != ["layer", "crates"] {
        return Err(missing());
    }
    let mut layers = Vec::new();
    for (i, line) in lines.skip(1).take_while(|l| l.starts_with('|')).enumerate() {
        let row = cells(line);
        let [name, crates] = row.as_slice() else {
            return Err(format!(
                "the layers table's row {} has not two cells",
                i + 1
            ));
        };
        let crates = names_in_backticks(crates);
        if crates.is_empty() {
            return Err(format!("the layers table's row `{name}` lists no crate"));
        }
        layers.push(Layer {
            name: name.clone(),
            crates,
        });
    }
    if layers.is_empty() {
        return Err(format!("the layers table under \"{HEADING}\" has no row"));
    }
    Ok(layers)
}

/// A table row's cells, trimmed.
fn cells(line: &str) -> Vec<String> {
    let inner = line.strip_prefix('|').unwrap_or(line);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    inner.split('|').map(|c| c.trim().to_owned()).collect()
}

/// The `names` in backticks of `text` that stand outside parentheses (those inside describe).
fn names_in_backticks(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut depth = 0usize;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '`' => {
                let Some(end) = rest[1..].find('`') else {
                    break;
                };
                if depth == 0 {
                    names.push(rest[1..=end].to_owned());
                }
                rest = &rest[end + 2..];
                continue;
            }
            _ => {}
        }
        rest = &rest[c.len_utf8()..];
    }
    names
}

/// Where a crate stands: its place in the table's order and its layer's row.
#[derive(Clone, Copy)]
struct Place {
    order: usize,
    layer: usize,
}

/// Every way `members` break the `layers`: members missing from the table or listed twice,
/// names that are not members, and dependencies upward.
#[must_use]
pub fn problems(layers: &[Layer], members: &[Member]) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut places: HashMap<&str, Place> = HashMap::new();
    let listed = layers
        .iter()
        .enumerate()
        .flat_map(|(layer, row)| row.crates.iter().map(move |name| (name.as_str(), layer)));
    for (order, (name, layer)) in listed.enumerate() {
        if places.insert(name, Place { order, layer }).is_some() {
            problems.push(Problem::ListedTwice(name.to_owned()));
        }
        if !members.iter().any(|m| m.folder == name) {
            problems.push(Problem::NotAMember(name.to_owned()));
        }
    }
    let folders: HashMap<&str, &str> = members
        .iter()
        .map(|m| (m.manifest.name.as_str(), m.folder.as_str()))
        .collect();
    for member in members {
        let Some(&place) = places.get(member.folder.as_str()) else {
            problems.push(Problem::Unlisted(member.folder.clone()));
            continue;
        };
        let ours = |packages: &[String]| -> Vec<(String, Place)> {
            packages
                .iter()
                .filter_map(|package| folders.get(package.as_str()))
                .filter(|&&folder| folder != member.folder)
                .filter_map(|&folder| Some((folder.to_owned(), *places.get(folder)?)))
                .collect()
        };
        for (to, dependency) in ours(&member.manifest.dependencies) {
            if dependency.order > place.order {
                let from = member.folder.clone();
                problems.push(Problem::Upward { from, to });
            }
        }
        for (to, dependency) in ours(&member.manifest.dev_dependencies) {
            if dependency.layer > place.layer {
                let from = member.folder.clone();
                let layer = layers[dependency.layer].name.clone();
                problems.push(Problem::UpwardInTests { from, to, layer });
            }
        }
    }
    problems
}
