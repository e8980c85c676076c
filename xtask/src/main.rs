//! `cargo xtask results ...`: run, plan and render the results; `cargo xtask layout`: check
//! the code's layout; `cargo xtask licenses`: check every package's license (see the
//! library's doc).

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use xtask::pages;
use xtask::result::{ResultFile, shell_line};
use xtask::runner::{self, Kind};
use xtask::today::Today;

/// The repository's own tasks.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Results as data: every figure that depends on the machine, with its provenance.
    #[command(subcommand)]
    Results(Results),
    /// Exits 1, naming each, on an import cycle between a crate's files or a crate depending on
    /// one above it in the layers table of docs/src/introduction.md.
    Layout,
    /// Exits 1, naming each, on a package (the workspace's or a dependency's) whose license
    /// is not in the allow-list, or a crate that may be published without the LICENSE file.
    Licenses,
    /// Prints the package name of each workspace member with a library, one a line: the
    /// crates the gate builds alone.
    Libraries,
    /// Builds Ethereal 12.00 from the shared archive under target/ethereal/: as published, and
    /// with one search step switched off in each other build; prints each binary's path.
    Ethereal {
        /// The builds by name (default: published and no-null-move; `all`: every one).
        builds: Vec<String>,
        /// The archive (default: `$NULLMOVE_ETHEREAL_ARCHIVE`, else
        /// ../shared/engines/Ethereal-12.00.tar.xz beside the repository).
        #[arg(long)]
        archive: Option<std::path::PathBuf>,
        /// Lists the builds and the step each removes, and builds nothing.
        #[arg(long, conflicts_with_all = ["builds", "archive"])]
        list: bool,
    },
}

#[derive(Debug, Subcommand)]
enum Results {
    /// Runs each file's command again (release build) and rewrites the file whole.
    Run {
        /// Result files, from the repository's root (results/suites/wac.json).
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Runs a command and makes a new result file of it, results/SUBJECT/NAME.json.
    Add {
        /// SUBJECT/NAME, e.g. suites/wac.
        name: String,
        /// One line: what it measures.
        #[arg(long)]
        title: String,
        /// The command: nullmove's arguments (with --json), or `cargo bench ...`, `cargo run
        /// --release ... --example NAME`, `.ci/run`.
        #[arg(last = true, required = true)]
        command: Vec<String>,
    },
    /// Makes a result file holding only its command, to be measured later with `run`; its
    /// sections say "not yet measured" until then.
    Plan {
        /// SUBJECT/NAME, e.g. clock/r3-none-1s.
        name: String,
        /// One line: what it measures.
        #[arg(long)]
        title: String,
        /// The command, as for `add`.
        #[arg(last = true, required = true)]
        command: Vec<String>,
    },
    /// Rewrites every generated section and chart from the result files.
    Render,
    /// Exits 1, naming each, when a section or chart differs from what the files give, or a
    /// headline or the audit's verdicts read a result that does not stand for today's build.
    Check,
    /// Every result: current, earlier search, recorded or planned; its CPU time; its command.
    List,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let status = match cli.task {
        Task::Results(task) => results(task),
        Task::Layout => layout(),
        Task::Licenses => licenses(),
        Task::Libraries => libraries(),
        Task::Ethereal {
            builds,
            archive,
            list,
        } => ethereal(&builds, archive, list),
    };
    match status {
        Ok(status) => ExitCode::from(status),
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::from(2)
        }
    }
}

/// Prints what the layout check finds; the status is 1 when it finds anything.
fn layout() -> Result<u8, String> {
    let report = xtask::layout::check(&xtask::root())?;
    println!("{report}");
    Ok(u8::from(!report.is_clean()))
}

/// Prints what the license check finds; the status is 1 when it refuses anything.
fn licenses() -> Result<u8, String> {
    let report = xtask::licenses::check(&xtask::root())?;
    println!("{report}");
    Ok(u8::from(!report.is_clean()))
}

/// Prints the workspace's library crates.
fn libraries() -> Result<u8, String> {
    let metadata = xtask::metadata::Metadata::of(&xtask::root(), &["--no-deps", "--locked"])?;
    for package in metadata.members().filter(|p| p.is_library()) {
        println!("{}", package.name);
    }
    Ok(0)
}

