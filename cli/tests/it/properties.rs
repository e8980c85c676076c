//! The command-line layer under random argument vectors (docs/src/specification.md, "The
//! command-line contract"): whatever the arguments, `nullmove::run` never panics, exits 0
//! or 2 (or 1, the verdict of `audit` and `rules`, with nothing on stderr), and on 2 writes
//! exactly one non-empty line to stderr (on 0, nothing).
//!
//! Every subcommand is generated with its own flags in random order and subsets, values
//! valid and not (boards, depths, ranges, FENs, guards, claims, files), plus foreign flags
//! and junk. Kept quick by bounding what would start a long measurement: the whole `audit`
//! (seconds a run) and `bench` (the fixed all-positions workload) are left out here and run
//! by their own tests, `audit` always gets claims that measure in a fraction of a second or
//! a text to cover; `safeguards` gets the empty board, `sweep --positions all` and `rules
//! --positions all` depth limits up to 3; `kpk sweep` gets depth limit 1, R 0 (or
//! `0..=10`), the exact evaluation on half the board and one or two configurations; `kpk
//! --fen`, `probes` and `trace` get small depth limits (a trace of depth 9 is hundreds of
//! thousands of lines); `chess` gets depths up to 3 and a suite at most three positions of
//! each suite named (or a refusal before any search).

use proptest::prelude::*;
use proptest::sample::select;

use nullmove_core::Position;

/// A reachable board: up to nine random cells played in turn until the game ends.
fn reachable_board() -> impl Strategy<Value = String> {
    prop::collection::vec(0usize..9, 0..10).prop_map(|cells| {
        let mut p = Position::empty();
        for c in cells {
            if p.is_terminal() {
                break;
            }
            if let Ok(q) = p.play(c) {
                p = q;
            }
        }
        p.to_string()
    })
}

/// Any board text: reachable, or characters thrown together (wrong length, impossible
/// counts, other characters, a trailing newline).
fn board() -> impl Strategy<Value = String> {
    prop_oneof![
        10 => reachable_board(),
        1 => prop::collection::vec(select(vec!['X', 'O', '.', 'x', 'o', 'Z', ' ', '\n']), 0..12)
            .prop_map(|v| v.into_iter().collect()),
        1 => reachable_board().prop_map(|b| format!("{b}\n")),
    ]
}

/// A number flag's value: in `0..=max`, or out of range, negative, not a number.
fn number(max: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (0..=max).prop_map(|n| n.to_string()),
        1 => select(vec!["-1", "10", "99999999999", "x", "3.5", "", " 2"]).prop_map(str::to_owned),
    ]
}

/// A range flag's value, `A..=B` or one number, valid or not; at most `max` when valid.
fn range(max: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0..=max, 0..=max).prop_map(|(a, b)| format!("{}..={}", a.min(b), a.max(b))),
        1 => (0..=max, 0..=max).prop_map(|(a, b)| format!("{a}..={b}")),
        2 => (0..=max).prop_map(|a| a.to_string()),
        1 => select(vec!["2..4", "a..=b", "0..=10", "..=3", "3..=", "-1..=2"]).prop_map(str::to_owned),
    ]
}

