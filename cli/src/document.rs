//! A command's JSON document as a value, built without printing anything: what `--json`
//! prints and what `nullmove serve` answers with.

use crate::commands::{
    audit, bench, chess, kpk, probes, rules, safeguards, search, sweep, trace, tree_stats, zugzwang,
};
use crate::definitions::Command;
use crate::error::CliError;

/// The JSON document `command` prints with `--json`, as a value, built without rendering or
/// writing anything: no table, no `--svg` file, no progress. `trace` gives its JSON lines as
/// one array, `{"events": [...]}`. Bad arguments give the command's one-line error.
///
/// # Example
/// ```
/// let command = nullmove::parse(["search", "--board", "...O.X...", "--depth", "3",
///     "--reduction", "1", "--mode", "null"]).unwrap();
/// let doc = nullmove::document(&command).unwrap();
/// assert_eq!((doc["best_move"].as_u64(), doc["value"].as_i64()), (Some(0), Some(9)));
/// let bad = nullmove::parse(["search", "--board", "XX", "--depth", "3"]).unwrap_err();
/// assert!(bad.to_string().contains("a board is 9 characters"));
/// ```
pub fn document(command: &Command) -> Result<serde_json::Value, CliError> {
    serde_json::from_slice(&document_json(command)?)
        .map_err(|e| CliError::Message(format!("cannot write JSON: {e}")))
}

/// [`document`] as compact JSON text, its fields in the order `--json` prints them: what
/// `nullmove serve` answers with.
pub fn document_json(command: &Command) -> Result<Vec<u8>, CliError> {
    fn json<T: serde::Serialize>(doc: Result<T, CliError>) -> Result<Vec<u8>, CliError> {
        serde_json::to_vec(&doc?).map_err(|e| CliError::Message(format!("cannot write JSON: {e}")))
    }
    match command {
        Command::Audit(args) => json(audit::document(args)),
        Command::Search(args) => json(search::document(args)),
        Command::TreeStats(args) => json(tree_stats::document(args)),
        Command::Trace(args) => json(trace::document(args)),
        Command::Sweep(args) => json(sweep::document(args)),
        Command::Safeguards(args) => json(safeguards::document(args)),
        Command::Bench(args) => json(bench::document(args)),
        Command::Kpk(args) => json(kpk::document(args)),
        Command::Chess(args) => json(chess::document(args)),
        Command::Probes(args) => json(probes::document(args)),
        Command::Rules(args) => json(rules::document(args)),
        Command::Zugzwang(args) => json(zugzwang::document(args)),
        Command::Serve(_) => Err(CliError::msg(
            "serve runs a web server and has no JSON document of its own",
        )),
        Command::Uci(_) => Err(CliError::msg(
            "uci speaks a protocol and has no JSON document of its own",
        )),
        Command::Completions(_) | Command::Man(_) => Err(CliError::msg(
            "completions and man print text for a shell or man, and have no JSON document",
        )),
    }
}
