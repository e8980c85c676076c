//! The match: game pairs from the book's openings, played by a pool of workers, each game
//! independent of which worker plays it and what it played before; the statistics after
//! every pair, and the SPRT's stop.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use nullmove_elo::{Decision, Outcome, Pentanomial, Sprt, SprtResult, SprtRun, Wdl};
use nullmove_optimized::StopHandle;

use crate::Book;
use crate::arbiter::{Adjudication, Control, GameRecord, GameResult, Reason, play_game};
use crate::player::{Player, PlayerSpec};

/// A shard of a match: the pairs whose index is `index` modulo `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u64,
    /// The shards in all.
    pub count: u64,
}

impl Shard {
    /// Whether pair `pair` belongs to this shard.
    #[must_use]
    pub const fn has(&self, pair: u64) -> bool {
        pair % self.count == self.index
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/N` with `0 <= I < N`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = |why: &str| format!("shard {s:?}: {why} (expected I/N with 0 <= I < N)");
        let (i, n) = s.split_once('/').ok_or_else(|| bad("no '/'"))?;
        let index: u64 = i
            .trim()
            .parse()
            .map_err(|_| bad("I is not a whole number"))?;
        let count: u64 = n
            .trim()
            .parse()
            .map_err(|_| bad("N is not a whole number"))?;
        if count == 0 || index >= count {
            return Err(bad("out of range"));
        }
        Ok(Self { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What to play.
#[derive(Debug, Clone)]
pub struct MatchSpec {
    /// The two players; statistics are from the first one's side.
    pub players: [PlayerSpec; 2],
    /// The openings.
    pub book: Book,
    /// Game pairs in the whole match (all shards); pair `i` opens with the book's position
    /// `i` (cycling), the first player White in its first game, Black in its second.
    pub pairs: u64,
    /// Clock or nodes.
    pub control: Control,
    /// Games played at once.
    pub concurrency: usize,
    /// The SPRT that stops the match once it decides.
    pub sprt: Option<Sprt>,
    /// This run's shard, if the match is split.
    pub shard: Option<Shard>,
    /// The score adjudication, if any.
    pub adjudication: Option<Adjudication>,
    /// Pairs an earlier run of this match finished (`--resume`), by index, with the first
    /// player's results: not played again, and counted first, in index order, so that the
    /// statistics and the SPRT see the whole match.
    pub resumed: BTreeMap<u64, [Outcome; 2]>,
}

impl MatchSpec {
    /// The pair indices this run plays, in order.
    pub fn pair_indices(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.pairs).filter(|&p| self.shard.is_none_or(|s| s.has(p)))
    }
}

/// A finished pair: the same opening, the first player White in `games[0]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairRecord {
    /// The pair's index in the match.
    pub index: u64,
    /// Its two games.
    pub games: [GameRecord; 2],
}

impl PairRecord {
    /// The first player's result in each game.
    #[must_use]
    pub fn outcomes(&self) -> [Outcome; 2] {
        let of = |result: GameResult, first_is_white: bool| match (result, first_is_white) {
            (GameResult::Draw, _) => Outcome::Draw,
            (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => Outcome::Win,
            _ => Outcome::Loss,
        };
        [
            of(self.games[0].result, true),
            of(self.games[1].result, false),
        ]
    }
}

/// The counts so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Standing {
    /// Pairs finished.
    pub pairs: u64,
    /// Pairs this run plays.
    pub planned: u64,
    /// Pairs by the first player's points.
    pub pentanomial: Pentanomial,
    /// Games by the first player's result.
    pub wdl: Wdl,
    /// The SPRT after the last pair, if one runs.
    pub sprt: Option<SprtResult>,
}

/// What the runner reports after every pair it plays.
#[derive(Debug, Clone, Copy)]
pub struct PairFinished<'a> {
    /// The counts, this pair and any resumed ones included.
    pub standing: &'a Standing,
    /// The pair.
    pub pair: &'a PairRecord,
    /// The engines' own names (UCI `id name`), where they gave one.
    pub engines: &'a [Option<String>; 2],
}

/// How a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every pair planned was played.
    Complete,
    /// The SPRT decided.
    Decided(Decision),
    /// A stop was asked for (Ctrl-C): the pairs finished before it count.
    Interrupted,
}

