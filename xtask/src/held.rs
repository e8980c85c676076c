//! Figures held by a test: `<!-- test: PATH FN -->129,483<!-- /test -->` in a sentence says
//! that the test function `FN` in `PATH` asserts the figure, and `cargo xtask results check`
//! holds the sentence to it: `fn FN` must be in that file, and every number between the
//! markers must occur as a literal in its code (comments do not count). `FN` may be a
//! constant the test reads; `PATH.snap` alone names a snapshot its test compares the output
//! with, whose text must hold every number. A table a test reads from the page and compares
//! cell by cell stands between the markers on lines of their own; then the function must
//! name the page it reads.

use std::path::Path;

pub(crate) const OPEN: &str = "<!-- test:";
pub(crate) const CLOSE: &str = "<!-- /test -->";

/// Each figure in `source` (the page `page`) that its test does not hold, and why.
#[must_use]
pub fn check(root: &Path, page: &str, source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence = None;
    let mut block = false;
    for (i, line) in source.lines().enumerate() {
        if block {
            block = line.trim() != CLOSE;
            continue;
        }
        if crate::sections::in_fence(line.trim_start(), &mut fence) {
            continue;
        }
        if let Some(inner) = block_opening(line) {
            block = true;
            if let Err(why) = reads_page(root, inner, page) {
                out.push(format!("{page}:{}: {why}", i + 1));
            }
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find(OPEN) {
            let from = &rest[start + OPEN.len()..];
            let at = format!("{page}:{}", i + 1);
            let Some(end) = from.find("-->") else {
                out.push(format!("{at}: a test's marker is not closed on its line"));
                break;
            };
            let Some(close) = from[end + 3..].find(CLOSE) else {
                out.push(format!("{at}: the figure has no {CLOSE} on its line"));
                break;
            };
            let figure = &from[end + 3..end + 3 + close];
            if let Err(why) = held(root, &from[..end], figure) {
                out.push(format!("{at}: {why}"));
            }
            rest = &from[end + 3 + close + CLOSE.len()..];
        }
    }
    out
}

/// The `PATH FN` of a line that opens a block held by a test: the marker alone on its line.
#[must_use]
pub fn block_opening(line: &str) -> Option<&str> {
    line.trim()
        .strip_prefix(OPEN)?
        .strip_suffix("-->")
        .filter(|inner| !inner.contains("-->"))
}

/// The closing marker of a block held by a test, alone on its line.
#[must_use]
pub fn block_closing(line: &str) -> bool {
    line.trim() == CLOSE
}

/// Whether the test named by `inner` reads `page`, whose block it holds.
fn reads_page(root: &Path, inner: &str, page: &str) -> Result<(), String> {
    let [path, name] = inner.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err(format!("a held block opens as `{OPEN} PATH FN -->`"));
    };
    let text = std::fs::read_to_string(root.join(path))
        .map_err(|e| format!("the test file {path}: {e}"))?;
    let body = function_body(&text, name).ok_or_else(|| format!("{path} has no fn {name}"))?;
    let file = page.rsplit('/').next().unwrap_or(page);
    if body.contains(file) {
        Ok(())
    } else {
        Err(format!(
            "{path}::{name} does not read {file}, whose block it would hold"
        ))
    }
}

/// Whether the test named by `inner` (`PATH FN`) holds every number of `figure`.
fn held(root: &Path, inner: &str, figure: &str) -> Result<(), String> {
    let words: Vec<&str> = inner.split_whitespace().collect();
    let (path, name) = match words[..] {
        [snapshot]
            if std::path::Path::new(snapshot)
                .extension()
                .is_some_and(|e| e == "snap") =>
        {
            (snapshot, None)
        }
        [path, name] => (path, Some(name)),
        _ => {
            return Err(format!(
                "a held figure opens as `{OPEN} PATH FN -->` (a test function or constant) or \
                 `{OPEN} PATH.snap -->` (a snapshot its test compares)"
            ));
        }
    };
    let text = std::fs::read_to_string(root.join(path))
        .map_err(|e| format!("the test file {path}: {e}"))?;
    let literals = match name {
        // A snapshot's every figure is what its test compares the output with.
        None => numbers(&text, ','),
        Some(name) => {
            let body = function_body(&text, name)
                .or_else(|| constant(&text, name))
                .ok_or_else(|| format!("{path} has no fn or const {name}"))?;
            let code: String = body
                .lines()
                .map(|l| l.split_once("//").map_or(l, |(code, _)| code))
                .collect::<Vec<_>>()
                .join("\n");
            numbers(&code, '_')
        }
    };
    let name = name.unwrap_or("its snapshot");
    let wanted = numbers(figure, ',');
    if wanted.is_empty() {
        return Err(format!(
            "{figure:?} holds no number for {path}::{name} to assert"
        ));
    }
    let missing: Vec<&String> = wanted.iter().filter(|n| !literals.contains(n)).collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{path}::{name} asserts no {} (the figure says {figure:?})",
            missing
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}

