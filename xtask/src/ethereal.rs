//! Ethereal 12.00, the field's engine, built from the shared archive as its authors publish
//! it and with one search step switched off at a time: the anchor our figures stand beside.
//! Its source is GPL and never enters the workspace; this is only the recipe, which builds
//! under `target/ethereal/` and writes what it built beside each binary (`build.json`), so a
//! result that plays a build records exactly which one.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The archive's file name in the shared engines folder.
pub const ARCHIVE: &str = "Ethereal-12.00.tar.xz";

/// The archive's SHA-256, as `../shared/engines/README.md` gives it: the recipe refuses any
/// other, since its edits are written for these exact lines.
pub const ARCHIVE_SHA256: &str = "075d13c1bd456ecb3803eb3c1da5fc28d31192ede8eea95eef6adfc667f9034e";

/// The makefile's `popcnt` target, as gcc's arguments before the sources.
pub const CFLAGS: [&str; 9] = [
    "-DNDEBUG",
    "-O3",
    "-std=gnu11",
    "-march=native",
    "-flto",
    "-DUSE_POPCNT",
    "-msse3",
    "-mpopcnt",
    "-w",
];

/// One replacement in Ethereal's source: `from` must occur exactly once in `file`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    /// The file, from the archive's `src/`.
    pub file: &'static str,
    /// The text replaced.
    pub from: &'static str,
    /// What replaces it.
    pub to: &'static str,
}

/// A build of Ethereal: the published engine, or it with one step of `search()` switched off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// Its folder under `target/ethereal/` and its name in a match.
    pub name: &'static str,
    /// The step it removes, in Ethereal's words (`search.c`'s step comments).
    pub what: &'static str,
    /// Its edits to the published source (none for the published engine).
    pub edits: &'static [Edit],
}

/// A depth constant of `search.h` given another value: the gate of one step.
const fn constant(from: &'static str, to: &'static str) -> Edit {
    Edit {
        file: "search.h",
        from,
        to,
    }
}

/// Every build the recipe knows. A step gated by `depth <= X` is off at 0, one gated by
/// `depth >= X` off past any depth the search reaches; late-move reductions have no constant,
/// so their condition is made false.
pub const VARIANTS: [Variant; 8] = [
    Variant {
        name: "published",
        what: "Ethereal 12.00 as published",
        edits: &[],
    },
    Variant {
        name: "no-null-move",
        what: "step 8, null move pruning (~93 Elo at 12s+0.12)",
        edits: &[constant(
            "NullMovePruningDepth = 2;",
            "NullMovePruningDepth = 1000;",
        )],
    },
    Variant {
        name: "no-beta-pruning",
        what: "step 7, beta pruning (reverse futility, ~32 Elo)",
        edits: &[constant("BetaPruningDepth = 8;", "BetaPruningDepth = 0;")],
    },
    Variant {
        name: "no-probcut",
        what: "step 9, ProbCut (~10 Elo)",
        edits: &[constant("ProbCutDepth = 5;", "ProbCutDepth = 1000;")],
    },
    Variant {
        name: "no-futility",
        what: "step 10A, futility pruning",
        edits: &[constant(
            "FutilityPruningDepth = 8;",
            "FutilityPruningDepth = 0;",
        )],
    },
    Variant {
        name: "no-late-move-pruning",
        what: "step 10D, late move pruning (~77 Elo)",
        edits: &[constant(
            "LateMovePruningDepth = 8;",
            "LateMovePruningDepth = 0;",
        )],
    },
    Variant {
        name: "no-see-pruning",
        what: "step 11, static exchange pruning (~42 Elo)",
        edits: &[constant("SEEPruningDepth = 9;", "SEEPruningDepth = 0;")],
    },
    Variant {
        name: "no-late-move-reductions",
        what: "step 13, late move reductions (~249 Elo)",
        edits: &[Edit {
            file: "search.c",
            from: "if (isQuiet && depth > 2 && played > 1) {",
            to: "if (0 && isQuiet && depth > 2 && played > 1) {",
        }],
    },
];

