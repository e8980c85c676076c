//! Where a match's games came from: the build that played them (version, commit, the deep
//! search's signature) and the command, so that shards played by two builds, or by two
//! commands, are never merged into one match, and a resumed run goes on only from its own
//! match. The book's content is recorded beside the book's name ([`crate::Book::sha256`]).

use std::fmt::Write as _;

use nullmove_chess::{bench_positions, bench_run, bench_searcher};
use nullmove_optimized::Guards;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The build and the command behind a match document.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// The program's version (`nullmove --version`).
    pub version: String,
    /// The commit the program was built from, 40 hex digits; followed by `+` and a
    /// fingerprint of the changes when it was built from a tree with uncommitted changes;
    /// `unknown` when it was not built in a git checkout.
    pub commit: String,
    /// The deep search's signature: the node total of `nullmove chess bench`, which any
    /// change to the search's moves, pruning or table changes ([`search_signature`]).
    pub chess_bench: u64,
    /// The command that played the games, every setting spelled out (the concurrency too),
    /// as words: run again, it plays the same match.
    pub command: Vec<String>,
}

/// The flags of a command that say where a run writes and which shard it is, not what is
/// played: the shards of one match differ in them and nothing else. Each takes a value but
/// `--resume` and `--json`.
const RUN_LOCAL: [(&str, bool); 5] = [
    ("--shard", true),
    ("--out", true),
    ("--pgn", true),
    ("--resume", false),
    ("--json", false),
];

impl Provenance {
    /// The command without its run-local flags (`--shard`, `--out`, `--pgn`, `--resume`,
    /// `--json`): the same for every shard of one match, and the command of the whole match.
    ///
    /// # Example
    /// ```
    /// let p = nullmove_arena::Provenance {
    ///     version: "0.1.0".into(),
    ///     commit: "unknown".into(),
    ///     chess_bench: 1,
    ///     command: "nullmove chess match --pairs 8 --nodes 300 --shard 1/4 --out s1.json --json"
    ///         .split(' ').map(str::to_owned).collect(),
    /// };
    /// assert_eq!(p.match_command().join(" "), "nullmove chess match --pairs 8 --nodes 300");
    /// ```
    #[must_use]
    pub fn match_command(&self) -> Vec<String> {
        let mut words = Vec::new();
        let mut rest = self.command.iter();
        while let Some(word) = rest.next() {
            match RUN_LOCAL.iter().find(|(flag, _)| flag == word) {
                Some((_, true)) => {
                    rest.next();
                }
                Some((_, false)) => {}
                None => words.push(word.clone()),
            }
        }
        words
    }

    /// The command as far as it decides the games: [`Provenance::match_command`] without
    /// the book's path (a merge compares the book by its name, content and order, so the same
    /// book by a relative and an absolute path is one book) and, at a fixed node count,
    /// without `--concurrency` (how many games run at once changes no move there).
    ///
    /// # Example
    /// ```
    /// let p = |words: &str| nullmove_arena::Provenance {
    ///     command: words.split(' ').map(str::to_owned).collect(),
    ///     ..Default::default()
    /// };
    /// let a = p("nullmove chess match --book b.epd --nodes 300 --concurrency 1");
    /// let b = p("nullmove chess match --book /x/b.epd --nodes 300 --concurrency 2");
    /// assert_eq!(a.deciding_command(), b.deciding_command());
    /// let clock = p("nullmove chess match --book b.epd --tc 1+0.01 --concurrency 2");
    /// assert!(clock.deciding_command().contains(&"--concurrency".to_owned()));
    /// ```
    #[must_use]
    pub fn deciding_command(&self) -> Vec<String> {
        let words = self.match_command();
        let fixed_nodes = words.iter().any(|w| w == "--nodes");
        let mut kept = Vec::new();
        let mut rest = words.into_iter();
        while let Some(word) = rest.next() {
            if word == "--book" || (fixed_nodes && word == "--concurrency") {
                rest.next();
            } else {
                kept.push(word);
            }
        }
        kept
    }

    /// The first field in which `other` differs from these (the command compared as
    /// [`Provenance::deciding_command`]), as the document names it (`provenance.commit`),
    /// with this value and the other's; `None` when they are of one build and one match.
    #[must_use]
    pub fn difference(&self, other: &Self) -> Option<(&'static str, String, String)> {
        let fields = [
            (
                "provenance.version",
                self.version.clone(),
                other.version.clone(),
            ),
            (
                "provenance.commit",
                self.commit.clone(),
                other.commit.clone(),
            ),
            (
                "provenance.chess_bench",
                self.chess_bench.to_string(),
                other.chess_bench.to_string(),
            ),
            (
                "provenance.command",
                self.deciding_command().join(" "),
                other.deciding_command().join(" "),
            ),
        ];
        fields.into_iter().find(|(_, a, b)| a != b)
    }
}

/// The deep search's signature: the node total of `nullmove chess bench`, every
/// configuration over its fixed positions (`nullmove_chess::bench_run`), computed here in
/// well under a second of CPU.
pub fn search_signature() -> Result<u64, String> {
    let positions = bench_positions().map_err(|e| e.to_string())?;
    let mut searcher = bench_searcher();
    let mut total = 0;
    for (_, guards) in Guards::presets() {
        total += bench_run(&mut searcher, &positions, guards)
            .map_err(|e| e.to_string())?
            .nodes;
    }
    Ok(total)
}

/// The SHA-256 of `bytes` in lower-case hex, as `sha256sum` prints it.
///
/// # Example
/// ```
/// assert_eq!(
///     nullmove_arena::sha256_hex(b"abc"),
///     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// ```
#[must_use]
pub fn sha256_hex(bytes: &[u8]) -> String {
    let mut hex = String::with_capacity(64);
    for byte in Sha256::digest(bytes) {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}
