//! The library is not built as a unit-test crate (`test = false` in `report/Cargo.toml`):
//! its tests are here. A test written under `src/` would compile and never run, so none may
//! be there.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, depth first.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_test_is_written_where_it_would_not_run() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 20, "only {} sources found", files.len());
    let found: Vec<String> = files
        .iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(file).expect("a source file");
            text.lines()
                .enumerate()
                .filter(|(_, l)| {
                    let code = l.trim_start();
                    code.starts_with("#[test]") || code.starts_with("#[cfg(test)]")
                })
                .map(|(n, _)| format!("{}:{}", file.display(), n + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        found.is_empty(),
        "tests under report/src never run (the library has `test = false`): move them to \
         report/tests/it/\n{}",
        found.join("\n")
    );
}
