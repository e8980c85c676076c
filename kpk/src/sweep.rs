//! Null move measured against the table.
//!
//! Every legal position is searched by plain alpha-beta and by null-move search with the
//! generic optimized searcher; each root result is judged by the table. A result is wrong
//! when the move the search chooses throws the table's result away (White from a win to a
//! draw, Black from a draw to a loss) or, under the exact evaluation, whose values are
//! win/draw only, when the root value claims the other result. Each wrong result of the
//! null-move search is then traced: the searcher's events are replayed to find every node
//! where a null-move cutoff fired, and a cutoff is *unsound* when plain alpha-beta from that
//! node, same depth and window, does not reach the bound the probe claimed.

use nullmove_core::{Stats, Value};
use nullmove_optimized::{
    Config, Event, EventSink, Guards, NoSink, ReductionRule, Searcher, Verification,
};
use serde::Serialize;

use crate::game::{EXACT_WIN, Evaluation, KpkGame, NullRule};
use crate::movegen::{Move, Successor};
use crate::position::Kpk;
use crate::table::{Table, Wdl};

/// A named way of searching with null moves: the chess rule for passing and the searcher's
/// guards.
#[derive(Debug, Clone, Copy)]
pub struct Configuration {
    /// Short name, used in tables and JSON.
    pub name: &'static str,
    /// One line on what it does.
    pub description: &'static str,
    /// The chess rule on passing.
    pub rule: NullRule,
    /// The searcher's guards; their R is replaced by the sweep's unless `own_reduction`.
    pub guards: Guards,
    /// A preset keeps its own R: the sweep measures it at that R only.
    pub own_reduction: bool,
}

impl Configuration {
    /// `guards` on chess's in-check rule, at the sweep's R.
    const fn on_in_check(name: &'static str, description: &'static str, guards: Guards) -> Self {
        Self {
            name,
            description,
            rule: NullRule::InCheck,
            guards,
            own_reduction: false,
        }
    }

    /// The searcher's configuration for a depth limit and the sweep's R.
    #[must_use]
    pub fn config(&self, depth_limit: u32, reduction: u32) -> Config {
        let guards = if self.own_reduction {
            self.guards
        } else {
            self.guards.with_reduction(reduction)
        };
        Config::new(depth_limit).with_guards(guards)
    }

    /// The R values the sweep measures out of `reductions`: all of them, or a preset's own.
    #[must_use]
    pub fn reductions(&self, reductions: std::ops::RangeInclusive<u32>) -> Vec<u32> {
        if self.own_reduction {
            vec![self.guards.reduction]
        } else {
            reductions.collect()
        }
    }
}

/// The searcher's configuration with the page's rules only: null move at R, no guard.
#[must_use]
pub fn page_config(depth_limit: u32, reduction: u32) -> Config {
    Config::new(depth_limit).with_guards(Guards::unguarded(reduction))
}

/// The searcher's configuration with the page's rules, or plain alpha-beta (`null_move`
/// false).
#[must_use]
pub fn config(depth_limit: u32, reduction: u32, null_move: bool) -> Config {
    let config = page_config(depth_limit, reduction);
    if null_move {
        config
    } else {
        config.without_null_move()
    }
}

