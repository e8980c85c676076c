//! The paths a file names inside its own crate: each `use` tree, braces expanded and `as`
//! renames dropped, and each `crate::`, `super::` or `self::` path written inline in code.

use super::source::is_ident;

/// One path a file names, as written, split at `::`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// The segments (`["crate", "board", "Board"]`); a glob ends in `"*"`.
    pub path: Vec<String>,
    /// Whether it is a `pub use` (any visibility), which makes it a re-export.
    pub public: bool,
}

/// Every `use` path of `code` (stripped of comments and literals), then every inline
/// `crate::`, `super::` or `self::` path, those inside a `use` included.
#[must_use]
pub fn imports(code: &str) -> Vec<Import> {
    let mut found = use_declarations(code);
    found.extend(inline_paths(code).into_iter().map(|path| Import {
        path,
        public: false,
    }));
    found
}

/// The `use` declarations of `code`, each tree expanded to its paths.
fn use_declarations(code: &str) -> Vec<Import> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(offset) = code[from..].find("use") {
        let at = from + offset;
        from = at + 3;
        let before_ok = !code[..at].ends_with(is_ident);
        let after_ok = code[from..].starts_with(char::is_whitespace);
        if !(before_ok && after_ok) {
            continue;
        }
        let Some(end) = code[from..].find(';') else {
            break;
        };
        let public = is_public(&code[..at]);
        for tree in expand(&code[from..from + end]) {
            let path = drop_rename(&tree);
            found.push(Import {
                path: path.split("::").map(str::to_owned).collect(),
                public,
            });
        }
        from += end + 1;
    }
    found
}

/// Whether the text before a `use` ends in a visibility: `pub` or `pub(...)`.
fn is_public(before: &str) -> bool {
    let mut before = before.trim_end();
    if let Some(inner) = before.strip_suffix(')') {
        match inner.rfind('(') {
            Some(open) => before = &inner[..open],
            None => return false,
        }
    }
    before
        .strip_suffix("pub")
        .is_some_and(|rest| !rest.ends_with(is_ident))
}

/// A use tree's paths: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d` and `a::c::e`.
#[must_use]
pub fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let (Some(open), true) = (tree.find('{'), tree.ends_with('}')) else {
        return vec![tree.to_owned()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.len() - 1];
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .flat_map(expand)
        .map(|path| format!("{prefix}{path}"))
        .collect()
}

/// A path without its `as` rename and without whitespace: `a :: b as c` is `a::b`.
fn drop_rename(path: &str) -> String {
    let mut words: Vec<&str> = path.split_whitespace().collect();
    if words.len() >= 3 && words[words.len() - 2] == "as" {
        words.truncate(words.len() - 2);
    }
    words.concat()
}

/// The paths written inline that start at `crate`, `super` or `self`, with at least one
/// `::name` after it (`super::super::Board`).
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut prev: Option<char> = None;
    for (at, c) in code.char_indices() {
        let starts_word = is_ident(c) && !prev.is_some_and(is_ident);
        prev = Some(c);
        if !starts_word {
            continue;
        }
        let rest = &code[at..];
        let Some(root) = ["crate", "super", "self"]
            .into_iter()
            .find(|root| rest.starts_with(root))
        else {
            continue;
        };
        let mut path = vec![root.to_owned()];
        let mut tail = &rest[root.len()..];
        while let Some(after) = tail.strip_prefix("::") {
            let len = after.find(|c: char| !is_ident(c)).unwrap_or(after.len());
            if len == 0 {
                break;
            }
            path.push(after[..len].to_owned());
            tail = &after[len..];
        }
        if path.len() > 1 {
            found.push(path);
        }
    }
    found
}

/// `path`, written in module `module`, as a path from the crate's root; `None` when it starts
/// elsewhere (another crate, or a name that is not a child module of `module`).
#[must_use]
pub fn absolute(
    module: &[String],
    path: &[String],
    is_module: impl Fn(&[String]) -> bool,
) -> Option<Vec<String>> {
    let first = path.first()?;
    if first == "crate" {
        return Some(path[1..].to_vec());
    }
    let mut base = module.to_vec();
    if first == "self" || first == "super" {
        let relative = path
            .iter()
            .take_while(|s| *s == "self" || *s == "super")
            .count();
        for segment in &path[..relative] {
            if segment == "super" {
                base.pop();
            }
        }
        base.extend_from_slice(&path[relative..]);
        return Some(base);
    }
    base.push(first.clone());
    if !is_module(&base) {
        return None;
    }
    base.extend_from_slice(&path[1..]);
    Some(base)
}
