//! The library as a stranger meets it: a crate outside the workspace, depending on
//! `nullmove-optimized` by path and on nothing else, builds and runs the README's "Your own
//! game" snippet and every example of the library's documentation (the generic library's
//! pages, its games' with tic-tac-toe's engines, and the pages of `nullmove-core` items it
//! re-exports), exactly as a reader sees them: rustdoc's hidden lines are left out.
//!
//! The crate is built offline, with the workspace's lockfile and the registry already on
//! this machine, in a target directory of its own that later runs reuse.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One example: where it comes from, its visible code, whether to run it (`no_run` and
/// `should_panic` examples are only compiled).
struct Example {
    origin: String,
    code: String,
    run: bool,
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace holds the crate")
        .to_path_buf()
}

/// The Rust examples of the doc comments of `file` (relative to the workspace).
fn doc_examples(file: &str) -> Vec<Example> {
    let text = std::fs::read_to_string(workspace().join(file)).expect("a source file");
    let mut examples = Vec::new();
    let mut block: Option<(usize, bool, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let Some(doc) = trimmed
            .strip_prefix("///")
            .or_else(|| trimmed.strip_prefix("//!"))
        else {
            continue;
        };
        let doc = doc.strip_prefix(' ').unwrap_or(doc);
        match (&mut block, doc.trim_start().strip_prefix("```")) {
            (None, Some(info)) => block = rust_block(info).map(|run| (i + 1, run, String::new())),
            (Some(_), Some(_)) => {
                let (start, run, code) = block.take().expect("inside a block");
                examples.push(Example {
                    origin: format!("{file}:{start}"),
                    code,
                    run,
                });
            }
            (Some((_, _, code)), None) => {
                if let Some(visible) = visible(doc) {
                    code.push_str(visible);
                    code.push('\n');
                }
            }
            (None, None) => {}
        }
    }
    assert!(block.is_none(), "{file}: an example is never closed");
    examples
}

/// Whether a fence's info string opens a Rust example, and if so whether rustdoc runs it.
fn rust_block(info: &str) -> Option<bool> {
    let tokens: Vec<&str> = info.split([',', ' ']).filter(|t| !t.is_empty()).collect();
    let rust = tokens
        .iter()
        .all(|t| matches!(*t, "rust" | "no_run" | "should_panic") || t.starts_with("edition"));
    rust.then(|| {
        !tokens
            .iter()
            .any(|t| matches!(*t, "no_run" | "should_panic"))
    })
}

/// A line as the reader sees it: `None` for rustdoc's hidden lines (`# ...`), `##` read as
/// a literal `#`.
fn visible(line: &str) -> Option<&str> {
    let t = line.trim_start();
    if t == "#" || t.starts_with("# ") {
        None
    } else if t.starts_with("##") {
        Some(&line[line.find('#').expect("a #") + 1..])
    } else {
        Some(line)
    }
}

/// The README's "Your own game" snippet.
fn readme_snippet() -> Example {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("the README");
    let section = readme
        .split("\n## ")
        .find(|s| s.starts_with("Your own game"))
        .expect("the README has 'Your own game'");
    let code = section
        .split("```rust\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("a Rust block in 'Your own game'");
    Example {
        origin: "README.md, 'Your own game'".to_owned(),
        code: format!("{code}\n"),
        run: true,
    }
}

/// Every `.rs` file under `dir` (relative to the workspace), sorted.
fn sources(dir: &str) -> Vec<String> {
    let mut files = Vec::new();
    let mut stack = vec![workspace().join(dir)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a source directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(workspace()).expect("inside");
                files.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    files.sort();
    files
}

/// The examples a user of the library reads: the README's, every one in the library's
/// source (tic-tac-toe's engines included), and those of the core items the library
/// re-exports with their pages (`Position`, `Engine`).
fn examples() -> Vec<Example> {
    let mut all = vec![readme_snippet()];
    for file in sources("optimized/src") {
        all.extend(doc_examples(&file));
    }
    for file in ["core/src/position.rs", "core/src/engine.rs"] {
        all.extend(doc_examples(file));
    }
    all
}

/// The user crate's `main.rs`: each example in a module of its own, run in turn.
fn main_rs(examples: &[Example]) -> String {
    let mut src = String::from(
        "#![allow(warnings)]\n\
         /// What an example's body returns: nothing, or a `Result` that must be `Ok`.\n\
         trait Outcome { fn check(self); }\n\
         impl Outcome for () { fn check(self) {} }\n\
         impl<E: std::fmt::Debug> Outcome for Result<(), E> {\n    \
             fn check(self) { self.expect(\"the example returns Ok\"); }\n\
         }\n",
    );
    for (i, e) in examples.iter().enumerate() {
        writeln!(src, "\n// {}\nmod example_{i} {{", e.origin).unwrap();
        if e.code.contains("fn main()") {
            writeln!(
                src,
                "{}pub fn run() {{ crate::Outcome::check(main()) }}",
                e.code
            )
            .unwrap();
        } else {
            writeln!(
                src,
                "pub fn run() {{ crate::Outcome::check((|| {{\n{}}})()) }}",
                e.code
            )
            .unwrap();
        }
        src.push_str("}\n");
    }
    src.push_str("\nfn main() {\n    let mut ran = 0;\n");
    for (i, e) in examples.iter().enumerate() {
        if e.run {
            writeln!(
                src,
                "    eprintln!(\"running {}\");\n    example_{i}::run();\n    ran += 1;",
                e.origin
            )
            .unwrap();
        }
    }
    src.push_str("    println!(\"ran {ran} examples\");\n}\n");
    src
}

#[test]
fn the_readme_and_every_doc_example_build_and_run_in_a_crate_of_their_own() {
    let examples = examples();
    for page in [
        "README.md",
        "optimized/src/game_interface.rs",
        "optimized/src/page/searcher.rs",
        "optimized/src/deep/searcher.rs",
        "optimized/src/games/pile.rs",
        "optimized/src/games/connect_four.rs",
        "optimized/src/games/tictactoe/state.rs",
        "optimized/src/games/tictactoe/engine.rs",
        "core/src/position.rs",
        "core/src/engine.rs",
    ] {
        assert!(
            examples.iter().any(|e| e.origin.starts_with(page)),
            "no example found in {page}"
        );
    }
    for e in &examples {
        assert!(
            !e.code.contains("nullmove_core"),
            "{}: a user crate cannot name nullmove_core",
            e.origin
        );
    }

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("outside-crate");
    std::fs::create_dir_all(dir.join("src")).expect("a directory");
    let optimized = workspace().join("optimized");
    let manifest = format!(
        "[package]\nname = \"outside\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nnullmove-optimized = {{ path = {:?} }}\n\n\
         # Its own workspace: it is no member of the one it sits in.\n[workspace]\n\n\
         # Built, not debugged: no debug info to write.\n[profile.dev]\ndebug = false\n",
        optimized.to_string_lossy()
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("written");
    std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).expect("copied");
    std::fs::write(dir.join("src/main.rs"), main_rs(&examples)).expect("written");

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(["run", "--offline", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the outside crate failed:\n{stderr}");
    let runnable = examples.iter().filter(|e| e.run).count();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.lines().last(),
        Some(format!("ran {runnable} examples").as_str()),
        "{stdout}"
    );
}