/// A FEN: a random K+P vs K placement (either pawn colour, either side to move), random
/// extras, or junk.
fn fen() -> impl Strategy<Value = String> {
    let square = (0u8..8, 0u8..8);
    let piece = select(vec!['K', 'k', 'P', 'p', 'Q', 'n']);
    let placement = prop::collection::vec((square, piece), 2..5).prop_map(|pieces| {
        let mut board = [['.'; 8]; 8];
        for ((rank, file), piece) in pieces {
            board[usize::from(rank)][usize::from(file)] = piece;
        }
        board
            .iter()
            .map(|rank| {
                let mut out = String::new();
                let mut empty = 0;
                for &c in rank {
                    if c == '.' {
                        empty += 1;
                    } else {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                }
                out
            })
            .collect::<Vec<_>>()
            .join("/")
    });
    let kpk = (
        select(vec!['K', 'k']),
        0u8..64,
        0u8..64,
        8u8..56,
        select(vec!['P', 'p']),
    )
        .prop_map(|(_, wk, bk, pawn, p)| {
            let mut board = ['.'; 64];
            board[usize::from(wk)] = 'K';
            board[usize::from(bk)] = 'k';
            board[usize::from(pawn)] = p;
            board
                .chunks(8)
                .map(|r| r.iter().collect::<String>().replace("........", "8"))
                .collect::<Vec<_>>()
                .join("/")
                .replace('.', "1")
        });
    let fields = (
        select(vec!["w", "b", "x"]),
        select(vec!["-", "KQ", "e3"]),
        select(vec!["", " - 0 1", " e3 0 1", " - x y"]),
    );
    prop_oneof![
        2 => (kpk, fields.clone()).prop_map(|(b, (s, c, rest))| format!("{b} {s} {c}{rest}")),
        1 => (placement, fields).prop_map(|(b, (s, c, rest))| format!("{b} {s} {c}{rest}")),
        1 => Just("4k3/8/8/4K3/4P3/8/8/8 b - - 0 1".to_owned()),
        1 => "[ -~]{0,20}",
    ]
}

/// `flag value` pairs and lone flags, each kept with its probability, in random order.
fn flags(options: Vec<(f64, BoxedStrategy<Vec<String>>)>) -> impl Strategy<Value = Vec<String>> {
    let (odds, options): (Vec<f64>, Vec<_>) = options.into_iter().unzip();
    let keep: Vec<_> = odds.into_iter().map(prop::bool::weighted).collect();
    (options, keep)
        .prop_map(|(opts, keep)| {
            opts.into_iter()
                .zip(keep)
                .filter_map(|(o, k)| k.then_some(o))
                .collect::<Vec<_>>()
        })
        .prop_shuffle()
        .prop_map(|groups| groups.concat())
}

/// A flag the command needs, nearly always given.
const NEEDED: f64 = 0.9;
/// A flag that shapes the run, sometimes given.
const SOMETIMES: f64 = 0.25;

fn pair(
    flag: &'static str,
    value: impl Strategy<Value = String> + 'static,
) -> BoxedStrategy<Vec<String>> {
    value.prop_map(move |v| vec![flag.to_owned(), v]).boxed()
}

fn lone(flag: &'static str) -> BoxedStrategy<Vec<String>> {
    Just(vec![flag.to_owned()]).boxed()
}

fn words(list: &[&'static str]) -> impl Strategy<Value = String> + 'static {
    select(list.to_vec()).prop_map(str::to_owned)
}

/// The guard flags both games take, then `own`, each rarely; tic-tac-toe's endgame guard
/// (`--min-empty`) goes to K+P vs K too, which must refuse it.
fn guards(own: Vec<BoxedStrategy<Vec<String>>>) -> Vec<(f64, BoxedStrategy<Vec<String>>)> {
    let verify = [
        "none",
        "tn",
        "stockfish:1",
        "stockfish:3",
        "stockfish:4",
        "stockfish:0",
        "always",
    ];
    [
        pair("--min-probe-depth", number(9)),
        lone("--threat-guard"),
        pair("--min-empty", number(9)),
        lone("--adaptive-r"),
        lone("--depth-r"),
        lone("--eval-gate"),
        lone("--zero-window"),
        pair("--verify", words(&verify)),
    ]
    .into_iter()
    .chain(own)
    .map(|flag| (SOMETIMES / 2.0, flag))
    .collect()
}

/// `search` and `trace`: a position and the search's flags; `depth` bounds valid depths.
fn searching(command: &'static str, depth: u32) -> impl Strategy<Value = Vec<String>> {
    let mut options = vec![
        (NEEDED, pair("--board", board())),
        (NEEDED, pair("--depth", number(depth))),
        (0.6, pair("--reduction", number(9))),
        (
            NEEDED,
            pair(
                "--mode",
                words(&["plain", "plain", "null", "null", "null", "null", "fast"]),
            ),
        ),
        (
            SOMETIMES,
            pair(
                "--engine",
                words(&["naive", "optimized", "oracle", "oracle", "magic"]),
            ),
        ),
        (0.5, lone("--json")),
    ];
    options.extend(guards(Vec::new()));
    if command == "trace" {
        options.push((SOMETIMES, lone("--step")));
    }
    flags(options).prop_map(move |f| [vec![command.to_owned()], f].concat())
}

/// `sweep`: the empty board with any grid, or every position with depth limits up to 3.
fn sweep() -> impl Strategy<Value = Vec<String>> {
    let mut options = vec![
        (0.5, pair("--reductions", range(9))),
        (
            SOMETIMES,
            pair("--engine", words(&["naive", "optimized", "oracle"])),
        ),
        (SOMETIMES, lone("--json")),
        (SOMETIMES, lone("--csv")),
    ];
    options.extend(guards(Vec::new()));
    (grid(), flags(options)).prop_map(|(g, f)| [vec!["sweep".to_owned()], g, f].concat())
}

/// `--positions` and `--depths` of a grid command: the empty board with any depth limits, or
/// every position with depth limits up to 3.
fn grid() -> impl Strategy<Value = Vec<String>> {
    let pair = |positions: &str, depths: String| {
        vec![
            "--positions".to_owned(),
            positions.to_owned(),
            "--depths".to_owned(),
            depths,
        ]
    };
    prop_oneof![
        range(9).prop_map(move |d| pair("empty", d)),
        range(3).prop_map(move |d| pair("all", d)),
        range(9).prop_map(|d| vec!["--depths".to_owned(), d]),
        Just(vec!["--positions".to_owned(), "some".to_owned()]),
    ]
}

/// `probes`: a position, its depth limit (small) and R.
fn probes() -> impl Strategy<Value = Vec<String>> {
    flags(vec![
        (NEEDED, pair("--board", board())),
        (NEEDED, pair("--depth", number(5))),
        (NEEDED, pair("--reduction", number(9))),
        (
            SOMETIMES,
            pair(
                "--engine",
                words(&["naive", "optimized", "oracle", "magic"]),
            ),
        ),
        (0.5, lone("--json")),
    ])
    .prop_map(|f| [vec!["probes".to_owned()], f].concat())
}

/// `rules`: a grid, an engine.
fn rules() -> impl Strategy<Value = Vec<String>> {
    let options = flags(vec![
        (0.5, pair("--reductions", range(9))),
        (
            SOMETIMES,
            pair("--engine", words(&["naive", "optimized", "oracle"])),
        ),
        (SOMETIMES, lone("--json")),
    ]);
    (grid(), options).prop_map(|(g, f)| [vec!["rules".to_owned()], g, f].concat())
}

/// `zugzwang`: any depth limit, sometimes a board.
fn zugzwang() -> impl Strategy<Value = Vec<String>> {
    flags(vec![
        (0.5, pair("--depth", number(9))),
        (0.5, pair("--board", board())),
        (0.5, lone("--json")),
    ])
    .prop_map(|f| [vec!["zugzwang".to_owned()], f].concat())
}

/// `audit`: always one quick claim (or an unknown one) or a text to cover (this repository's
/// README, which the page's anchors do not cover, a folder, a missing file), and flags
/// mixed across both uses.
fn audit() -> impl Strategy<Value = Vec<String>> {
    const README: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    let claim = || {
        pair(
            "--claim",
            words(&[
                "headline-nodes",
                "pitfall1-worse-move",
                "beyond-no-zugzwang",
                "try-it-board",
                "complexity-range",
                "no-such-claim",
                "",
            ]),
        )
    };
    let text = || words(&[README, env!("CARGO_MANIFEST_DIR"), "/nonexistent/page.txt"]);
    let first = prop_oneof![claim(), pair("--page", text()), pair("--article", text())];
    let rest = flags(vec![
        (SOMETIMES, claim()),
        (SOMETIMES / 2.0, pair("--page", text())),
        (SOMETIMES / 2.0, pair("--article", text())),
        (0.4, lone("--json")),
        (SOMETIMES, lone("--details")),
    ]);
    (first, rest).prop_map(|(c, f)| [vec!["audit".to_owned()], c, f].concat())
}

/// `kpk`: a position's search (small depth limits), the table's subcommands, a
/// one-depth sweep of half the board, and flags mixed across them.
fn kpk() -> impl Strategy<Value = Vec<String>> {
    let mut options = vec![
        (NEEDED, pair("--fen", fen())),
        (0.5, pair("--depth", number(3))),
        (SOMETIMES, pair("--reduction", number(9))),
        (SOMETIMES, pair("--mode", words(&["plain", "null", "fast"]))),
        (
            SOMETIMES,
            pair(
                "--rule",
                words(&["page", "in-check", "non-pawn-material", "never"]),
            ),
        ),
        (
            SOMETIMES,
            pair("--eval", words(&["exact", "heuristic", "best"])),
        ),
        (0.5, lone("--json")),
    ];
    options.extend(guards(vec![lone("--no-null-without-pieces")]));
    let position = flags(options);
    let table = (
        words(&["stats", "zugzwangs"]),
        flags(vec![
            (0.5, lone("--json")),
            (0.1, pair("--depth", number(3))),
        ]),
    )
        .prop_map(|(c, f)| [vec![c], f].concat());
    // One or two configurations, or an unknown one: all nineteen at eleven R values
    // (`0..=10`, which the parser takes) search the half board 200 times, seconds a run.
    let sweep = (
        words(&["0", "0..=0", "a..=b", "0..=10"]),
        words(&["page", "in_check,r3", "page,never"]),
        flags(vec![(0.5, lone("--json"))]),
    )
        .prop_map(|(r, c, f)| {
            let fixed = ["sweep", "--half-board", "--depths", "1", "--eval", "exact"];
            [
                fixed.into_iter().map(str::to_owned).collect(),
                vec![
                    "--reductions".to_owned(),
                    r,
                    "--configurations".to_owned(),
                    c,
                ],
                f,
            ]
            .concat()
        });
    prop_oneof![4 => position, 2 => table, 1 => sweep]
        .prop_map(|f| [vec!["kpk".to_owned()], f].concat())
}

/// `chess`: a position (any FEN the generator makes) at depth limits up to 3 under any
/// configuration name, or a suite cut to at most three positions (or refused before any
/// search: a bad limit, an unknown suite, a missing file) at depths up to 3, every view.
fn chess() -> impl Strategy<Value = Vec<String>> {
    let configs = [
        "none",
        "r2",
        "r3",
        "adaptive",
        "verified",
        "stockfish",
        "npm",
        "r4",
        "",
    ];
    let position = flags(vec![
        (NEEDED, pair("--fen", fen())),
        (NEEDED, pair("--depth", number(3))),
        (SOMETIMES, pair("--config", words(&configs))),
        (0.5, lone("--json")),
    ]);
    let config_list =
        prop::collection::vec(select(configs.to_vec()), 1..4).prop_map(|names| names.join(","));
    let suite = flags(vec![
        (
            NEEDED,
            pair("--suite", words(&["wac", "zugts", "eet", "zugts", "kpk"])),
        ),
        (0.1, pair("--suite", words(&["eet", "wac"]))),
        (0.1, pair("--epd", words(&["/nonexistent.epd", env!("CARGO_MANIFEST_DIR")]))),
        (
            1.0,
            pair("--limit", prop_oneof![8 => (1u32..=3).prop_map(|n| n.to_string()), 1 => words(&["0", "500", "x"])]),
        ),
        (0.6, pair("--depth", number(3))),
        (0.3, pair("--depths", range(3))),
        (SOMETIMES, pair("--configs", config_list)),
        (SOMETIMES, lone("--by-pieces")),
        (SOMETIMES, lone("--per-position")),
        (SOMETIMES, lone("--markdown")),
        (SOMETIMES, lone("--json")),
    ])
    .prop_map(|f| [vec!["suite".to_owned()], f].concat());
    prop_oneof![2 => position, 3 => suite].prop_map(|f| [vec!["chess".to_owned()], f].concat())
}

/// Any argument vector: a subcommand's, with a foreign token or junk now and then.
fn argv() -> impl Strategy<Value = Vec<String>> {
    let command = prop_oneof![
        3 => searching("search", 9),
        2 => searching("trace", 5),
        2 => sweep(),
        2 => kpk(),
        1 => probes(),
        1 => rules(),
        1 => zugzwang(),
        1 => audit(),
        2 => chess(),
        1 => (words(&["empty", "all!", "some"]), flags(vec![(0.5, lone("--json"))]))
            .prop_map(|(p, f)| [vec!["safeguards".to_owned(), "--positions".to_owned(), p], f].concat()),
        1 => flags(vec![(0.5, lone("--json")), (0.1, lone("--csv"))])
            .prop_map(|f| [vec!["tree-stats".to_owned()], f].concat()),
    ];
    let junk = prop_oneof![
        10 => Just(Vec::new()),
        1 => words(&["--frobnicate", "--details", "-x", "--", "--help", "--version", "extra", "--svg"])
            .prop_map(|w| vec![w]),
        1 => "[ -~]{0,8}".prop_map(|w| vec![w]),
    ];
    prop_oneof![
        12 => (command, junk, any::<prop::sample::Index>()).prop_map(|(mut c, j, at)| {
            let i = at.index(c.len() + 1);
            for (k, w) in j.into_iter().enumerate() {
                c.insert((i + k).min(c.len()), w);
            }
            c
        }),
        1 => prop::collection::vec("[ -~]{0,10}", 0..4),
    ]
}

/// Runs `args` in process and checks the contract's exit status and stderr.
fn exits_0_or_2_with_one_line(args: &[String]) -> Result<(), TestCaseError> {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = nullmove::run(args, &mut out, &mut err);
    let err = String::from_utf8(err).expect("UTF-8 on stderr");
    let verdict = args.first().is_some_and(|c| c == "audit" || c == "rules");
    match status {
        0 => prop_assert!(err.is_empty(), "{args:?}: {err}"),
        1 if verdict => prop_assert!(err.is_empty(), "{args:?}: {err}"),
        2 => {
            prop_assert!(err.ends_with('\n'), "{args:?}: {err:?}");
            prop_assert_eq!(err.lines().count(), 1, "{:?}: {:?}", args, err);
            let reason = err.trim_start_matches("nullmove:").trim();
            prop_assert!(!reason.is_empty(), "{:?}: {:?}", args, err);
        }
        other => prop_assert!(false, "{args:?}: exit {other}, {err}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn any_arguments_exit_0_or_2_with_one_line_on_error(args in argv()) {
        exits_0_or_2_with_one_line(&args)?;
    }
}
