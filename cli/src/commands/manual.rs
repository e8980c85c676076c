//! `nullmove completions SHELL` and `nullmove man`: the shell's completions and the manual
//! pages, generated from the clap definitions the help comes from (`nullmove::Cli`), so
//! neither can say other than `--help` does. Each is rendered whole before a byte is
//! written: clap's generators panic on a failed write, and a full disk is one line here.

use std::path::{Path, PathBuf};

use clap_complete::Shell;

use crate::error::CliError;
use crate::output::Io;
use nullmove_report::output_file::OutputFile;

/// Arguments of `nullmove completions`.
#[derive(Debug, clap::Args)]
pub struct CompletionsArgs {
    /// The shell whose completion script to print.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// Arguments of `nullmove man`.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// Write every page into DIR instead (`nullmove.1`, `nullmove-audit.1`,
    /// `nullmove-chess-match.1`, ...), each file whole or not at all.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Prints the completion script of `args.shell` for the command line `cli`.
pub fn completions(
    args: &CompletionsArgs,
    cli: &mut clap::Command,
    io: &mut Io<'_>,
) -> Result<u8, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, cli, "nullmove", &mut script);
    io.out.write_all(&script)?;
    Ok(0)
}

/// Prints `nullmove(1)` of the command line `cli`, or writes every page into `--dir`.
pub fn man(args: &ManArgs, cli: clap::Command, io: &mut Io<'_>) -> Result<u8, CliError> {
    let pages = pages(cli)?;
    match &args.dir {
        None => {
            let (_, main) = pages.first().expect("the main page comes first");
            io.out.write_all(main)?;
        }
        Some(dir) => write_pages(dir, &pages)?,
    }
    Ok(0)
}

/// Every manual page of `cli`, the main one first: each file's name and its roff. A
/// subcommand's page is named as `man` looks it up, `nullmove-chess-match.1`.
pub fn pages(cli: clap::Command) -> Result<Vec<(String, Vec<u8>)>, CliError> {
    fn walk(cmd: &clap::Command, out: &mut Vec<(String, Vec<u8>)>) -> Result<(), CliError> {
        // Every page's footer names the package, a subcommand's too (clap would write
        // `audit`).
        let man = clap_mangen::Man::new(cmd.clone())
            .source(concat!("nullmove ", env!("CARGO_PKG_VERSION")));
        let mut roff = Vec::new();
        man.render(&mut roff)?;
        out.push((man.get_filename(), roff));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, out)?;
        }
        Ok(())
    }
    // Built once, so that a subcommand's page is titled with its whole path.
    let mut cmd = cli.disable_help_subcommand(true);
    cmd.build();
    let mut out = Vec::new();
    walk(&cmd, &mut out)?;
    Ok(out)
}

/// Writes `pages` into `dir`, each whole or not at all; a folder that is missing or cannot
/// be written is refused before any page is.
fn write_pages(dir: &Path, pages: &[(String, Vec<u8>)]) -> Result<(), CliError> {
    if !dir.is_dir() {
        return Err(CliError::Message(format!(
            "cannot write the manual pages into {}: not a folder (create it first)",
            dir.display()
        )));
    }
    let files = pages
        .iter()
        .map(|(name, _)| OutputFile::create(&dir.join(name)))
        .collect::<Result<Vec<_>, _>>()?;
    for (file, (_, roff)) in files.into_iter().zip(pages) {
        file.commit(roff)?;
    }
    Ok(())
}
