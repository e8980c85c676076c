//! Our engine in the runner's process: a [`Thinker`] of its own, timed by the runner like
//! any other player.

use std::time::Duration;

use nullmove_chess::uci;
use nullmove_optimized::{Guards, StopHandle};

use super::{Limit, Player, PlayerError, Reply};
use crate::uci::DEFAULT_OVERHEAD_MS;
use crate::uci::Settings;
use crate::{GoLimits, Line, Thinker, budget};

/// Our engine in process under one configuration: the same thinking and time management
/// as `nullmove uci` with its default options, without the process and the pipe.
#[derive(Debug)]
pub struct InProcess {
    thinker: Thinker,
    overhead: Duration,
}

impl InProcess {
    /// A player searching under `guards` with a table of `hash_mib` MiB.
    #[must_use]
    pub fn new(guards: Guards, hash_mib: u32) -> Self {
        Self {
            thinker: Thinker::new(guards, hash_mib),
            overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
        }
    }
}

impl InProcess {
    /// A player as `nullmove uci` would play under `settings` (the configuration, the
    /// table's size, the move overhead, the deep search's options).
    #[must_use]
    pub fn with_settings(settings: &Settings) -> Self {
        let mut thinker = Thinker::new(settings.guards, settings.hash_mib);
        thinker.set_options(settings.search);
        thinker.set_threads(settings.threads);
        Self {
            thinker,
            overhead: settings.overhead,
        }
    }
}

impl Player for InProcess {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        self.thinker.new_game();
        Ok(())
    }

    fn go(
        &mut self,
        line: &Line,
        limit: &Limit,
        _deadline: Duration,
    ) -> Result<Reply, PlayerError> {
        let limits = match *limit {
            Limit::Nodes(n) => GoLimits {
                nodes: Some(n),
                ..GoLimits::default()
            },
            Limit::Clock {
                white,
                black,
                increment,
            } => {
                let ours = if line.board().side_to_move() == cozy_chess::Color::White {
                    white
                } else {
                    black
                };
                GoLimits {
                    time: Some(budget(ours, increment, None, self.overhead)),
                    ..GoLimits::default()
                }
            }
        };
        let thought = self
            .thinker
            .think(line, &limits, &StopHandle::new(), |_| {});
        let best = thought
            .best
            .ok_or_else(|| PlayerError::Failed("asked to move in a finished game".to_owned()))?;
        Ok(Reply {
            mv: uci(line.board(), best),
            score: thought.info.as_ref().map(|i| i.score),
            depth: thought.info.as_ref().map(|i| i.depth),
            nodes: thought.info.as_ref().map(|i| i.nodes),
        })
    }
}
