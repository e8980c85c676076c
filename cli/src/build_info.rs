//! The build this binary is: its version and the commit `build.rs` baked in, for
//! `--version` and for the documents whose figures it measures.

use std::sync::LazyLock;

use nullmove_fixtures::review::Build;

/// The commit as `build.rs` found it: 40 hex digits, `+` and a fingerprint of the changes
/// when the sources differed from it, or `unknown` outside a git checkout.
pub const COMMIT: &str = env!("NULLMOVE_COMMIT");

/// What `nullmove -V` prints after the name.
pub static VERSION: LazyLock<String> =
    LazyLock::new(|| format!("{} (commit {COMMIT})", env!("CARGO_PKG_VERSION")));

/// What `nullmove --version` prints after the name: the version, the commit, and how to
/// install the same build, a line each.
pub static LONG_VERSION: LazyLock<String> = LazyLock::new(|| {
    let build = build();
    let p = build.provenance();
    let command = p.command.map(|c| format!(": {c}")).unwrap_or_default();
    format!("{}\n{}\n{}{command}", build.version, p.commit, p.install)
});

/// This binary's build.
#[must_use]
pub fn build() -> Build {
    Build::of(env!("CARGO_PKG_VERSION"), COMMIT)
}
