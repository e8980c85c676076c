//! `nullmove chess sprt --path`: a run's counts after each update replayed as fishtest's
//! `update_SPRT` saw them, so a run that stopped just inside Wald's ±2.944, where its own
//! overshoot had narrowed the bounds, gets its decision back; without the path the output
//! says why the final counts alone cannot give it.

use crate::support;

use nullmove_elo::{Decision, Model, Pentanomial, Sprt, SprtRun};
use support::{json, rejects, stdout};

/// A deterministic stream of game pairs, about 52% to the first player.
fn pairs(seed: u64) -> impl Iterator<Item = usize> {
    let weights = [30u64, 200, 520, 220, 30];
    let mut state = seed;
    std::iter::repeat_with(move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mut x = (state >> 33) % 1000;
        weights
            .iter()
            .position(|&w| {
                let hit = x < w;
                x = x.saturating_sub(w);
                hit
            })
            .unwrap()
    })
}

/// The first seeded run, updated every `batch` pairs, that fishtest stops (H1) with its
/// final LLR still inside Wald's bound: its path, one update a line.
fn stopped_inside(sprt: &Sprt, batch: u64) -> Vec<Pentanomial> {
    for seed in 1..200 {
        let mut run = SprtRun::with_batch(*sprt, batch);
        let mut p = Pentanomial::default();
        let mut path = Vec::new();
        for (i, cell) in pairs(seed).take(40_000).enumerate() {
            p.0[cell] += 1;
            if !(i as u64 + 1).is_multiple_of(batch) {
                continue;
            }
            path.push(p);
            let r = run.update_pairs(&p).unwrap();
            if r.decision.is_some() {
                if r.decision == Some(Decision::H1) && sprt.decide(r.llr).is_none() {
                    return path;
                }
                break;
            }
        }
    }
    panic!("no seeded run stopped inside Wald's bound");
}

/// A file under Cargo's scratch folder for this binary's tests, named for its test.
fn scratch(name: &str, text: &str) -> std::path::PathBuf {
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sprt-path-{name}"));
    std::fs::write(&file, text).unwrap();
    file
}

fn write_path(path: &[Pentanomial]) -> std::path::PathBuf {
    let mut text = String::from("# pairs after each update: N0,N1,N2,N3,N4\n\n");
    for p in path {
        let cells: Vec<String> = p.0.iter().map(u64::to_string).collect();
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    scratch("stopped-inside", &text)
}

#[test]
fn the_path_gives_back_fishtests_decision() {
    let sprt = Sprt::new(Model::Normalized, 0.0, 2.0).unwrap();
    let path = stopped_inside(&sprt, 4);
    let last = path.last().unwrap();
    let counts: Vec<String> = last.0.iter().map(u64::to_string).collect();
    let counts = counts.join(",");
    let base = [
        "chess",
        "sprt",
        "--pentanomial",
        &counts,
        "--elo0",
        "0",
        "--elo1",
        "2",
        "--model",
        "normalized",
    ];
    // The final counts alone: no decision, and the reason said.
    let table = stdout(&base);
    assert!(table.contains("no decision"), "{table}");
    assert!(
        table.contains("overshoot") && table.contains("--path"),
        "{table}"
    );
    // With the path: fishtest's decision, where and why.
    let file = write_path(&path);
    let name = file.to_str().unwrap();
    let with_path = [&base[..], &["--path", name, "--batch", "4"]].concat();
    let table = stdout(&with_path);
    let pairs = 4 * path.len();
    let thousands = format!("{},{:03}", pairs / 1000, pairs % 1000);
    assert!(
        table.contains(&format!("H1 accepted after {thousands} pairs")),
        "{table}"
    );
    let v = json(&[&with_path[..], &["--json"]].concat());
    assert_eq!(v["sprt"]["decision"], serde_json::Value::Null, "{v}");
    assert_eq!(v["sprt_path"]["result"]["decision"], "H1");
    assert_eq!(v["sprt_path"]["decided_after"].as_u64(), Some(pairs as u64));
    assert_eq!(v["sprt_path"]["updates"].as_u64(), Some(path.len() as u64));
    // The path alone is the sample: its last line is the final counts.
    let alone = [
        "chess",
        "sprt",
        "--path",
        name,
        "--batch",
        "4",
        "--elo0",
        "0",
        "--elo1",
        "2",
        "--model",
        "normalized",
        "--json",
    ];
    assert_eq!(json(&alone)["sprt_path"], v["sprt_path"]);
    // Without --batch, the first update's count is the batch (fishtest's first report).
    let guessed = [&base[..], &["--path", name, "--json"]].concat();
    assert_eq!(json(&guessed)["sprt_path"]["batch"].as_u64(), Some(4));
}

#[test]
fn bad_paths_are_one_line() {
    let sprt = ["--elo0", "0", "--elo1", "2"];
    let mixed = scratch("mixed", "1,2,3,2,1\n10,5,3\n");
    let shrinking = scratch("shrinking", "1,2,3,2,1\n1,2,2,2,1\n");
    let junk = scratch("junk", "1,2,x,2,1\n");
    let empty = scratch("empty", "# nothing\n\n");
    let other = scratch("other", "1,2,3,2,1\n");
    for (args, says) in [
        (
            vec!["--path", "/nonexistent/run.txt"],
            "cannot read --path /nonexistent/run.txt",
        ),
        (vec!["--path", mixed.to_str().unwrap()], "line 2: 3 counts"),
        (vec!["--path", shrinking.to_str().unwrap()], "line 2: fewer"),
        (
            vec!["--path", junk.to_str().unwrap()],
            "line 1: \"x\" is not a count",
        ),
        (vec!["--path", empty.to_str().unwrap()], "no update"),
        (
            vec![
                "--path",
                other.to_str().unwrap(),
                "--pentanomial",
                "1,2,3,2,2",
            ],
            "ends at 1,2,3,2,1",
        ),
        (
            vec!["--path", other.to_str().unwrap(), "--batch", "0"],
            "--batch",
        ),
    ] {
        let mut full = vec!["chess", "sprt"];
        full.extend(args);
        full.extend(sprt);
        rejects(&full, says);
    }
    rejects(
        &["chess", "sprt", "--path", other.to_str().unwrap()],
        "--path replays an SPRT: give --elo0 and --elo1",
    );
}
