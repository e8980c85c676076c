//! A match result read back and checked, so a committed result is evidence and not a claim:
//! every game legal from its opening and ended as the rules end it, its openings the book's,
//! and, at fixed nodes (deterministic), its first pairs played again by our engine move for
//! move.

use cozy_chess::Board;
use nullmove_chess::{parse_fen, parse_uci};
use nullmove_optimized::StopHandle;

use crate::arbiter::{Control, GameResult, Reason, rules_end};
use crate::document::{GameDoc, MatchFields, PairDoc};
use crate::player::{PlayerSpec, Program};
use crate::{Book, Line, play_game};

/// Reads a match document (`nullmove chess match --json`, or a merge): its fields, every
/// pair among them.
pub fn read_match(json: &str) -> Result<MatchFields, String> {
    serde_json::from_str(json).map_err(|e| format!("not a match document: {e}"))
}

/// Checks every game of `fields` by the rules: each move legal from the pair's opening, no
/// rule ending the game before its last move, and the result and reason the rules give
/// after it. A game ended otherwise is named as an error (a fixed-node match between our
/// configurations ends by the rules alone), save at a clock a game lost on time by the side
/// to move. With `book`, every pair's opening must be the book's position of its index.
pub fn check_games(fields: &MatchFields, book: Option<&Book>) -> Result<(), String> {
    if let Some(index) = fields.replayed_pair() {
        return Err(crate::document::replayed(index, fields.book_positions));
    }
    let cut = match (book, fields.book_max_pieces) {
        (Some(book), Some(pieces)) => Some(book.at_most_pieces(pieces)?),
        _ => None,
    };
    let book = cut.as_ref().or(book);
    let drawn = match (book, fields.book_seed) {
        (Some(book), Some(seed)) => Some(book.shuffled(seed)),
        _ => None,
    };
    let book = drawn.as_ref().or(book);
    if let Some(book) = book
        && (book.name != fields.book || book.positions.len() != fields.book_positions)
    {
        return Err(format!(
            "the match was played from {} ({} positions), not from {} ({})",
            fields.book,
            fields.book_positions,
            book.name,
            book.positions.len()
        ));
    }
    for pair in &fields.pairs {
        let opening = opening(pair)?;
        if let Some(book) = book
            && *book.opening(pair.index) != opening
        {
            return Err(match book.seed {
                None => format!(
                    "pair {}: its opening is not line {} of {}",
                    pair.index,
                    pair.index % book.positions.len() as u64 + 1,
                    book.name
                ),
                Some(seed) => format!(
                    "pair {}: its opening is not position {} of {} in the order of seed {seed}",
                    pair.index, pair.index, book.name
                ),
            });
        }
        if pair.games.len() != 2 {
            return Err(format!(
                "pair {}: {} games, not 2",
                pair.index,
                pair.games.len()
            ));
        }
        for (i, game) in pair.games.iter().enumerate() {
            check_game(&opening, game, fields.time_control.is_some())
                .map_err(|e| format!("pair {}, game {}: {e}", pair.index, i + 1))?;
        }
    }
    Ok(())
}

/// The opening of `pair`, parsed.
fn opening(pair: &PairDoc) -> Result<Board, String> {
    parse_fen(&pair.opening).map_err(|e| format!("pair {}: {e}", pair.index))
}

