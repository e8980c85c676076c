//! A match's result as one JSON document (docs/src/specification.md, "The command-line
//! contract"): the statistics fields of `nullmove chess sprt`, the players and settings,
//! every game pair; and the merge of shards' documents into the document of the whole
//! match.

use std::collections::BTreeMap;

use nullmove_elo::{Outcome, Pentanomial, SprtResult, StatsError, Summary, Wdl, summarize_pairs};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::DEFAULT_HASH_MIB;
use crate::arbiter::{Adjudication, Control, GameRecord, GameResult, Reason};
use crate::effort::{self, PlayerEffort, SideEffort};
use crate::player::Program;
use crate::provenance::Provenance;
use crate::runner::{Ending, MatchOutcome, MatchSpec, PairRecord};

/// A player as the document names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerDoc {
    /// The name given on the command line.
    pub name: String,
    /// Our engine's null-move configuration.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub configuration: Option<String>,
    /// The command that starts a UCI player.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub command: Option<String>,
    /// The options set on a UCI player, in order; our engine in process: its table's size
    /// (`Hash`, MiB).
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub options: Vec<(String, String)>,
    /// The engine's own name (`id name`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub engine: Option<String>,
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameDoc {
    /// White's player name.
    pub white: String,
    /// Black's player name.
    pub black: String,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: GameResult,
    /// Why it ended.
    pub reason: Reason,
    /// What the reason does not say (an illegal move, a failure, the time over).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub detail: Option<String>,
    /// Plies played.
    pub plies: usize,
    /// The moves in UCI notation.
    pub moves: Vec<String>,
    /// White's and Black's effort over their moves (absent in a document written before
    /// it was recorded).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub effort: Option<[SideEffort; 2]>,
}

impl From<&GameRecord> for GameDoc {
    fn from(g: &GameRecord) -> Self {
        Self {
            white: g.players[0].clone(),
            black: g.players[1].clone(),
            result: g.result,
            reason: g.reason,
            detail: g.detail.clone(),
            plies: g.moves.len(),
            moves: g.moves.iter().map(|m| m.uci.clone()).collect(),
            effort: Some(SideEffort::of_game(
                &g.moves,
                g.opening.split_whitespace().nth(1) != Some("b"),
            )),
        }
    }
}

impl GameDoc {
    /// Whether `other` is this game as a replay at fixed nodes gives it again: the same
    /// moves, end and, where both recorded them, depths and nodes (the times are the
    /// machine's, never the same twice).
    #[must_use]
    pub fn same_game(&self, other: &Self) -> bool {
        let untimed = |g: &Self| {
            let effort = g.effort.map(|sides| {
                sides.map(|s| SideEffort {
                    micros: 0,
                    reported_micros: 0,
                    ..s
                })
            });
            Self {
                effort,
                ..g.clone()
            }
        };
        let (mut a, mut b) = (untimed(self), untimed(other));
        if a.effort.is_none() || b.effort.is_none() {
            (a.effort, b.effort) = (None, None);
        }
        a == b
    }
}

/// One game pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairDoc {
    /// The pair's index in the match (its shard is the index modulo the shards).
    pub index: u64,
    /// The opening (FEN).
    pub opening: String,
    /// The first player White, then Black.
    pub games: Vec<GameDoc>,
}

impl PairDoc {
    /// The first player's result in each of the pair's games (White in the first).
    #[must_use]
    pub fn outcomes(&self) -> Vec<Outcome> {
        self.games
            .iter()
            .enumerate()
            .map(|(i, game)| match (game.result, i) {
                (GameResult::Draw, _) => Outcome::Draw,
                (GameResult::WhiteWins, 0) | (GameResult::BlackWins, 1) => Outcome::Win,
                _ => Outcome::Loss,
            })
            .collect()
    }
}

impl From<&PairRecord> for PairDoc {
    fn from(p: &PairRecord) -> Self {
        Self {
            index: p.index,
            opening: p.games[0].opening.clone(),
            games: p.games.iter().map(GameDoc::from).collect(),
        }
    }
}

