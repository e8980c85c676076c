//! `nullmove chess sprt` on the real binary: published runs checked from their counts
//! (the JSON fields of docs/src/specification.md, the table), and every bad input refused
//! in one line.

use crate::support;

use proptest::prelude::*;
use proptest::sample::select;
use serde_json::Value;
use support::{json, rejects, stdout};

/// Stockfish's "Remove razoring" at short time control (fishtest, 2020): LLR 2.95 against
/// logistic bounds -1.25, 0.25.
const RAZORING: [&str; 8] = [
    "chess",
    "sprt",
    "--pentanomial",
    "230,4738,21769,4745,242",
    "--elo0",
    "-1.25",
    "--elo1",
    "0.25",
];

/// Ethereal without null-move pruning (`OpenBench`): Elo -93.08 ± 4.96 over 9,225 games.
const ETHEREAL: [&str; 4] = ["chess", "sprt", "--wdl", "1055,4701,3469"];

#[test]
fn a_published_run_has_the_contract_fields() {
    let v = json(&[&RAZORING[..], &["--json"]].concat());
    assert_eq!(
        (v["pairs"].as_u64(), v["games"].as_u64()),
        (Some(31_724), Some(63_448))
    );
    assert_eq!(
        v["pentanomial"],
        serde_json::json!([230, 4738, 21769, 4745, 242])
    );
    for field in ["wins", "draws", "losses"] {
        assert!(v[field].is_null(), "{field}: {v}");
    }
    let (lo, elo, hi) = (
        v["elo_95"][0].as_f64().unwrap(),
        v["elo"].as_f64().unwrap(),
        v["elo_95"][1].as_f64().unwrap(),
    );
    assert!(lo < elo && elo < hi, "{v}");
    assert!((v["score"].as_f64().unwrap() - 0.5).abs() < 0.001);
    let sprt = &v["sprt"];
    assert_eq!(
        (&sprt["model"], &sprt["decision"]),
        (&"logistic".into(), &"H1".into())
    );
    assert_eq!(
        (sprt["elo0"].as_f64(), sprt["elo1"].as_f64()),
        (Some(-1.25), Some(0.25))
    );
    assert_eq!(
        (sprt["alpha"].as_f64(), sprt["beta"].as_f64()),
        (Some(0.05), Some(0.05))
    );
    assert_eq!(format!("{:.2}", sprt["llr"].as_f64().unwrap()), "2.95");
    assert_eq!(format!("{:.3}", sprt["upper"].as_f64().unwrap()), "2.944");
    assert_eq!(format!("{:.3}", sprt["lower"].as_f64().unwrap()), "-2.944");
    // The library's document is the same value (to the last bit serde_json's default
    // float parsing may lose).
    let args = [&RAZORING[..], &["--json"]].concat();
    let doc = nullmove::document(&nullmove::parse(&args).unwrap()).unwrap();
    assert!(same(&doc, &v), "{doc} against {v}");
}

/// Two JSON documents equal but for the last bits of their numbers.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            (x - y).abs() <= 1e-15 * x.abs().max(y.abs())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn game_counts_alone_give_openbench_figures() {
    let v = json(&[&ETHEREAL[..], &["--json"]].concat());
    assert!(v["pairs"].is_null() && v["pentanomial"].is_null() && v["sprt"].is_null());
    assert_eq!(
        (v["games"].as_u64(), v["wins"].as_u64()),
        (Some(9225), Some(1055))
    );
    assert_eq!(format!("{:.2}", v["elo"].as_f64().unwrap()), "-93.08");
    assert_eq!(format!("{:.2}", v["elo_error"].as_f64().unwrap()), "4.96");
    let table = stdout(&ETHEREAL);
    assert!(table.contains("Games     9,225"), "{table}");
    assert!(table.contains("W D L     1,055 4,701 3,469"), "{table}");
    assert!(
        table.contains("Elo       -93.08 ± 4.96 (95%: -98.04 to -88.16"),
        "{table}"
    );
    assert!(!table.contains("LLR"), "{table}");
    assert!(table.contains("nElo      -139.97 ± 7.09"), "{table}");
    assert!(
        (v["normalized_elo"].as_f64().unwrap() + 139.97).abs() < 0.005,
        "{v}"
    );
}

