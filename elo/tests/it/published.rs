//! Published results the statistics must reproduce, computed from their counts: six
//! Stockfish SPRT runs on fishtest (each stopped on the first pair update past ±2.94, LLR
//! as the run's page shows it, to two decimals) and Ethereal's null-move removal on
//! `OpenBench` (Elo and its 95% half-width from win, draw and loss counts).

use nullmove_elo::{Decision, Model, Pentanomial, Sprt, Wdl, summarize_games, summarize_pairs};

/// One fishtest run: its name, Elo model and bounds, pentanomial, and published LLR.
struct Run {
    name: &'static str,
    model: Model,
    bounds: (f64, f64),
    pentanomial: [u64; 5],
    llr: &'static str,
}

const RUNS: [Run; 6] = [
    Run {
        name: "Remove razoring, STC (2020)",
        model: Model::Logistic,
        bounds: (-1.25, 0.25),
        pentanomial: [230, 4738, 21769, 4745, 242],
        llr: "2.95",
    },
    Run {
        name: "Remove razoring, LTC (2020)",
        model: Model::Logistic,
        bounds: (-0.75, 0.25),
        pentanomial: [33, 2186, 28230, 2192, 43],
        llr: "2.93",
    },
    Run {
        name: "Remove capture history pruning, STC (2021)",
        model: Model::Normalized,
        bounds: (-2.25, 0.25),
        pentanomial: [435, 16138, 36885, 16049, 481],
        llr: "2.94",
    },
    Run {
        name: "Remove capture history pruning, LTC (2021)",
        model: Model::Normalized,
        bounds: (-2.25, 0.25),
        pentanomial: [34, 7317, 20529, 7416, 32],
        llr: "2.95",
    },
    Run {
        name: "Remove eval >= beta condition for null move, STC (2023)",
        model: Model::Normalized,
        bounds: (-1.75, 0.25),
        pentanomial: [833, 26275, 55928, 26448, 756],
        llr: "2.95",
    },
    Run {
        name: "Remove eval >= beta condition for null move, LTC (2023)",
        model: Model::Normalized,
        bounds: (-1.75, 0.25),
        pentanomial: [232, 46237, 108_732, 46030, 249],
        llr: "2.95",
    },
];

#[test]
fn fishtest_runs_reproduce_their_published_llr() {
    let mut wrong = Vec::new();
    for run in &RUNS {
        let sprt = Sprt::new(run.model, run.bounds.0, run.bounds.1).unwrap();
        let result = sprt.on_pairs(&Pentanomial(run.pentanomial)).unwrap();
        let shown = format!("{:.2}", result.llr);
        if shown != run.llr {
            wrong.push(format!(
                "{}: LLR {} ({}), published {}",
                run.name, shown, result.llr, run.llr
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every run was accepted (H1). fishtest stops a run when its LLR passes Wald's bound
/// narrowed by the overshoot estimated from the run's own history (`SprtRun`); the counts
/// alone carry no history, so judged whole a run is held to Wald's 2.944. Four runs pass it;
/// two stopped inside it, in the band the correction opened (LLR 2.934 and 2.942), and are
/// undecided by the counts alone: their published decision needs the history.
#[test]
fn fishtest_runs_reach_their_published_decision_where_the_counts_can_tell() {
    for run in &RUNS {
        let sprt = Sprt::new(run.model, run.bounds.0, run.bounds.1).unwrap();
        let summary = summarize_pairs(&Pentanomial(run.pentanomial), None, Some(&sprt)).unwrap();
        let result = summary.sprt.unwrap();
        let inside = [
            "Remove razoring, LTC (2020)",
            "Remove capture history pruning, STC (2021)",
        ];
        if inside.contains(&run.name) {
            assert_eq!(result.decision, None, "{}: {result:?}", run.name);
            assert!(
                result.upper - result.llr < 0.011,
                "{}: {result:?}",
                run.name
            );
        } else {
            assert_eq!(
                result.decision,
                Some(Decision::H1),
                "{}: {result:?}",
                run.name
            );
        }
    }
}

/// The book's table of these runs (`docs/src/strength.md`, "Match statistics"), row for
/// row, as computed here.
#[test]
fn the_readme_table_is_what_the_runs_give() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/src/strength.md"
    ))
    .expect("the book's chapter on playing strength");
    let rows: Vec<Vec<&str>> = readme
        .lines()
        .filter(|l| l.starts_with("| Remove "))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), RUNS.len(), "one row per run");
    for run in &RUNS {
        let row = rows
            .iter()
            .find(|r| r[0] == run.name)
            .unwrap_or_else(|| panic!("no row for {}", run.name));
        let sprt = Sprt::new(run.model, run.bounds.0, run.bounds.1).unwrap();
        let s = summarize_pairs(&Pentanomial(run.pentanomial), None, Some(&sprt)).unwrap();
        let r = s.sprt.unwrap();
        let bounds = format!("{} {}, {}", run.model, run.bounds.0, run.bounds.1);
        let pairs = s.pairs.unwrap().to_string();
        let pairs = format!(
            "{},{}",
            &pairs[..pairs.len() - 3],
            &pairs[pairs.len() - 3..]
        );
        let decision = r.decision.map_or("none".to_owned(), |d| format!("{d:?}"));
        let expected = [
            run.name.to_owned(),
            bounds,
            pairs,
            format!("{:+.2} ± {:.2}", s.elo, s.elo_error),
            run.llr.to_owned(),
            format!("{:.3}", r.llr),
            decision,
        ];
        assert_eq!(row, &expected, "{}", run.name);
    }
}

#[test]
fn ethereal_without_null_move_on_openbench() {
    // 9,225 games: W 1,055, L 3,469, D 4,701; OpenBench shows Elo -93.08 +- 4.96 (95%).
    let wdl = Wdl {
        wins: 1055,
        draws: 4701,
        losses: 3469,
    };
    let s = summarize_games(&wdl, None).unwrap();
    assert_eq!(s.games, 9225);
    assert_eq!(format!("{:.2}", s.elo), "-93.08");
    // OpenBench's "±" is the larger of the interval's two sides.
    assert_eq!(format!("{:.2}", s.elo_error), "4.96");
    assert_eq!(format!("{:.2}", s.elo - s.elo_95[0]), "4.96");
    assert!(s.elo_95[0] < s.elo && s.elo < s.elo_95[1]);
}
