//! The README and the book under `docs/src/` (see `docs/src/introduction.md`, "How figures
//! are kept true"): every relative link resolves, and every console example is the binary's
//! output. A `console` block is a list of `$ nullmove ...` lines, each followed by what the
//! command prints (standard error after standard output) and, where it does not exit 0,
//! `? STATUS`; `docs/console.rs` runs each. After a reviewed change of output,
//! `NULLMOVE_UPDATE_EXAMPLES=1 cargo test -p nullmove --test it docs::` writes the new output
//! into the Markdown.

mod console;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The workspace's root, where the README is.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the CLI crate sits in the workspace")
        .to_path_buf()
}

/// The README, the changelog and every page of the book.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    files.extend(crate::support::files_under(&root.join("docs/src"), "md"));
    files
}

/// Each line of `markdown` outside fenced code blocks (a fenced line is `None`).
fn unfenced(markdown: &str) -> Vec<Option<&str>> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        let ticks = trimmed.len() - trimmed.trim_start_matches(['`', '~']).len();
        if ticks >= 3 {
            let marker = &trimmed[..ticks];
            match fence {
                None => fence = Some(marker),
                Some(open) if marker.starts_with(open) => fence = None,
                Some(_) => {}
            }
            out.push(None);
            continue;
        }
        out.push(fence.is_none().then_some(line));
    }
    out
}

