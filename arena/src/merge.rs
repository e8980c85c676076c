//! Shards back into one match: the documents of `--shard I/N` runs, every shard once, the
//! same players and settings, the same build and command, merged into the document the
//! unsplit run gives (with `--nodes`, game for game). The same checks let a resumed run go
//! on only from a document of its own match.

use std::collections::BTreeSet;

use crate::document::MatchFields;
use crate::provenance::Provenance;
use crate::runner::Shard;

/// Merges the shards' fields, each with the name of the file it came from (for errors):
/// every shard `0..N` exactly once, the same match in each (players and their options,
/// control, book and its content, pairs, adjudication) played by the same build (version,
/// commit, search signature) under the same command, every pair where its shard puts it.
/// The result is the whole match (`shard` `null`, the command without `--shard`); its time
/// fields are `null` (the shards ran apart). Every game must follow from its moves by the
/// rules, and every shard must hold every pair it owes: a shard short of them (interrupted,
/// or a pair taken out) is refused unless `partial` asks for what there is, and then the
/// result's `ending` is `partial` and `missing_pairs` counts what it lacks.
pub fn merge(shards: &[(String, MatchFields)], partial: bool) -> Result<MatchFields, String> {
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
    let mut missing_pairs = 0;
    let mut merged = MatchFields {
        shard: None,
        seconds: None,
        games_per_hour: None,
        resumed_pairs: None,
        provenance: first.provenance.clone().map(|p| Provenance {
            command: p.match_command(),
            ..p
        }),
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
        crate::check_games(fields, None).map_err(|e| format!("{name}: {e}"))?;
        let owed = (0..fields.planned_pairs).filter(|&i| shard.has(i)).count() as u64;
        let held = fields.pairs.len() as u64;
        if held < owed {
            if !partial {
                return Err(format!(
                    "{name} holds {held} of the {owed} pairs shard {shard} owes (ending {}): \
                     finish it (--resume), or merge with --partial for a result that says \
                     it is partial",
                    fields.ending
                ));
            }
            missing_pairs += owed - held;
        }
        merged.pairs.extend(fields.pairs.iter().cloned());
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
    if missing_pairs > 0 {
        "partial".clone_into(&mut merged.ending);
        merged.missing_pairs = Some(missing_pairs);
    }
    merged.recount();
    Ok(merged)
}

/// Whether `now`, the run about to resume, is the match `earlier` (read from the file named
/// `earlier_name`) is a part of: the same shard of the same match, by the same build and
/// command. A document with no provenance is refused: what played it cannot be told.
pub fn same_run(
    earlier_name: &str,
    earlier: &MatchFields,
    now: &MatchFields,
) -> Result<(), String> {
    let name = "this run";
    same_match(name, now, earlier_name, earlier)?;
    if earlier.shard != now.shard {
        let shard = |s: &Option<String>| s.clone().unwrap_or_else(|| "the whole match".to_owned());
        return Err(format!(
            "{earlier_name} is not this run's to resume: it is {}, this run plays {}",
            shard(&earlier.shard),
            shard(&now.shard)
        ));
    }
    Ok(())
}

/// Whether two documents are of the same match: players (with their options), control,
/// book (name, positions, content, order), pairs, adjudication, and the build and command
/// ([`Provenance::difference`]); the error names the first field that differs, as the
/// document names it, with both values.
fn same_match(a_name: &str, a: &MatchFields, b_name: &str, b: &MatchFields) -> Result<(), String> {
    let fields: [(&str, String, String); 10] = [
        ("players", json(&a.players), json(&b.players)),
        ("time_control", json(&a.time_control), json(&b.time_control)),
        ("nodes", json(&a.nodes), json(&b.nodes)),
        ("book", a.book.clone(), b.book.clone()),
        (
            "book_positions",
            json(&a.book_positions),
            json(&b.book_positions),
        ),
        ("book_sha256", json(&a.book_sha256), json(&b.book_sha256)),
        ("book_seed", json(&a.book_seed), json(&b.book_seed)),
        (
            "book_max_pieces",
            json(&a.book_max_pieces),
            json(&b.book_max_pieces),
        ),
        (
            "planned_pairs",
            json(&a.planned_pairs),
            json(&b.planned_pairs),
        ),
        ("adjudication", json(&a.adjudication), json(&b.adjudication)),
    ];
    let differs = |(field, in_a, in_b): (&str, String, String)| {
        Err(format!(
            "{b_name} and {a_name} are not the same match: {field} differs ({in_b} in {b_name}, \
             {in_a} in {a_name})"
        ))
    };
    if let Some(d) = fields.into_iter().find(|(_, x, y)| x != y) {
        return differs(d);
    }
    let (Some(pa), Some(pb)) = (&a.provenance, &b.provenance) else {
        let missing = if a.provenance.is_none() {
            a_name
        } else {
            b_name
        };
        return Err(format!(
            "{missing} has no provenance (the build and command that played it: written by an \
             older nullmove), so what played it cannot be told"
        ));
    };
    match pa.difference(pb) {
        Some((field, in_a, in_b)) => differs((field, in_a, in_b)),
        None => Ok(()),
    }
}

/// A value as compact JSON, for messages.
fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// An SPRT over shards still playing: where the test stands on the pairs finished so far.
#[derive(Debug, Clone)]
pub struct Sequential {
    /// The test after the last pair it counted (`None` before any).
    pub result: Option<nullmove_elo::SprtResult>,
    /// The pairs it counted: every pair from 0 up to the first not yet finished, or up to
    /// the one it decided at.
    pub counted: u64,
    /// The first pair not yet finished, where the test waits (`None` once it decided or
    /// every pair is in).
    pub waiting_for: Option<u64>,
}

/// The SPRT `sprt` over `fields`' pairs as one process playing them one at a time runs it:
/// in index order from pair 0, updated pair by pair, stopping at the pair it decides at or
/// at the first pair not yet finished, so the decision and its pair are the same whatever
/// order the shards finish in.
#[must_use]
pub fn sequential(fields: &MatchFields, sprt: nullmove_elo::Sprt) -> Sequential {
    let mut run = nullmove_elo::SprtRun::new(sprt);
    let mut penta = nullmove_elo::Pentanomial::default();
    let mut by_index: Vec<&crate::PairDoc> = fields.pairs.iter().collect();
    by_index.sort_by_key(|p| p.index);
    let mut result = None;
    let mut counted = 0;
    for pair in by_index {
        if pair.index != counted {
            break;
        }
        let points: usize = pair.outcomes().iter().map(|o| o.half_points()).sum();
        penta.0[points] += 1;
        counted += 1;
        let now = run.update_pairs(&penta).ok();
        let decided = now.as_ref().is_some_and(|r| r.decision.is_some());
        result = now;
        if decided {
            return Sequential {
                result,
                counted,
                waiting_for: None,
            };
        }
    }
    Sequential {
        result,
        counted,
        waiting_for: (counted < fields.planned_pairs).then_some(counted),
    }
}
