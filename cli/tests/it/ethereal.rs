//! The field's engine in our runner: Ethereal 12.00 as `cargo xtask ethereal` builds it from
//! the shared archive, playing our engine and its own build without null move at a short
//! clock. Skipped, saying why, where no build is there; the gate builds it first and sets
//! `NULLMOVE_REQUIRE_ETHEREAL`, so there it cannot skip.

use std::path::PathBuf;

use crate::support::{json, match_args};

/// The build `variant` under the workspace's target folder, where it is built.
fn ethereal(variant: &str) -> Option<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let binary = root
        .join(target)
        .join("ethereal")
        .join(variant)
        .join("Ethereal");
    if binary.is_file() {
        return binary.to_str().map(str::to_owned);
    }
    assert!(
        std::env::var_os("NULLMOVE_REQUIRE_ETHEREAL").is_none(),
        "NULLMOVE_REQUIRE_ETHEREAL is set but {} is not built (cargo xtask ethereal)",
        binary.display()
    );
    println!(
        "skipped: no Ethereal build at {} (`cargo xtask ethereal` builds it with gcc from \
         ../shared/engines/Ethereal-12.00.tar.xz)",
        binary.display()
    );
    None
}

/// Two pairs of a match: complete, legal, no engine failure, each engine named as it names
/// itself.
fn plays_clean(players: &str, names: [&str; 2]) {
    let book = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../arena/data/books/noob_3moves.sample.epd"
    );
    let doc = json(&match_args(
        players,
        book,
        "2",
        &["--tc", "0.5+0.005", "--concurrency", "2", "--json"],
    ));
    assert_eq!(
        (doc["games"].as_u64(), doc["ending"].as_str()),
        (Some(4), Some("complete"))
    );
    // Losses on time are a legal ending on a loaded machine; what is checked is the protocol.
    assert_eq!(
        (
            doc["illegal_moves"].as_u64(),
            doc["engine_failures"].as_u64()
        ),
        (Some(0), Some(0)),
        "{doc}"
    );
    for (player, name) in doc["players"].as_array().unwrap().iter().zip(names) {
        let engine = player["engine"]
            .as_str()
            .or(player["name"].as_str())
            .unwrap_or("");
        assert!(engine.starts_with(name), "{engine:?} is not {name}");
    }
}

#[test]
fn ethereal_plays_our_engine_at_a_clock() {
    let Some(published) = ethereal("published") else {
        return;
    };
    plays_clean(
        &format!("r3,uci:{published}:Hash=16"),
        ["r3", "Ethereal 12.00"],
    );
}

#[test]
fn ethereal_without_null_move_plays_ethereal() {
    let (Some(on), Some(off)) = (ethereal("published"), ethereal("no-null-move")) else {
        return;
    };
    plays_clean(
        &format!("uci:{on}:Hash=16,uci:{off}:Hash=16"),
        ["Ethereal 12.00", "Ethereal 12.00"],
    );
}