#[test]
fn the_table_says_the_decision() {
    let table = stdout(&RAZORING);
    assert!(table.contains("Pairs     31,724 (63,448 games)"), "{table}");
    assert!(
        table.contains("LLR       2.95 (-2.94, 2.94): H1 accepted"),
        "{table}"
    );
    // "Remove capture history pruning" STC: accepted by fishtest at 2.94, inside Wald's
    // bound, through the overshoot correction its history allowed.
    let capture = stdout(&[
        "chess",
        "sprt",
        "--pentanomial",
        "435,16138,36885,16049,481",
        "--elo0=-2.25",
        "--elo1",
        "0.25",
        "--model",
        "normalized",
    ]);
    assert!(
        capture.contains("LLR       2.94 (-2.94, 2.94): no decision, 2.942 lies between"),
        "{capture}"
    );
    assert!(capture.contains("(normalized Elo)"), "{capture}");
    assert!(
        capture.contains("nElo      +0.01 ± 1.82 (95%: -1.81 to +1.83"),
        "{capture}"
    );
}

#[test]
fn pairs_with_their_games_are_checked_and_reported() {
    let base = ["chess", "sprt", "--pentanomial", "1,2,3,2,1"];
    let v = json(&[&base[..], &["--wdl", "6,6,6", "--json"]].concat());
    assert_eq!(
        (v["wins"].as_u64(), v["pairs"].as_u64()),
        (Some(6), Some(9))
    );
    rejects(
        &[&base[..], &["--wdl", "6,5,7"]].concat(),
        "the games score 8.5 points but the pairs 9",
    );
    rejects(
        &[&base[..], &["--wdl", "1,1,1"]].concat(),
        "3 games counted for 9 pairs",
    );
}

#[test]
fn every_game_won_is_an_infinite_elo_said_as_such() {
    let v = json(&["chess", "sprt", "--wdl", "12,0,0", "--json"]);
    assert_eq!(v["elo"], "+inf");
    assert_eq!(v["elo_95"], serde_json::json!(["+inf", "+inf"]));
    let table = stdout(&["chess", "sprt", "--wdl", "12,0,0"]);
    assert!(
        table.contains(
            "Elo       +inf: every game won, so Elo has no finite value and no interval\n"
        ),
        "{table}"
    );
    let table = stdout(&["chess", "sprt", "--wdl", "0,0,12"]);
    assert!(
        table.contains("Elo       -inf: every game lost,"),
        "{table}"
    );
}

