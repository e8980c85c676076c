//! [`RuleCheck`]: the rules checked on one search's events as they arrive, keeping only the
//! open calls (at most `depth limit + 1` small frames), so a search of any size is checked
//! without storing its trace.

use nullmove_core::{
    Board, Cell, Event, EventSink, LeafKind, Player, Position, SearchParams, Value, heuristic,
    score, winner,
};

use super::rule::{Rule, rule_name};
use super::tally::Tally;

/// One open call. Each flag is an independent fact about the call, set by its own event.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Copy)]
struct Frame {
    depth: u32,
    side: Player,
    alpha: Value,
    beta: Value,
    /// This call is a probe's own call.
    probe_call: bool,
    /// This call started a probe.
    probed: bool,
    /// The probe's outcome: `Some(true)` when it reached its bound.
    resolved: Option<bool>,
    pruned: bool,
    moved: bool,
    /// The real move this call has on the board, if any.
    cell: Option<Cell>,
    /// The window as plain alpha-beta's bookkeeping has it now: the node's, narrowed only
    /// by its real moves' values.
    window: (Value, Value),
    /// The best of the real moves' values so far.
    best: Option<Value>,
}

/// A probe announced by `ProbeStart` whose call has not begun yet.
#[derive(Debug, Clone, Copy)]
struct Pending {
    depth: u32,
    side: Player,
    target_depth: u32,
}

/// Checks the rules on one search's events as they arrive.
///
/// # Example
/// ```
/// use nullmove_core::{Engine, Mode, Position, SearchParams};
/// use nullmove_experiments::rules::RuleCheck;
/// let params = SearchParams::new(5, 3, Mode::Null).unwrap();
/// let mut check = RuleCheck::new(&Position::empty(), &params);
/// nullmove_naive::NaiveEngine.search_traced(&Position::empty(), &params, &mut check);
/// let tally = check.finish();
/// assert!(tally.broken.is_empty(), "{:?}", tally.broken);
/// assert_eq!(tally.probes, 9);
/// ```
#[derive(Debug)]
pub struct RuleCheck {
    context: String,
    params: SearchParams,
    /// The board rebuilt from the root and the real moves on the open calls' line.
    board: Board,
    frames: Vec<Frame>,
    pending: Option<Pending>,
    previous: Option<Event>,
    deepest: u32,
    tally: Tally,
}

impl RuleCheck {
    /// A checker for one search of `position` with `params`.
    #[must_use]
    pub fn new(position: &Position, params: &SearchParams) -> Self {
        Self {
            context: format!(
                "{position}, depth limit {}, R {}, {}",
                params.depth_limit(),
                params.reduction(),
                params.mode()
            ),
            params: *params,
            board: *position.board(),
            frames: Vec::with_capacity(params.depth_limit() as usize + 2),
            pending: None,
            previous: None,
            deepest: 0,
            tally: Tally {
                searches: 1,
                ..Tally::default()
            },
        }
    }

    fn broke(&mut self, rule: Rule, what: impl FnOnce() -> String) {
        let e = self
            .tally
            .broken
            .entry(rule_name(rule).to_owned())
            .or_default();
        if e.count == 0 {
            e.first = format!("{}: {}", self.context, what());
        }
        e.count += 1;
    }

    /// The tally of this search; also checks that every call returned.
    #[must_use]
    pub fn finish(mut self) -> Tally {
        if !self.frames.is_empty() || self.pending.is_some() {
            self.broke(Rule::LinearSpace, || {
                "the trace ends with calls still open".into()
            });
        }
        let seen = (self.deepest, self.params.depth_limit());
        match self.params.mode() {
            nullmove_core::Mode::Plain => self.tally.deepest_plain = seen,
            nullmove_core::Mode::Null => self.tally.deepest_null = seen,
        }
        self.tally
    }