/// The configurations the sweep compares: the page's rule, the in-check rule, the
/// article's/Stockfish's low-material rule; then the optimized engine's guards: its threat
/// and endgame guards on the page's rule, which the game maps to the in-check and
/// low-material rules, and the guards that know nothing of chess (minimum probe depth,
/// adaptive R, the two verifications, the eval gate, the zero-window probe, a growing R) on
/// chess's in-check rule; last the named presets at their own R, on the page's rule (the
/// preset alone decides whether to pass, as in a chess engine).
#[must_use]
pub fn configurations() -> Vec<Configuration> {
    let page = Guards::unguarded(0);
    let mut list = vec![
        Configuration {
            name: "page",
            description: "the page's rule; a pass in check hands the king to White",
            rule: NullRule::Page,
            guards: page,
            own_reduction: false,
        },
        Configuration::on_in_check(
            "in_check",
            "no null move in check (chess's rule, Stockfish's first condition)",
            page,
        ),
        Configuration {
            name: "non_pawn_material",
            description: "no null move without non-pawn material (the article, Stockfish): never in K+P vs K",
            rule: NullRule::NonPawnMaterial,
            guards: page,
            own_reduction: false,
        },
        Configuration {
            name: "threat_guard",
            description: "the page's rule with the threat guard, which K+P vs K reads as check",
            rule: NullRule::Page,
            guards: Guards {
                threat: true,
                ..page
            },
            own_reduction: false,
        },
        Configuration {
            name: "endgame_guard",
            description: "the page's rule with the endgame guard at one unit of non-pawn material",
            rule: NullRule::Page,
            guards: Guards {
                min_material: 1,
                ..page
            },
            own_reduction: false,
        },
        Configuration::on_in_check(
            "min_probe_depth_1",
            "in check no pass; a probe must search at least one real ply",
            Guards {
                min_probe_depth: 1,
                ..page
            },
        ),
        Configuration::on_in_check(
            "adaptive_r",
            "in check no pass; Heinz's adaptive R (R - 1 within 6 plies of the limit)",
            Guards {
                rule: ReductionRule::Adaptive,
                ..page
            },
        ),
        Configuration::on_in_check(
            "verify_stockfish_1",
            "in check no pass; Stockfish's verification at every depth",
            Guards {
                verification: Verification::Stockfish { min_remaining: 1 },
                ..page
            },
        ),
        Configuration::on_in_check(
            "verify_tn",
            "in check no pass; Tabibi and Netanyahu's verification",
            Guards {
                verification: Verification::TabibiNetanyahu,
                ..page
            },
        ),
        Configuration::on_in_check(
            "eval_gate",
            "in check no pass; probe only where the evaluation already reaches the bound",
            Guards {
                eval_gate: true,
                ..page
            },
        ),
        Configuration::on_in_check(
            "zero_window",
            "in check no pass; the probe searches the null window at the bound",
            Guards {
                zero_window: true,
                ..page
            },
        ),
        Configuration::on_in_check(
            "depth_r",
            "in check no pass; R plus a third of the remaining depth (Stockfish's shape)",
            Guards {
                rule: ReductionRule::DepthScaled,
                ..page
            },
        ),
    ];
    let described = [
        "no null move: plain alpha-beta",
        "R 2, no pass in check",
        "R 3, no pass in check",
        "Heinz: R 3 above 6 plies left, else 2; no pass in check",
        "Tabibi and Netanyahu: R 3, verified; no pass in check",
        "Stockfish: no pass in check or without pieces, eval >= beta, zero window, R 3 + depth/3, verification above 6 plies",
        "R 3, no null move without non-pawn material",
    ];
    list.extend(
        Guards::presets()
            .zip(described)
            .map(|((name, guards), description)| Configuration {
                name,
                description,
                rule: NullRule::Page,
                guards,
                own_reduction: true,
            }),
    );
    list
}

/// What a search says about its root.
#[derive(Debug, Clone)]
pub struct RootResult {
    /// What the root call returned.
    pub value: Value,
    /// The first move whose value strictly improves on all before it, `None` at a finished
    /// game or depth limit 0.
    pub best_move: Option<Move>,
    /// Each root move with its child's value, in move order.
    moves: Vec<(Move, Value)>,
    /// The searcher's counters.
    pub stats: Stats,
}

impl RootResult {
    /// Each root move with the value its child returned (a bound when it failed low).
    pub fn moves(&self) -> impl Iterator<Item = (Move, Value)> + '_ {
        self.moves.iter().copied()
    }
}

/// Searches `root` with the generic optimized searcher, emitting events into `sink`.
///
/// # Example
/// ```
/// use nullmove_kpk::{Kpk, Table, game::{Evaluation, NullRule}, sweep::{search, page_config}};
/// let table = Table::build();
/// let p: Kpk = "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1".parse().unwrap();
/// let r = search(&table, &p, Evaluation::Exact, NullRule::InCheck, page_config(3, 1), &mut nullmove_optimized::NoSink);
/// assert_eq!(r.value, nullmove_kpk::game::EXACT_WIN); // Black to move loses
/// ```
pub fn search<S: EventSink<Move> + ?Sized>(
    table: &Table,
    root: &Kpk,
    evaluation: Evaluation,
    rule: NullRule,
    config: Config,
    sink: &mut S,
) -> RootResult {
    let game = KpkGame::new(*root, table, evaluation, rule);
    let report = nullmove_optimized::search_traced(game, &config, sink);
    RootResult {
        value: report.value,
        best_move: report.best_move,
        moves: report.moves.iter().map(|m| (m.mv, m.value)).collect(),
        stats: report.stats,
    }
}

