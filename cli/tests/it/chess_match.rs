//! `nullmove chess match` on the real binary: our UCI engine through the runner plays the
//! in-process engine's games move for move; a real external engine (Debian's Stockfish) plays legal, recorded games; Ctrl-C reports
//! the finished pairs; every bad flag, player and book is refused in one line.

use crate::support;

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::{json, match_args, merge_args, rejects};

pub(crate) fn book(name: &str) -> String {
    format!("{}/../arena/data/books/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `chess match` with `players` from the 3-move book at `nodes` a move, as JSON.
pub(crate) fn fixed_nodes(players: &str, pairs: &str, nodes: &str, extra: &[&str]) -> Value {
    let b = book("noob_3moves.sample.epd");
    let mut args = match_args(
        players,
        &b,
        pairs,
        &["--nodes", nodes, "--concurrency", "2"],
    );
    args.push("--json");
    args.extend(extra);
    json(&args)
}

/// Every game of a document as (opening, result, reason, moves), players' names aside.
fn games(doc: &Value) -> Vec<(Value, Value, Value, Value)> {
    doc["pairs"]
        .as_array()
        .expect("pairs")
        .iter()
        .flat_map(|p| {
            p["games"].as_array().expect("games").iter().map(move |g| {
                (
                    p["opening"].clone(),
                    g["result"].clone(),
                    g["reason"].clone(),
                    g["moves"].clone(),
                )
            })
        })
        .collect()
}

#[test]
fn our_engine_through_uci_plays_the_in_process_games_move_for_move() {
    let inside = fixed_nodes("r3,none", "2", "400", &[]);
    let outside = fixed_nodes("uci:r3,uci:none", "2", "400", &[]);
    assert_eq!(games(&inside), games(&outside));
    assert_eq!(inside["pentanomial"], outside["pentanomial"]);
    assert_eq!(
        outside["players"][0]["command"]
            .as_str()
            .map(|c| c.ends_with("nullmove uci")),
        Some(true)
    );
    assert!(
        outside["players"][0]["engine"]
            .as_str()
            .unwrap()
            .starts_with("nullmove ")
    );
    for doc in [&inside, &outside] {
        assert_eq!(doc["games"], 4);
        assert_eq!(
            (doc["time_losses"].as_u64(), doc["illegal_moves"].as_u64()),
            (Some(0), Some(0))
        );
        assert_eq!(doc["engine_failures"], 0);
        assert_eq!(doc["ending"], "complete");
    }
}

#[test]
#[allow(clippy::too_many_lines)] // a table of refusals, one case a few lines
fn bad_flags_players_and_books_are_refused() {
    let b = book("endgames.sample.epd");
    let base = |players, rest| match_args(players, &b, "1", rest);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (base("r3", &["--nodes", "10"]), "expected two players"),
        (
            base("r3,r2,none", &["--nodes", "10"]),
            "expected two players",
        ),
        (base("r3,r4", &["--nodes", "10"]), "none, r2, r3"),
        (base("r3,uci:", &["--nodes", "10"]), "no program after uci:"),
        (
            base("r3,uci:/bin/sh:Hash", &["--nodes", "10"]),
            "is not Option=value",
        ),
        (
            base("r3,uci:/nonexistent/engine", &["--nodes", "10"]),
            "cannot start /nonexistent/engine",
        ),
        (
            base("r3,uci:stockfish:UCI_Elo=1900", &["--nodes", "10"]),
            "uci:/usr/games/stockfish",
        ),
        (base("r3,none", &[]), "--nodes"),
        (
            base("r3,none", &["--nodes", "10", "--tc", "1+0.01"]),
            "cannot be used with",
        ),
        (base("r3,none", &["--tc", "1"]), "no '+'"),
        (base("r3,none", &["--tc", "0+1"]), "above 0"),
        (base("r3,none", &["--nodes", "0"]), "--nodes"),
        (
            base("r3,none", &["--nodes", "10", "--concurrency", "0"]),
            "--concurrency",
        ),
        (
            base("r3,none", &["--nodes", "10", "--shard", "2/2"]),
            "out of range",
        ),
        (
            base("r3,none", &["--nodes", "10", "--shard", "1/2"]),
            "--shard 1/2 has no pair",
        ),
        (
            base(
                "r3,none",
                &["--nodes", "10", "--shard", "0/2", "--sprt", "0,5"],
            ),
            "--sprt with --shard",
        ),
        (base("r3,none", &["--nodes", "10", "--sprt", "5,0"]), "elo0"),
        // A negative bound reaches the parser (not taken for a flag), which then judges it.
        (
            base("r3,none", &["--nodes", "10", "--sprt", "-5,-10"]),
            "elo0",
        ),
        (
            base("r3,none", &["--nodes", "10", "--sprt", "0,5,gaussian"]),
            "unknown Elo model",
        ),
        (
            base("r3,none", &["--nodes", "10", "--sprt", "0"]),
            "ELO0,ELO1",
        ),
        (
            base("r3,none", &["--nodes", "10", "--adjudicate", "0,3"]),
            "CP,MOVES",
        ),
        (
            base(
                "r3,none",
                &["--nodes", "10", "--pgn", "/nonexistent/dir/games.pgn"],
            ),
            "cannot write /nonexistent/dir/games.pgn",
        ),
        (
            match_args("r3,none", "/nonexistent.epd", "1", &["--nodes", "10"]),
            "cannot read the book /nonexistent.epd",
        ),
        (
            match_args("r3,none", "/dev/null", "1", &["--nodes", "10"]),
            "no position in the book",
        ),
        (
            match_args("r3,none", &b, "0", &["--nodes", "10"]),
            "--pairs",
        ),
        (merge_args(&[]), "FILES"),
        (
            merge_args(&["/nonexistent.json"]),
            "cannot read /nonexistent.json",
        ),
        (merge_args(&[env!("CARGO_MANIFEST_DIR")]), "cannot read"),
    ];
    for (args, needle) in cases {
        rejects(&args, needle);
    }
    let bad_book = tempdir("book").join("bad.epd");
    std::fs::write(&bad_book, "8/8/8/8/8/8/8/K6k w - -\nnot a position\n").unwrap();
    let p = bad_book.display().to_string();
    rejects(&match_args("r3,none", &p, "1", &["--nodes", "9"]), "line 2");
    let not_json = tempdir("merge").join("x.json");
    std::fs::write(&not_json, "{}").unwrap();
    rejects(
        &merge_args(&[&not_json.display().to_string()]),
        "is not a match's JSON",
    );
}

/// A fresh folder under the target directory.
pub(crate) fn tempdir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("chess_match_{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_pgn_holds_every_game_with_scores_and_depths() {
    let dir = tempdir("pgn");
    let pgn = dir.join("games.pgn");
    let b = book("endgames.sample.epd");
    let p = pgn.display().to_string();
    let doc = json(&match_args(
        "r3,none",
        &b,
        "2",
        &["--nodes", "200", "--pgn", &p, "--json"],
    ));
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 4);
    assert_eq!(text.matches("[SetUp \"1\"]").count(), 4);
    assert!(text.contains("[Nodes \"200\"]"));
    for pair in doc["pairs"].as_array().unwrap() {
        let fen = pair["opening"].as_str().unwrap();
        assert_eq!(
            text.matches(&format!("[FEN \"{fen}\"]")).count(),
            2,
            "{fen}"
        );
    }
    // Each move's comment: score/depth and time.
    assert!(has_move_comment(&text), "{text}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "only the PGN itself");
}

/// Whether some move comment reads like `{+0.35/4 0.012s}`.
fn has_move_comment(text: &str) -> bool {
    text.split('{').skip(1).any(|c| {
        let c = c.split('}').next().unwrap_or("");
        let mut words = c.split_whitespace();
        let (Some(score), Some(time)) = (words.next(), words.next()) else {
            return false;
        };
        let (value, depth) = score.split_once('/').unwrap_or(("", ""));
        (value.starts_with('+') || value.starts_with('-'))
            && depth.parse::<u32>().is_ok()
            && time.ends_with('s')
    })
}

#[test]
fn ctrl_c_reports_the_finished_pairs_and_writes_nothing_half() {
    let dir = tempdir("interrupt");
    let pgn = dir.join("games.pgn");
    let running = dir.join("match.json");
    let b = book("noob_3moves.sample.epd");
    let child = Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .args(match_args(
            "r3,none",
            &b,
            "500",
            &["--nodes", "300", "--concurrency", "2", "--json", "--pgn"],
        ))
        .arg(&pgn)
        .arg("--out")
        .arg(&running)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The match file is first written once a pair has finished, so the games are under way;
    // half a second more for the signal handler's thread, however loaded the machine.
    let waited = Instant::now();
    while !running.exists() {
        assert!(
            waited.elapsed() < Duration::from_secs(60),
            "the match never started"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "it stops promptly"
    );
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(doc["ending"], "interrupted");
    let played = doc["pairs_played"].as_u64().unwrap();
    assert!(played < 500);
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count() as u64, 2 * played);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["games.pgn", "match.json"],
        "no temporary file or lock left"
    );
}