/// What a build was made of: written beside its binary, and copied into every result that
/// plays it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Build {
    /// The variant's name.
    pub variant: String,
    /// The step it removes.
    pub what: String,
    /// The archive's SHA-256.
    pub archive_sha256: String,
    /// The edits to the published source.
    pub edits: Vec<EditRecord>,
    /// gcc's arguments before the sources.
    pub cflags: Vec<String>,
    /// `gcc --version`'s first line.
    pub compiler: String,
}

/// An edit as a build records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EditRecord {
    /// The file, from `src/`.
    pub file: String,
    /// The text replaced.
    pub from: String,
    /// What replaced it.
    pub to: String,
}

impl Variant {
    /// The variant named `name`, or an error listing them.
    pub fn named(name: &str) -> Result<Self, String> {
        VARIANTS
            .iter()
            .copied()
            .find(|v| v.name == name)
            .ok_or_else(|| {
                format!(
                    "no Ethereal build {name:?}: one of {}",
                    VARIANTS.map(|v| v.name).join(", ")
                )
            })
    }

    /// What this variant's build records, but for the compiler (which varies by machine).
    #[must_use]
    pub fn recipe(&self) -> Build {
        Build {
            variant: self.name.to_owned(),
            what: self.what.to_owned(),
            archive_sha256: ARCHIVE_SHA256.to_owned(),
            edits: self
                .edits
                .iter()
                .map(|e| EditRecord {
                    file: e.file.to_owned(),
                    from: e.from.to_owned(),
                    to: e.to.to_owned(),
                })
                .collect(),
            cflags: CFLAGS.map(str::to_owned).to_vec(),
            compiler: String::new(),
        }
    }
}

impl Build {
    /// Whether this build is what today's recipe makes of its variant (the compiler aside).
    #[must_use]
    pub fn is_todays(&self) -> bool {
        Variant::named(&self.variant).is_ok_and(|v| {
            let recipe = v.recipe();
            Build {
                compiler: String::new(),
                ..self.clone()
            } == recipe
        })
    }
}

/// The folder every build goes under.
#[must_use]
pub fn builds_dir(root: &Path) -> PathBuf {
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    root.join(target).join("ethereal")
}

/// The binary of `variant` under `root`, as a match names it: relative to the root when the
/// target folder is the workspace's own, so a result's command reads the same on any machine.
#[must_use]
pub fn binary(root: &Path, variant: &str) -> PathBuf {
    let dir = builds_dir(root);
    let dir = dir
        .strip_prefix(root)
        .map_or(dir.clone(), Path::to_path_buf);
    dir.join(variant).join("Ethereal")
}

/// Where the archive is: `NULLMOVE_ETHEREAL_ARCHIVE`, else the shared engines folder beside
/// the repository.
#[must_use]
pub fn default_archive(root: &Path) -> PathBuf {
    std::env::var_os("NULLMOVE_ETHEREAL_ARCHIVE").map_or_else(
        || root.join("..").join("shared").join("engines").join(ARCHIVE),
        PathBuf::from,
    )
}

/// Why Ethereal cannot be built here, or `None` when it can: the archive, gcc and tar with
/// xz, each checked, so a test can skip saying why.
#[must_use]
pub fn unavailable(archive: &Path) -> Option<String> {
    if !archive.is_file() {
        return Some(format!(
            "no Ethereal archive at {} (NULLMOVE_ETHEREAL_ARCHIVE names another)",
            archive.display()
        ));
    }
    for (tool, arg) in [
        ("gcc", "--version"),
        ("tar", "--version"),
        ("xz", "--version"),
    ] {
        let ran = Command::new(tool).arg(arg).output();
        if !ran.is_ok_and(|o| o.status.success()) {
            return Some(format!(
                "{tool} is not installed: Ethereal is built with gcc from a .tar.xz"
            ));
        }
    }
    None
}

/// The SHA-256 of the file at `path`, in hexadecimal.
pub fn sha256_of(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(format!("{:x}", Sha256::digest(&bytes)))
}