/// What a match played.
#[derive(Debug, Clone)]
pub struct MatchOutcome {
    /// The pairs this run finished, by index (not the resumed ones).
    pub pairs: Vec<PairRecord>,
    /// Games finished whose pair was not (a stop came between them): not counted.
    pub unpaired: Vec<GameRecord>,
    /// The counts of the finished pairs.
    pub standing: Standing,
    /// How it ended.
    pub ending: Ending,
    /// The engines' own names (UCI `id name`), where they gave one.
    pub engines: [Option<String>; 2],
    /// Wall time of the run.
    pub elapsed: Duration,
}

/// One game to play: its pair and which of the two.
type Job = (u64, usize);

/// What a worker sends: a finished game, or why it cannot go on.
enum Report {
    Game(Job, Box<GameRecord>),
    Failed(String),
}

/// Plays the match (this shard of it, less the resumed pairs) until every pair is played,
/// the SPRT decides or `stop` is asked; `on_pair` sees every pair as it finishes. Each
/// player is started once first, so a player that cannot start is an error before any game.
pub fn run_match(
    spec: &MatchSpec,
    stop: &StopHandle,
    mut on_pair: impl FnMut(&PairFinished<'_>),
) -> Result<MatchOutcome, String> {
    let started = Instant::now();
    let mut engines = [None, None];
    for (slot, player) in engines.iter_mut().zip(&spec.players) {
        let p = player.start().map_err(|e| e.to_string())?;
        *slot = p.engine().map(str::to_owned);
    }
    let mut standing = Standing {
        planned: spec.pair_indices().count() as u64,
        ..Standing::default()
    };
    let mut run = spec.sprt.map(SprtRun::new);
    // Pairs are counted in their index order, each once every pair before it has finished,
    // so the SPRT sees the sequence a one-at-a-time run sees and stops at the same pair
    // whichever game finishes first.
    let mut order = InOrder {
        indices: spec.pair_indices().collect(),
        fed: 0,
        ready: spec.resumed.clone(),
    };
    let mut decided = order.feed(&mut standing, run.as_mut());
    let jobs: Vec<Job> = spec
        .pair_indices()
        .filter(|p| decided.is_none() && !spec.resumed.contains_key(p))
        .flat_map(|p| [(p, 0), (p, 1)])
        .collect();
    let mut pending: BTreeMap<u64, [Option<GameRecord>; 2]> = BTreeMap::new();
    let mut pairs = Vec::new();
    let mut failure = None;
    let next = AtomicUsize::new(0);
    let (reports, inbox) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..spec.concurrency.clamp(1, jobs.len().max(1)) {
            let reports = reports.clone();
            let (jobs, next) = (&jobs, &next);
            scope.spawn(move || work(spec, jobs, next, stop, &reports));
        }
        drop(reports);
        for report in inbox {
            let ((pair, game), record) = match report {
                Report::Game(job, record) => (job, *record),
                Report::Failed(why) => {
                    failure.get_or_insert(why);
                    stop.stop();
                    continue;
                }
            };
            let slot = pending.entry(pair).or_default();
            slot[game] = Some(record);
            let [Some(_), Some(_)] = slot else { continue };
            let [Some(a), Some(b)] = pending.remove(&pair).expect("a pending pair") else {
                unreachable!("both games are in");
            };
            let done = PairRecord {
                index: pair,
                games: [a, b],
            };
            if decided.is_none() {
                order.ready.insert(pair, done.outcomes());
                decided = order.feed(&mut standing, run.as_mut());
                if decided.is_some() {
                    stop.stop();
                }
            }
            on_pair(&PairFinished {
                standing: &standing,
                pair: &done,
                engines: &engines,
            });
            pairs.push(done);
        }
    });
    if let Some(why) = failure {
        return Err(why);
    }
    pairs.sort_by_key(|p| p.index);
    // Pairs past the one the SPRT decided at are no part of the test it ran.
    if let Some((_, last)) = decided {
        pairs.retain(|p| p.index <= last);
    }
    let ending = match decided.map(|(d, _)| d) {
        Some(d) => Ending::Decided(d),
        None if stop.is_stopped() => Ending::Interrupted,
        None => Ending::Complete,
    };
    Ok(MatchOutcome {
        pairs,
        unpaired: pending.into_values().flatten().flatten().collect(),
        standing,
        ending,
        engines,
        elapsed: started.elapsed(),
    })
}

