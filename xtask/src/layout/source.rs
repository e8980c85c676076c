//! A Rust file's text with what cannot import anything taken out: comments, string and
//! character literals, and the `#[cfg(test)] mod name { ... }` blocks, whose imports only the
//! tests see.

/// Whether `c` can be part of an identifier.
pub(crate) fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `text` without comments (nested block comments included), each string literal (raw or
/// not) emptied to `""` and each character literal to `' '`, so that a `use` or a `crate::`
/// in a doc comment or a message is not read as code.
#[must_use]
pub fn strip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let at_token_start = i == 0 || !is_ident(chars[i - 1]);
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = block_comment_end(&chars, i);
            out.push(' ');
        } else if let Some(end) = raw_string_end(&chars, i).filter(|_| at_token_start) {
            out.push_str("\"\"");
            i = end;
        } else if c == '"' {
            out.push_str("\"\"");
            i = string_end(&chars, i);
        } else if let Some(end) = char_literal_end(&chars, i) {
            out.push_str("' '");
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The index after the block comment opening at `start`, which may hold others.
fn block_comment_end(chars: &[char], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('/', Some('*')) => {
                depth += 1;
                i += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    chars.len()
}

/// The index after the string literal whose opening quote is at `start`.
fn string_end(chars: &[char], start: usize) -> usize {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    chars.len()
}

/// The index after the raw string literal (`r"..."`, `br#"..."#`, `cr"..."`) starting at
/// `start`, if one does.
fn raw_string_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start;
    if matches!(chars.get(i), Some('b' | 'c')) {
        i += 1;
    }
    if chars.get(i) != Some(&'r') {
        return None;
    }
    i += 1;
    let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
    i += hashes;
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    while i < chars.len() {
        let closing = chars.get(i + 1..i + 1 + hashes);
        if chars[i] == '"' && closing.is_some_and(|h| h.iter().all(|&c| c == '#')) {
            return Some(i + 1 + hashes);
        }
        i += 1;
    }
    Some(chars.len())
}

/// The index after the character literal opening at `start` (`'x'`, `'\n'`, `'\u{1F600}'`),
/// if the quote opens one rather than a lifetime or a label.
fn char_literal_end(chars: &[char], start: usize) -> Option<usize> {
    if chars[start] != '\'' {
        return None;
    }
    match (chars.get(start + 1), chars.get(start + 2)) {
        (Some('\\'), Some(_)) => {
            let close = chars[start + 3..].iter().position(|&c| c == '\'')?;
            Some(start + 3 + close + 1)
        }
        (Some(c), Some('\'')) if *c != '\'' => Some(start + 3),
        _ => None,
    }
}

/// `code` (already stripped) without its `#[cfg(test)] mod name { ... }` blocks; other
/// attributes and a visibility may stand between the `cfg` and the `mod`.
#[must_use]
pub fn without_test_modules(code: &str) -> String {
    const CFG_TEST: &str = "#[cfg(test)]";
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find(CFG_TEST) {
        let after = &rest[at + CFG_TEST.len()..];
        if let Some(open) = inline_module_body(after) {
            out.push_str(&rest[..at]);
            rest = &after[block_end(after, open)..];
        } else {
            out.push_str(&rest[..at + CFG_TEST.len()]);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The byte index of the `{` opening the inline module that `text` declares after an
/// attribute, if it declares one: `#[attr]`s, a visibility, `mod`, a name, `{`.
fn inline_module_body(text: &str) -> Option<usize> {
    let mut rest = text.trim_start();
    while rest.starts_with("#[") {
        rest = rest[bracket_end(rest, '[', ']')?..].trim_start();
    }
    if let Some(after) = rest.strip_prefix("pub") {
        rest = after.trim_start();
        if rest.starts_with('(') {
            rest = rest[bracket_end(rest, '(', ')')?..].trim_start();
        }
    }
    let after_mod = rest.strip_prefix("mod")?;
    if !after_mod.starts_with(char::is_whitespace) {
        return None;
    }
    let name = after_mod.trim_start();
    let name_len = name.find(|c: char| !is_ident(c)).unwrap_or(name.len());
    if name_len == 0 {
        return None;
    }
    let brace = name[name_len..].trim_start();
    brace.starts_with('{').then(|| text.len() - brace.len())
}

/// The byte index after the bracket that closes the one `text` opens with.
fn bracket_end(text: &str, open: char, close: char) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(i + c.len_utf8());
            }
        }
    }
    None
}

/// The byte index after the `}` closing the block opening at `open` (the text's end when
/// none does).
fn block_end(text: &str, open: usize) -> usize {
    bracket_end(&text[open..], '{', '}').map_or(text.len(), |end| open + end)
}
