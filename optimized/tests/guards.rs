//! The guards, one by one: hand-checked cases on the page's pitfall, exact equivalences that
//! must hold on every reachable position, and a trace checker that replays every guarded
//! search and fails on any pass, probe window or prune a guard forbids.

use nullmove_core::{
    Engine, Event, EventSink, Game, Mode, Player, Position, RootReport, SearchParams, Value,
    heuristic,
};
use nullmove_optimized::tictactoe::{Mark, TicTacToe};
use nullmove_optimized::{
    GuardedEngine, Guards, HEINZ_DEPTH, OptimizedEngine, ReductionRule, Verification,
};
use rayon::prelude::*;

/// No guard: the page's rule (the engine takes R from the search's parameters).
const PAGE: Guards = Guards::unguarded(0);

fn params(depth: u32, r: u32, mode: Mode) -> SearchParams {
    SearchParams::new(depth, r, mode).expect("in range")
}

fn pitfall() -> Position {
    "...O.X...".parse().expect("the page's position")
}

fn search(guards: Guards, p: &Position, depth: u32, r: u32, mode: Mode) -> RootReport {
    GuardedEngine::new(guards).search(p, &params(depth, r, mode))
}

/// Runs `check` on every non-terminal position, depth limit 1..=9 and R 0..=6 in parallel;
/// returns the number of searches and the first failures.
fn over_grid<F>(check: F) -> (usize, Vec<String>)
where
    F: Fn(&Position, u32, u32) -> Option<String> + Sync,
{
    let positions = Position::all_nonterminal();
    let results: Vec<(usize, Vec<String>)> = positions
        .par_iter()
        .map(|p| {
            let mut failures = Vec::new();
            let mut n = 0;
            for depth in 1..=9 {
                for r in 0..=6 {
                    n += 1;
                    if let Some(f) = check(p, depth, r) {
                        if failures.len() < 3 {
                            failures.push(format!("{p} depth {depth} R {r}: {f}"));
                        }
                    }
                }
            }
            (n, failures)
        })
        .collect();
    let n = results.iter().map(|r| r.0).sum();
    (n, results.into_iter().flat_map(|r| r.1).collect())
}

fn assert_none(what: &str, (n, failures): (usize, Vec<String>)) {
    assert_eq!(n, 4_520 * 9 * 7, "every position, depth and R");
    assert!(
        failures.is_empty(),
        "{what}: {} failures, first:\n{}",
        failures.len(),
        failures[..failures.len().min(10)].join("\n")
    );
}

/// Asserts that null-move search under `g` is, report and counters alike, the page's null
/// move with R `page_r(depth limit, R)` wherever that is given, on every position.
fn assert_is_the_page(what: &str, g: Guards, page_r: impl Fn(u32, u32) -> Option<u32> + Sync) {
    assert_none(
        what,
        over_grid(|p, d, r| {
            let page = OptimizedEngine.search(p, &params(d, page_r(d, r)?, Mode::Null));
            let got = search(g, p, d, r, Mode::Null);
            (got != page).then(|| format!("{got:?} vs page {page:?}"))
        }),
    );
}

// ---------------------------------------------------------------------------------------
// The game's hooks.

#[test]
fn tic_tac_toe_threat_and_material_hooks() {
    let state = |s: &str| TicTacToe::from(s.parse::<Position>().expect("valid"));
    // O to move; X has 0 and 1 with 2 empty: passing hands X the row.
    assert!(state("XX.O.....").pass_is_dangerous());
    // The same row blocked by O: no threat.
    assert!(!state("XXOO.X...").pass_is_dangerous());
    // X to move; O has 3 and 4 with 5 empty.
    assert!(state("X..OO.X..").pass_is_dangerous());
    // X to move with its own open two (0-1) and none for O: the pass threatens nothing.
    assert!(state("XX.O....O").maximizing());
    assert!(!state("XX.O....O").pass_is_dangerous());
    // The pitfall's pruned node: X on 4 and 5, O on 3, O to move. X's only two in a line,
    // 3-4-5, holds O's mark: the threat guard does not fire there.
    assert!(!state("...OXX...").pass_is_dangerous());
    assert_eq!(state(".........").material(), 9);
    assert_eq!(state("...OXX...").material(), 6);
}

// ---------------------------------------------------------------------------------------
// The pitfall, guard by guard ("Pitfalls": depth limit 3, R 1).

