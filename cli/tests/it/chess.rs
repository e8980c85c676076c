//! `nullmove chess suite` and `nullmove chess bench` against the contract of
//! docs/src/specification.md, run on the real binary: the JSON fields, the shipped suites
//! read by name or as files, the views the book's tables come from, the chart, and every
//! bad input refused in one line (one position, `--fen`, is `chess_position.rs`'s). The text
//! and Markdown outputs of small fixed runs are pinned by snapshots.

use crate::support;

use support::{json, rejects, stdout};

/// WAC.003: White's Rg3 wins the queen.
pub(crate) const WAC_003: &str = "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1";

/// `chess/data/NAME.epd`, as a path the test can open from any directory.
fn data(name: &str) -> String {
    format!("{}/../chess/data/{name}.epd", env!("CARGO_MANIFEST_DIR"))
}

/// The suite's rows and positions as docs/src/specification.md names them.
#[test]
fn a_suite_has_the_contract_fields() {
    let v = json(&[
        "chess",
        "suite",
        "--suite",
        "zugts",
        "--limit",
        "3",
        "--depth",
        "3",
        "--configs",
        "none,r3",
        "--json",
    ]);
    let rows = v["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2);
    for (row, name) in rows.iter().zip(["none", "r3"]) {
        assert_eq!(
            (&row["configuration"], &row["depth"]),
            (&name.into(), &3.into())
        );
        assert_eq!(row["positions"], 3);
        assert!(row["solved"].is_u64() && row["nodes"].is_u64(), "{row}");
    }
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 3);
    assert_eq!(positions[0]["id"], "ZPTS.01");
    for p in positions {
        assert!(p["fen"].is_string() && p["best_moves"].is_array(), "{p}");
        assert!(p["avoid_moves"].is_array(), "{p}");
        let results = p["results"].as_array().expect("results");
        assert_eq!(results.len(), 2);
        for r in results {
            assert!(
                r["configuration"].is_string() && r["solved"].is_boolean(),
                "{r}"
            );
            assert!(r["best_move_san"].is_string() && r["nodes"].is_u64(), "{r}");
        }
    }
    // Each row sums its positions.
    let sum: u64 = positions
        .iter()
        .map(|p| p["results"][1]["nodes"].as_u64().expect("nodes"))
        .sum();
    assert_eq!(rows[1]["nodes"].as_u64(), Some(sum));
    assert!(v.get("by_pieces").is_none() && v.get("solved_depths").is_none());
}