/// The finished pairs not yet counted, and where the count stands in the pairs' order.
struct InOrder {
    /// The pairs of this run, in index order.
    indices: Vec<u64>,
    /// How many of them are counted.
    fed: usize,
    /// Finished pairs waiting for an earlier one.
    ready: BTreeMap<u64, [Outcome; 2]>,
}

impl InOrder {
    /// Counts every waiting pair whose predecessors are all counted; the SPRT's decision
    /// and the pair it came at, once it decides.
    fn feed(
        &mut self,
        standing: &mut Standing,
        mut run: Option<&mut SprtRun>,
    ) -> Option<(Decision, u64)> {
        while let Some(&index) = self.indices.get(self.fed) {
            let Some(outcomes) = self.ready.remove(&index) else {
                break;
            };
            self.fed += 1;
            count(standing, outcomes, run.as_deref_mut());
            if let Some(d) = standing.sprt.as_ref().and_then(|s| s.decision) {
                return Some((d, index));
            }
        }
        None
    }
}

/// Adds a finished pair, the first player's results, to the counts and the SPRT.
fn count(standing: &mut Standing, outcomes: [Outcome; 2], run: Option<&mut SprtRun>) {
    standing.pairs += 1;
    standing.pentanomial.0[outcomes[0].half_points() + outcomes[1].half_points()] += 1;
    for o in outcomes {
        standing.wdl.record(o);
    }
    if let Some(run) = run {
        standing.sprt = run.update_pairs(&standing.pentanomial).ok();
    }
}

/// A worker: takes the next game until none is left or a stop is asked, with players of
/// its own, started when first needed and again after one fails.
fn work(
    spec: &MatchSpec,
    jobs: &[Job],
    next: &AtomicUsize,
    stop: &StopHandle,
    reports: &mpsc::Sender<Report>,
) {
    let mut players: [Option<Box<dyn Player>>; 2] = [None, None];
    while !stop.is_stopped() {
        let Some(&(pair, game)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
            return;
        };
        for (slot, player) in players.iter_mut().zip(&spec.players) {
            if slot.is_none() {
                match player.start() {
                    Ok(p) => *slot = Some(p),
                    Err(e) => {
                        let _ = reports.send(Report::Failed(e.to_string()));
                        return;
                    }
                }
            }
        }
        let [Some(first), Some(second)] = &mut players else {
            unreachable!("both players started");
        };
        let (order, names) = if game == 0 {
            (
                [first, second],
                [&spec.players[0].name, &spec.players[1].name],
            )
        } else {
            (
                [second, first],
                [&spec.players[1].name, &spec.players[0].name],
            )
        };
        let [white, black] = order;
        let opening = spec.book.opening(pair);
        let played = play_game(
            opening,
            [white.as_mut(), black.as_mut()],
            names.map(String::as_str),
            spec.control,
            spec.adjudication,
            stop,
        );
        let Ok(played) = played else { return };
        // A player that fails once a stop was asked may have been ended by the same signal
        // (a batch system's SIGTERM reaches every process of the task): the game is dropped
        // as one under way, not counted as a loss.
        if stop.is_stopped() && played.record.reason == Reason::EngineFailure {
            return;
        }
        // Colour to player: White is the first player in game 0.
        for (colour, broken) in played.broken.into_iter().enumerate() {
            if broken {
                players[colour ^ game] = None;
            }
        }
        if reports
            .send(Report::Game((pair, game), Box::new(played.record)))
            .is_err()
        {
            return;
        }
    }
}