/// Whether a root result is wrong by the table: its chosen move throws the result away, or
/// (exact evaluation) its value claims the other result.
#[must_use]
pub fn is_wrong(table: &Table, root: &Kpk, evaluation: Evaluation, result: &RootResult) -> bool {
    let truth = table.wdl(root);
    let blunder = result
        .best_move
        .is_some_and(|m| table.successor_wdl(&root.play(m)) != truth);
    let claim = match evaluation {
        Evaluation::Exact => Some(if result.value >= EXACT_WIN {
            Wdl::Win
        } else {
            Wdl::Draw
        }),
        Evaluation::Heuristic => None,
    };
    blunder || claim.is_some_and(|c| c != truth)
}

/// A null-move cutoff found in a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cutoff {
    /// The node that passed and was pruned.
    #[serde(serialize_with = "crate::sweep::fen")]
    pub node: Kpk,
    /// Its depth below the root.
    pub depth: u32,
    /// Its window on entry.
    pub alpha: Value,
    /// Its window on entry.
    pub beta: Value,
    /// What the pruned node returned (beta for White, alpha for Black).
    pub bound: Value,
    /// What plain alpha-beta returns from the node, same depth limit and window.
    pub plain_value: Value,
    /// The bound is not reached by plain search: the cutoff changed the answer.
    pub unsound: bool,
    /// The node's placement is a mutual zugzwang.
    pub zugzwang: bool,
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's serialize_with passes a reference"
)]
fn fen<S: serde::Serializer>(p: &Kpk, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(p)
}

/// Where a call of the search stands.
#[derive(Debug, Clone, Copy)]
enum Node {
    /// Still K+P vs K.
    Kpk(Kpk),
    /// Past the endgame's end (promotion, capture, a king left in check): a leaf.
    Beyond,
}

/// Replays the searcher's events to know the position at every call.
struct Replay {
    root: Kpk,
    /// The node, depth and window of each open call.
    stack: Vec<(Node, u32, Value, Value)>,
    /// The node the next call will search (set by a move or a pass).
    pending: Option<Node>,
    found: Vec<(Kpk, u32, Value, Value, Value)>,
}

impl Replay {
    fn top(&self) -> Kpk {
        match self.stack.last() {
            Some(&(Node::Kpk(p), ..)) => p,
            other => unreachable!("moves, passes and prunes happen in K+P vs K: {other:?}"),
        }
    }
}

impl EventSink<Move> for Replay {
    fn event(&mut self, event: Event<Move>) {
        match event {
            Event::Call {
                depth, alpha, beta, ..
            } => {
                let node = self.pending.take().unwrap_or(Node::Kpk(self.root));
                self.stack.push((node, depth, alpha, beta));
            }
            Event::Return { .. } => {
                self.stack.pop();
            }
            Event::Move { mv, .. } => {
                self.pending = Some(match self.top().play(mv) {
                    Successor::Kpk(q) => Node::Kpk(q),
                    _ => Node::Beyond,
                });
            }
            Event::ProbeStart { .. } => {
                let passed = self.top().with_other_side_to_move();
                self.pending = Some(passed.map_or(Node::Beyond, Node::Kpk));
            }
            // A verification searches the same node again.
            Event::VerifyStart { .. } => self.pending = Some(Node::Kpk(self.top())),
            Event::Prune { value, .. } => {
                let node = self.top();
                let &(_, depth, alpha, beta) = self.stack.last().expect("inside a call");
                self.found.push((node, depth, alpha, beta, value));
            }
            _ => {}
        }
    }
}

