//! The command line explains itself: `nullmove --help` says what the tool is and shows
//! examples, every command's help (subcommands' too) ends with examples of that command,
//! every example is a command the binary accepts, those that answer within a second are run,
//! and every help fits a terminal of 100 columns.

use clap::CommandFactory;

/// The widest terminal line any help or default table may need.
const COLUMNS: usize = 100;

/// Every command as the words that name it (`["search"]`, `["chess", "match", "merge"]`)
/// with its definition; clap's own `help` subcommand left out.
fn commands() -> Vec<(Vec<String>, clap::Command)> {
    fn walk(path: &[String], cmd: &clap::Command, out: &mut Vec<(Vec<String>, clap::Command)>) {
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut p = path.to_vec();
            p.push(sub.get_name().to_owned());
            out.push((p.clone(), sub.clone()));
            walk(&p, sub, out);
        }
    }
    let mut out = Vec::new();
    walk(&[], &nullmove::Cli::command(), &mut out);
    out
}

/// A shell line's words: quotes (single or double) keep spaces, a backslash escapes the
/// next character.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut escaped, mut any) =
        (Vec::new(), String::new(), None, false, false);
    for c in line.chars() {
        match (quote, c) {
            _ if escaped => {
                word.push(c);
                escaped = false;
            }
            (None | Some('"'), '\\') => escaped = true,
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (Some(q), _) if c == q => quote = None,
            (None, ' ') => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            _ => word.push(c),
        }
    }
    assert!(quote.is_none() && !escaped, "unbalanced: {line}");
    if any || !word.is_empty() {
        out.push(word);
    }
    out
}

/// The example commands of a help text: every line starting with `nullmove `, a line that
/// ends in ` \` joined with the next, as a shell would; each as its words after `nullmove`.
fn examples(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut lines = text.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if !line.starts_with("nullmove ") {
            continue;
        }
        let mut command = line.to_owned();
        while let Some(head) = command.strip_suffix(" \\") {
            let next = lines.next().expect("a continued line goes on");
            command = format!("{head} {next}");
        }
        let mut w = words(&command);
        w.remove(0);
        out.push(w);
    }
    out
}

/// The words of `example` that name its command: `["chess", "suite"]` for `chess suite
/// --suite wac ...`.
fn path_of(example: &[String]) -> Vec<String> {
    let mut cmd = nullmove::Cli::command();
    let mut path = Vec::new();
    for w in example {
        match cmd.find_subcommand(w) {
            Some(sub) => {
                path.push(w.clone());
                cmd = sub.clone();
            }
            None => break,
        }
    }
    path
}

/// `nullmove ARGS` run in process: exit status and stdout.
fn run(args: &[&str]) -> (u8, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = nullmove::run(args, &mut out, &mut err);
    assert!(
        err.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&err)
    );
    (status, String::from_utf8(out).expect("UTF-8"))
}

/// `nullmove --help` opens with what the tool is (the crate's description), lists every
/// command, and ends with examples of several of them.
#[test]
fn the_main_help_says_what_the_tool_is_and_shows_examples() {
    let (status, help) = run(&["--help"]);
    assert_eq!(status, 0);
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let description = env!("CARGO_PKG_DESCRIPTION");
    assert!(flat.starts_with(description), "{help}");
    assert!(
        description.to_lowercase().contains("null-move pruning"),
        "{description}"
    );
    for (path, _) in commands().iter().filter(|(p, _)| p.len() == 1) {
        assert!(
            help.contains(&format!("\n  {} ", path[0])),
            "{path:?} in {help}"
        );
    }
    let (_, after) = help
        .split_once("\nExamples:\n")
        .expect("an Examples section");
    let shown: std::collections::BTreeSet<Vec<String>> =
        examples(after).iter().map(|e| path_of(e)).collect();
    assert!(shown.len() >= 5, "examples of {shown:?} only");
}

/// Every command's help, subcommands' included, ends with examples, at least one of them
/// of that very command.
#[test]
fn every_command_has_examples_of_its_own() {
    for (path, cmd) in commands() {
        let after = cmd
            .get_after_help()
            .map(ToString::to_string)
            .unwrap_or_default();
        assert!(after.starts_with("Examples:\n"), "{path:?}: {after:?}");
        let own = examples(&after)
            .iter()
            .filter(|e| path_of(e) == path)
            .count();
        assert!(own >= 1, "{path:?} has no example of itself: {after}");
        let (status, help) =
            run(&[path.iter().map(String::as_str).collect(), vec!["--help"]].concat());
        assert_eq!(status, 0);
        assert!(help.contains(&after), "{path:?}: {help}");
    }
}

