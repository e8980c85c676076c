//! Every guarded search replayed, event by event: a checker keeps the state of every open
//! call and fails on any pass, probe window, verification or prune a guard forbids, on every
//! non-terminal position under each guard and several combinations.

use nullmove_core::{Engine, Event, EventSink, Mode, Player, Position, SearchParams, Value};
use nullmove_optimized::games::tictactoe::{GuardedEngine, Mark, TicTacToe};
use nullmove_optimized::{Game, Guards, ReductionRule, Verification};
use rayon::prelude::*;

/// No guard: the page's rule (the engine takes R from the search's parameters).
const PAGE: Guards = Guards::unguarded(0);

fn params(depth: u32, r: u32, mode: Mode) -> SearchParams {
    SearchParams::new(depth, r, mode).expect("in range")
}

/// Replays a guarded search's events, keeping the state of every open call, and records
/// every event a guard forbids.
struct GuardCheck {
    guards: Guards,
    depth_limit: u32,
    /// The configured R (the adaptive one is recomputed from it).
    reduction: u32,
    root: TicTacToe,
    /// The state, depth and window of each open call.
    stack: Vec<(TicTacToe, u32, Value, Value)>,
    /// The state the next call searches.
    pending: Option<TicTacToe>,
    /// Open verifications: the passing side and the node's depth.
    verifying: Vec<(Player, u32)>,
    /// The previous event.
    previous: Option<Event>,
    /// An event is expected next (the verification's own call).
    expect_call_at: Option<u32>,
    /// The window the next call (a probe's) must have.
    expect_window: Option<(Value, Value)>,
    broken: Vec<String>,
    verifications: u64,
    refuted: u64,
}

impl GuardCheck {
    fn new(guards: Guards, depth_limit: u32, reduction: u32, root: &Position) -> Self {
        Self {
            guards,
            depth_limit,
            reduction,
            root: TicTacToe::from(root),
            stack: Vec::new(),
            pending: None,
            verifying: Vec::new(),
            previous: None,
            expect_call_at: None,
            expect_window: None,
            broken: Vec::new(),
            verifications: 0,
            refuted: 0,
        }
    }

    fn top(&self) -> TicTacToe {
        self.stack.last().expect("inside a call").0
    }

    fn broke(&mut self, what: String) {
        if self.broken.len() < 3 {
            self.broken.push(what);
        }
    }

    /// The window a probe (or a verification) of the current node searches.
    fn probe_window(&self, side: Player) -> (Value, Value) {
        let &(_, _, alpha, beta) = self.stack.last().expect("inside a call");
        if !self.guards.zero_window {
            (alpha, beta)
        } else if side.is_maximizing() {
            (beta - 1, beta)
        } else {
            (alpha, alpha + 1)
        }
    }

    fn on_probe(&mut self, depth: u32, side: Player, bound: Value, target_depth: u32) {
        let state = self.top();
        let &(_, _, alpha, beta) = self.stack.last().expect("inside a call");
        self.expect_window = Some(self.probe_window(side));
        let g = self.guards;
        let r = target_depth - depth - 1;
        let remaining = self.depth_limit - depth;
        let margin = Guards::margin(side.is_maximizing(), state.evaluate(), alpha, beta);
        if r != g
            .with_reduction(self.reduction)
            .reduction(remaining, margin)
        {
            self.broke(format!("probe at depth {depth} with R {r}"));
        }
        if r >= remaining || !g.probe_deep_enough(r, remaining) {
            self.broke(format!(
                "probe at depth {depth} lands within {} of the limit",
                g.min_probe_depth
            ));
        }
        if !g.threat_allows(&state) {
            self.broke(format!("{side} passes into a threat at depth {depth}"));
        }
        if !g.material_allows(&state) {
            self.broke(format!(
                "{side} passes with {} empty cells",
                state.material()
            ));
        }
        if let Verification::Stockfish { .. } = g.verification
            && self.verifying.iter().any(|&(s, _)| s == side)
        {
            self.broke(format!("{side} passes inside its own verification"));
        }
        if g.verification == Verification::Ordinary && !self.verifying.is_empty() {
            self.broke(format!("{side} passes inside an ordinary verification"));
        }
        if g.verification == Verification::TabibiNetanyahu
            && self.verifying.is_empty()
            && remaining < 2
        {
            self.broke(format!("a verifying node passes with {remaining} ply left"));
        }
        if g.non_pv && beta - alpha > 1 {
            self.broke(format!(
                "a pass at depth {depth} in the window ({alpha}, {beta})"
            ));
        }
        if g.eval_gate {
            let eval = state.evaluate();
            let reaches = if side.is_maximizing() {
                eval >= bound
            } else {
                eval <= bound
            };
            if !reaches {
                self.broke(format!(
                    "{side} probes at depth {depth} with eval {eval} short of {bound}"
                ));
            }
        }
        let mut passed = state;
        passed.pass();
        self.pending = Some(passed);
    }