/// Everything of the document but the statistics: what a merge reads back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchFields {
    /// The two players; the statistics are the first one's.
    pub players: Vec<PlayerDoc>,
    /// `S+I` for a clock match, else `null`.
    pub time_control: Option<String>,
    /// Nodes per move for a fixed-node match, else `null`.
    pub nodes: Option<u64>,
    /// The book's file name.
    pub book: String,
    /// Positions in the book.
    pub book_positions: usize,
    /// The book file's SHA-256 (what `sha256sum` prints), so that two books of one name are
    /// told apart (`null` in a document written before it was recorded).
    #[serde(default)]
    pub book_sha256: Option<String>,
    /// The seed of the order the book's positions were taken in ([`crate::Book::shuffled`]),
    /// or `null` for the file's order: pair `i` opened with that order's position `i`.
    #[serde(default)]
    pub book_seed: Option<u64>,
    /// Only the book's positions with at most this many pieces were taken (`--book-max-pieces`),
    /// absent for the whole book; `book_positions` counts those.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book_max_pieces: Option<u32>,
    /// Pairs in the whole match (all shards).
    pub planned_pairs: u64,
    /// `I/N`, or `null` for the whole match.
    pub shard: Option<String>,
    /// The score adjudication, or `null` for none (games end by the rules alone).
    pub adjudication: Option<Adjudication>,
    /// `complete`, `sprt` (the SPRT decided), `interrupted` (Ctrl-C: the pairs finished
    /// before it are reported) or, for a merge asked for what short shards hold, `partial`.
    pub ending: String,
    /// Pairs a partial merge lacks (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing_pairs: Option<u64>,
    /// Games lost on time.
    pub time_losses: u64,
    /// Games lost by an illegal move.
    pub illegal_moves: u64,
    /// Games lost by an engine that ended, stalled or broke the protocol.
    pub engine_failures: u64,
    /// Games by how they ended.
    pub reasons: BTreeMap<String, u64>,
    /// Wall time of the run in seconds (`null` for a merge).
    pub seconds: Option<f64>,
    /// Games an hour at that pace (`null` for a merge).
    pub games_per_hour: Option<f64>,
    /// Pairs taken from the earlier run's document with `--resume`, not played again
    /// (`null` without `--resume`, and for a merge).
    #[serde(default)]
    pub resumed_pairs: Option<u64>,
    /// Each player's depth, nodes and time a move over the games that recorded them
    /// (empty for a document written before they were recorded).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effort: Vec<PlayerEffort>,
    /// The build and the command that played the games (`null` in a document written before
    /// it was recorded, which a merge refuses).
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Every finished pair, by index.
    pub pairs: Vec<PairDoc>,
}

impl MatchFields {
    /// The fields of a run of `spec` (its provenance and the resumed pairs are the caller's
    /// to add).
    #[must_use]
    pub fn of(spec: &MatchSpec, outcome: &MatchOutcome) -> Self {
        let pairs = outcome.pairs.iter().map(PairDoc::from).collect();
        let ending = match outcome.ending {
            Ending::Complete => "complete",
            Ending::Decided(_) => "sprt",
            Ending::Interrupted => "interrupted",
        };
        Self::so_far(
            spec,
            &outcome.engines,
            pairs,
            ending,
            outcome.elapsed.as_secs_f64(),
        )
    }

    /// The fields of `pairs`, the pairs a run of `spec` has played in `seconds`, ended as
    /// `ending` says: `interrupted` for the document a run writes while it plays.
    #[must_use]
    pub fn so_far(
        spec: &MatchSpec,
        engines: &[Option<String>; 2],
        pairs: Vec<PairDoc>,
        ending: &str,
        seconds: f64,
    ) -> Self {
        let players = spec
            .players
            .iter()
            .zip(engines)
            .map(|(p, engine)| PlayerDoc {
                name: p.name.clone(),
                configuration: p.configuration.clone(),
                command: p.command(),
                options: match p.program {
                    Program::InProcess(_) => {
                        vec![("Hash".to_owned(), DEFAULT_HASH_MIB.to_string())]
                    }
                    Program::Uci { .. } => p.options().to_vec(),
                },
                engine: engine.clone(),
            })
            .collect();
        let games = 2.0 * pairs.len() as f64;
        let mut fields = Self {
            players,
            time_control: match spec.control {
                Control::Clock(tc) => Some(tc.to_string()),
                Control::Nodes(_) => None,
            },
            nodes: match spec.control {
                Control::Nodes(n) => Some(n),
                Control::Clock(_) => None,
            },
            book: spec.book.name.clone(),
            book_positions: spec.book.positions.len(),
            book_sha256: Some(spec.book.sha256.clone()),
            book_seed: spec.book.seed,
            book_max_pieces: spec.book.max_pieces,
            planned_pairs: spec.pairs,
            shard: spec.shard.map(|s| s.to_string()),
            adjudication: spec.adjudication,
            ending: ending.to_owned(),
            missing_pairs: None,
            time_losses: 0,
            illegal_moves: 0,
            engine_failures: 0,
            reasons: BTreeMap::new(),
            seconds: Some(seconds),
            games_per_hour: (seconds > 0.0).then(|| games * 3600.0 / seconds),
            resumed_pairs: None,
            effort: Vec::new(),
            provenance: None,
            pairs,
        };
        fields.recount();
        fields
    }

