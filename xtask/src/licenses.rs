//! `cargo xtask licenses`: every package the workspace builds is under a license of
//! [`ALLOWED`], read from `cargo metadata` (the manifests' SPDX expressions; no network), and
//! every crate that may be published ships the repository's LICENSE.

use std::fmt;
use std::path::Path;

use crate::metadata::{Metadata, Package};

/// The licenses a dependency may be under: permissive ones that ask at most for a notice,
/// so the binary and the published crates ship under MIT. No copyleft (GPL, LGPL, MPL): a
/// dependency offering one only beside one of these is taken under these.
pub const ALLOWED: &[&str] = &[
    "MIT",
    "Apache-2.0",
    "Apache-2.0 WITH LLVM-exception",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "0BSD",
    "ISC",
    "Zlib",
    "BSL-1.0",
    "Unicode-3.0",
    "Unlicense",
];

/// The license file at the repository's root, which each published crate carries a copy of.
pub const LICENSE: &str = "LICENSE";

/// A package the check refuses, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// `name version`.
    pub package: String,
    /// Why.
    pub why: String,
}

/// What the check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The packages checked.
    pub packages: usize,
    /// The workspace's crates that may be published.
    pub published: Vec<String>,
    /// Each package refused.
    pub refused: Vec<Refused>,
}

impl Report {
    /// Whether every package passed.
    #[must_use]
    pub fn is_clean(&self) -> bool {
        self.refused.is_empty()
    }
}

impl fmt::Display for Report {
    /// A line for each refusal, then a summary line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.refused {
            writeln!(f, "{}: {}", r.package, r.why)?;
        }
        let published = if self.published.is_empty() {
            "none".to_owned()
        } else {
            self.published.join(", ")
        };
        if self.is_clean() {
            write!(
                f,
                "licenses: {} packages, each under {}; published with {LICENSE}: {published}",
                self.packages,
                ALLOWED.join(", ")
            )
        } else {
            write!(
                f,
                "licenses: {} of {} packages refused",
                self.refused.len(),
                self.packages
            )
        }
    }
}

/// Checks every package of the workspace at `root` and its dependencies (`cargo metadata
/// --locked`: the versions `Cargo.lock` holds).
pub fn check(root: &Path) -> Result<Report, String> {
    let metadata = Metadata::of(root, &["--locked"])?;
    let license =
        std::fs::read(root.join(LICENSE)).map_err(|e| format!("cannot read {LICENSE}: {e}"))?;
    Ok(check_metadata(&metadata, &license))
}

/// [`check`] over metadata already read, `license` being the root's LICENSE.
#[must_use]
pub fn check_metadata(metadata: &Metadata, license: &[u8]) -> Report {
    let mut refused = Vec::new();
    for package in &metadata.packages {
        if let Some(why) = refusal(package) {
            refused.push(Refused {
                package: format!("{} {}", package.name, package.version),
                why,
            });
        }
    }
    let mut published = Vec::new();
    for package in metadata.members().filter(|p| p.publishable()) {
        published.push(package.name.clone());
        let copy = package.folder().join(LICENSE);
        if std::fs::read(&copy).ok().as_deref() != Some(license) {
            refused.push(Refused {
                package: format!("{} {}", package.name, package.version),
                why: format!(
                    "may be published, so {} must be a copy of the root's {LICENSE}",
                    metadata.folder_of(package) + "/" + LICENSE
                ),
            });
        }
    }
    Report {
        packages: metadata.packages.len(),
        published,
        refused,
    }
}

/// Why `package`'s license is refused, if it is.
fn refusal(package: &Package) -> Option<String> {
    let Some(expression) = package.license.as_deref() else {
        return Some(match &package.license_file {
            Some(file) => format!(
                "its license is a file ({file}), not an SPDX expression: read it, and list the \
                 package here if it is allowed"
            ),
            None => "names no license".to_owned(),
        });
    };
    match allowed(expression) {
        Ok(true) => None,
        Ok(false) => Some(format!(
            "{expression:?} offers no license of the allow-list"
        )),
        Err(e) => Some(format!("{expression:?}: {e}")),
    }
}

/// Whether an SPDX expression can be taken under [`ALLOWED`] licenses: `OR` (or the old `/`)
/// needs one side, `AND` both, `A WITH B` is allowed when listed whole.
pub fn allowed(expression: &str) -> Result<bool, String> {
    let spaced = expression
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('/', " OR ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut parser = Parser { tokens, at: 0 };
    let value = parser.or()?;
    match parser.tokens.get(parser.at) {
        None => Ok(value),
        Some(token) => Err(format!("unexpected {token:?}")),
    }
}

/// A recursive-descent reader of SPDX expressions, evaluating as it reads.
struct Parser<'a> {
    tokens: Vec<&'a str>,
    at: usize,
}

