//! Every verdict, as a reviewer sees it at a desktop's width, on the served view and on the
//! offline file alike: each status a statement's claims have shows on it, its claims come
//! worst first, the claims close, every replay command reads whole, and the view's greys
//! and lines read.

use serde_json::Value;

use super::{num, statements, text};

/// The marks from the one that most needs a look, as the view orders a statement's claims.
const SEVERITY: [&str; 5] = [
    "differs",
    "inconsistent",
    "inconclusive",
    "unverifiable",
    "reproduced",
];

/// The review's claim `id`.
fn claim<'a>(review: &'a Value, id: &str) -> &'a Value {
    review["claims"]
        .as_array()
        .expect("claims")
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("{id}"))
}

/// What the driver saw (`v`) against the review it drew.
pub fn check_verdicts(v: &Value, review: &Value, at: &str) {
    check_inconsistent(v, review, at);
    check_worst_first(v, review, at);
    check_closing(v, at);
    check_replay(v, review, at);
    check_legible(v, at);
}

/// Each statement with an inconsistent claim shows its symbol, whatever else marks it
/// (three; one did when a statement showed only its most telling status), and `i` goes
/// from one to the next, round to the first.
fn check_inconsistent(v: &Value, review: &Value, at: &str) {
    let claims = review["claims"].as_array().expect("claims");
    let inconsistent: Vec<String> = statements(review)
        .into_iter()
        .filter(|s| {
            claims.iter().any(|c| {
                c["status"] == "inconsistent"
                    && c["statements"]
                        .as_array()
                        .expect("ids")
                        .iter()
                        .any(|i| *i == *s.id)
            })
        })
        .map(|s| s.id)
        .collect();
    assert_eq!(inconsistent.len(), 3, "{at}: {inconsistent:?}");
    let shown: Vec<&str> = v["inconsistent"]
        .as_array()
        .expect("ids")
        .iter()
        .map(text)
        .collect();
    assert_eq!(shown, inconsistent, "{at}: statements showing ⇄");
    let mut want: Vec<String> = inconsistent.iter().map(|id| format!("#{id}")).collect();
    want.push(want[0].clone());
    assert_eq!(v["nextInconsistent"], serde_json::json!(want), "{at}");
}

/// A statement's claims come worst first: `complexity-range`, inconsistent, before the
/// reproduced claims beside it (it came fifth of five).
fn check_worst_first(v: &Value, review: &Value, at: &str) {
    let order = v["order"].as_array().expect("claims in order");
    let ranks: Vec<usize> = order
        .iter()
        .map(|c| {
            let status = text(&claim(review, text(&c["id"]))["status"]);
            assert!(text(&c["status"]).ends_with(status), "{at}: {c}");
            SEVERITY
                .iter()
                .position(|s| *s == status)
                .expect("a status")
        })
        .collect();
    assert!(order.len() >= 2, "{at}: {order:?}");
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{at}: {order:?}");
    let range = order.iter().position(|c| c["id"] == "complexity-range");
    let first_reproduced = ranks.iter().position(|&r| SEVERITY[r] == "reproduced");
    assert!(
        range.is_some() && range < first_reproduced,
        "{at}: {order:?}"
    );
}

/// Escape and the × close the claims at a desktop's width too: no claim shown, the hint
/// back, no statement selected.
fn check_closing(v: &Value, at: &str) {
    for closed in ["afterEscape", "afterClose"] {
        let panel = &v[closed]["panel"];
        assert_eq!(
            panel["claims"],
            Value::Array(Vec::new()),
            "{at} {closed}: {panel}"
        );
        assert_eq!(panel["hint"], true, "{at} {closed}");
        assert_eq!(v[closed]["selected"]["text"], Value::Null, "{at} {closed}");
    }
}

/// Every replay command of `pitfall2-r4-nodes`'s statement reads whole inside the panel
/// (the four of `pitfall2-r4-nodes` were cut at its edge), and so does the line that
/// installs the build, which the view names.
fn check_replay(v: &Value, review: &Value, at: &str) {
    let shown = v["replay"].as_array().expect("claims");
    assert!(shown.iter().any(|c| c["id"] == "pitfall2-r4-nodes"), "{at}");
    for c in shown {
        let replay = c["commands"].as_array().expect("commands");
        let commands = claim(review, text(&c["id"]))["replay"]
            .as_array()
            .expect("commands");
        assert_eq!(replay.len(), commands.len(), "{at}: {c}");
        for (shown, command) in replay.iter().zip(commands) {
            assert_eq!(shown["text"], *command, "{at}");
            assert!(
                num(&shown["scrollWidth"]) <= num(&shown["clientWidth"]) && shown["inside"] == true,
                "{at}: cut: {shown}"
            );
        }
    }
    let commit = nullmove::build_info::COMMIT;
    assert!(text(&v["build"]).contains(commit), "{at}: {}", v["build"]);
    for command in v["buildCommand"].as_array().expect("commands") {
        assert!(
            num(&command["scrollWidth"]) <= num(&command["clientWidth"]),
            "{at}: {command}"
        );
    }
}

/// The keys are shown on a desktop; the not-checkable grey has 4.5:1 on white (it had
/// 3.11:1); the legend's lines are as tall as the texts', so its double line stays clear.
fn check_legible(v: &Value, at: &str) {
    assert_eq!(v["keysHint"], true, "{at}: the keys on a desktop");
    let grey = contrast_on_white(text(&v["notCheckable"]));
    assert!(
        grey >= 4.5,
        "{at}: the ○ badge's grey has {grey:.2}:1 on white"
    );
    let legend = &v["legend"];
    assert!(
        num(&legend["lineHeight"]) >= 1.7 * num(&legend["fontSize"]),
        "{at}: the legend's lines touch: {legend}"
    );
}

/// The contrast of an `rgb(r, g, b)` colour against white, as WCAG computes it.
fn contrast_on_white(rgb: &str) -> f64 {
    let channels: Vec<f64> = rgb
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .map(|c| c.trim().parse::<f64>().expect("a channel") / 255.0)
        .map(|c| {
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        })
        .collect();
    let luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
    1.05 / (luminance + 0.05)
}