/// One game's moves and end, by the rules; at a `clock`, a game may also end on time,
/// lost by the side to move (or drawn, where its opponent cannot mate).
fn check_game(opening: &Board, game: &GameDoc, clock: bool) -> Result<(), String> {
    if game.plies != game.moves.len() {
        return Err(format!(
            "{} plies stated, {} moves given",
            game.plies,
            game.moves.len()
        ));
    }
    let mut line = Line::new(opening.clone());
    for (ply, text) in game.moves.iter().enumerate() {
        if let Some((_, reason)) = rules_end(&line) {
            return Err(format!(
                "the game was over by {} before ply {}",
                reason.words(),
                ply + 1
            ));
        }
        let mv =
            parse_uci(line.board(), text).map_err(|e| format!("ply {} ({text}): {e}", ply + 1))?;
        line.play(mv).map_err(|e| format!("ply {}: {e}", ply + 1))?;
    }
    match rules_end(&line) {
        Some(end) if end == (game.result, game.reason) => Ok(()),
        Some((result, reason)) => Err(format!(
            "the rules end it {} by {}, the record says {} by {}",
            result.pgn(),
            reason.words(),
            game.result.pgn(),
            game.reason.words()
        )),
        None if game.reason == Reason::Adjudication => Ok(()),
        None if clock && game.reason == Reason::TimeForfeit => {
            if game.result == GameResult::win(line.board().side_to_move()) {
                Err(format!(
                    "the side to move, out of time, is recorded as winning ({})",
                    game.result.pgn()
                ))
            } else {
                Ok(())
            }
        }
        None => Err(format!(
            "the rules do not end it after its last move, yet the record says {} by {}",
            game.result.pgn(),
            game.reason.words()
        )),
    }
}

/// Plays the first `count` pairs of a fixed-node match between our configurations again
/// (in process, the same nodes and adjudication) and checks each game is the recorded one,
/// move for move, result and reason: what a fixed-node run guarantees.
pub fn replay_pairs(fields: &MatchFields, count: usize) -> Result<(), String> {
    let Some(nodes) = fields.nodes else {
        return Err(
            "a match at a time control cannot be replayed: only fixed nodes are \
                    deterministic"
                .to_owned(),
        );
    };
    let specs = fields
        .players
        .iter()
        .map(|p| match (&p.configuration, &p.command) {
            (Some(config), None) => PlayerSpec::parse(config, None),
            _ => Err(format!(
                "{} is not our engine in process: only those are replayed here",
                p.name
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let [first, second] = specs.as_slice() else {
        return Err(format!("{} players, not 2", specs.len()));
    };
    if fields.pairs.len() < count {
        return Err(format!(
            "{} pairs recorded, fewer than the {count} to replay",
            fields.pairs.len()
        ));
    }
    let names = [first.name.as_str(), second.name.as_str()];
    let stop = StopHandle::default();
    for pair in fields.pairs.iter().take(count) {
        let opening = opening(pair)?;
        for (i, recorded) in pair.games.iter().enumerate() {
            let mut players = [start(first)?, start(second)?];
            let [a, b] = &mut players;
            let (order, names) = if i == 0 {
                ([a, b], names)
            } else {
                ([b, a], [names[1], names[0]])
            };
            let [white, black] = order;
            let played = play_game(
                &opening,
                [white.as_mut(), black.as_mut()],
                names,
                Control::Nodes(nodes),
                fields.adjudication,
                &stop,
            )
            .map_err(|_| "the replay was interrupted".to_owned())?;
            let again = GameDoc::from(&played.record);
            if !again.same_game(recorded) {
                return Err(mismatch(pair.index, i, recorded, &again));
            }
        }
    }
    Ok(())
}

/// A player of the replay.
fn start(spec: &PlayerSpec) -> Result<Box<dyn crate::Player>, String> {
    debug_assert!(matches!(spec.program, Program::InProcess(_)));
    spec.start().map_err(|e| e.to_string())
}

/// Where a replayed game leaves the recorded one.
fn mismatch(pair: u64, game: usize, recorded: &GameDoc, again: &GameDoc) -> String {
    let first = recorded
        .moves
        .iter()
        .zip(&again.moves)
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| recorded.moves.len().min(again.moves.len()));
    format!(
        "pair {pair}, game {}: replayed at the same nodes it is not the recorded game (from \
         ply {}: recorded {} {} by {} in {} plies, replayed {} {} by {} in {}); the engine or \
         the record changed since the match was played",
        game + 1,
        first + 1,
        recorded.moves.get(first).map_or("(end)", String::as_str),
        recorded.result.pgn(),
        recorded.reason.words(),
        recorded.plies,
        again.moves.get(first).map_or("(end)", String::as_str),
        again.result.pgn(),
        again.reason.words(),
        again.plies
    )
}