    fn on_prune(&mut self, depth: u32) {
        match self.previous {
            Some(Event::VerifyResolved { fails: true, .. }) => {
                if let Verification::TabibiNetanyahu = self.guards.verification {
                    self.broke("a Tabibi–Netanyahu node pruned on the bound".into());
                }
            }
            Some(Event::ProbeResolved { fails: true, .. }) => {
                // Unverified: allowed only where the guard does not verify.
                let verifies = match self.guards.verification {
                    Verification::None => false,
                    Verification::Stockfish { min_remaining } => {
                        self.verifying.is_empty() && self.depth_limit - depth >= min_remaining
                    }
                    Verification::TabibiNetanyahu | Verification::Ordinary => {
                        self.verifying.is_empty()
                    }
                };
                if verifies {
                    self.broke(format!("an unverified prune at depth {depth}"));
                }
            }
            other => self.broke(format!("a prune at depth {depth} after {other:?}")),
        }
    }
}

impl EventSink for GuardCheck {
    fn event(&mut self, event: Event) {
        if let Some(at) = self.expect_call_at.take() {
            match event {
                Event::Call {
                    depth, allow_null, ..
                } if depth == at && !allow_null => {}
                other => self.broke(format!("verification's call expected at {at}: {other:?}")),
            }
        }
        if let Some(window) = self.expect_window.take() {
            match event {
                Event::Call { alpha, beta, .. } if (alpha, beta) == window => {}
                other => self.broke(format!("a probe's call in {window:?} expected: {other:?}")),
            }
        }
        match event {
            Event::Call {
                depth, alpha, beta, ..
            } => {
                let state = self.pending.take().unwrap_or(self.root);
                self.stack.push((state, depth, alpha, beta));
            }
            Event::Return { .. } => {
                self.stack.pop();
            }
            Event::Move { side, mv: cell, .. } => {
                let mut next = self.top();
                next.play(Mark::new(cell, side));
                self.pending = Some(next);
            }
            Event::ProbeStart {
                depth,
                side,
                bound,
                target_depth,
            } => self.on_probe(depth, side, bound, target_depth),
            Event::VerifyStart {
                depth,
                side,
                target_depth,
            } => {
                self.verifications += 1;
                if !self.verifying.is_empty() {
                    self.broke(format!("a verification nested in another at depth {depth}"));
                }
                if !matches!(
                    self.previous,
                    Some(Event::ProbeResolved { fails: true, depth: d, .. }) if d == depth
                ) {
                    self.broke(format!(
                        "a verification at depth {depth} without a fail-high"
                    ));
                }
                if self.guards.verification == Verification::Ordinary && target_depth != depth {
                    self.broke(format!(
                        "an ordinary verification at depth {depth} searches at {target_depth}"
                    ));
                }
                self.verifying.push((side, depth));
                self.pending = Some(self.top());
                self.expect_call_at = Some(target_depth);
                self.expect_window = Some(self.probe_window(side));
            }
            Event::VerifyResolved { depth, fails, .. } => {
                if self.verifying.pop().map(|v| v.1) != Some(depth) {
                    self.broke(format!("a verification resolved at depth {depth} unopened"));
                }
                self.refuted += u64::from(!fails);
            }
            Event::Prune { depth, .. } => self.on_prune(depth),
            Event::ProbeResolved { .. } | Event::Leaf { .. } | Event::Cutoff { .. } => {}
        }
        self.previous = Some(event);
    }
}