impl Parser<'_> {
    fn next(&mut self) -> Option<&str> {
        let token = self.tokens.get(self.at).copied();
        self.at += 1;
        token
    }

    fn peek_is(&self, word: &str) -> bool {
        self.tokens.get(self.at) == Some(&word)
    }

    /// `and (OR and)*`.
    fn or(&mut self) -> Result<bool, String> {
        let mut value = self.and()?;
        while self.peek_is("OR") {
            self.at += 1;
            value |= self.and()?;
        }
        Ok(value)
    }

    /// `term (AND term)*`.
    fn and(&mut self) -> Result<bool, String> {
        let mut value = self.term()?;
        while self.peek_is("AND") {
            self.at += 1;
            value &= self.term()?;
        }
        Ok(value)
    }

    /// `( or )`, or a license with an optional `WITH exception`.
    fn term(&mut self) -> Result<bool, String> {
        match self.next() {
            Some("(") => {
                let value = self.or()?;
                match self.next() {
                    Some(")") => Ok(value),
                    _ => Err("a `(` without its `)`".to_owned()),
                }
            }
            Some(word) if !["OR", "AND", "WITH", ")"].contains(&word) => {
                let mut license = word.to_owned();
                if self.peek_is("WITH") {
                    self.at += 1;
                    let exception = self.next().ok_or("`WITH` and no exception")?;
                    license = format!("{license} WITH {exception}");
                }
                Ok(ALLOWED.contains(&license.as_str()))
            }
            Some(word) => Err(format!("{word:?} where a license should be")),
            None => Err("ends where a license should be".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expression_is_allowed_by_one_side_of_or_and_both_sides_of_and() {
        for ok in [
            "MIT",
            "MIT OR Apache-2.0",
            "Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT",
            "MIT OR Apache-2.0 OR LGPL-2.1-or-later",
            "(MIT OR Apache-2.0) AND Unicode-3.0",
            "Unlicense/MIT",
        ] {
            assert_eq!(allowed(ok), Ok(true), "{ok}");
        }
        for refused in [
            "GPL-3.0-only",
            "MIT AND GPL-3.0-only",
            "(MIT OR Apache-2.0) AND MPL-2.0",
            "GPL-2.0 WITH Classpath-exception-2.0",
        ] {
            assert_eq!(allowed(refused), Ok(false), "{refused}");
        }
        for malformed in ["", "MIT OR", "(MIT", "MIT WITH", "AND MIT", "MIT MIT"] {
            assert!(allowed(malformed).is_err(), "{malformed:?}");
        }
    }

    /// Metadata of one member (publishable when `publish` is `None`) and one dependency.
    fn metadata(folder: &Path, publish: &str, dependency_license: &str) -> Metadata {
        let root = folder.parent().expect("a parent").display().to_string();
        let manifest = folder.join("Cargo.toml").display().to_string();
        Metadata::parse(&format!(
            r#"{{"packages": [
                {{"id": "lib", "name": "lib", "version": "0.2.0", "license": "MIT",
                  "license_file": null, "manifest_path": {manifest:?}, "publish": {publish},
                  "dependencies": []}},
                {{"id": "dep", "name": "dep", "version": "1.0.0", "license": {dependency_license},
                  "license_file": null, "manifest_path": "/registry/dep/Cargo.toml",
                  "publish": null, "dependencies": []}}],
              "workspace_members": ["lib"], "workspace_root": {root:?}}}"#
        ))
        .expect("metadata")
    }

    #[test]
    fn a_dependency_under_another_license_or_none_and_a_published_crate_without_the_file_are_refused()
     {
        let folder = std::env::temp_dir().join(format!("xtask-licenses-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a folder");
        let root_license = b"MIT License\n";
        let clean = check_metadata(&metadata(&folder, "[]", "\"MIT\""), root_license);
        assert!(clean.is_clean(), "{clean}");
        assert_eq!(clean.packages, 2);
        assert!(clean.published.is_empty());

        let copyleft = check_metadata(&metadata(&folder, "[]", "\"GPL-3.0-only\""), root_license);
        assert_eq!(copyleft.refused.len(), 1, "{copyleft}");
        assert_eq!(copyleft.refused[0].package, "dep 1.0.0");
        let none = check_metadata(&metadata(&folder, "[]", "null"), root_license);
        assert_eq!(none.refused[0].why, "names no license");

        let unshipped = check_metadata(&metadata(&folder, "null", "\"MIT\""), root_license);
        assert_eq!(unshipped.published, ["lib"]);
        assert_eq!(unshipped.refused.len(), 1, "{unshipped}");
        assert!(unshipped.refused[0].why.contains("/LICENSE must be a copy"));
        std::fs::write(folder.join(LICENSE), root_license).expect("the copy");
        let shipped = check_metadata(&metadata(&folder, "null", "\"MIT\""), root_license);
        assert!(shipped.is_clean(), "{shipped}");
        std::fs::remove_dir_all(&folder).expect("cleaned up");
    }
}
