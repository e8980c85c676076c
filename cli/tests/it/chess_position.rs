//! `nullmove chess --fen`, one position searched, against the contract of
//! docs/src/specification.md, run on the real binary: the JSON fields, each configuration by
//! its name, mate and stalemate named, what null move did, the board and the numbered line.

use crate::support;

use super::chess::WAC_003;
use serde_json::Value;
use support::{json, stdout};

#[test]
fn a_position_has_the_contract_fields() {
    let v = json(&["chess", "--fen", WAC_003, "--depth", "4", "--json"]);
    assert_eq!(v["fen"], WAC_003);
    assert_eq!(v["configuration"], "r3");
    assert_eq!(v["depth"], 4);
    assert_eq!(
        (&v["best_move"], &v["best_move_san"]),
        (&"e3g3".into(), &"Rg3".into())
    );
    assert!(v["value"].is_i64() && v["nodes"].is_u64(), "{v}");
    let pv: Vec<&str> = v["pv"]
        .as_array()
        .expect("pv")
        .iter()
        .map(|m| m.as_str().expect("UCI"))
        .collect();
    assert_eq!(pv[0], "e3g3");
    assert!(pv.iter().all(|m| m.len() == 4 || m.len() == 5), "{pv:?}");
    assert_eq!(v["pv_san"][0], "Rg3");
    assert_eq!(v["side_to_move"], "white");
    assert_eq!(v["stats"]["nodes"], v["nodes"]);
    assert!(v.get("leaf").is_none());
    // The library's document is the same value.
    let command = nullmove::parse(["chess", "--fen", WAC_003, "--depth", "4"]).expect("parses");
    assert_eq!(nullmove::document(&command).expect("a document"), v);
}

#[test]
fn every_configuration_is_searched_by_its_name() {
    for name in nullmove::commands::chess::configuration_names() {
        let v = json(&[
            "chess", "--fen", WAC_003, "--depth", "3", "--config", name, "--json",
        ]);
        assert_eq!(v["configuration"], name);
    }
    let v = json(&[
        "chess", "--fen", WAC_003, "--depth", "3", "--config", "none", "--json",
    ]);
    assert_eq!(v["stats"]["null_probes"], 0);
}

#[test]
fn mate_and_no_move_are_named() {
    let mate = json(&[
        "chess",
        "--fen",
        "6k1/5ppp/8/6N1/8/8/8/3Q2K1 w - - 0 1",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(
        (&mate["best_move_san"], &mate["mate"]),
        (&"Qd8#".into(), &1.into())
    );
    let mated = json(&[
        "chess",
        "--fen",
        "k7/1Q6/1K6/8/8/8/8/8 b - -",
        "--depth",
        "2",
        "--json",
    ]);
    assert_eq!(mated["leaf"], "checkmate: Black is mated");
    assert_eq!(
        (&mated["best_move"], &mated["pv"]),
        (&Value::Null, &serde_json::json!([]))
    );
    let text = stdout(&[
        "chess",
        "--fen",
        "k7/8/1Q6/8/8/8/8/7K b - -",
        "--depth",
        "2",
    ]);
    assert!(text.contains("no legal move: stalemate"), "{text}");
}

/// The position's counts in words: what a transposition-table hit and a null-move cutoff
/// did, and for a configuration that verifies, how many probes that failed high it checked
/// and how many held, so a cutoff count of 0 beside 64 verifications reads as what it is.
#[test]
fn the_position_says_what_null_move_did() {
    let text = |config: &str| {
        stdout(&[
            "chess", "--fen", WAC_003, "--depth", "4", "--config", config,
        ])
    };
    let verified = text("verified");
    assert!(
        verified.contains(
            "null move   152 probes, 0 of them cutting their node off at once\n\
             verified    64 probes that failed high, each checked one ply shallower (Tabibi & \
             Netanyahu):\n            64 held (the node takes that search's value), 0 did not \
             (searched again in full)\n"
        ),
        "{verified}"
    );
    let stockfish = text("stockfish");
    assert!(
        stockfish.contains("0 probes that failed high with 14+ plies left")
            && stockfish.contains("0 held (among the cutoffs above), 0 did not"),
        "{stockfish}"
    );
    let r3 = text("r3");
    assert!(!r3.contains("verified"), "{r3}");
    assert!(
        r3.contains("table       64 hits in the transposition table, 0 of them settling"),
        "{r3}"
    );
    assert!(
        text("none").contains("null move   none: configuration none never passes"),
        "none"
    );
    // The counts, from `nodes` on, fit 100 columns.
    for t in [verified, stockfish, r3] {
        let counts = &t[t.find("\nnodes ").expect("the counts")..];
        assert!(counts.lines().all(|l| l.chars().count() <= 100), "{t}");
    }
}

/// The board is drawn rank 8 on top, files a to h below it.
#[test]
fn the_board_is_drawn_rank_8_on_top() {
    let text = stdout(&[
        "chess",
        "--fen",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "--depth",
        "1",
    ]);
    assert!(text.starts_with("8  . . . . k . . .\n"), "{text}");
    assert!(
        text.contains("\n1  . . . . K . . .\n   a b c d e f g h\n"),
        "{text}"
    );
}

/// The principal variation is numbered from the position's move number: `41... Kd2 42.
/// Kb1 Kd3` with Black to move, `7. Kb2 Kd2` with White.
#[test]
fn lines_are_numbered_from_the_position() {
    let pv = |fen: &str, depth: &str| {
        let text = stdout(&["chess", "--fen", fen, "--depth", depth]);
        text.lines()
            .find_map(|l| l.strip_prefix("pv"))
            .unwrap_or_else(|| panic!("a pv line: {text}"))
            .split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let black = pv("8/8/8/8/8/8/8/K1k5 b - - 0 41", "3");
    assert_eq!(black.len(), 5, "{black:?}");
    assert_eq!(
        (black[0].as_str(), black[2].as_str()),
        ("41...", "42."),
        "{black:?}"
    );
    let white = pv("8/8/8/8/8/8/8/K1k5 w - - 0 7", "2");
    assert_eq!(white.len(), 3, "{white:?}");
    assert_eq!(white[0], "7.", "{white:?}");
}
