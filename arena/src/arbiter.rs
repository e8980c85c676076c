//! One game between two players from an opening: the rules' ends (mate, stalemate,
//! threefold repetition, the fifty-move rule, insufficient material), the clock, illegal
//! moves, players that fail, and the optional score adjudication.

use std::time::{Duration, Instant};

use cozy_chess::{BitBoard, Board, Color, Piece};
use nullmove_chess::{parse_uci, san};
use nullmove_optimized::{Score, StopHandle};
use serde::{Deserialize, Serialize};

use crate::player::{Limit, Player, PlayerError};
use crate::{Line, TimeControl, centipawns};

/// What each move is searched under, for the whole match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// A clock per side (`--tc`).
    Clock(TimeControl),
    /// Nodes per move (`--nodes`): deterministic.
    Nodes(u64),
}

/// How long the runner waits for a fixed-node move before it calls the player stalled.
const NODES_DEADLINE: Duration = Duration::from_secs(60);

/// How long past its clock the runner waits for a move (to record a time loss rather than
/// a stalled player).
const CLOCK_GRACE: Duration = Duration::from_secs(2);

/// The score adjudication: a game is given to a side once both engines agree it is ahead
/// by at least `score` centipawns for `moves` moves each in a row (cutechess's two-sided
/// resign rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// The margin in centipawns.
    pub score: i32,
    /// Consecutive moves of each side.
    pub moves: u32,
}

/// `CP,MOVES`, CP in 1..=30000 centipawns and MOVES in 1..=1000.
impl std::str::FromStr for Adjudication {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (cp, moves) = s
            .split_once(',')
            .ok_or_else(|| format!("{s:?}: expected CP,MOVES (e.g. 1000,4)"))?;
        let cp = cp
            .trim()
            .parse::<i32>()
            .ok()
            .filter(|c| (1..=30_000).contains(c));
        let moves = moves
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|m| (1..=1000).contains(m));
        match (cp, moves) {
            (Some(score), Some(moves)) => Ok(Self { score, moves }),
            _ => Err(format!(
                "{s:?}: expected CP,MOVES with CP in 1..=30000 centipawns and MOVES in 1..=1000"
            )),
        }
    }
}

/// A game's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// Drawn.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// As PGN writes it.
    #[must_use]
    pub const fn pgn(self) -> &'static str {
        match self {
            Self::WhiteWins => "1-0",
            Self::BlackWins => "0-1",
            Self::Draw => "1/2-1/2",
        }
    }

    /// A win for `winner`.
    #[must_use]
    pub fn win(winner: Color) -> Self {
        if winner == Color::White {
            Self::WhiteWins
        } else {
            Self::BlackWins
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position a third time (FIDE's rule).
    Repetition,
    /// A hundred plies without capture or pawn move.
    FiftyMoves,
    /// Neither side can mate (kings, one minor piece, or bishops on one colour only).
    InsufficientMaterial,
    /// The score adjudication.
    Adjudication,
    /// A side's clock ran out (a draw when the other side has only its king).
    TimeForfeit,
    /// A side answered a move that is not legal.
    IllegalMove,
    /// A side's engine ended, stalled or broke the protocol.
    EngineFailure,
}

impl Reason {
    /// In words, for tables and PGN comments.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Self::Checkmate => "checkmate",
            Self::Stalemate => "stalemate",
            Self::Repetition => "threefold repetition",
            Self::FiftyMoves => "fifty-move rule",
            Self::InsufficientMaterial => "insufficient material",
            Self::Adjudication => "adjudication",
            Self::TimeForfeit => "time forfeit",
            Self::IllegalMove => "illegal move",
            Self::EngineFailure => "engine failure",
        }
    }
}

/// One move as played: both notations, what the engine said, its time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRecord {
    /// UCI notation.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// The mover's score.
    pub score: Option<Score>,
    /// The depth of that score.
    pub depth: Option<u32>,
    /// The nodes the mover searched, as it last reported them.
    pub nodes: Option<u64>,
    /// The time the mover took.
    pub time: Duration,
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The opening position (FEN).
    pub opening: String,
    /// White's and Black's player names.
    pub players: [String; 2],
    /// The result.
    pub result: GameResult,
    /// Why it ended.
    pub reason: Reason,
    /// What the reason does not say: the illegal move, the failure.
    pub detail: Option<String>,
    /// The moves.
    pub moves: Vec<MoveRecord>,
}

/// A game played, and which players (White, Black) failed and must be started again.
#[derive(Debug)]
pub struct Played {
    /// The game.
    pub record: GameRecord,
    /// Per colour, whether the player is no longer usable.
    pub broken: [bool; 2],
}

/// The game was interrupted (a stop asked for): nothing of it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