/// Builds each of `variants` from `archive` under `root`'s target folder, skipping one whose
/// binary and record already match the recipe; returns each binary's path.
pub fn build(root: &Path, archive: &Path, variants: &[Variant]) -> Result<Vec<PathBuf>, String> {
    if let Some(why) = unavailable(archive) {
        return Err(why);
    }
    let sha = sha256_of(archive)?;
    if sha != ARCHIVE_SHA256 {
        return Err(format!(
            "{} has SHA-256 {sha}, not the {ARCHIVE_SHA256} of Ethereal 12.00 this recipe's edits \
             are written for",
            archive.display()
        ));
    }
    let compiler = first_line(&run("gcc", &["--version".into()], root)?);
    // One gcc per variant at a time, as many at once as there are cores: a single gcc of
    // Ethereal's sources uses one.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let mut built = Vec::new();
    for batch in variants.chunks(cores) {
        let results: Vec<Result<PathBuf, String>> = std::thread::scope(|scope| {
            let handles: Vec<_> = batch
                .iter()
                .map(|variant| {
                    let compiler = compiler.clone();
                    scope.spawn(move || build_one(root, archive, variant, compiler))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("a build thread panicked".to_owned()))
                })
                .collect()
        });
        for result in results {
            built.push(result?);
        }
    }
    Ok(built)
}

/// Builds one variant, or finds it built by this recipe and compiler; its binary's path.
fn build_one(
    root: &Path,
    archive: &Path,
    variant: &Variant,
    compiler: String,
) -> Result<PathBuf, String> {
    let record = Build {
        compiler,
        ..variant.recipe()
    };
    let folder = builds_dir(root).join(variant.name);
    let exe = folder.join("Ethereal");
    let record_path = folder.join("build.json");
    if exe.is_file() && read_build(&record_path).is_ok_and(|r| r == record) {
        eprintln!("xtask: {} is up to date", exe.display());
        return Ok(binary(root, variant.name));
    }
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    let src = unpack(archive, &folder)?;
    for edit in variant.edits {
        apply(&src, edit)?;
    }
    eprintln!(
        "xtask: building Ethereal {} ({})",
        variant.name, variant.what
    );
    let mut args: Vec<String> = CFLAGS.map(str::to_owned).to_vec();
    args.extend(sources(&src)?);
    args.extend(["-lpthread", "-lm", "-o"].map(str::to_owned));
    args.push(exe.to_string_lossy().into_owned());
    run("gcc", &args, &src)?;
    let text = serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?;
    // Written last: a build cut short leaves no record, so it is built again.
    std::fs::write(&record_path, format!("{text}\n"))
        .map_err(|e| format!("cannot write {}: {e}", record_path.display()))?;
    Ok(binary(root, variant.name))
}

/// The build record at `path`.
pub fn read_build(path: &Path) -> Result<Build, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not a build record: {e}", path.display()))
}

/// Unpacks `archive` into `scratch` and checks that every variant's edits fit its source,
/// each text occurring exactly once: the recipe and the archive agree, without building.
pub fn check_edits(archive: &Path, scratch: &Path) -> Result<(), String> {
    let src = unpack(archive, scratch)?;
    for variant in VARIANTS {
        for edit in variant.edits {
            let path = src.join(edit.file);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let n = text.matches(edit.from).count();
            if n != 1 {
                return Err(format!(
                    "{}: {}: {:?} occurs {n} times, not once",
                    variant.name, edit.file, edit.from
                ));
            }
        }
    }
    Ok(())
}

/// Unpacks `archive` into `folder`, returning its `src/`.
fn unpack(archive: &Path, folder: &Path) -> Result<PathBuf, String> {
    let into = folder.join("source");
    std::fs::create_dir_all(&into).map_err(|e| format!("cannot make {}: {e}", into.display()))?;
    run(
        "tar",
        &[
            "-xJf".into(),
            archive.to_string_lossy().into_owned(),
            "-C".into(),
            into.to_string_lossy().into_owned(),
            "--strip-components=1".into(),
        ],
        folder,
    )?;
    let src = into.join("src");
    if src.join("search.c").is_file() {
        Ok(src)
    } else {
        Err(format!("{} holds no src/search.c", archive.display()))
    }
}

