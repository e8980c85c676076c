//! `nullmove chess match merge`'s document: the shards' files read, merged into the match
//! they split (refused when one is short of its pairs, unless partial), and the SPRT run
//! over them as they play.

use std::path::PathBuf;

use nullmove_arena::{MatchFields, document as match_document, merge, sequential};
use nullmove_elo::Sprt;
use serde_json::Value;

use crate::Error;

/// The merged document of the shards' `files`, and its fields: whole, or with `partial`
/// short of pairs; with `sprt` the test run over the pairs in index order up to the first
/// one missing.
pub fn merged(
    files: &[PathBuf],
    partial: bool,
    sprt: Option<Sprt>,
) -> Result<(Value, MatchFields), Error> {
    let mut shards = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::Message(format!("cannot read {name}: {e}")))?;
        let fields: MatchFields = serde_json::from_str(&text).map_err(|e| {
            Error::Message(format!(
                "{name} is not a match's JSON (nullmove chess match --json): {e}"
            ))
        })?;
        shards.push((name, fields));
    }
    if partial && sprt.is_some() {
        return Err(Error::msg(
            "--partial with --sprt: the SPRT reads shards still playing already, counting \
             the pairs up to the first one not yet finished",
        ));
    }
    let mut merged = merge(&shards, partial || sprt.is_some()).map_err(Error::Message)?;
    if partial && merged.missing_pairs.is_none() {
        return Err(Error::msg(
            "--partial: every shard holds every pair it owes, so the merge is whole",
        ));
    }
    let Some(sprt) = sprt else {
        let doc = match_document(&merged, None).map_err(Error::Message)?;
        return Ok((doc, merged));
    };
    let test = sequential(&merged, sprt);
    merged.pairs.retain(|p| p.index < test.counted);
    merged.recount();
    let decided = test.result.as_ref().is_some_and(|r| r.decision.is_some());
    if decided { "sprt" } else { "partial" }.clone_into(&mut merged.ending);
    merged.missing_pairs = (!decided).then(|| merged.planned_pairs - test.counted);
    let mut doc = match_document(&merged, test.result).map_err(Error::Message)?;
    doc["sprt_waiting_for"] = serde_json::json!(test.waiting_for);
    Ok((doc, merged))
}