/// Plays one game from `opening`, `players[0]` White; checks `stop` before every move.
pub fn play_game(
    opening: &Board,
    players: [&mut dyn Player; 2],
    names: [&str; 2],
    control: Control,
    adjudication: Option<Adjudication>,
    stop: &StopHandle,
) -> Result<Played, Interrupted> {
    let mut game = Game {
        line: Line::new(opening.clone()),
        moves: Vec::new(),
        broken: [false; 2],
        streaks: [[0; 2]; 2],
        control,
        clocks: match control {
            Control::Clock(tc) => [tc.base; 2],
            Control::Nodes(_) => [Duration::ZERO; 2],
        },
        adjudication,
    };
    let end = game.play(players, stop)?;
    Ok(Played {
        record: GameRecord {
            opening: opening.to_string(),
            players: names.map(str::to_owned),
            result: end.result,
            reason: end.reason,
            detail: end.detail,
            moves: game.moves,
        },
        broken: game.broken,
    })
}

/// How a game ended.
struct End {
    result: GameResult,
    reason: Reason,
    detail: Option<String>,
}

impl End {
    const fn new(result: GameResult, reason: Reason, detail: Option<String>) -> Self {
        Self {
            result,
            reason,
            detail,
        }
    }
}

/// A game under way.
struct Game {
    line: Line,
    moves: Vec<MoveRecord>,
    broken: [bool; 2],
    /// Per colour: its own moves in a row scoring at least the margin, and at most minus it.
    streaks: [[u32; 2]; 2],
    control: Control,
    /// White's and Black's time left (with a clock).
    clocks: [Duration; 2],
    adjudication: Option<Adjudication>,
}

impl Game {
    /// Both players start a new game, then move in turn until the game ends.
    fn play(
        &mut self,
        mut players: [&mut dyn Player; 2],
        stop: &StopHandle,
    ) -> Result<End, Interrupted> {
        for (side, player) in players.iter_mut().enumerate() {
            if let Err(e) = player.new_game() {
                self.broken[side] = true;
                let winner = if side == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let detail = Some(e.to_string());
                return Ok(End::new(
                    GameResult::win(winner),
                    Reason::EngineFailure,
                    detail,
                ));
            }
        }
        loop {
            if stop.is_stopped() {
                return Err(Interrupted);
            }
            if let Some((result, reason)) = rules_end(&self.line) {
                return Ok(End::new(result, reason, None));
            }
            let side = self.line.board().side_to_move();
            if let Some(end) = self.turn(side, &mut *players[side as usize]) {
                return Ok(end);
            }
        }
    }

    /// `side`'s move: asked of `player` under the limit, timed against its clock, checked,
    /// played, and counted toward the adjudication; the end it brings, if any.
    fn turn(&mut self, side: Color, player: &mut dyn Player) -> Option<End> {
        let us = side as usize;
        let (limit, deadline) = match self.control {
            Control::Nodes(n) => (Limit::Nodes(n), NODES_DEADLINE),
            Control::Clock(tc) => (
                Limit::Clock {
                    white: self.clocks[0],
                    black: self.clocks[1],
                    increment: tc.increment,
                },
                self.clocks[us] + CLOCK_GRACE,
            ),
        };
        let started = Instant::now();
        let reply = player.go(&self.line, &limit, deadline);
        let spent = started.elapsed();
        let reply = match reply {
            Ok(reply) => reply,
            Err(e) => {
                self.broken[us] = true;
                let stalled = matches!(e, PlayerError::Stalled(..));
                let (result, reason) = match self.control {
                    Control::Clock(_) if stalled => time_forfeit(self.line.board(), side),
                    _ => (GameResult::win(!side), Reason::EngineFailure),
                };
                return Some(End::new(result, reason, Some(e.to_string())));
            }
        };
        if let Control::Clock(tc) = self.control {
            let Some(left) = self.clocks[us].checked_sub(spent) else {
                let (result, reason) = time_forfeit(self.line.board(), side);
                let over = spent.saturating_sub(self.clocks[us]).as_millis();
                return Some(End::new(result, reason, Some(format!("{over} ms over"))));
            };
            self.clocks[us] = left + tc.increment;
        }
        let Ok(mv) = parse_uci(self.line.board(), &reply.mv) else {
            let detail = format!("{:?} in {}", reply.mv, self.line.board());
            return Some(End::new(
                GameResult::win(!side),
                Reason::IllegalMove,
                Some(detail),
            ));
        };
        self.moves.push(MoveRecord {
            uci: reply.mv.clone(),
            san: san(self.line.board(), mv),
            score: reply.score,
            depth: reply.depth,
            nodes: reply.nodes,
            time: spent,
        });
        self.line.play(mv).expect("a move parse_uci found legal");
        let rule = self.adjudication?;
        let winner = self.adjudicate(side, reply.score, rule)?;
        Some(End::new(
            GameResult::win(winner),
            Reason::Adjudication,
            None,
        ))
    }

