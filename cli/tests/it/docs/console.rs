//! The console examples of a Markdown page, run and compared with what they show.
//!
//! A ` ```console ` block is a list of `$ nullmove ARGS` lines, each followed by what the
//! command prints (standard output, then standard error) and, where it does not exit 0, a
//! line `? STATUS`. In the shown output a line `...` stands for any number of lines and
//! `[..]` for any text within a line (trycmd's notation, which the pages were written in).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One `$ nullmove ...` line of a page and what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The 1-based line of the `$` in its page.
    pub line: usize,
    /// The arguments after `nullmove`.
    pub args: Vec<String>,
    /// The lines shown after it (`...` and `[..]` included), `? STATUS` excluded.
    pub shown: Vec<String>,
    /// The exit status shown (`? STATUS`), 0 when none is.
    pub status: i32,
    /// The 0-based range of the page's lines that `shown` occupies, for rewriting it.
    pub span: std::ops::Range<usize>,
}

/// The console examples of `markdown`, in page order.
pub fn examples(markdown: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        i += 1;
        let mut current: Option<Example> = None;
        while i < lines.len() && !lines[i].starts_with("```") {
            let line = lines[i];
            if let Some(command) = line.strip_prefix("$ ") {
                out.extend(current.take());
                let args = words(command).map_err(|e| format!("line {}: {e}", i + 1))?;
                let Some(("nullmove", args)) = args.split_first().map(|(b, a)| (b.as_str(), a))
                else {
                    return Err(format!("line {}: a command other than nullmove", i + 1));
                };
                current = Some(Example {
                    line: i + 1,
                    args: args.to_vec(),
                    shown: Vec::new(),
                    status: 0,
                    span: i + 1..i + 1,
                });
            } else {
                let Some(example) = current.as_mut() else {
                    return Err(format!("line {}: output before any `$` line", i + 1));
                };
                if let Some(status) = line.strip_prefix("? ") {
                    example.status = status
                        .trim()
                        .parse()
                        .map_err(|_| format!("line {}: `? {status}` is not a status", i + 1))?;
                } else {
                    example.shown.push(line.to_owned());
                    example.span.end = i + 1;
                }
            }
            i += 1;
        }
        if i == lines.len() {
            return Err("a console block is never closed".to_owned());
        }
        out.extend(current.take());
        i += 1;
    }
    Ok(out)
}

/// A command line split as a shell splits it: words, double or single quotes keeping spaces.
fn words(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quote = None;
    let mut started = false;
    for c in command.chars() {
        match (quote, c) {
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if started {
                    words.push(std::mem::take(&mut current));
                    started = false;
                }
            }
            (_, c) => {
                current.push(c);
                started = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("an unclosed quote in `{command}`"));
    }
    if started {
        words.push(current);
    }
    Ok(words)
}

/// Whether one printed line is what a shown line stands for (`[..]`: any text), spaces at
/// the end of either aside (an editor drops them from a page; help text has them).
fn line_matches(shown: &str, printed: &str) -> bool {
    let (shown, printed) = (shown.trim_end(), printed.trim_end());
    let mut parts = shown.split("[..]");
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = printed.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (k, part) in parts.iter().enumerate() {
        if k + 1 == parts.len() {
            return rest.len() >= part.len() && rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the printed lines are what the shown lines stand for (`...`: any lines), blank
/// lines at the end of either aside (a block may end on one before its fence).
pub fn matches(shown: &[String], printed: &[&str]) -> bool {
    let trim = |n: usize, blank: &dyn Fn(usize) -> bool| {
        (0..=n)
            .rev()
            .find(|&k| k == 0 || !blank(k - 1))
            .unwrap_or(0)
    };
    let shown = &shown[..trim(shown.len(), &|k| shown[k].trim().is_empty())];
    let printed = &printed[..trim(printed.len(), &|k| printed[k].trim().is_empty())];
    in_order(shown, printed)
}

/// [`matches`] without the trimming.
fn in_order(shown: &[String], printed: &[&str]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=printed.len()).any(|skip| in_order(rest, &printed[skip..]))
        }
        Some((first, rest)) => printed
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && in_order(rest, more)),
    }
}

/// What `nullmove ARGS` prints (standard output, then standard error) and its exit status,
/// run in `dir`; an error when it runs past `limit`.
pub fn run(args: &[String], dir: &Path, limit: Duration) -> Result<(String, i32), String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("the binary does not start: {e}"))?;
    let start = Instant::now();
    while child.try_wait().map_err(|e| e.to_string())?.is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            return Err(format!("still running after {} s", limit.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    Ok((text, out.status.code().unwrap_or(-1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn blocks_commands_output_and_status_are_read() {
        let page = "# T\n```console\n$ nullmove a \"b c\" 'd'\nout\n? 2\n$ nullmove\n```\n\
                    ```text\n$ nullmove no\n```\n";
        let found = examples(page).expect("a page");
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].line, 3);
        assert_eq!(found[0].args, ["a", "b c", "d"]);
        assert_eq!(found[0].shown, ["out"]);
        assert_eq!((found[0].status, found[0].span.clone()), (2, 3..4));
        assert_eq!((found[1].args.len(), found[1].shown.len()), (0, 0));
        assert!(examples("```console\n$ ls\n```\n").is_err());
        assert!(examples("```console\nstray\n```\n").is_err());
        assert!(examples("```console\n$ nullmove \"x\n```\n").is_err());
        assert!(examples("```console\n$ nullmove\n").is_err());
        assert!(examples("```console\n$ nullmove\n? x\n```\n").is_err());
    }

    #[test]
    fn wildcards_stand_for_text_and_lines() {
        assert!(matches(&lines("a [..] c"), &["a b c"]));
        assert!(matches(&lines("a [..] c"), &["a  c"]));
        assert!(!matches(&lines("a [..] c"), &["a b d"]));
        assert!(matches(&lines("[..]x[..]"), &["yxz"]));
        assert!(matches(&lines("a b"), &["a b   "]));
        assert!(!matches(&lines("a[..]a"), &["a"]));
        assert!(matches(
            &lines("one\n...\nfour"),
            &["one", "two", "three", "four"]
        ));
        assert!(matches(&lines("one\n...\nfour"), &["one", "four"]));
        assert!(!matches(&lines("one\n...\nfour"), &["one", "two"]));
        assert!(!matches(&lines("one"), &["one", "two"]));
        assert!(!matches(&lines("one\ntwo"), &["one"]));
        assert!(matches(&lines("..."), &[]));
        assert!(matches(&lines("one\n\n"), &["one"]));
        assert!(matches(&lines("one"), &["one", ""]));
        assert!(!matches(&lines("one\n\ntwo"), &["one", "two"]));
    }
}