/// Every example is a command line the binary accepts; those that answer within a second
/// also build their document, so an example whose flags the command would refuse (a flag
/// that changes nothing, a bad value) fails here.
#[test]
fn every_example_is_accepted_and_the_quick_ones_run() {
    const QUICK: [&[&str]; 10] = [
        &["search"],
        &["trace"],
        &["tree-stats"],
        &["probes"],
        &["zugzwang"],
        &["kpk"],
        &["kpk", "stats"],
        &["kpk", "zugzwangs"],
        &["chess"],
        &["chess", "sprt"],
    ];
    let main = nullmove::Cli::command()
        .get_after_help()
        .map(ToString::to_string)
        .expect("the main help's examples");
    let texts = std::iter::once(main).chain(
        commands()
            .into_iter()
            .filter_map(|(_, c)| c.get_after_help().map(ToString::to_string)),
    );
    let (mut parsed, mut ran) = (0, 0);
    for text in texts {
        for example in examples(&text) {
            let command = nullmove::parse(&example)
                .unwrap_or_else(|e| panic!("nullmove {}: {e}", example.join(" ")));
            parsed += 1;
            let path = path_of(&example);
            if QUICK.iter().any(|q| *q == path.as_slice()) {
                if let Err(e) = nullmove::document(&command) {
                    panic!("nullmove {}: {e}", example.join(" "));
                }
                ran += 1;
            }
        }
    }
    assert!(parsed >= 60 && ran >= 20, "{parsed} parsed, {ran} run");
}

/// Every help, long (`--help`) and short (`-h`), fits 100 columns, and the examples are
/// written to fit it, so clap never breaks a command across lines.
#[test]
fn every_help_fits_100_columns() {
    let mut paths = vec![Vec::new()];
    paths.extend(commands().into_iter().map(|(p, _)| p));
    for path in paths {
        for flag in ["--help", "-h"] {
            let args: Vec<&str> = path.iter().map(String::as_str).chain([flag]).collect();
            let (_, help) = run(&args);
            for line in help.lines() {
                assert!(line.chars().count() <= COLUMNS, "{args:?}: {line}");
            }
        }
    }
    let texts = std::iter::once(nullmove::Cli::command())
        .chain(commands().into_iter().map(|(_, c)| c))
        .filter_map(|c| c.get_after_help().map(ToString::to_string));
    for text in texts {
        for line in text.lines() {
            assert!(line.chars().count() <= COLUMNS, "{line}");
        }
    }
}

/// Where two commands take the same flag with different defaults (or one requires it), each
/// help says its own and why: `search` requires --mode, --depth and (null) --reduction,
/// where `kpk` defaults to null at depth limit 2, R 0; `safeguards` looks at every
/// position, where `sweep` and `rules` look at the empty board.
#[test]
fn differing_defaults_are_explained_in_each_help() {
    let help = |args: &[&str]| {
        let (_, text) = run(&[args, &["--help"]].concat());
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let search = help(&["search"]);
    for words in [
        "Required (but refused with --engine oracle): the page compares the two, so neither is \
         a default here; `kpk`, which measures null move against an exact table, defaults to null",
        "required with --mode null",
        "Required: the page's figures use 3, 5 and 9",
    ] {
        assert!(search.contains(words), "{words:?} in {search}");
    }
    assert_eq!(help(&["trace"]).matches("Required").count(), 2);
    let kpk = help(&["kpk"]);
    for words in [
        "By default null: this command measures null move against the exact table",
        "By default 2, the shallowest limit at which a null-move probe can happen at all",
        "[default: 0, the only R that probes at depth limit 2]",
        "[default: null]",
        "[default: 2]",
    ] {
        assert!(kpk.contains(words), "{words:?} in {kpk}");
    }
    assert!(help(&["probes"]).contains("required, as in `search`"));
    let safeguards = help(&["safeguards"]);
    assert!(
        safeguards.contains("By default all, unlike `sweep` and `rules`")
            && safeguards.contains("[default: all]"),
        "{safeguards}"
    );
    for command in ["sweep", "rules"] {
        let text = help(&[command]);
        assert!(
            text.contains("(`safeguards` defaults to all)") && text.contains("[default: empty]"),
            "{text}"
        );
    }
    let sweep = help(&["kpk", "sweep"]);
    assert!(
        sweep.contains("not the tic-tac-toe sweep's 1..=9"),
        "{sweep}"
    );
    assert!(help(&["chess"]).contains("By default r3, as the UCI engine's `NullMove`"));
}

#[test]
fn example_lines_are_read_as_a_shell_reads_them() {
    assert_eq!(
        words(r#"kpk --fen '8/8 w - -' --x "a b" c\ d ''"#),
        ["kpk", "--fen", "8/8 w - -", "--x", "a b", "c d", ""]
    );
    let text = "Examples:\n  # a comment\n  nullmove chess --fen 'k w' \\\n      --depth 2\n";
    assert_eq!(examples(text), [["chess", "--fen", "k w", "--depth", "2"]]);
    assert_eq!(
        path_of(&words("chess match merge a.json")),
        ["chess", "match", "merge"]
    );
}
