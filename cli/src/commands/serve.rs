//! `nullmove serve`: the page's "Try it" widget in a browser, and a JSON API that answers
//! with the commands' own documents (docs/src/specification.md, "The command-line
//! contract"); at `/review`, the page and the article annotated by the audit, read from
//! `--page`/`--article` when asked for. The server is `nullmove_server`; this command reads
//! its flags, hands it the command line it is given ([`documents::CommandLine`]) and says
//! where it listens and how it stopped. A build without the `serve` feature parses the same
//! flags and says how to get a build that serves.

#[cfg(feature = "serve")]
pub mod documents;

#[cfg(feature = "serve")]
use std::net::SocketAddr;
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

#[cfg(feature = "serve")]
use nullmove_server::{Commands, Config, Hosts, Limits, Stopped};

use crate::error::CliError;
use crate::output::Io;

/// What `nullmove serve` says in a build without the server.
pub const NOT_BUILT: &str = "serve: this build has no web server (built with \
                             --no-default-features); `cargo install --path cli` installs one \
                             with it, the default";

/// Arguments of `nullmove serve`.
#[derive(Debug, clap::Args)]
// Without the server the flags are parsed, so the help is the same, but never read.
#[cfg_attr(not(feature = "serve"), allow(dead_code))]
pub struct Args {
    /// The address to listen on: an IP address, or localhost. The default, loopback, lets
    /// only this machine connect; any other needs --allow-remote.
    #[arg(long, default_value = "127.0.0.1", value_parser = parse_host)]
    host: IpAddr,
    /// The port to listen on; 0 picks a free one (the address printed says which).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Listen beyond this machine, as a --host other than loopback asks: anyone who can
    /// reach the address can use the server. Requests must still name it: by IP address,
    /// localhost, or one of the NAMEs given (the names clients use, e.g. its DNS name).
    #[arg(long, value_name = "NAME", num_args = 0.., value_delimiter = ',')]
    allow_remote: Option<Vec<String>>,
    /// The page's text (`null-move-pruning.en.txt`) the reviewer's view at /review
    /// annotates; by default ../shared/page/ beside the repository. Read when the view is
    /// asked for.
    #[arg(long, value_name = "FILE")]
    page: Option<PathBuf>,
    /// The article's text (`null-move-pruning.fa.txt`) the same view annotates.
    #[arg(long, value_name = "FILE")]
    article: Option<PathBuf>,
}

/// `--host`: an IP address, or `localhost` (127.0.0.1).
fn parse_host(s: &str) -> Result<IpAddr, String> {
    if s.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    s.parse()
        .map_err(|_| "an IP address (e.g. 127.0.0.1, ::1, 0.0.0.0) or localhost".to_owned())
}

impl Args {
    /// The texts the reviewer's view reads, `--page` and `--article` (`None`: the default).
    #[must_use]
    pub fn texts(&self) -> (Option<PathBuf>, Option<PathBuf>) {
        (self.page.clone(), self.article.clone())
    }
}

#[cfg(feature = "serve")]
impl From<nullmove_server::Error> for CliError {
    /// A server that could not start (a port taken, say), in its one line.
    fn from(e: nullmove_server::Error) -> Self {
        Self::Message(e.to_string())
    }
}

/// Serves until Ctrl-C or SIGTERM, then closes idle connections and lets the requests in
/// progress finish; prints where it listens, then how it stopped.
#[cfg(feature = "serve")]
pub fn run(
    args: &Args,
    io: &mut Io<'_>,
    commands: impl Commands + 'static,
) -> Result<u8, CliError> {
    let limits = Limits::standard();
    let config = Config {
        addr: SocketAddr::new(args.host, args.port),
        hosts: Hosts::for_listener(args.host, args.allow_remote.as_deref())
            .map_err(CliError::Message)?,
        limits,
    };
    let stopped = nullmove_server::serve(config, commands, |local| {
        writeln!(
            io.out,
            "nullmove: serving the page on http://{local}/ (Ctrl-C stops)"
        )?;
        io.out.flush()?;
        if !local.ip().is_loopback() {
            writeln!(
                io.err,
                "nullmove: {} is not a loopback address: anyone who can reach it can use \
                 this server",
                local.ip()
            )?;
        }
        Ok::<(), CliError>(())
    })?;
    match stopped {
        Stopped::Drained { answered: 0 } => writeln!(io.out, "nullmove: stopped")?,
        Stopped::Drained { answered } => writeln!(
            io.out,
            "nullmove: stopped, once the {} in progress {} answered",
            counted(answered),
            if answered == 1 { "was" } else { "were" }
        )?,
        Stopped::CutOff { requests } => writeln!(
            io.out,
            "nullmove: stopped after {} s, cutting off the {} still running",
            limits.drain.as_secs(),
            counted(requests)
        )?,
    }
    Ok(0)
}

/// Refuses, in a build without the server: exit status 2 and [`NOT_BUILT`].
#[cfg(not(feature = "serve"))]
pub fn run(_args: &Args, _io: &mut Io<'_>) -> Result<u8, CliError> {
    Err(CliError::msg(NOT_BUILT))
}

/// "1 request", "2 requests".
#[cfg(feature = "serve")]
fn counted(n: usize) -> String {
    format!("{n} request{}", if n == 1 { "" } else { "s" })
}
