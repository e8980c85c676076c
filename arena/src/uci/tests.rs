//! What the protocol's tests cannot see from outside: the session's table is made at
//! `isready`, before `readyok`, not on the clock of the first `go`.

use std::sync::mpsc;

use super::{Command, Event, Out, Session};

#[test]
fn isready_allocates_the_table_hash_asks_for_before_readyok() {
    let (events, said) = mpsc::channel();
    let mut session = Session::new(Out(events));
    session.handle(Command::SetOption {
        name: "Hash".to_owned(),
        value: Some("64".to_owned()),
    });
    session.handle(Command::IsReady);
    let thinker = session.thinker.as_ref().expect("made at isready");
    assert_eq!(thinker.hash_mib(), 64);
    let bytes = thinker.table_bytes();
    assert!((32 << 20..=64 << 20).contains(&bytes), "{bytes} bytes");
    let lines: Vec<String> = said
        .try_iter()
        .filter_map(|e| match e {
            Event::Say(line) => Some(line),
            _ => None,
        })
        .collect();
    assert_eq!(lines, ["readyok"]);
    // Another size at the next isready; none while nothing changed.
    session.handle(Command::SetOption {
        name: "Hash".to_owned(),
        value: Some("1".to_owned()),
    });
    session.handle(Command::IsReady);
    let thinker = session.thinker.as_ref().expect("kept");
    assert!(thinker.table_bytes() <= 1 << 20);
}