/// The guards replayed: each alone, and the combinations whose guards meet.
fn configurations() -> Vec<Guards> {
    vec![
        Guards {
            min_probe_depth: 1,
            ..PAGE
        },
        Guards {
            threat: true,
            ..PAGE
        },
        Guards {
            min_material: 5,
            ..PAGE
        },
        Guards {
            rule: ReductionRule::Adaptive,
            ..PAGE
        },
        Guards {
            verification: Verification::Stockfish { min_remaining: 1 },
            ..PAGE
        },
        Guards {
            verification: Verification::Stockfish { min_remaining: 3 },
            ..PAGE
        },
        Guards {
            verification: Verification::TabibiNetanyahu,
            ..PAGE
        },
        Guards {
            min_probe_depth: 1,
            threat: true,
            rule: ReductionRule::Adaptive,
            verification: Verification::TabibiNetanyahu,
            ..PAGE
        },
        Guards {
            verification: Verification::Ordinary,
            ..PAGE
        },
        Guards {
            eval_gate: true,
            ..PAGE
        },
        // Tic-tac-toe's evaluation moves in steps of 1, 3 and 9: one more ply per 3.
        Guards { eval_r: 3, ..PAGE },
        Guards {
            zero_window: true,
            ..PAGE
        },
        // Inside a zero-window probe every window is a point wide: there the rule passes.
        Guards {
            zero_window: true,
            non_pv: true,
            ..PAGE
        },
        Guards {
            rule: ReductionRule::DepthScaled,
            ..PAGE
        },
        Guards {
            zero_window: true,
            verification: Verification::TabibiNetanyahu,
            ..PAGE
        },
        // Every condition at once, as the preset names them (R from the grid), verifying
        // from two plies left so that these small searches verify, on any window.
        Guards {
            non_pv: false,
            verification: Verification::Stockfish { min_remaining: 2 },
            ..Guards::STOCKFISH
        },
    ]
}

/// One guard on one position, every depth limit and R of the grid: the checker's
/// complaints, its verifications and how many of them refuted the cutoff.
fn replay(g: Guards, p: &Position) -> (Vec<String>, u64, u64) {
    let mut out = (Vec::new(), 0, 0);
    for depth in [2, 3, 5, 7] {
        for r in 0..=2 {
            let params = params(depth, r, Mode::Null);
            let mut check = GuardCheck::new(g, depth, r, p);
            let traced = GuardedEngine::new(g).search_traced(p, &params, &mut check);
            if traced != GuardedEngine::new(g).search(p, &params) {
                out.0
                    .push(format!("{p} d{depth} R{r}: tracing changes the report"));
            }
            if !check.stack.is_empty() || !check.verifying.is_empty() {
                out.0.push(format!("{p} d{depth} R{r}: calls left open"));
            }
            out.0.extend(
                check
                    .broken
                    .iter()
                    .map(|b| format!("{p} d{depth} R{r}: {b}")),
            );
            if traced.stats.verifications != check.verifications
                || traced.stats.verification_failures != check.refuted
            {
                out.0
                    .push(format!("{p} d{depth} R{r}: verifications miscounted"));
            }
            out.1 += check.verifications;
            out.2 += check.refuted;
        }
    }
    out
}

#[test]
fn every_pass_and_prune_obeys_its_guard() {
    let positions = Position::all_nonterminal();
    for g in configurations() {
        let (failures, verifications, refuted) = positions.par_iter().map(|p| replay(g, p)).reduce(
            || (Vec::new(), 0, 0),
            |mut a, b| {
                a.0.extend(b.0);
                (a.0, a.1 + b.1, a.2 + b.2)
            },
        );
        assert!(
            failures.is_empty(),
            "{g}: {}",
            failures[..failures.len().min(10)].join("\n")
        );
        if g.verification != Verification::None {
            // The checker saw verifications, and some of them overturned a cutoff.
            assert!(
                verifications > 0 && refuted > 0,
                "{g}: {verifications} {refuted}"
            );
        }
    }
}