    fn on_call(&mut self, depth: u32, side: Player, alpha: Value, beta: Value, allow_null: bool) {
        self.tally.nodes += 1;
        let pending = self.pending.take();
        if let Some(p) = pending {
            let node = *self.frames.last().expect("a probe starts inside a call");
            let r = self.params.reduction();
            if depth != p.depth + 1 + r || p.target_depth != depth {
                self.broke(Rule::ProbeShape, || {
                    format!(
                        "probe at depth {} entered at depth {depth}, not {}",
                        p.depth,
                        p.depth + 1 + r
                    )
                });
            }
            if side != p.side.opponent() {
                self.broke(Rule::ProbeShape, || {
                    format!("probe at depth {}: the side did not flip", p.depth)
                });
            }
            if (alpha, beta) != (node.alpha, node.beta) {
                self.broke(Rule::ProbeShape, || {
                    format!("probe at depth {}: window changed", p.depth)
                });
            }
            if allow_null {
                self.broke(Rule::NoDoubleNull, || {
                    format!("probe at depth {}: its call may try a null move", p.depth)
                });
            }
        }
        if pending.is_none() {
            self.check_window(depth, alpha, beta);
        }
        if let Some(parent) = self.frames.last().map(|f| f.depth)
            && depth <= parent
        {
            self.broke(Rule::LinearSpace, || {
                format!("a call at depth {depth} below one at depth {parent}")
            });
        }
        self.frames.push(Frame {
            depth,
            side,
            alpha,
            beta,
            probe_call: pending.is_some(),
            probed: false,
            resolved: None,
            pruned: false,
            moved: false,
            cell: None,
            window: (alpha, beta),
            best: None,
        });
        let nesting = self.frames.len() as u32;
        self.deepest = self.deepest.max(nesting);
        if nesting > self.params.depth_limit() + 1 {
            self.broke(Rule::LinearSpace, || {
                format!("calls nest {nesting} deep, more than depth limit + 1")
            });
        }
    }

    fn on_probe_start(&mut self, depth: u32, side: Player, target_depth: u32) {
        self.tally.probes += 1;
        let frame = *self.frames.last().expect("a probe starts inside a call");
        if depth == 0 || self.frames.len() == 1 {
            self.broke(Rule::NoNullAtRoot, || "a probe at the root".into());
        }
        if frame.probe_call {
            self.broke(Rule::NoDoubleNull, || {
                format!("a probe's own call at depth {depth} probes again")
            });
        }
        if frame.moved || frame.probed || frame.depth != depth || frame.side != side {
            self.broke(Rule::ProbeShape, || {
                format!("probe at depth {depth} is not its node's first step")
            });
        }
        if self.frames.iter().any(|f| f.probe_call) {
            self.tally.probes_below_a_probe += 1;
        }
        let top = self.frames.last_mut().expect("checked above");
        top.probed = true;
        self.pending = Some(Pending {
            depth,
            side,
            target_depth,
        });
    }

    fn on_move(&mut self, depth: u32, side: Player, cell: Cell) {
        let frame = *self.frames.last().expect("a move is made inside a call");
        if let Some(previous) = frame.cell {
            self.board[previous as usize] = None;
        }
        let next = self.next_empty(frame.cell);
        if next != Some(cell) {
            self.broke(Rule::SameBookkeeping, || {
                format!("node at depth {depth} tries cell {cell}, not the next empty cell")
            });
        }
        self.board[cell as usize] = Some(side);
        if frame.pruned {
            self.broke(Rule::PruneSkipsMoves, || {
                format!("a pruned node at depth {depth} moves")
            });
        }
        if frame.probed && frame.resolved.is_none() {
            self.broke(Rule::LinearSpace, || {
                format!("node at depth {depth} moves before its probe returned")
            });
        }
        let top = self.frames.last_mut().expect("checked above");
        top.moved = true;
        top.cell = Some(cell);
    }

    /// A leaf inside a probe's search must be the evaluation of the board the pass left
    /// unchanged: a pass that marked a cell, or lost one, shows here.
    fn on_leaf(&mut self, depth: u32, kind: LeafKind, value: Value) {
        if !self.frames.iter().any(|f| f.probe_call) {
            return;
        }
        let expected = match kind {
            LeafKind::Heuristic => heuristic(&self.board),
            LeafKind::Terminal => score(winner(&self.board), depth),
        };
        if value == expected {
            self.tally.probe_leaves_on_unchanged_board += 1;
        } else {
            self.broke(Rule::ProbeShape, || {
                format!(
                    "a leaf at depth {depth} inside a probe returned {value}, not {expected}, \
                     the evaluation of the board the pass should have left unchanged"
                )
            });
        }
    }

    fn on_return(&mut self, depth: u32) {
        let Some(frame) = self.frames.pop() else {
            self.broke(Rule::LinearSpace, || {
                format!("a return at depth {depth} with no call open")
            });
            return;
        };
        if let Some(cell) = frame.cell {
            self.board[cell as usize] = None;
        }
        self.check_loop_end(&frame);
        if frame.resolved == Some(false) && !frame.moved {
            self.broke(Rule::FallsThrough, || {
                format!("probe at depth {depth} did not cut, yet no real move followed")
            });
        }
        if frame.resolved == Some(true) && !frame.pruned {
            self.broke(Rule::PruneFollowsProbe, || {
                format!("probe at depth {depth} reached its bound, yet the node was not pruned")
            });
        }
    }
}