#[test]
fn pitfall_under_each_guard() {
    let p = pitfall();
    let plain = search(PAGE, &p, 3, 1, Mode::Plain);
    assert_eq!((plain.best_move, plain.value), (Some(4), 12));
    let choice = |g: Guards| {
        let r = search(g, &p, 3, 1, Mode::Null);
        (r.best_move, r.value)
    };
    // The page: cell 0, worth 9.
    assert_eq!(choice(PAGE), (Some(0), 9));
    // k = 1: the probe after X's centre would sit at depth 1 + 1 + 1 = 3 = the limit, with
    // no real ply left; refused, the node is searched and the centre is worth 12 again.
    assert_eq!(
        choice(Guards {
            min_probe_depth: 1,
            ..PAGE
        }),
        (Some(4), 12)
    );
    // Threat guard: silent at the pruned node (no open two for X), so no fix.
    assert_eq!(
        choice(Guards {
            threat: true,
            ..PAGE
        }),
        (Some(0), 9)
    );
    // Endgame guard: the pruned node has 6 empty cells; m = 7 refuses the pass there, m = 6
    // does not.
    assert_eq!(
        choice(Guards {
            min_material: 7,
            ..PAGE
        }),
        (Some(4), 12)
    );
    assert_eq!(
        choice(Guards {
            min_material: 6,
            ..PAGE
        }),
        (Some(0), 9)
    );
    // Adaptive R: 2 plies remain at the pruned node (<= 6), so R drops to 0: the probe sits
    // at depth 2 and searches X's real replies, which do not fail low; the centre is found.
    assert_eq!(
        choice(Guards {
            rule: ReductionRule::Adaptive,
            ..PAGE
        }),
        (Some(4), 12)
    );
}

/// Both verifications at the pitfall confirm the bad cutoff: their search of O's replies,
/// one ply deep, ends on the heuristic after O's best reply, which is below alpha = 9.
#[test]
fn pitfall_verification_confirms_the_bad_cutoff() {
    let p = pitfall();
    let after: Position = "...OXX...".parse().unwrap();
    // O's best one-ply reply by the heuristic, computed from core's evaluation.
    let one_ply = (0..9)
        .filter_map(|c| after.play(c).ok())
        .map(|q| heuristic(q.board()))
        .min()
        .expect("O has replies");
    assert!(one_ply <= 9, "the verification agrees with the probe");
    let sf = search(
        Guards {
            verification: Verification::Stockfish { min_remaining: 1 },
            ..PAGE
        },
        &p,
        3,
        1,
        Mode::Null,
    );
    // Stockfish-style: the cutoff stands, the node returns the bound alpha = 9.
    assert_eq!((sf.best_move, sf.value), (Some(0), 9));
    assert_eq!(sf.moves.iter().find(|m| m.cell == 4).unwrap().value, 9);
    let tn = search(
        Guards {
            verification: Verification::TabibiNetanyahu,
            ..PAGE
        },
        &p,
        3,
        1,
        Mode::Null,
    );
    // Tabibi–Netanyahu: the shallower search's own value is the node's.
    assert_eq!((tn.best_move, tn.value), (Some(0), 9));
    assert_eq!(
        tn.moves.iter().find(|m| m.cell == 4).unwrap().value,
        one_ply
    );
    // V above the 2 plies left at the pruned node: no verification there, the page's search.
    let high = search(
        Guards {
            verification: Verification::Stockfish { min_remaining: 3 },
            ..PAGE
        },
        &p,
        3,
        1,
        Mode::Null,
    );
    assert_eq!(high, search(PAGE, &p, 3, 1, Mode::Null));
}

// ---------------------------------------------------------------------------------------
// Exact equivalences, on every position, depth limit 1..=9 and R 0..=6.

/// No guard reads plain mode: plain alpha-beta is the same under every guard.
#[test]
fn guards_never_touch_plain_search() {
    let all = [
        Guards {
            min_probe_depth: 2,
            threat: true,
            min_material: 4,
            rule: ReductionRule::Adaptive,
            verification: Verification::Stockfish { min_remaining: 1 },
            ..PAGE
        },
        Guards {
            eval_gate: true,
            zero_window: true,
            rule: ReductionRule::DepthScaled,
            ..PAGE
        },
        Guards {
            verification: Verification::TabibiNetanyahu,
            ..PAGE
        },
    ];
    assert_none(
        "plain",
        over_grid(|p, d, r| {
            let page = OptimizedEngine.search(p, &params(d, r, Mode::Plain));
            all.iter()
                .find(|&&g| search(g, p, d, r, Mode::Plain) != page)
                .map(|g| format!("{g} changes plain search"))
        }),
    );
}

/// A minimum probe depth of 9 plies leaves no probe anywhere (depth limits are at most 9):
/// null mode is plain alpha-beta, report and counters alike. Likewise an endgame guard
/// asking for more empty cells than the board has.
#[test]
fn guards_that_refuse_every_pass_give_plain_search() {
    let never = [
        Guards {
            min_probe_depth: 9,
            ..PAGE
        },
        Guards {
            min_material: 10,
            ..PAGE
        },
    ];
    assert_none(
        "no pass",
        over_grid(|p, d, r| {
            let plain = OptimizedEngine.search(p, &params(d, r, Mode::Plain));
            never.iter().find_map(|&g| {
                let null = search(g, p, d, r, Mode::Null);
                (null != plain).then(|| format!("{g}: {null:?} vs plain {plain:?}"))
            })
        }),
    );
}