/// Every null-move cutoff of one search, with whether it was unsound and where.
#[must_use]
pub fn trace_cutoffs(
    table: &Table,
    root: &Kpk,
    evaluation: Evaluation,
    rule: NullRule,
    config: Config,
) -> Vec<Cutoff> {
    let mut replay = Replay {
        root: *root,
        stack: Vec::new(),
        pending: None,
        found: Vec::new(),
    };
    search(table, root, evaluation, rule, config, &mut replay);
    let plain = config.without_null_move();
    let mut searcher = Searcher::new();
    replay
        .found
        .into_iter()
        .map(|(node, depth, alpha, beta, bound)| {
            let game = KpkGame::new(node, table, evaluation, rule);
            let (plain_value, _) = searcher.search_window(game, &plain, depth, alpha, beta);
            let white = node.side_to_move() == crate::Side::White;
            let unsound = if white {
                plain_value < bound
            } else {
                plain_value > bound
            };
            Cutoff {
                node,
                depth,
                alpha,
                beta,
                bound,
                plain_value,
                unsound,
                zugzwang: table.is_zugzwang(&node),
            }
        })
        .collect()
}

/// One row of the error table: one configuration, evaluation, depth limit and R over every
/// legal position that is not already over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SweepRow {
    /// The configuration's name.
    pub configuration: String,
    /// The evaluation at the depth limit.
    pub evaluation: Evaluation,
    /// The depth limit.
    pub depth: u32,
    /// R.
    pub reduction: u32,
    /// Positions searched.
    pub positions: u64,
    /// Wrong results of plain alpha-beta.
    pub wrong_plain: u64,
    /// Wrong results of the null-move search.
    pub wrong_null: u64,
    /// Wrong null-move results that plain alpha-beta gets right: the null move's doing.
    pub wrong_null_only: u64,
    /// Of those, the ones whose trace shows an unsound cutoff at a zugzwang node.
    pub wrong_at_zugzwang: u64,
    /// Nodes of plain alpha-beta over all positions.
    pub nodes_plain: u64,
    /// Nodes of the null-move search over all positions.
    pub nodes_null: u64,
}

/// The positions the sweep searches: every legal one with a move to make.
#[must_use]
pub fn sweep_positions() -> Vec<Kpk> {
    Kpk::all().filter(|p| !p.legal_moves().is_empty()).collect()
}

/// The error table: for each evaluation, configuration, depth limit and R, plain and
/// null-move results of every position in `positions` against the table.
#[must_use]
pub fn sweep(
    table: &Table,
    positions: &[Kpk],
    configurations: &[Configuration],
    evaluations: &[Evaluation],
    depths: std::ops::RangeInclusive<u32>,
    reductions: std::ops::RangeInclusive<u32>,
) -> Vec<SweepRow> {
    use rayon::prelude::*;
    let mut rows = Vec::new();
    for &evaluation in evaluations {
        for depth in depths.clone() {
            // Plain alpha-beta depends on neither R nor the null-move rule.
            let plain_config = config(depth, 0, false);
            let plain: Vec<(bool, u64)> = positions
                .par_iter()
                .map(|p| {
                    let r = search(
                        table,
                        p,
                        evaluation,
                        NullRule::InCheck,
                        plain_config,
                        &mut NoSink,
                    );
                    (is_wrong(table, p, evaluation, &r), r.stats.nodes)
                })
                .collect();
            let wrong_plain = plain.iter().filter(|w| w.0).count() as u64;
            let nodes_plain = plain.iter().map(|w| w.1).sum();
            for c in configurations {
                for reduction in c.reductions(reductions.clone()) {
                    let config = c.config(depth, reduction);
                    let (wrong_null, wrong_null_only, wrong_at_zugzwang, nodes_null) = positions
                        .par_iter()
                        .zip(plain.par_iter())
                        .map(|(p, &(plain_wrong, _))| {
                            let r = search(table, p, evaluation, c.rule, config, &mut NoSink);
                            let wrong = is_wrong(table, p, evaluation, &r);
                            let only = wrong && !plain_wrong;
                            let at_zugzwang = only
                                && trace_cutoffs(table, p, evaluation, c.rule, config)
                                    .iter()
                                    .any(|x| x.unsound && x.zugzwang);
                            (
                                u64::from(wrong),
                                u64::from(only),
                                u64::from(at_zugzwang),
                                r.stats.nodes,
                            )
                        })
                        .reduce(
                            || (0, 0, 0, 0),
                            |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2, a.3 + b.3),
                        );
                    rows.push(SweepRow {
                        configuration: c.name.to_owned(),
                        evaluation,
                        depth,
                        reduction,
                        positions: positions.len() as u64,
                        wrong_plain,
                        wrong_null,
                        wrong_null_only,
                        wrong_at_zugzwang,
                        nodes_plain,
                        nodes_null,
                    });
                }
            }
        }
    }
    rows
}