/// The shipped suites read by name equal the files in `chess/data/`; several depths come
/// from one search, each as a search to that depth returns it.
#[test]
fn a_suite_by_name_is_its_file_and_depths_are_iterations() {
    let flags = ["--limit", "4", "--configs", "r2,verified", "--json"];
    let by_name = json(
        &[
            &["chess", "suite", "--suite", "eet", "--depths", "2..=3"][..],
            &flags,
        ]
        .concat(),
    );
    let by_file = json(
        &[
            &["chess", "suite", "--epd", &data("eet"), "--depths", "2..=3"][..],
            &flags,
        ]
        .concat(),
    );
    assert_eq!(by_name["rows"], by_file["rows"]);
    assert_eq!(by_name["positions"], by_file["positions"]);
    assert_eq!(by_name["suites"], serde_json::json!(["eet"]));
    let alone = json(
        &[
            &["chess", "suite", "--suite", "eet", "--depth", "2"][..],
            &flags,
        ]
        .concat(),
    );
    let rows = by_name["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[..2], alone["rows"].as_array().expect("rows")[..]);
}

#[test]
fn the_views_add_their_fields() {
    let v = json(&[
        "chess",
        "suite",
        "--suite",
        "zugts",
        "--suite",
        "eet",
        "--limit",
        "3",
        "--depths",
        "1..=3",
        "--configs",
        "none,r2,r3,verified",
        "--by-pieces",
        "--per-position",
        "--json",
    ]);
    let b = &v["by_pieces"];
    assert_eq!((&b["depth"], &b["baseline"]), (&3.into(), &"none".into()));
    let split = b["split"].as_array().expect("split");
    assert!(
        split.iter().all(|c| c["configuration"] != "none"),
        "{split:?}"
    );
    let few: u64 = split
        .iter()
        .filter(|c| c["configuration"] == "r3")
        .map(|c| c["positions"].as_u64().expect("count"))
        .sum();
    assert_eq!(few, 6, "every position in one side of the split");
    let solved = v["solved_depths"].as_array().expect("solved depths");
    assert_eq!(solved.len(), 6);
    let shapes = v["verified_shape"].as_array().expect("Tabibi & Netanyahu");
    assert_eq!(shapes.len(), 3);
    assert_eq!(shapes[2]["depth"], 3);
}

/// The book's tables are what `--markdown` prints; the terminal's hold the same counts.
#[test]
fn small_runs_are_pinned() {
    let position = stdout(&["chess", "--fen", WAC_003, "--depth", "4"]);
    insta::assert_snapshot!("position_wac_003_depth_4", position);
    let suite = [
        "chess",
        "suite",
        "--suite",
        "zugts",
        "--limit",
        "4",
        "--depths",
        "2..=4",
        "--by-pieces",
        "--per-position",
    ];
    insta::assert_snapshot!("suite_zugts_4_text", stdout(&suite));
    insta::assert_snapshot!(
        "suite_zugts_4_markdown",
        stdout(&[&suite[..], &["--markdown"]].concat())
    );
}

#[test]
fn the_chart_is_written_whole() {
    let dir = std::env::temp_dir().join(format!("nullmove-chess-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("chess.svg");
    let table = stdout(&[
        "chess",
        "suite",
        "--suite",
        "zugts",
        "--limit",
        "2",
        "--depths",
        "1..=3",
        "--configs",
        "none,r3",
        "--by-pieces",
        "--svg",
        path.to_str().expect("UTF-8"),
    ]);
    assert!(table.starts_with("zugts: the first 2 positions"), "{table}");
    let svg = std::fs::read_to_string(&path).expect("the chart");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("move changed against none at depth 3"));
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// `--limit` is a cap, like `head -n`: a suite with fewer positions is searched whole, so
/// one limit serves a script that runs several suites.
#[test]
fn a_limit_caps_each_suite_and_a_short_suite_is_searched_whole() {
    let whole = stdout(&[
        "chess",
        "suite",
        "--suite",
        "zugts",
        "--limit",
        "1000",
        "--depth",
        "1",
        "--configs",
        "none",
    ]);
    assert!(whole.starts_with("zugts: 30 positions, depth 1"), "{whole}");
    let suites = [
        "chess",
        "suite",
        "--suite",
        "zugts",
        "--suite",
        "eet",
        "--limit",
        "40",
        "--depth",
        "1",
        "--configs",
        "none",
    ];
    let v = json(&[&suites[..], &["--json"]].concat());
    assert_eq!(v["limit"], 40);
    assert_eq!(v["positions"].as_array().map(Vec::len), Some(30 + 40));
    let both = stdout(&suites);
    assert!(
        both.starts_with("zugts and eet: at most the first 40 of each, 70 positions, depth 1"),
        "{both}"
    );
}

#[test]
#[allow(clippy::too_many_lines)] // a table of refusals, one case a few lines
fn bad_input_is_refused_in_one_line() {
    let dir = std::env::temp_dir().join(format!("nullmove-chess-epd-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let bad = dir.join("bad.epd");
    std::fs::write(
        &bad,
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n4k3/8/8/8/8/8/8/4K3 w - - bm Qd2;\n",
    )
    .expect("written");
    let bad = bad.to_str().expect("UTF-8");
    let empty = dir.join("empty.epd");
    std::fs::write(&empty, "# nothing\n").expect("written");
    let empty = empty.to_str().expect("UTF-8");
    let suite = |extra: &[&'static str]| {
        let mut args = vec!["chess", "suite", "--suite", "zugts", "--depth", "2"];
        args.extend(extra);
        args
    };
    for (args, needle) in [
        (vec!["chess", "--depth", "3"], "--fen <FEN>"),
        (vec!["chess", "--fen", WAC_003], "--depth <DEPTH>"),
        (
            vec!["chess", "--fen", "8/8/8 w - -", "--depth", "2"],
            "--fen: invalid FEN \"8/8/8 w - -\": 3 ranks",
        ),
        (
            vec!["chess", "--fen", "8/8/8/8/8/8/8/8 w - -", "--depth", "2"],
            "not a legal position",
        ),
        (
            vec!["chess", "--fen", WAC_003, "--depth", "0"],
            "--depth <DEPTH>",
        ),
        (
            vec!["chess", "--fen", WAC_003, "--depth", "65"],
            "--depth <DEPTH>",
        ),
        (
            vec!["chess", "--fen", WAC_003, "--depth", "2", "--config", "r4"],
            "unknown configuration \"r4\": expected one of none, r2",
        ),
        (
            vec!["chess", "--fen", WAC_003, "suite"],
            "cannot be used with",
        ),
        (
            vec!["chess", "suite", "--depth", "2"],
            "--suite <NAME> (wac, zugts, eet) or --epd <FILE>",
        ),
        (
            vec!["chess", "suite", "--suite", "zugts"],
            "--depth <DEPTH>",
        ),
        (
            vec!["chess", "suite", "--suite", "kpk", "--depth", "2"],
            "unknown suite \"kpk\"",
        ),
        (
            vec!["chess", "suite", "--epd", bad, "--depth", "2"],
            "bad.epd: EPD line 2: SAN \"Qd2\"",
        ),
        (
            vec!["chess", "suite", "--epd", empty, "--depth", "2"],
            "empty.epd: no position in it",
        ),
        (
            vec![
                "chess",
                "suite",
                "--epd",
                "/nonexistent.epd",
                "--depth",
                "2",
            ],
            "cannot read /nonexistent.epd",
        ),
        (suite(&["--suite", "zugts"]), "zugts is given twice"),
        (
            suite(&["--limit", "0"]),
            "--limit 0 would search no position",
        ),
        (suite(&["--configs", "r3,r3"]), "--configs names r3 twice"),
        (
            suite(&["--configs", "r3", "--by-pieces"]),
            "add none to --configs",
        ),
        (
            suite(&["--configs", "none", "--by-pieces"]),
            "add another to --configs",
        ),
        (suite(&["--depths", "2..=3"]), "cannot be used with"),
        (
            vec!["chess", "suite", "--suite", "zugts", "--depths", "3..=2"],
            "expected 1 <= A <= B <= 64",
        ),
        (suite(&["--json", "--markdown"]), "cannot be used with"),
        (
            suite(&["--limit", "1", "--svg", "/nonexistent/folder/c.svg"]),
            "cannot write /nonexistent/folder/c.svg",
        ),
        (
            vec!["chess", "bench", "--depth", "3"],
            "unexpected argument '--depth'",
        ),
    ] {
        rejects(&args, needle);
    }
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// `nullmove chess bench`: every configuration over the fixed workload, no allocation while
/// searching, and the total (the node counts themselves are pinned by the chess crate's
/// `tests/it/bench.rs`) printed as the signature.
#[test]
fn the_bench_prints_its_signature() {
    let text = stdout(&["chess", "bench"]);
    let doc = nullmove::document(&nullmove::parse(["chess", "bench"]).expect("parses"))
        .expect("the workload runs");
    assert_eq!(
        doc["positions"].to_string(),
        r#"[{"first":20,"suite":"wac"},{"first":10,"suite":"eet"}]"#
    );
    assert_eq!(
        (doc["depth"].as_u64(), doc["table_bits"].as_u64()),
        (Some(5), Some(16))
    );
    let runs = doc["configurations"].as_array().expect("configurations");
    let names: Vec<&str> = runs
        .iter()
        .map(|r| r["configuration"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        nullmove::commands::chess::configuration_names().collect::<Vec<_>>()
    );
    let mut total = 0;
    for r in runs {
        let nodes = r["nodes"].as_u64().expect("nodes");
        assert!(nodes > 100_000, "{r}");
        assert_eq!(r["allocations"].as_u64(), Some(0), "{r}");
        assert!(r["nodes_per_second"].as_f64().expect("a speed") > 0.0);
        let row = format!(
            "{:<14} {:>12}",
            r["configuration"].as_str().expect("a name"),
            nullmove_report::format::count(nodes)
        );
        assert!(text.contains(&row), "{row:?} in\n{text}");
        total += nodes;
    }
    assert_eq!(doc["nodes"].as_u64(), Some(total));
    assert!(
        text.ends_with(&format!("\nsignature: {total} nodes\n")),
        "{text}"
    );
}

/// `--depths` takes `A..=B` or one depth, within 1..=64.
#[test]
fn depth_ranges() {
    let suite = |depths: &str| {
        let args = [
            "chess",
            "suite",
            "--suite",
            "zugts",
            "--limit",
            "1",
            "--configs",
            "none",
            "--json",
            "--depths",
            depths,
        ];
        args.map(str::to_owned)
    };
    for (depths, says) in [
        ("0..=3", "1 <= A <= B <= 64"),
        ("7..=4", "1 <= A <= B <= 64"),
        ("a", "not a depth"),
        ("65", "1 <= A <= B <= 64"),
    ] {
        let args = suite(depths);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        rejects(&args, says);
    }
    for depths in ["2", "1..=2"] {
        let args = suite(depths);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let doc = json(&args);
        assert!(doc.is_object(), "{depths}");
    }
}