/// A verification threshold above every remaining depth at a probing node (probes start at
/// depth >= 1, so at most 8 plies remain) verifies nothing: the page's search exactly.
#[test]
fn verification_threshold_out_of_reach_is_the_page() {
    let g = Guards {
        verification: Verification::Stockfish { min_remaining: 9 },
        ..PAGE
    };
    assert_is_the_page("stockfish:9", g, |_, r| Some(r));
}

/// Adaptive R at depth limits up to 7: a probing node (depth >= 1) has at most 6 plies
/// left, so Heinz's rule always takes the smaller R, and the search is the page's with
/// R - 1 (with R = 0 it stays 0).
#[test]
fn adaptive_r_below_heinz_depth_is_the_page_with_one_ply_less() {
    assert_eq!(HEINZ_DEPTH, 6);
    let g = Guards {
        rule: ReductionRule::Adaptive,
        ..PAGE
    };
    assert_is_the_page("adaptive R", g, |d, r| {
        (d <= HEINZ_DEPTH + 1).then_some(r.saturating_sub(1))
    });
}

/// An endgame guard with m = 1 never fires (a non-terminal position has an empty cell), but
/// it switches the searcher to its guarded instantiation: that path, with nothing to refuse,
/// is the page's search exactly.
#[test]
fn vacuous_guards_are_the_page() {
    let vacuous = Guards {
        min_material: 1, // every non-terminal position has an empty cell
        ..PAGE
    };
    assert_is_the_page("vacuous", vacuous, |_, r| Some(r));
}

/// A growing R adds a third of the remaining depth: with depth limits up to 3 a probing node
/// (depth >= 1) has at most 2 plies left, so R stays R and the search is the page's.
#[test]
fn depth_scaled_r_near_the_root_of_small_searches_is_the_page() {
    let g = Guards {
        rule: ReductionRule::DepthScaled,
        ..PAGE
    };
    assert_is_the_page("depth-r", g, |d, r| (d <= 3).then_some(r));
}

/// Where no probe can fire inside another probe's subtree (depth limit <= 3 + 2R: the
/// probe's grandchildren sit at depth >= 3 + R), the subtree is plain alpha-beta, which
/// tells a value at least beta from one below it in any window with that beta: the
/// zero-window probe decides every probe as the page's does, so the report is the page's
/// but for the nodes the narrower probes save.
#[test]
fn zero_window_probe_decides_as_the_full_window() {
    let g = Guards {
        zero_window: true,
        ..PAGE
    };
    let (mut saved, mut searches) = (0_u64, 0_u64);
    for d in 1..=9 {
        for r in 0..=6_u32 {
            if d > 3 + 2 * r {
                continue;
            }
            for p in Position::all_nonterminal().iter().step_by(7) {
                let page = OptimizedEngine.search(p, &params(d, r, Mode::Null));
                let got = search(g, p, d, r, Mode::Null);
                let same = (got.best_move, got.value, &got.moves, got.stats.null_cutoffs)
                    == (
                        page.best_move,
                        page.value,
                        &page.moves,
                        page.stats.null_cutoffs,
                    );
                assert!(same, "{p} d{d} R{r}: {got:?} vs page {page:?}");
                assert!(got.nodes <= page.nodes, "{p} d{d} R{r}");
                saved += page.nodes - got.nodes;
                searches += 1;
            }
        }
    }
    assert!(
        searches > 10_000 && saved > 0,
        "{searches} searches, {saved} nodes saved"
    );
}

// ---------------------------------------------------------------------------------------
// Every guarded search replayed: passes and prunes checked against the guards.

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
        self.expect_window = Some(self.probe_window(side));
        let g = self.guards;
        let r = target_depth - depth - 1;
        let remaining = self.depth_limit - depth;
        if r != g.with_reduction(self.reduction).reduction_at(remaining) {
            self.broke(format!("probe at depth {depth} with R {r}"));
        }
        if !g.probe_deep_enough(depth, r, self.depth_limit) {
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
        if let Verification::Stockfish { .. } = g.verification {
            if self.verifying.iter().any(|&(s, _)| s == side) {
                self.broke(format!("{side} passes inside its own verification"));
            }
        }
        if g.verification == Verification::TabibiNetanyahu
            && self.verifying.is_empty()
            && remaining < 2
        {
            self.broke(format!("a verifying node passes with {remaining} ply left"));
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
                    Verification::TabibiNetanyahu => self.verifying.is_empty(),
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
            Event::Move { side, cell, .. } => {
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

#[test]
fn every_pass_and_prune_obeys_its_guard() {
    let configurations = [
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
            eval_gate: true,
            ..PAGE
        },
        Guards {
            zero_window: true,
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
        // from two plies left so that these small searches verify.
        Guards {
            verification: Verification::Stockfish { min_remaining: 2 },
            ..Guards::STOCKFISH
        },
    ];
    let positions = Position::all_nonterminal();
    for g in configurations {
        let (failures, verifications, refuted): (Vec<String>, u64, u64) = positions
            .par_iter()
            .map(|p| {
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
                        out.1 += check.verifications;
                        out.2 += check.refuted;
                    }
                }
                out
            })
            .reduce(
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