/// Builds the Ethereal builds named (or lists them), printing each binary's path.
fn ethereal(
    builds: &[String],
    archive: Option<std::path::PathBuf>,
    list: bool,
) -> Result<u8, String> {
    use xtask::ethereal::{VARIANTS, Variant};
    let root = xtask::root();
    if list {
        for v in VARIANTS {
            println!("{:<24} {}", v.name, v.what);
        }
        return Ok(0);
    }
    let variants: Vec<Variant> = match builds {
        [] => vec![VARIANTS[0], VARIANTS[1]],
        [all] if all == "all" => VARIANTS.to_vec(),
        names => names
            .iter()
            .map(|n| Variant::named(n))
            .collect::<Result<_, _>>()?,
    };
    let archive = archive.unwrap_or_else(|| xtask::ethereal::default_archive(&root));
    for binary in xtask::ethereal::build(&root, &archive, &variants)? {
        println!("{}", binary.display());
    }
    Ok(0)
}

fn results(task: Results) -> Result<u8, String> {
    let root = xtask::root();
    match task {
        Results::Run { files } => {
            let results = files
                .iter()
                .map(|f| ResultFile::read(&root, f.trim_start_matches("./")))
                .collect::<Result<Vec<_>, _>>()?;
            for file in results {
                measure(&root, file)?;
            }
            Ok(0)
        }
        Results::Add {
            name,
            title,
            command,
        } => {
            let file = new_file(&root, &name, title, command)?;
            measure(&root, file)?;
            Ok(0)
        }
        Results::Plan {
            name,
            title,
            command,
        } => {
            let file = new_file(&root, &name, title, command)?;
            file.write(&root, None)?;
            println!(
                "planned {}: cargo xtask results run {}",
                file.path, file.path
            );
            Ok(0)
        }
        Results::Render | Results::Check => {
            let today = Today::of(&root)?;
            let named = pages::named_results(&root)?;
            let rendering = pages::render(&root, &named, &today)?;
            if matches!(task, Results::Render) {
                for written in pages::write(&root, &rendering)? {
                    println!("wrote {written}");
                }
                return Ok(0);
            }
            let mut differences = pages::differences(&root, &rendering)?;
            differences.extend(xtask::today::stale_evidence(&today)?);
            for d in &differences {
                println!("{d}");
            }
            if differences.is_empty() {
                println!("every section and chart is what the result files give");
                Ok(0)
            } else {
                println!("(cargo xtask results render rewrites them)");
                Ok(1)
            }
        }
        Results::List => {
            let today = Today::of(&root)?;
            for file in ResultFile::all(&root)? {
                let (state, cpu) = match &file.run {
                    None => ("planned", String::new()),
                    Some(run) => {
                        let state = match (
                            &run.recorded,
                            run.signatures == today.signatures,
                            today.engine_change(&file).is_none(),
                        ) {
                            (Some(_), true, _) => "recorded",
                            (Some(_), false, _) => "recorded, earlier search",
                            (None, true, true) => "current",
                            (None, false, _) => "earlier search",
                            (None, true, false) => "earlier engine",
                        };
                        let cpu = run
                            .cpu_seconds
                            .map_or_else(String::new, |c| format!("{c:.0} s CPU"));
                        (state, cpu)
                    }
                };
                println!("{:<42} {state:<24} {cpu:>11}  {}", file.path, file.command);
            }
            Ok(0)
        }
    }
}

/// A new result file's command: `nullmove`'s arguments with or without the program's name,
/// or another command a result can hold; refused when the file exists.
fn new_file(
    root: &std::path::Path,
    name: &str,
    title: String,
    mut command: Vec<String>,
) -> Result<ResultFile, String> {
    let path = ResultFile::path_of(name)?;
    if root.join(&path).exists() {
        return Err(format!(
            "{path} exists: `cargo xtask results run {path}` runs it again"
        ));
    }
    if !["nullmove", "cargo", ".ci/run"].contains(&command[0].as_str()) {
        command.insert(0, "nullmove".to_owned());
    }
    Kind::of(&command)?;
    if title.trim().is_empty() || title.contains('\n') {
        return Err("--title is one line saying what the result measures".to_owned());
    }
    Ok(ResultFile {
        name: name.rsplit('/').next().unwrap_or(name).to_owned(),
        title,
        command: shell_line(&command),
        argv: command,
        run: None,
        path,
    })
}

/// Runs `file`'s command and writes the file with its provenance.
fn measure(root: &std::path::Path, file: ResultFile) -> Result<(), String> {
    let measured = runner::measure(root, &file.argv)?;
    let cpu = measured.run.cpu_seconds.unwrap_or_default();
    let file = ResultFile {
        run: Some(measured.run),
        ..file
    };
    file.write(root, Some(&measured.output))?;
    println!(
        "wrote {} ({cpu:.0} s of CPU); `cargo xtask results render` shows it",
        file.path
    );
    Ok(())
}
