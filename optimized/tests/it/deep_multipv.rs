//! The deep search's root options: with `MultiPV` n the iteration's lines are the n best
//! root moves, each with its exact minimax value, best first; with `searchmoves` the root
//! chooses among the listed moves only, and its value is theirs. Checked without null move
//! against plain minimax on random game trees and tic-tac-toe, with and without a table.

use crate::deep_support;

use deep_support::{RandomTree, Ttt, root_values, settings};
use nullmove_core::{Position, Value};
use nullmove_optimized::{Config, DeepGame, DeepSearcher, Game, Guards};

/// Every line of each iteration of a `MultiPV` `n` search to `depth`, as (first move, value
/// from the side to move's point of view), checked against plain minimax.
fn check_lines<G: DeepGame + std::fmt::Debug>(game: &G, depth: u32, n: usize, tt: Option<u32>) {
    for options in settings() {
        let mut s = DeepSearcher::with_table(game.clone(), tt).with_options(options);
        s.set_multi_pv(n);
        let max = game.maximizing();
        let mut seen = 0;
        s.search(&Config::new(depth).with_guards(Guards::NO_NULL_MOVE), |r| {
            seen += 1;
            let mut exact: Vec<Value> = root_values(game, r.depth as i32)
                .iter()
                .map(|&(_, v)| v)
                .collect();
            exact.sort_unstable_by(|a, b| b.cmp(a));
            exact.truncate(n);
            let lines: Vec<(G::Move, Value)> = r
                .lines
                .iter()
                .map(|l| (l.pv[0], if max { l.value } else { -l.value }))
                .collect();
            let values: Vec<Value> = lines.iter().map(|&(_, v)| v).collect();
            assert_eq!(values, exact, "{game:?} depth {}", r.depth);
            let roots = root_values(game, r.depth as i32);
            for &(mv, v) in &lines {
                assert!(
                    roots.contains(&(mv, v)),
                    "{game:?}: {mv:?} is not worth {v}"
                );
            }
            let mut firsts: Vec<_> = lines.iter().map(|&(m, _)| format!("{m:?}")).collect();
            firsts.sort();
            firsts.dedup();
            assert_eq!(firsts.len(), lines.len(), "distinct first moves");
            assert_eq!(r.root.best_move, lines.first().map(|&(m, _)| m));
            let pv: &[G::Move] = r.lines.first().map_or(&[], |l| &l.pv);
            assert_eq!(r.root.pv, pv);
        })
        .expect("a depth in range");
        assert_eq!(seen, depth);
    }
}

#[test]
fn multipv_lines_are_the_best_moves_in_order() {
    for seed in 0..60 {
        let tree = RandomTree::with_spread(seed, 5, 6);
        for n in [2, 3, 5] {
            for tt in [None, Some(10)] {
                check_lines(&tree, 4, n, tt);
            }
        }
    }
    for cells in ["", "4", "40", "418"] {
        let mut p = Position::empty();
        for c in cells.chars() {
            p = p.play(c.to_digit(10).unwrap() as usize).unwrap();
        }
        check_lines(&Ttt::new(&p), 9 - cells.len() as u32, 4, Some(12));
    }
}

#[test]
fn searchmoves_restricts_the_root() {
    for seed in 0..80 {
        let tree = RandomTree::with_spread(seed, 5, 6);
        let roots = root_values(&tree, 4);
        if roots.len() < 2 {
            continue;
        }
        // Every move but the best: the root must choose among the rest.
        let best = roots.iter().map(|&(_, v)| v).max().unwrap();
        let allowed: Vec<_> = roots.iter().filter(|&&(_, v)| v < best).collect();
        let Some(expected) = allowed.iter().map(|&&(_, v)| v).max() else {
            continue;
        };
        let moves: Vec<_> = allowed.iter().map(|&&(m, _)| m).collect();
        let mut s = DeepSearcher::with_table(tree, Some(10));
        s.set_search_moves(&moves);
        let r = s
            .search(&Config::new(4).with_guards(Guards::NO_NULL_MOVE), |_| {})
            .unwrap();
        let mv = r.root.best_move.expect("a move");
        assert!(moves.contains(&mv), "seed {seed}");
        let v = if tree.maximizing() {
            r.root.value
        } else {
            -r.root.value
        };
        assert_eq!(v, expected, "seed {seed}");
        assert!(roots.contains(&(mv, v)));
        // Cleared, the root is whole again.
        s.set_search_moves(&[]);
        let again = s
            .search(&Config::new(4).with_guards(Guards::NO_NULL_MOVE), |_| {})
            .unwrap();
        let v = if tree.maximizing() {
            again.root.value
        } else {
            -again.root.value
        };
        assert_eq!(v, best, "seed {seed}");
    }
}

#[test]
fn one_line_and_no_searchmoves_change_nothing() {
    for seed in 0..40 {
        let tree = RandomTree::new(seed, 6);
        let config = Config::new(5).with_guards(Guards::R3);
        let mut plain = DeepSearcher::with_table(tree, Some(10));
        let a = plain.search(&config, |_| {}).unwrap().clone();
        let mut set = DeepSearcher::with_table(tree, Some(10));
        set.set_multi_pv(1);
        set.set_search_moves(&[]);
        let b = set.search(&config, |_| {}).unwrap();
        assert_eq!(
            (a.root.value, a.root.best_move, a.nodes()),
            (b.root.value, b.root.best_move, b.nodes())
        );
        assert!(
            b.lines.is_empty(),
            "the plain search's one line is its root"
        );
    }
}
