//! The command line's library is not built as a unit-test crate (`test = false` in
//! `cli/Cargo.toml`): its tests are in `tests/`. A test written under `src/` would compile
//! and never run, so none may be there.

use std::path::Path;

use crate::support::files_under;

#[test]
fn no_test_is_written_where_it_would_not_run() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = files_under(&src, "rs");
    assert!(files.len() > 20, "only {} sources found", files.len());
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("#[test]") || code.starts_with("#[cfg(test)]") {
                found.push(format!("{}:{}", file.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "tests under cli/src never run (the library has `test = false`): move them to \
         cli/tests/it/\n{}",
        found.join("\n")
    );
}
