//! One game under the runner's rules with scripted players: the two-sided score
//! adjudication, an illegal move, a player that fails, a flag fall, and a stop.

use std::time::Duration;

use cozy_chess::Board;
use nullmove_arena::player::{Limit, Player, PlayerError, Reply};
use nullmove_arena::{
    Adjudication, Control, GameResult, Line, Reason, Score, StopHandle, TimeControl, play_game,
};

/// A player that answers from a script, each move with the same score, after `delay`.
struct Script {
    moves: Vec<&'static str>,
    next: usize,
    score: Option<Score>,
    delay: Duration,
    fail_at: Option<usize>,
}

impl Script {
    fn new(moves: &[&'static str], score: Option<Score>) -> Self {
        Self {
            moves: moves.to_vec(),
            next: 0,
            score,
            delay: Duration::ZERO,
            fail_at: None,
        }
    }
}

impl Player for Script {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.next = 0;
        Ok(())
    }

    fn go(&mut self, _: &Line, _: &Limit, _: Duration) -> Result<Reply, PlayerError> {
        if self.fail_at == Some(self.next) {
            return Err(PlayerError::Failed("script: gone".to_owned()));
        }
        std::thread::sleep(self.delay);
        let mv = self.moves[self.next % self.moves.len()];
        self.next += 1;
        Ok(Reply {
            mv: mv.to_owned(),
            score: self.score,
            depth: Some(1),
            nodes: Some(100),
        })
    }
}

const KNIGHTS_W: [&str; 2] = ["g1f3", "f3g1"];
const KNIGHTS_B: [&str; 2] = ["g8f6", "f6g8"];

fn play(
    white: &mut Script,
    black: &mut Script,
    control: Control,
    rule: Option<Adjudication>,
) -> nullmove_arena::GameRecord {
    play_game(
        &Board::default(),
        [white, black],
        ["w", "b"],
        control,
        rule,
        &StopHandle::new(),
    )
    .expect("not stopped")
    .record
}

#[test]
fn both_sides_agreeing_long_enough_adjudicates() {
    let rule = Adjudication {
        score: 400,
        moves: 3,
    };
    let mut w = Script::new(&KNIGHTS_W, Some(Score::Value(500)));
    let mut b = Script::new(&KNIGHTS_B, Some(Score::Value(-450)));
    let g = play(&mut w, &mut b, Control::Nodes(1), Some(rule));
    assert_eq!(
        (g.result, g.reason, g.moves.len()),
        (GameResult::WhiteWins, Reason::Adjudication, 6)
    );
    // One side alone is not enough: the repetition ends the game instead.
    let mut w = Script::new(&KNIGHTS_W, Some(Score::Value(500)));
    let mut b = Script::new(&KNIGHTS_B, Some(Score::Value(0)));
    let g = play(&mut w, &mut b, Control::Nodes(1), Some(rule));
    assert_eq!(
        (g.result, g.reason, g.moves.len()),
        (GameResult::Draw, Reason::Repetition, 8)
    );
    // A mate score counts beyond any margin.
    let mut w = Script::new(&KNIGHTS_W, Some(Score::Mate(-9)));
    let mut b = Script::new(&KNIGHTS_B, Some(Score::Mate(9)));
    let g = play(&mut w, &mut b, Control::Nodes(1), Some(rule));
    assert_eq!(
        (g.result, g.reason),
        (GameResult::BlackWins, Reason::Adjudication)
    );
}

#[test]
fn an_illegal_move_loses() {
    let mut w = Script::new(&["e2e4", "e1e3"], None);
    let mut b = Script::new(&["e7e5"], None);
    let g = play(&mut w, &mut b, Control::Nodes(1), None);
    assert_eq!(
        (g.result, g.reason, g.moves.len()),
        (GameResult::BlackWins, Reason::IllegalMove, 2)
    );
    assert!(g.detail.unwrap().contains("\"e1e3\""));
}

#[test]
fn a_failing_player_loses_and_is_marked_broken() {
    let mut w = Script::new(&KNIGHTS_W, None);
    let mut b = Script::new(&KNIGHTS_B, None);
    b.fail_at = Some(1);
    let played = play_game(
        &Board::default(),
        [&mut w, &mut b],
        ["w", "b"],
        Control::Nodes(1),
        None,
        &StopHandle::new(),
    )
    .unwrap();
    assert_eq!(
        (played.record.result, played.record.reason),
        (GameResult::WhiteWins, Reason::EngineFailure)
    );
    assert_eq!(played.broken, [false, true]);
}

#[test]
fn a_flag_falls_on_the_slow_side() {
    let tc: TimeControl = "0.05+0".parse().unwrap();
    let mut w = Script::new(&KNIGHTS_W, None);
    let mut b = Script::new(&KNIGHTS_B, None);
    b.delay = Duration::from_millis(30);
    let g = play(&mut w, &mut b, Control::Clock(tc), None);
    assert_eq!(
        (g.result, g.reason),
        (GameResult::WhiteWins, Reason::TimeForfeit)
    );
    // Black's 50 ms are gone by its second move (its first, if the machine is slow).
    assert!([1, 3].contains(&g.moves.len()), "{}", g.moves.len());
}

#[test]
fn a_stop_drops_the_game() {
    let stop = StopHandle::new();
    stop.stop();
    let mut w = Script::new(&KNIGHTS_W, None);
    let mut b = Script::new(&KNIGHTS_B, None);
    let played = play_game(
        &Board::default(),
        [&mut w, &mut b],
        ["w", "b"],
        Control::Nodes(1),
        None,
        &stop,
    );
    assert!(played.is_err());
}
