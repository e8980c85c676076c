//! A match as `nullmove chess match` asks for it, checked into the arena's [`MatchSpec`], and
//! the command line that plays it again, every setting spelled out.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use nullmove_arena::{
    Adjudication, Book, Control, MatchSpec, PlayerSpec, Provenance, Shard, search_signature,
};
use nullmove_elo::Sprt;

use crate::Error;

/// The match's settings as given, before any is checked.
#[derive(Debug, Clone)]
pub struct MatchRequest {
    /// The two players, `A,B`.
    pub players: String,
    /// The book's file.
    pub book: PathBuf,
    /// The seed of the book's order, if any.
    pub book_seed: Option<u64>,
    /// Only the book's positions with at most this many pieces.
    pub book_max_pieces: Option<u32>,
    /// Game pairs in the whole match.
    pub pairs: u64,
    /// Play more pairs than the book has positions without the warning (a clock only).
    pub repeat_book: bool,
    /// A clock or nodes a move.
    pub control: Control,
    /// Games at once (the machine's cores when `None`).
    pub concurrency: Option<u64>,
    /// The SPRT that stops the match.
    pub sprt: Option<Sprt>,
    /// The shard played.
    pub shard: Option<Shard>,
    /// The adjudication rule.
    pub adjudication: Option<Adjudication>,
    /// The PGN file.
    pub pgn: Option<PathBuf>,
    /// The match file.
    pub out: Option<PathBuf>,
    /// Going on from the match file.
    pub resume: bool,
    /// The document printed as JSON.
    pub json: bool,
    /// The `nullmove` program that plays `uci:NAME` players.
    pub program: Option<PathBuf>,
}

impl MatchRequest {
    /// The match asked for, every setting checked.
    pub fn spec(&self) -> Result<MatchSpec, Error> {
        let names: Vec<&str> = self.players.split(',').collect();
        let [a, b] = names.as_slice() else {
            return Err(Error::Message(format!(
                "--players {:?}: expected two players, A,B",
                self.players
            )));
        };
        let player =
            |p: &str| PlayerSpec::parse(p.trim(), self.program.as_deref()).map_err(Error::Message);
        let players = [player(a)?, player(b)?];
        if self.resume && self.pgn.is_some() {
            return Err(Error::msg(
                "--resume with --pgn: the PGN of the pairs already played (each move's score \
                 and time) is not in the JSON the run goes on from; write the PGN from a run \
                 without --resume",
            ));
        }
        if self.sprt.is_some() && self.shard.is_some() {
            return Err(Error::msg(
                "--sprt with --shard: a shard cannot stop the others; play the shards without \
                 it and run the test over them as they play with `nullmove chess match merge \
                 SHARDS --sprt ELO0,ELO1`, which says when it decides",
            ));
        }
        let concurrency = self.concurrency.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |n| n as usize,
        );
        let spec = MatchSpec {
            players,
            book: self.book()?,
            pairs: self.pairs,
            control: self.control,
            concurrency,
            sprt: self.sprt,
            shard: self.shard,
            adjudication: self.adjudication,
            resumed: BTreeMap::new(),
        };
        spec.book_cover(self.repeat_book).map_err(Error::Message)?;
        if let Some(shard) = spec.shard
            && spec.pair_indices().next().is_none()
        {
            let pairs = self.pairs;
            return Err(Error::Message(format!(
                "--shard {shard} has no pair: the match has {pairs} (pair indices 0..{pairs}), \
                 so use at most {pairs} shards"
            )));
        }
        Ok(spec)
    }

    /// The book read, cut to its few-piece positions and ordered by the seed as asked.
    fn book(&self) -> Result<Book, Error> {
        let mut book = Book::read(Path::new(&self.book)).map_err(Error::Message)?;
        if let Some(pieces) = self.book_max_pieces {
            if book.positions.iter().all(|b| b.occupied().len() <= pieces) {
                return Err(Error::Message(format!(
                    "--book-max-pieces {pieces} changes nothing: every position of {} has at \
                     most {pieces} pieces",
                    book.name
                )));
            }
            book = book.at_most_pieces(pieces).map_err(Error::Message)?;
        }
        if let Some(seed) = self.book_seed {
            book = book.shuffled(seed);
        }
        Ok(book)
    }

    /// The build (`version`, `commit`) and this command: what the match file records so that
    /// a run resumes only the very match it began, and a reader can play it again.
    pub fn provenance(
        &self,
        spec: &MatchSpec,
        version: &str,
        commit: &str,
    ) -> Result<Provenance, Error> {
        Ok(Provenance {
            version: version.to_owned(),
            commit: commit.to_owned(),
            chess_bench: search_signature().map_err(Error::Message)?,
            command: self.command_line(spec),
        })
    }

    /// The command that plays this run again, every setting spelled out in one order (the
    /// concurrency too, the machine's cores when it was not given).
    #[must_use]
    pub fn command_line(&self, spec: &MatchSpec) -> Vec<String> {
        let mut words: Vec<String> = ["nullmove", "chess", "match"].map(str::to_owned).to_vec();
        let mut flag = |name: &str, value: Option<String>| {
            words.push(format!("--{name}"));
            words.extend(value);
        };
        flag("players", Some(self.players.clone()));
        flag("book", Some(self.book.display().to_string()));
        if let Some(pieces) = spec.book.max_pieces {
            flag("book-max-pieces", Some(pieces.to_string()));
        }
        if let Some(seed) = spec.book.seed {
            flag("book-seed", Some(seed.to_string()));
        }
        flag("pairs", Some(spec.pairs.to_string()));
        if self.repeat_book {
            flag("repeat-book", None);
        }
        match spec.control {
            Control::Clock(tc) => flag("tc", Some(tc.to_string())),
            Control::Nodes(n) => flag("nodes", Some(n.to_string())),
        }
        flag("concurrency", Some(spec.concurrency.to_string()));
        if let Some(s) = spec.sprt {
            flag("sprt", Some(format!("{},{},{}", s.elo0, s.elo1, s.model)));
        }
        if let Some(a) = spec.adjudication {
            flag("adjudicate", Some(format!("{},{}", a.score, a.moves)));
        }
        if let Some(shard) = spec.shard {
            flag("shard", Some(shard.to_string()));
        }
        for (name, path) in [("out", &self.out), ("pgn", &self.pgn)] {
            if let Some(path) = path {
                flag(name, Some(path.display().to_string()));
            }
        }
        for (name, on) in [("resume", self.resume), ("json", self.json)] {
            if on {
                flag(name, None);
            }
        }
        words
    }
}
