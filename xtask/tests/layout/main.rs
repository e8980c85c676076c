//! The layout check: import cycles found in small crates written to a scratch folder, and
//! the layers table read and its rule applied to synthetic manifests.

mod cycles;
mod layers;

use std::path::PathBuf;

/// Writes `files` (a path from the folder, its text) under a fresh scratch folder `name`.
fn write_tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("layout")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::write(&path, text).expect("a file");
    }
    root
}
