//! Shards back into one match: the documents of `--shard I/N` runs, every shard once, the
//! same players and settings, merged into the document the unsplit run gives (with
//! `--nodes`, game for game).

use std::collections::BTreeSet;

use crate::document::MatchFields;
use crate::runner::Shard;

/// Merges the shards' fields, each with the name of the file it came from (for errors):
/// every shard `0..N` exactly once, the same match in each, every pair where its shard
/// puts it. The result is the whole match (`shard` `null`), `interrupted` if a shard was;
/// its time fields are `null` (the shards ran apart).
pub fn merge(shards: &[(String, MatchFields)]) -> Result<MatchFields, String> {
    let Some((first_name, first)) = shards.first() else {
        return Err("merge needs the shards' JSON files".to_owned());
    };
    let shard_of = |name: &str, f: &MatchFields| -> Result<Shard, String> {
        let text = f.shard.as_deref().ok_or_else(|| {
            format!("{name} is a whole match, not a shard (it was run without --shard)")
        })?;
        text.parse().map_err(|e| format!("{name}: {e}"))
    };
    let count = shard_of(first_name, first)?.count;
    let mut seen = BTreeSet::new();
    let mut pairs_seen = BTreeSet::new();
    let mut merged = MatchFields {
        shard: None,
        seconds: None,
        games_per_hour: None,
        pairs: Vec::new(),
        ending: "complete".to_owned(),
        ..first.clone()
    };
    for (name, fields) in shards {
        let shard = shard_of(name, fields)?;
        if shard.count != count {
            return Err(format!(
                "{name} is shard {shard} but {first_name} is of {count} shards"
            ));
        }
        same_match(first_name, first, name, fields)?;
        if !seen.insert(shard.index) {
            return Err(format!("shard {shard} is given twice ({name} is one)"));
        }
        for pair in &fields.pairs {
            if !shard.has(pair.index) {
                return Err(format!(
                    "{name}: pair {} does not belong to shard {shard}",
                    pair.index
                ));
            }
            if pair.index >= fields.planned_pairs || !pairs_seen.insert(pair.index) {
                return Err(format!("{name}: pair {} is out of place", pair.index));
            }
        }
        merged.pairs.extend(fields.pairs.iter().cloned());
        if fields.ending != "complete" {
            merged.ending.clone_from(&fields.ending);
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|i| !seen.contains(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        let (noun, verb) = if missing.len() == 1 {
            ("shard", "is")
        } else {
            ("shards", "are")
        };
        return Err(format!(
            "{noun} {} {verb} missing: a merge is the whole match, every shard once",
            missing.join(", ")
        ));
    }
    merged.pairs.sort_by_key(|p| p.index);
    merged.recount();
    Ok(merged)
}

/// Whether two shards are of the same match: players, control, book, pairs, adjudication.
fn same_match(a_name: &str, a: &MatchFields, b_name: &str, b: &MatchFields) -> Result<(), String> {
    let differs = |what: &str| {
        Err(format!(
            "{b_name} and {a_name} are not the same match: {what} differ"
        ))
    };
    if a.players != b.players {
        return differs("the players");
    }
    if (&a.time_control, a.nodes) != (&b.time_control, b.nodes) {
        return differs("the time controls (or nodes)");
    }
    if (&a.book, a.book_positions) != (&b.book, b.book_positions) {
        return differs("the books");
    }
    if a.planned_pairs != b.planned_pairs {
        return differs("the numbers of pairs");
    }
    if a.adjudication != b.adjudication {
        return differs("the adjudications");
    }
    Ok(())
}