    /// Counts the mover's score toward the adjudication; the winner once both sides agree
    /// for long enough.
    fn adjudicate(
        &mut self,
        mover: Color,
        score: Option<Score>,
        rule: Adjudication,
    ) -> Option<Color> {
        let cp = score.map(centipawns);
        let [ahead, behind] = &mut self.streaks[mover as usize];
        *ahead = if cp.is_some_and(|s| s >= rule.score) {
            *ahead + 1
        } else {
            0
        };
        *behind = if cp.is_some_and(|s| s <= -rule.score) {
            *behind + 1
        } else {
            0
        };
        [Color::White, Color::Black].into_iter().find(|&c| {
            self.streaks[c as usize][0] >= rule.moves && self.streaks[!c as usize][1] >= rule.moves
        })
    }
}

/// The end the rules declare where `line` stands, if any.
pub(crate) fn rules_end(line: &Line) -> Option<(GameResult, Reason)> {
    let board = line.board();
    if !board.generate_moves(|_| true) {
        return Some(if board.checkers().is_empty() {
            (GameResult::Draw, Reason::Stalemate)
        } else {
            (GameResult::win(!board.side_to_move()), Reason::Checkmate)
        });
    }
    if insufficient_material(board) {
        return Some((GameResult::Draw, Reason::InsufficientMaterial));
    }
    if board.halfmove_clock() >= 100 {
        return Some((GameResult::Draw, Reason::FiftyMoves));
    }
    if line.repetitions() >= 3 {
        return Some((GameResult::Draw, Reason::Repetition));
    }
    None
}

/// The light squares (b1, a2, ...).
const LIGHT: BitBoard = BitBoard(0x55AA_55AA_55AA_55AA);

/// Whether no sequence of legal moves can mate: kings alone, a single knight or bishop, or
/// bishops all on squares of one colour (FIDE's dead positions that material alone shows).
#[must_use]
pub fn insufficient_material(board: &Board) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight).len();
    let bishops = board.pieces(Piece::Bishop);
    let one_colour = (bishops & LIGHT).is_empty() || (bishops & !LIGHT).is_empty();
    knights + bishops.len() <= 1 || (knights == 0 && one_colour)
}

/// A flag fall of `side`: a loss, or a draw when the other side has only its king left.
fn time_forfeit(board: &Board, side: Color) -> (GameResult, Reason) {
    if board.colors(!side) == board.colored_pieces(!side, Piece::King) {
        (GameResult::Draw, Reason::TimeForfeit)
    } else {
        (GameResult::win(!side), Reason::TimeForfeit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_reads_cp_and_moves_in_range() {
        let a: Adjudication = "1000, 4".parse().unwrap();
        assert_eq!((a.score, a.moves), (1000, 4));
        for bad in ["1000", "0,4", "30001,4", "1000,0", "1000,1001", "x,4"] {
            assert!(bad.parse::<Adjudication>().is_err(), "{bad}");
        }
    }

    fn board(fen: &str) -> Board {
        nullmove_chess::parse_fen(fen).unwrap()
    }

    #[test]
    fn dead_positions_by_material() {
        for fen in [
            "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
            "8/8/4k3/8/8/3KN3/8/8 w - - 0 1",
            "8/8/4kb2/8/8/3KB3/8/8 w - - 0 1", // both bishops on dark squares
            "8/8/4k3/8/8/2BKB3/8/8 w - - 0 1", // c3 and e3: both dark
        ] {
            assert!(insufficient_material(&board(fen)), "{fen}");
        }
        for fen in [
            "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",
            "8/8/4kb2/8/8/3K1B2/8/8 w - - 0 1", // f6 dark, f3 light
            "8/8/4k3/8/8/3KBN2/8/8 w - - 0 1",
            "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",
        ] {
            assert!(!insufficient_material(&board(fen)), "{fen}");
        }
    }

    #[test]
    fn the_rules_end_games() {
        let mated = Line::new(board("3Q2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"));
        assert_eq!(
            rules_end(&mated),
            Some((GameResult::WhiteWins, Reason::Checkmate))
        );
        let stale = Line::new(board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
        assert_eq!(
            rules_end(&stale),
            Some((GameResult::Draw, Reason::Stalemate))
        );
        let fifty = Line::new(board("8/8/4k3/8/8/3K4/4P3/8 w - - 100 80"));
        assert_eq!(
            rules_end(&fifty),
            Some((GameResult::Draw, Reason::FiftyMoves))
        );
        let mut line = Line::new(Board::default());
        for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            line.play_uci(mv).unwrap();
            assert_eq!(rules_end(&line), None);
        }
        line.play_uci("f6g8").unwrap();
        assert_eq!(
            rules_end(&line),
            Some((GameResult::Draw, Reason::Repetition))
        );
    }

    #[test]
    fn a_flag_fall_against_a_bare_king_draws() {
        let b = board("8/8/4k3/8/8/3K4/4P3/8 b - - 0 1");
        assert_eq!(
            time_forfeit(&b, Color::White),
            (GameResult::Draw, Reason::TimeForfeit)
        );
        assert_eq!(
            time_forfeit(&b, Color::Black),
            (GameResult::WhiteWins, Reason::TimeForfeit)
        );
    }
}