impl RuleCheck {
    /// The first empty cell after `after` (from cell 0 when none) on the open node's board:
    /// the move plain alpha-beta tries next ("Introduction": null move leaves move ordering
    /// alone).
    fn next_empty(&self, after: Option<Cell>) -> Option<Cell> {
        let from = after.map_or(0, |c| c + 1);
        (from..9).find(|&c| self.board[c as usize].is_none())
    }

    /// A real move's child must be handed the window plain alpha-beta's bookkeeping gives:
    /// the node's own, narrowed only by earlier real moves ("Introduction": null move leaves
    /// the window's bookkeeping alone).
    fn check_window(&mut self, depth: u32, alpha: Value, beta: Value) {
        let Some(parent) = self.frames.last().copied() else {
            return;
        };
        if parent.window != (alpha, beta) {
            self.broke(Rule::SameBookkeeping, || {
                format!(
                    "a child at depth {depth} gets the window ({alpha}, {beta}), not ({}, {})",
                    parent.window.0, parent.window.1
                )
            });
        }
    }

    /// A node that leaves empty cells untried must have closed its window (a beta cutoff) or
    /// been pruned; a returned real move narrows its parent's window as plain's rule does,
    /// a probe's call does not.
    fn check_loop_end(&mut self, frame: &Frame) {
        let outside = !frame.probe_call && !self.frames.iter().any(|f| f.probe_call);
        self.tally.bookkeeping_nodes += u64::from(frame.moved && outside);
        if let Some(last) = frame.cell {
            let (alpha, beta) = frame.window;
            if self.next_empty(Some(last)).is_some() && beta > alpha {
                self.broke(Rule::SameBookkeeping, || {
                    format!(
                        "node at depth {} stops after cell {last} with its window open",
                        frame.depth
                    )
                });
            }
        }
    }

    /// A real move's value returned: the parent's best and window move as plain's do.
    fn narrow_parent(&mut self, value: Value, probe_call: bool) {
        if probe_call {
            return;
        }
        if let Some(p) = self.frames.last_mut() {
            let maximizing = p.side.is_maximizing();
            let best = match p.best {
                Some(b) if maximizing => b.max(value),
                Some(b) => b.min(value),
                None => value,
            };
            p.best = Some(best);
            if maximizing {
                p.window.0 = p.window.0.max(best);
            } else {
                p.window.1 = p.window.1.min(best);
            }
        }
    }
}

impl EventSink for RuleCheck {
    fn event(&mut self, event: Event) {
        if self.pending.is_some() && !matches!(event, Event::Call { .. }) {
            self.broke(Rule::ProbeShape, || "a probe started without a call".into());
            self.pending = None;
        }
        match event {
            Event::Call {
                depth,
                side,
                alpha,
                beta,
                allow_null,
            } => self.on_call(depth, side, alpha, beta, allow_null),
            Event::ProbeStart {
                depth,
                side,
                target_depth,
                ..
            } => self.on_probe_start(depth, side, target_depth),
            Event::ProbeResolved { depth, fails, .. } => {
                match self.frames.last_mut() {
                    Some(f) if f.probed && f.depth == depth => f.resolved = Some(fails),
                    _ => self.broke(Rule::ProbeShape, || {
                        format!("a probe resolved at depth {depth} that never started")
                    }),
                }
                if fails {
                    self.tally.prunes += 1;
                } else {
                    self.tally.fall_throughs += 1;
                }
            }
            Event::Prune { depth, .. } => {
                let follows = matches!(
                    self.previous,
                    Some(Event::ProbeResolved { depth: d, fails: true, .. }) if d == depth
                );
                if !follows {
                    self.broke(Rule::PruneFollowsProbe, || {
                        format!("a prune at depth {depth} not right after a failing probe")
                    });
                }
                let moved = self.frames.last().is_some_and(|f| f.moved);
                if moved {
                    self.broke(Rule::PruneSkipsMoves, || {
                        format!("node at depth {depth} pruned after searching moves")
                    });
                }
                if let Some(f) = self.frames.last_mut() {
                    f.pruned = true;
                }
            }
            Event::Move { depth, side, mv } => self.on_move(depth, side, mv),
            Event::Return { depth, value } => {
                let probe_call = self.frames.last().is_some_and(|f| f.probe_call);
                self.on_return(depth);
                self.narrow_parent(value, probe_call);
            }
            Event::Leaf { depth, kind, value } => self.on_leaf(depth, kind, value),
            // Verification belongs to the safeguards, which the page's rules do not cover; a
            // page search never emits it.
            Event::Cutoff { .. } | Event::VerifyStart { .. } | Event::VerifyResolved { .. } => {}
        }
        self.previous = Some(event);
    }
}