/// Applies `edit` in `src`, refusing where its text does not occur exactly once.
fn apply(src: &Path, edit: &Edit) -> Result<(), String> {
    let path = src.join(edit.file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    match text.matches(edit.from).count() {
        1 => std::fs::write(&path, text.replacen(edit.from, edit.to, 1))
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        n => Err(format!(
            "{}: {:?} occurs {n} times, not once: the recipe does not fit this source",
            edit.file, edit.from
        )),
    }
}

/// The makefile's sources: every `*.c` of `src/` and `fathom/tbprobe.c`, sorted.
fn sources(src: &Path) -> Result<Vec<String>, String> {
    let mut files: Vec<String> = std::fs::read_dir(src)
        .map_err(|e| format!("cannot read {}: {e}", src.display()))?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        // As make's `*.c` matches: `.c`, not `.C`.
        .filter(|n| Path::new(n).extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files.push("fathom/tbprobe.c".to_owned());
    Ok(files)
}

/// Runs `program args` in `dir`, returning its stdout; a failure carries its stderr's end.
fn run(program: &str, args: &[String], dir: &Path) -> Result<String, String> {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = err.lines().rev().take(12).collect();
        Err(format!(
            "{program} failed ({}):\n{}",
            out.status,
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        ))
    }
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().trim().to_owned()
}

/// The Ethereal builds a match's `--players` names: each `uci:` player whose program is a
/// `target/ethereal/VARIANT/Ethereal` binary, with the record beside it.
pub fn builds_played(root: &Path, argv: &[String]) -> Result<Vec<Build>, String> {
    let Some(players) = argv
        .iter()
        .position(|a| a == "--players")
        .and_then(|i| argv.get(i + 1))
    else {
        return Ok(Vec::new());
    };
    let mut builds = Vec::new();
    for player in players.split(',') {
        let Some(rest) = player.strip_prefix("uci:") else {
            continue;
        };
        let program = Path::new(rest.split(':').next().unwrap_or_default());
        if program.file_name().is_none_or(|n| n != "Ethereal") {
            continue;
        }
        let record = root.join(program.with_file_name("build.json"));
        builds.push(read_build(&record).map_err(|e| {
            format!("{e}: a result plays only a build `cargo xtask ethereal` made and recorded")
        })?);
    }
    Ok(builds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_name_of_its_own_and_the_published_one_no_edit() {
        let mut names: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), VARIANTS.len());
        assert!(Variant::named("published").unwrap().edits.is_empty());
        assert!(VARIANTS.iter().skip(1).all(|v| !v.edits.is_empty()));
        assert!(
            Variant::named("no-such")
                .unwrap_err()
                .contains("no-null-move")
        );
    }

    /// Every edit fits the shared archive, where it is beside the repository.
    #[test]
    fn every_edit_fits_the_published_source() {
        let archive = default_archive(&crate::root());
        if let Some(why) = unavailable(&archive) {
            assert!(
                std::env::var_os("NULLMOVE_REQUIRE_ETHEREAL").is_none(),
                "NULLMOVE_REQUIRE_ETHEREAL is set: {why}"
            );
            println!("skipped: {why}");
            return;
        }
        assert_eq!(sha256_of(&archive).unwrap(), ARCHIVE_SHA256);
        let scratch = std::env::temp_dir().join(format!("ethereal-edits-{}", std::process::id()));
        let checked = check_edits(&archive, &scratch);
        let _ = std::fs::remove_dir_all(&scratch);
        checked.unwrap();
    }

    #[test]
    fn a_record_is_todays_only_while_the_recipe_is_unchanged() {
        let mut build = Build {
            compiler: "gcc (Debian 12.2.0-14) 12.2.0".into(),
            ..Variant::named("no-null-move").unwrap().recipe()
        };
        assert!(build.is_todays());
        build.edits[0].to = "NullMovePruningDepth = 3;".into();
        assert!(!build.is_todays());
        let other = Build {
            archive_sha256: "0".repeat(64),
            ..Variant::named("published").unwrap().recipe()
        };
        assert!(!other.is_todays());
    }
}