/// The text of `fn name` in `source`: from its signature to the next item at its indentation
/// or shallower (or the file's end).
fn function_body<'a>(source: &'a str, name: &str) -> Option<&'a str> {
    let mut offset = 0;
    let mut start = None;
    let mut indent = 0;
    for line in source.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let depth = line.len() - trimmed.len();
        let signature = trimmed
            .strip_prefix("pub ")
            .unwrap_or(trimmed)
            .strip_prefix("fn ")
            .and_then(|r| r.strip_prefix(name))
            .is_some_and(|r| r.starts_with('(') || r.starts_with('<'));
        match start {
            None if signature => {
                start = Some(offset);
                indent = depth;
            }
            Some(s) if depth <= indent && trimmed.starts_with('}') => {
                return Some(&source[s..offset + line.len()]);
            }
            _ => {}
        }
        offset += line.len();
    }
    start.map(|s| &source[s..])
}

/// The line of `const name` in `source`, which a test's assertions read.
fn constant<'a>(source: &'a str, name: &str) -> Option<&'a str> {
    source.lines().find(|line| {
        let t = line.trim_start();
        let t = t.strip_prefix("pub ").unwrap_or(t);
        t.strip_prefix("const ")
            .and_then(|r| r.strip_prefix(name))
            .is_some_and(|r| r.starts_with(':'))
    })
}

/// The numbers written in `text`, their digit separator `separator` dropped: `129_483` and
/// `129,483` are both `129483`; `0.48` stays itself.
fn numbers(text: &str, separator: char) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let boundary = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if chars[i].is_ascii_digit() && boundary {
            let mut n = String::new();
            while i < chars.len() {
                let c = chars[i];
                let next_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
                if c.is_ascii_digit() {
                    n.push(c);
                } else if c == separator && next_digit {
                } else if c == '.' && next_digit {
                    n.push(c);
                } else {
                    break;
                }
                i += 1;
            }
            out.push(n);
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST: &str = "#[test]\nfn pins_the_nodes() {\n    assert_eq!(nodes, 129_483);\n    \
        assert!((ratio - 0.48).abs() < 1e-9); // not 5,150\n}\n\nfn other() {\n    let x = 7;\n}\n";

    #[test]
    fn numbers_drop_their_separators() {
        assert_eq!(
            numbers("129,483 nodes at 0.48×, depth 7", ','),
            ["129483", "0.48", "7"]
        );
        assert_eq!(numbers("129_483 u64 x1 1e-9", '_'), ["129483", "1", "9"]);
    }

    #[test]
    fn a_figure_is_held_only_by_the_literal_in_its_function() {
        let dir = std::env::temp_dir().join(format!("held-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("t.rs"), TEST).unwrap();
        assert!(held(&dir, "t.rs pins_the_nodes", "129,483 nodes at 0.48×").is_ok());
        let e = held(&dir, "t.rs pins_the_nodes", "129,484").unwrap_err();
        assert!(e.contains("asserts no 129484"), "{e}");
        assert!(
            held(&dir, "t.rs pins_the_nodes", "7").is_err(),
            "7 is other's"
        );
        assert!(
            held(&dir, "t.rs pins_the_nodes", "5,150").is_err(),
            "a comment's"
        );
        assert!(
            held(&dir, "t.rs missing", "7")
                .unwrap_err()
                .contains("no fn or const missing")
        );
        assert!(held(&dir, "t.rs", "7").is_err());
        std::fs::write(dir.join("c.rs"), "pub const TOTAL: u64 = 43_774_555;\n").unwrap();
        assert!(held(&dir, "c.rs TOTAL", "43,774,555").is_ok());
        std::fs::write(dir.join("s.snap"), "---\nratio 2.64x, 278 of 284,760\n").unwrap();
        assert!(held(&dir, "s.snap", "278 of 284,760 (2.64×)").is_ok());
        assert!(held(&dir, "s.snap", "279").is_err());
        let page = "Held <!-- test: t.rs pins_the_nodes -->129,483<!-- /test -->, not \
            <!-- test: t.rs other -->8<!-- /test -->.\n```\n<!-- test: t.rs x -->1<!-- /test -->\n```\n";
        let block = "<!-- test: t.rs pins_the_nodes -->\n| +1 |\n<!-- /test -->\n";
        let read = "fn reads() {\n    std::fs::read_to_string(\"docs/p.md\");\n}\n";
        std::fs::write(dir.join("r.rs"), read).unwrap();
        let reads = check(
            &dir,
            "docs/p.md",
            &block.replace("t.rs pins_the_nodes", "r.rs reads"),
        );
        assert!(reads.is_empty(), "{reads:?}");
        let not = check(&dir, "docs/p.md", block);
        assert!(not[0].contains("does not read p.md"), "{not:?}");
        let found = check(&dir, "p.md", page);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("p.md:1: t.rs::other asserts no 8"),
            "{found:?}"
        );
    }
}
