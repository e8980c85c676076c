//! The examples each command's help ends with (clap's `after_help`), one constant per
//! command, each the text of its file in `cli/help/`, kept as printed (no Rust escapes):
//! what a newcomer types first, each under a comment saying what it shows. Every line that
//! starts with `nullmove` is a whole command (a line ending in `\` goes on below, as in a
//! shell); the tests parse each one and run those that take under a second, so an example
//! cannot go stale. FENs are quoted as a shell needs; run from the repository root, where
//! `chess/data/` and `arena/data/books/` are.

/// `nullmove audit`.
pub const AUDIT: &str = include_str!("../help/audit.txt").trim_ascii_end();

/// `nullmove search`.
pub const SEARCH: &str = include_str!("../help/search.txt").trim_ascii_end();

/// `nullmove tree-stats`.
pub const TREE_STATS: &str = include_str!("../help/tree-stats.txt").trim_ascii_end();

/// `nullmove trace`.
pub const TRACE: &str = include_str!("../help/trace.txt").trim_ascii_end();

/// `nullmove sweep`.
pub const SWEEP: &str = include_str!("../help/sweep.txt").trim_ascii_end();

/// `nullmove safeguards`.
pub const SAFEGUARDS: &str = include_str!("../help/safeguards.txt").trim_ascii_end();

/// `nullmove bench`.
pub const BENCH: &str = include_str!("../help/bench.txt").trim_ascii_end();

/// `nullmove kpk`.
pub const KPK: &str = include_str!("../help/kpk.txt").trim_ascii_end();

/// `nullmove kpk stats`.
pub const KPK_STATS: &str = include_str!("../help/kpk-stats.txt").trim_ascii_end();

/// `nullmove kpk zugzwangs`.
pub const KPK_ZUGZWANGS: &str = include_str!("../help/kpk-zugzwangs.txt").trim_ascii_end();

/// `nullmove kpk sweep`.
pub const KPK_SWEEP: &str = include_str!("../help/kpk-sweep.txt").trim_ascii_end();

/// `nullmove chess`.
pub const CHESS: &str = include_str!("../help/chess.txt").trim_ascii_end();

/// `nullmove chess suite`.
pub const CHESS_SUITE: &str = include_str!("../help/chess-suite.txt").trim_ascii_end();

/// `nullmove chess match`.
pub const CHESS_MATCH: &str = include_str!("../help/chess-match.txt").trim_ascii_end();

/// `nullmove chess match merge`.
pub const CHESS_MATCH_MERGE: &str = include_str!("../help/chess-match-merge.txt").trim_ascii_end();

/// `nullmove chess match compare`.
pub const CHESS_MATCH_COMPARE: &str =
    include_str!("../help/chess-match-compare.txt").trim_ascii_end();

/// `nullmove chess bench`.
pub const CHESS_BENCH: &str = include_str!("../help/chess-bench.txt").trim_ascii_end();

/// `nullmove chess sprt`.
pub const CHESS_SPRT: &str = include_str!("../help/chess-sprt.txt").trim_ascii_end();

/// `nullmove probes`.
pub const PROBES: &str = include_str!("../help/probes.txt").trim_ascii_end();

/// `nullmove rules`.
pub const RULES: &str = include_str!("../help/rules.txt").trim_ascii_end();

/// `nullmove zugzwang`.
pub const ZUGZWANG: &str = include_str!("../help/zugzwang.txt").trim_ascii_end();

/// `nullmove serve`.
pub const SERVE: &str = include_str!("../help/serve.txt").trim_ascii_end();

/// `nullmove uci`.
pub const UCI: &str = include_str!("../help/uci.txt").trim_ascii_end();

/// `nullmove completions`.
pub const COMPLETIONS: &str = include_str!("../help/completions.txt").trim_ascii_end();

/// `nullmove man`.
pub const MAN: &str = include_str!("../help/man.txt").trim_ascii_end();