#[test]
fn bad_input_is_one_line() {
    let sample = |flag, value| vec!["chess", "sprt", flag, value];
    let bounded = |extra: &[&'static str]| [&sample("--wdl", "3,4,5")[..], extra].concat();
    let cases: [(Vec<&str>, &str); 17] = [
        (vec!["chess", "sprt"], "--pentanomial"),
        (
            sample("--pentanomial", "1,2,3,4"),
            "expected 5 counts separated by commas",
        ),
        (sample("--wdl", "1,2"), "expected 3 counts"),
        (sample("--wdl", "1,-2,3"), "\"-2\" is not a count"),
        (sample("--wdl", "1,2.5,3"), "\"2.5\" is not a count"),
        (
            sample("--wdl", "99999999999999999999,1,1"),
            "is not a count",
        ),
        (
            sample("--wdl", "18446744073709551615,1,1"),
            "too many games",
        ),
        (sample("--wdl", "0,0,0"), "no games"),
        (sample("--pentanomial", "0,0,0,0,0"), "no games"),
        (bounded(&["--elo0", "1", "--elo1", "1"]), "elo0 < elo1"),
        (bounded(&["--elo0", "2", "--elo1", "-1"]), "elo0 < elo1"),
        (bounded(&["--elo0", "1"]), "--elo0 and --elo1 go together"),
        (bounded(&["--elo1", "1"]), "--elo0 and --elo1 go together"),
        (
            bounded(&["--model", "normalized"]),
            "--model changes nothing without",
        ),
        (
            bounded(&["--model", "bayes", "--elo0", "0", "--elo1", "2"]),
            "logistic or normalized",
        ),
        (
            bounded(&["--elo0", "inf", "--elo1", "2"]),
            "expected a finite number",
        ),
        (
            bounded(&["--elo0", "x", "--elo1", "2"]),
            "not an Elo difference",
        ),
    ];
    for (args, needle) in &cases {
        rejects(args, needle);
    }
}

/// A count list: valid, or with the wrong number of items, signs, fractions, junk.
fn counts(n: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::collection::vec(0u64..100_000, n).prop_map(|v| join(&v)),
        1 => prop::collection::vec(0u64..3, n).prop_map(|v| join(&v)),
        1 => prop::collection::vec(0u64..100, 0..7).prop_map(|v| join(&v)),
        1 => select(vec!["", "1,,2", "a,b,c", "-1,2,3", "1.5,2,3,4,5", " 1, 2 ,3"]).prop_map(str::to_owned),
    ]
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

fn elo() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (-300i32..300).prop_map(|x| format!("{}", f64::from(x) / 10.0)),
        1 => select(vec!["nan", "inf", "", "1e400", "x"]).prop_map(str::to_owned),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever the flags, in process: exit 0 with a document and nothing on stderr, or
    /// exit 2 with one line; never a panic, never NaN in the JSON.
    #[test]
    fn any_flags_give_a_document_or_one_line(
        pentanomial in prop::option::of(counts(5)),
        wdl in prop::option::of(counts(3)),
        elo0 in prop::option::of(elo()),
        elo1 in prop::option::of(elo()),
        model in prop::option::of(select(vec!["logistic", "normalized", "x"])),
        json in any::<bool>(),
    ) {
        let mut args = vec!["chess".to_owned(), "sprt".to_owned()];
        for (flag, value) in [
            ("--pentanomial", pentanomial),
            ("--wdl", wdl),
            ("--elo0", elo0),
            ("--elo1", elo1),
            ("--model", model.map(str::to_owned)),
        ] {
            if let Some(v) = value {
                args.push(format!("{flag}={v}"));
            }
        }
        if json {
            args.push("--json".to_owned());
        }
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = nullmove::run(&args, &mut out, &mut err);
        let (out, err) = (String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap());
        match status {
            0 => {
                prop_assert!(err.is_empty() && !out.is_empty(), "{args:?}");
                prop_assert!(!out.contains("NaN"), "{args:?}: {out}");
                if json {
                    // Every figure a number, or an infinity said as "+inf"/"-inf".
                    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
                    let figure = |x: &serde_json::Value| {
                        x.is_number() || x == "+inf" || x == "-inf"
                    };
                    let figures = [&v["score"], &v["elo"], &v["elo_error"], &v["elo_95"][0], &v["elo_95"][1]];
                    prop_assert!(figures.into_iter().all(figure), "{v}");
                    prop_assert!(v["sprt"].is_null() || v["sprt"]["llr"].is_number(), "{v}");
                }
            }
            2 => prop_assert!(out.is_empty() && err.lines().count() == 1, "{args:?}: {err}"),
            s => prop_assert!(false, "{args:?}: status {s}"),
        }
    }
}

/// The book's `nullmove chess sprt` examples (`docs/src/strength.md`, "Match statistics"):
/// each command's output, line for line, as the binary prints it now.
#[test]
fn the_readme_examples_are_the_output() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/src/strength.md"
    ))
    .expect("the book's chapter on playing strength");
    let mut lines = readme.lines().peekable();
    let mut checked = 0;
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ nullmove chess sprt ") else {
            continue;
        };
        let mut shown = String::new();
        while let Some(next) = lines.next_if(|l| !l.starts_with(['$', '#', '`'])) {
            shown.push_str(next);
            shown.push('\n');
        }
        let args: Vec<&str> = ["chess", "sprt"]
            .into_iter()
            .chain(command.split_whitespace())
            .collect();
        // A blank line closes an example in the book's console blocks.
        assert_eq!(stdout(&args).trim_end(), shown.trim_end(), "{command}");
        checked += 1;
    }
    assert_eq!(checked, 2, "the chapter shows two examples");
}