    /// These fields with `earlier`, the pairs an earlier run of the same match wrote
    /// (`--resume`), among the pairs: the time and pace stay this run's own.
    #[must_use]
    pub fn with_resumed(mut self, earlier: Vec<PairDoc>) -> Self {
        self.resumed_pairs = Some(earlier.len() as u64);
        self.pairs.extend(earlier);
        self.pairs.sort_by_key(|p| p.index);
        self.recount();
        self
    }

    /// Counts the games' reasons, time losses, illegal moves, failures and each player's
    /// effort from the pairs: again whenever the pairs change.
    pub fn recount(&mut self) {
        self.reasons.clear();
        let (mut time, mut illegal, mut failed) = (0, 0, 0);
        for game in self.pairs.iter().flat_map(|p| &p.games) {
            let name = serde_json::to_value(game.reason)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            *self.reasons.entry(name).or_default() += 1;
            match game.reason {
                Reason::TimeForfeit => time += 1,
                Reason::IllegalMove => illegal += 1,
                Reason::EngineFailure => failed += 1,
                _ => {}
            }
        }
        (self.time_losses, self.illegal_moves, self.engine_failures) = (time, illegal, failed);
        let names: Vec<String> = self.players.iter().map(|p| p.name.clone()).collect();
        let games = self.pairs.iter().flat_map(|p| &p.games).filter_map(|g| {
            g.effort
                .as_ref()
                .map(|e| (g.white.as_str(), g.black.as_str(), e))
        });
        self.effort = effort::tally(&names, games);
    }

    /// The first pair, at a fixed node count, that replays an earlier one move for move: its
    /// index is past the book's positions, so it opens where pair `index - positions` did
    /// and both engines search the same nodes. Its games are copies, never new evidence.
    #[must_use]
    pub fn replayed_pair(&self) -> Option<u64> {
        self.nodes?;
        let positions = self.book_positions as u64;
        self.pairs.iter().map(|p| p.index).find(|&i| i >= positions)
    }

    /// The pentanomial and game counts of the pairs, from the first player's side (the
    /// first game of a pair has the first player White).
    #[must_use]
    pub fn counts(&self) -> (Pentanomial, Wdl) {
        let mut penta = Pentanomial::default();
        let mut wdl = Wdl::default();
        for pair in &self.pairs {
            let mut points = 0;
            for outcome in pair.outcomes() {
                points += outcome.half_points();
                wdl.record(outcome);
            }
            penta.0[points] += 1;
        }
        (penta, wdl)
    }
}

/// The whole document: the statistics (the `nullmove chess sprt` fields of
/// docs/src/specification.md, from the first player's side; with no pair finished, `games`
/// 0 and the rest `null`) with `sprt`, the test as the run followed it, then `fields`
/// (whose `pairs`, the list of game pairs, stands where the statistics count them: the
/// count is `pairs_played`).
pub fn document(fields: &MatchFields, sprt: Option<SprtResult>) -> Result<Value, String> {
    let mut doc = match summary(fields, sprt)? {
        Some(s) => to_map(&s)?,
        None => empty_stats(),
    };
    doc.insert("pairs_played".to_owned(), Value::from(fields.pairs.len()));
    doc.extend(to_map(fields)?);
    Ok(Value::Object(doc))
}

fn to_map<T: Serialize>(value: &T) -> Result<Map<String, Value>, String> {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err("a document is an object".to_owned()),
        Err(e) => Err(format!("cannot write JSON: {e}")),
    }
}

/// The statistics fields of a match with no finished pair.
fn empty_stats() -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("games".into(), Value::from(0));
    map.insert("pentanomial".into(), Value::from(vec![0; 5]));
    for key in ["wins", "draws", "losses"] {
        map.insert(key.into(), Value::from(0));
    }
    for key in ["score", "elo", "elo_95", "elo_error", "sprt"] {
        map.insert(key.into(), Value::Null);
    }
    map
}

/// The statistics of `fields`' pairs with `sprt` as the test's state; `None` when no pair
/// finished.
pub fn summary(fields: &MatchFields, sprt: Option<SprtResult>) -> Result<Option<Summary>, String> {
    if let Some(index) = fields.replayed_pair() {
        return Err(replayed(index, fields.book_positions));
    }
    let (penta, wdl) = fields.counts();
    match summarize_pairs(&penta, Some(wdl), None) {
        Ok(s) => Ok(Some(Summary { sprt, ..s })),
        Err(StatsError::NoGames) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// The refusal of a fixed-node document that holds pair `index` of a book of `positions`.
pub(crate) fn replayed(index: u64, positions: usize) -> String {
    let first = index % positions as u64;
    format!(
        "pair {index} replays pair {first} move for move (a book of {positions} positions at a \
         fixed node count): its games are copies, not new games, and are never counted"
    )
}