/// The text outside fenced code blocks and inline code, where a link is a link.
fn prose(markdown: &str) -> String {
    let mut out = String::new();
    for line in unfenced(markdown).into_iter().flatten() {
        // Inline code spans hold no links: drop what lies between pairs of backticks.
        let kept: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// Every inline link or image target, `[text](target)` or `![alt](target "title")`.
fn targets(markdown: &str) -> Vec<String> {
    let text = prose(markdown);
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        found.push(target.trim_matches(['<', '>']).to_owned());
        rest = &after[end..];
    }
    found
}

/// The anchors of a page's headings, as mdBook and the forges make them: lower case,
/// letters, digits, `-` and `_` kept, spaces as `-`, everything else dropped; the text of
/// inline code counts (a heading of the code `nullmove chess` is `#nullmove-chess`).
fn anchors(markdown: &str) -> BTreeSet<String> {
    unfenced(markdown)
        .into_iter()
        .flatten()
        .filter_map(|line| line.strip_prefix('#'))
        .map(|heading| {
            heading
                .trim_start_matches('#')
                .trim()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => {
                        Some(c.to_lowercase().next().unwrap_or(c))
                    }
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// What is wrong with one link of `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.is_empty() {
        // In SUMMARY.md an empty link is mdBook's draft chapter, listed before it is written.
        let summary = page.file_name().is_some_and(|n| n == "SUMMARY.md");
        return (!summary).then(|| "an empty link".to_owned());
    }
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    let file = if path.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().expect("a page has a folder").join(path)
    };
    if !file.exists() {
        return Some(format!("{} does not exist", file.display()));
    }
    if !anchor.is_empty() && file.extension().is_some_and(|e| e == "md") {
        let text = std::fs::read_to_string(&file).expect("a linked page is readable");
        if !anchors(&text).contains(anchor) {
            return Some(format!("{} has no heading #{anchor}", file.display()));
        }
    }
    None
}

#[test]
fn every_relative_link_resolves() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for page in documents() {
        let text = std::fs::read_to_string(&page).expect("a page is readable");
        for target in targets(&text) {
            checked += 1;
            if let Some(problem) = broken(&page, &target) {
                problems.push(format!("{}: ({target}): {problem}", page.display()));
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the link reader broken?"
    );
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_link_reader_finds_links_and_headings() {
    let page = "# A title\n\nSee [one](a.md#b-c), ![x](images/y.svg \"t\"), `[not](z.md)`.\n\
                ```text\n[nor](w.md)\n# not a heading\n```\n## B, c?\n### `nullmove kpk stats`\n";
    assert_eq!(targets(page), ["a.md#b-c", "images/y.svg"]);
    assert_eq!(
        anchors(page).into_iter().collect::<Vec<_>>(),
        ["a-title", "b-c", "nullmove-kpk-stats"]
    );
    let here = root().join("docs/src/introduction.md");
    assert!(broken(&here, "audit.md#statuses").is_none());
    assert!(broken(&here, "audit.md#no-such-heading").is_some());
    assert!(broken(&here, "no-such-page.md").is_some());
    assert!(broken(&here, "https://example.org/x").is_none());
}

/// The first Rust block of a Markdown section whose heading is `heading`.
fn rust_block(markdown: &str, heading: &str) -> Option<String> {
    let section = markdown.split(heading).nth(1)?;
    let code = section.split("```rust\n").nth(1)?;
    Some(code.split("\n```").next()?.to_owned())
}

/// The library chapter's example and the published crate's README's are the README's, which
/// `optimized/tests/it/outside.rs` builds and runs: one example, shown three times, never
/// copies that drift apart.
#[test]
fn the_library_chapter_and_the_crates_readme_show_the_readmes_example() {
    let read = |path: &str| std::fs::read_to_string(root().join(path)).expect("a page");
    let readme = rust_block(&read("README.md"), "\n## Your own game\n");
    assert!(
        readme.is_some(),
        "README.md has a Rust block under 'Your own game'"
    );
    for page in ["docs/src/library.md", "optimized/README.md"] {
        let shown = rust_block(&read(page), "\n## Your own game\n");
        assert_eq!(shown, readme, "{page}");
    }
}

/// The sweep and safeguards charts the README and the book show are what `nullmove sweep
/// --svg` and `nullmove safeguards --svg` draw today, byte for byte: a chart of node counts
/// is a figure too.
#[test]
fn the_sweep_and_safeguards_charts_are_todays() {
    let scratch = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("docs-charts");
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let charts: [(&[&str], &str); 3] = [
        (&["sweep", "--positions", "empty"], "sweep-empty.svg"),
        (&["sweep", "--positions", "all"], "sweep-all.svg"),
        (&["safeguards"], "safeguards.svg"),
    ];
    for (command, chart) in charts {
        let drawn = scratch.join(chart);
        let mut args = command.to_vec();
        args.extend(["--svg", drawn.to_str().expect("a UTF-8 path")]);
        let out = crate::support::nullmove(&args);
        let command = command.join(" ");
        assert!(out.status.success(), "{command} --svg");
        let committed = root().join("docs/src/images").join(chart);
        assert!(
            std::fs::read(&drawn).expect("the chart drawn")
                == std::fs::read(&committed).expect("the chart committed"),
            "{} is not what `nullmove {command} --svg` draws: draw it again",
            committed.display()
        );
    }
}

/// The subcommands `nullmove --help` lists, and theirs, at every level (`help` aside).
fn subcommands(path: &[String]) -> Vec<Vec<String>> {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let out = crate::support::nullmove(&args);
    assert!(out.status.success(), "nullmove {}", args.join(" "));
    let help = String::from_utf8(out.stdout).expect("UTF-8 help");
    let Some((_, listed)) = help.split_once("\nCommands:\n") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for line in listed.lines().take_while(|l| !l.trim().is_empty()) {
        let Some(name) = line
            .strip_prefix("  ")
            .and_then(|l| l.split_whitespace().next())
        else {
            continue;
        };
        if line.starts_with("   ") || name == "help" {
            continue; // a description's second line, or clap's own `help`
        }
        let mut sub = path.to_vec();
        sub.push(name.to_owned());
        found.extend(subcommands(&sub));
        found.push(sub);
    }
    found
}

/// The command-line reference is `docs/src/cli.md` and one page per group of subcommands
/// under `docs/src/cli/`: every subcommand the binary has, at every level, shows its help
/// there (`$ nullmove ... --help`, run with every other console example by
/// `every_console_example_is_the_output`), and every page of the reference shows some.
#[test]
fn the_command_line_reference_shows_every_subcommands_help() {
    let mut pages = vec![root().join("docs/src/cli.md")];
    pages.extend(crate::support::files_under(
        &root().join("docs/src/cli"),
        "md",
    ));
    assert!(pages.len() > 2, "the reference's pages: {pages:?}");
    let mut shown = BTreeSet::new();
    for page in &pages {
        let text = std::fs::read_to_string(page).expect("a page is readable");
        let found = console::examples(&text).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        assert!(
            !found.is_empty(),
            "{} shows no console example",
            page.display()
        );
        for example in found {
            if let Some((last, path)) = example.args.split_last()
                && last == "--help"
            {
                shown.insert(path.join(" "));
            }
        }
    }
    assert!(shown.contains(""), "the reference shows `nullmove --help`");
    let missing: Vec<String> = subcommands(&[])
        .into_iter()
        .map(|path| path.join(" "))
        .filter(|path| !shown.contains(path))
        .collect();
    assert!(
        missing.is_empty(),
        "subcommands whose help the reference does not show: {missing:?}"
    );
}

/// A fence without a language could be a console block nobody runs, so every fence names one.
#[test]
fn every_code_block_names_its_language() {
    let mut bare = Vec::new();
    for page in documents() {
        let text = std::fs::read_to_string(&page).expect("a page is readable");
        let mut open = false;
        for (n, line) in text.lines().enumerate() {
            if line.starts_with("```") {
                if !open && line.trim_end() == "```" {
                    bare.push(format!("{}:{}", page.display(), n + 1));
                }
                open = !open;
            }
        }
    }
    assert!(
        bare.is_empty(),
        "fences without a language:\n{}",
        bare.join("\n")
    );
}

/// Every console example of the README and the book runs, on two threads, and prints what
/// the page shows. With `NULLMOVE_UPDATE_EXAMPLES=1` a reviewed change of output is written
/// into the pages instead (wildcards in a rewritten example are lost: put them back).
#[test]
fn every_console_example_is_the_output() {
    let update = std::env::var_os("NULLMOVE_UPDATE_EXAMPLES").is_some_and(|v| v == "1");
    let mut cases = Vec::new();
    for page in documents() {
        let text = std::fs::read_to_string(&page).expect("a page is readable");
        let found = console::examples(&text).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        cases.extend(found.into_iter().map(|example| (page.clone(), example)));
    }
    assert!(
        cases.len() >= 40,
        "only {} console examples found",
        cases.len()
    );
    let queue = std::sync::Mutex::new(cases.iter().collect::<Vec<_>>());
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(case) = queue.lock().expect("the queue").pop() {
                    let (page, example) = case;
                    let got = console::run(&example.args, &root(), Duration::from_secs(60));
                    results
                        .lock()
                        .expect("the results")
                        .push((page, example, got));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("the results");
    results.sort_by_key(|(page, example, _)| ((*page).clone(), example.line));
    let mut failures = Vec::new();
    let mut rewrites: Vec<(&PathBuf, &console::Example, String)> = Vec::new();
    for (page, example, got) in results {
        let place = format!(
            "{}:{}: $ nullmove {}",
            page.display(),
            example.line,
            example.args.join(" ")
        );
        match got {
            Err(why) => failures.push(format!("{place}\n  {why}")),
            Ok((printed, status)) => {
                let printed_lines: Vec<&str> = printed.lines().collect();
                if status != example.status {
                    failures.push(format!(
                        "{place}\n  exit status {status}, the page shows {}",
                        example.status
                    ));
                } else if !console::matches(&example.shown, &printed_lines) {
                    if update {
                        rewrites.push((page, example, printed));
                    } else {
                        failures.push(format!(
                            "{place}\n--- the page shows\n{}\n--- the binary prints\n{printed}",
                            example.shown.join("\n")
                        ));
                    }
                }
            }
        }
    }
    // Later examples first, so the line numbers of earlier ones still hold.
    rewrites.sort_by_key(|(page, example, _)| {
        (
            std::cmp::Reverse((*page).clone()),
            std::cmp::Reverse(example.line),
        )
    });
    for (page, example, printed) in &rewrites {
        let text = std::fs::read_to_string(page).expect("a page is readable");
        let mut lines: Vec<&str> = text.lines().collect();
        lines.splice(example.span.clone(), printed.lines());
        let mut out = lines.join("\n");
        out.push('\n');
        std::fs::write(page, out).expect("a page is writable");
    }
    assert!(
        failures.is_empty(),
        "console examples that differ from the output (after a reviewed change, \
         NULLMOVE_UPDATE_EXAMPLES=1 writes it into the pages):\n\n{}",
        failures.join("\n\n")
    );
}

/// The UCI chapter's options table lists every option `uci` declares, each with the type
/// and default the declaration gives, and no other.
#[test]
fn the_uci_chapter_lists_every_option() {
    let page = std::fs::read_to_string(root().join("docs/src/strength/uci.md")).expect("the page");
    let rows: BTreeSet<(String, String, String)> = page
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let name = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let kind = cells.get(2)?;
            ["check", "spin", "combo"].contains(kind).then(|| {
                (
                    name.to_owned(),
                    (*kind).to_owned(),
                    cells[3].trim_matches('`').to_owned(),
                )
            })
        })
        .collect();
    let declared: BTreeSet<(String, String, String)> = nullmove_arena::uci::declarations()
        .iter()
        .map(|d| {
            let rest = d.strip_prefix("option name ").expect("an option line");
            let (name, rest) = rest.split_once(" type ").expect("a type");
            let mut words = rest.split_whitespace();
            let kind = words.next().expect("the type").to_owned();
            let default = match words.next() {
                Some("default") => words.next().expect("the default").to_owned(),
                _ => String::new(),
            };
            (name.to_owned(), kind, default)
        })
        .collect();
    assert_eq!(rows, declared);
}