/// Debian's Stockfish (`apt-get install stockfish`), where it is installed.
fn stockfish() -> Option<String> {
    ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(str::to_owned)
}

#[test]
fn a_real_engine_plays_legal_recorded_games() {
    let Some(sf) = stockfish() else {
        assert!(
            std::env::var_os("NULLMOVE_REQUIRE_STOCKFISH").is_none(),
            "NULLMOVE_REQUIRE_STOCKFISH is set but no stockfish is installed (apt-get install stockfish)"
        );
        println!("skipped: no stockfish in /usr/games or /usr/bin (apt-get install stockfish)");
        return;
    };
    let player = format!("uci:{sf}:Threads=1:Hash=16");
    let doc = fixed_nodes(&format!("r3,{player}"), "2", "2000", &[]);
    assert_eq!(doc["games"], 4);
    assert_eq!(doc["ending"], "complete");
    assert_eq!(
        (
            doc["illegal_moves"].as_u64(),
            doc["engine_failures"].as_u64()
        ),
        (Some(0), Some(0))
    );
    assert!(
        doc["players"][1]["engine"]
            .as_str()
            .unwrap_or("")
            .starts_with("Stockfish")
    );
    for pair in doc["pairs"].as_array().unwrap() {
        for game in pair["games"].as_array().unwrap() {
            let mut board = nullmove_chess::parse_fen(pair["opening"].as_str().unwrap()).unwrap();
            for mv in game["moves"].as_array().unwrap() {
                let m = nullmove_chess::parse_uci(&board, mv.as_str().unwrap()).expect("legal");
                board.play_unchecked(m);
            }
            assert!(["1-0", "0-1", "1/2-1/2"].contains(&game["result"].as_str().unwrap()));
            assert_eq!(game["plies"], game["moves"].as_array().unwrap().len());
        }
    }
}

/// The JSON of a merge into a full disk, and a PGN that cannot be completed: exit 2 with
/// one line, the old PGN intact, no temporary file left.
#[test]
fn failed_writes_are_one_line_and_leave_nothing() {
    let dir = tempdir("writes");
    let shard = fixed_nodes("r3,none", "1", "50", &["--shard", "0/1"]);
    let file = dir.join("shard.json");
    std::fs::write(&file, shard.to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_nullmove"))
        .args(merge_args(&[file.to_str().unwrap()]))
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("nullmove: cannot write the output: No space left"),
        "{err}"
    );
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, "the old games").unwrap();
    let b = book("noob_3moves.sample.epd");
    // Files limited to 1 KiB: the PGN's write fails.
    let out = support::with_small_files(&match_args(
        "r3,none",
        &b,
        "1",
        &["--nodes", "50", "--pgn", pgn.to_str().unwrap()],
    ));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot write") && err.contains("games.pgn"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), "the old games");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}