/// Positions whose pawn is on files a–d: the half of the board Syzygy counts, and the
/// other half's mirror image.
#[must_use]
pub fn half_board_positions() -> Vec<Kpk> {
    sweep_positions()
        .into_iter()
        .filter(Kpk::pawn_on_files_a_to_d)
        .collect()
}

/// The article's example one move earlier: Black Ke8 against White Ke5 and
/// pawn e4, Black to move. Only ...Ke7 holds the draw, into the article's zugzwang, where
/// White to move cannot win; with the exact evaluation, depth limit 2 and R = 0, the
/// null-move search lets White pass there, the probe finds Black to move lost, and ...Ke7
/// is pruned as a loss: the search calls a drawn position lost.
#[derive(Debug, Clone, Serialize)]
pub struct ArticleFixture {
    /// Black to move, a draw.
    #[serde(serialize_with = "fen")]
    pub root: Kpk,
    /// The article's position, White to move: the zugzwang node.
    #[serde(serialize_with = "fen")]
    pub zugzwang: Kpk,
    /// The depth limit.
    pub depth: u32,
    /// R.
    pub reduction: u32,
    /// The table's result of the root.
    pub wdl: Wdl,
    /// Plain alpha-beta: root value and chosen move.
    pub plain: (Value, Option<String>),
    /// Null-move search under chess's rule (no pass in check): root value and chosen move.
    pub null: (Value, Option<String>),
    /// The null-move cutoffs of that search.
    pub cutoffs: Vec<Cutoff>,
    /// For each configuration, whether its result is right.
    pub right_under: Vec<(String, bool)>,
}

/// Builds [`ArticleFixture`] by searching, never from stored results.
///
/// # Example
/// ```
/// use nullmove_kpk::{Table, sweep::article_fixture};
/// let f = article_fixture(&Table::build(), &nullmove_kpk::sweep::configurations());
/// assert!(f.cutoffs.iter().any(|c| c.unsound && c.node == f.zugzwang));
/// ```
#[must_use]
pub fn article_fixture(table: &Table, configurations: &[Configuration]) -> ArticleFixture {
    let root: Kpk = "4k3/8/8/4K3/4P3/8/8/8 b - - 0 1"
        .parse()
        .expect("a legal position");
    let zugzwang: Kpk = "8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"
        .parse()
        .expect("a legal position");
    let (depth, reduction) = (2, 0);
    let evaluation = Evaluation::Exact;
    let summary = |r: &RootResult| (r.value, r.best_move.map(|m| m.to_string()));
    let plain_config = config(depth, reduction, false);
    let plain = search(
        table,
        &root,
        evaluation,
        NullRule::InCheck,
        plain_config,
        &mut NoSink,
    );
    let config = page_config(depth, reduction);
    let null = search(
        table,
        &root,
        evaluation,
        NullRule::InCheck,
        config,
        &mut NoSink,
    );
    let right_under = configurations
        .iter()
        .map(|c| {
            let r = search(
                table,
                &root,
                evaluation,
                c.rule,
                c.config(depth, reduction),
                &mut NoSink,
            );
            (c.name.to_owned(), !is_wrong(table, &root, evaluation, &r))
        })
        .collect();
    ArticleFixture {
        root,
        zugzwang,
        depth,
        reduction,
        wdl: table.wdl(&root),
        plain: summary(&plain),
        null: summary(&null),
        cutoffs: trace_cutoffs(table, &root, evaluation, NullRule::InCheck, config),
        right_under,
    }
}
