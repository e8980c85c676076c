//! What the page shows beyond one search: the guard menus against the command line's
//! refusals, the sweep and the audit views, the screenshot's colours, and the page at a
//! phone's width.

use std::path::Path;

use serde_json::Value;

use super::serve_support::{cli_json, pinned_audit};
use super::{rows, strings};

/// `nullmove search ARGV` in process: its exit status and what it wrote to stderr.
fn search_status(argv: &[&str]) -> (u8, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = nullmove::run(
        std::iter::once("search").chain(argv.iter().copied()),
        &mut out,
        &mut err,
    );
    (status, String::from_utf8_lossy(&err).into_owned())
}

/// The page's guard menus are the command line's refusals, at every depth limit and R: the
/// command the page shows for every option it offers runs (`search` takes the flags of
/// `trace` and refuses the same), and every option it greys out is refused.
pub fn check_menus(menus: &Value) {
    let menus = menus.as_array().expect("one entry per depth limit and R");
    assert_eq!(menus.len(), 100);
    for at in menus {
        for command in strings(&at["commands"]) {
            let argv: Vec<&str> = command
                .strip_prefix("nullmove trace ")
                .expect("a trace command")
                .split(' ')
                .collect();
            let (status, err) = search_status(&argv);
            assert_eq!(status, 0, "the page offers {command}, refused: {err}");
        }
        let (depth, r) = (at["depth"].to_string(), at["reduction"].to_string());
        for greyed in rows(&at["greyed"]) {
            let [menu, value] = &greyed[..] else {
                panic!("a menu and a value: {greyed:?}")
            };
            let mut argv = vec!["--board", "...O.X...", "--depth", &depth, "--reduction", &r];
            argv.extend(["--mode", "null", "--engine", "optimized"]);
            let (flag, switch) = (format!("--{menu}"), format!("--{value}"));
            match menu.as_str() {
                "r-rule" => argv.push(&switch),
                _ => argv.extend([flag.as_str(), value]),
            }
            let (status, _) = search_status(&argv);
            assert_eq!(status, 2, "the page greys out {argv:?}, which runs");
        }
    }
}

/// The CLI's chart (its size) and the sweep's rows, the page's four figures among them.
pub fn check_sweep(sweep: &Value) {
    assert_eq!(sweep["chart"]["width"], 900);
    assert_eq!(sweep["chart"]["height"], 640);
    let table = rows(&sweep["rows"]);
    let document = cli_json(&["sweep"]);
    assert_eq!(
        table.len(),
        document["rows"].as_array().expect("rows").len()
    );
    for (depth, r, plain, null, saving) in [
        ("3", "1", "167", "78", "53.3%"),
        ("5", "3", "1,787", "803", "55.1%"),
        ("9", "1", "20,866", "80,790", "-287.2%"),
        ("9", "4", "20,866", "19,036", "8.8%"),
    ] {
        let row = table
            .iter()
            .find(|row| row[0] == depth && row[1] == r)
            .expect("the page's combination");
        assert_eq!(row[3..6], [plain, null, saving], "depth {depth} R {r}");
    }
}

/// One row per claim with its statement, status and replay commands as the audit document
/// has them ("—" where it has none).
pub fn check_audit(audit: &Value) {
    let columns = strings(&audit["columns"]);
    let pinned = pinned_audit();
    let claims = pinned["claims"].as_array().expect("claims");
    let table = rows(&audit["rows"]);
    assert_eq!(table.len(), claims.len());
    let column = |name: &str| columns.iter().position(|c| c == name).expect(name);
    let (status, replay, claim) = (column("status"), column("replay"), column("claim"));
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    for (row, c) in table.iter().zip(claims) {
        assert_eq!(row[claim], text(&c["statement"]));
        assert_eq!(row[status], text(&c["status"]));
        let commands = match &c["replay"] {
            Value::Array(list) if !list.is_empty() => {
                list.iter().map(text).collect::<Vec<_>>().join("\n")
            }
            Value::Null | Value::Array(_) => "—".to_owned(),
            other => text(other),
        };
        assert_eq!(row[replay], commands, "{}", c["id"]);
    }
    let summary = audit["status"].as_str().expect("a summary");
    let reproduced = claims
        .iter()
        .filter(|c| c["status"] == "reproduced")
        .count();
    assert!(
        summary.starts_with(&format!("{} claims: ", claims.len())),
        "{summary}"
    );
    assert!(
        summary.contains(&format!("{reproduced} reproduced")),
        "{summary}"
    );
}

/// A PNG of the whole viewport; copied to `docs/src/images/` when asked.
pub fn check_screenshot(screenshot: &Path, root: &Path) {
    let png = std::fs::read(screenshot).expect("a screenshot");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes"));
    assert_eq!((size(16), size(20)), (1280, 960));
    if std::env::var_os("NULLMOVE_UPDATE_SCREENSHOT").is_some() {
        std::fs::copy(screenshot, root.join("../docs/src/images/try-it.png"))
            .expect("docs/src/images/ is writable");
    }
}

/// The share of a region's pixels, each colour weighed by its count, that `test` accepts.
fn share(region: &Value, test: impl Fn(i64, i64, i64) -> bool) -> f64 {
    let (mut hit, mut all) = (0, 0);
    for colour in region["colours"].as_array().expect("colours") {
        let c: Vec<i64> = colour
            .as_array()
            .expect("red, green, blue, count")
            .iter()
            .map(|v| v.as_i64().expect("a number"))
            .collect();
        all += c[3];
        if test(c[0], c[1], c[2]) {
            hit += c[3];
        }
    }
    assert!(all > 0, "an empty region: {region}");
    hit as f64 / all as f64
}

/// A red of the page's warning: its pale ground, its border and its text.
fn reddish(r: i64, g: i64, b: i64) -> bool {
    r >= g + 10 && r >= b + 10
}

/// The blue the log tints a probe's lines with.
fn bluish(r: i64, _: i64, b: i64) -> bool {
    b >= r + 10
}

/// The screenshot looked at: the pitfall's warning is red on screen, its text too, where the
/// verdict beside it has no red; the probe's resolution is tinted blue, the prune not.
pub fn check_pixels(pixels: &Value) {
    assert_eq!(
        (pixels["width"].as_u64(), pixels["height"].as_u64()),
        (Some(1280), Some(960))
    );
    let regions = &pixels["regions"];
    for name in ["warning", "verdict", "prune", "probe"] {
        let r = &regions[name];
        assert!(
            r["width"].as_u64() > Some(100) && r["height"].as_u64() > Some(10),
            "{name} is not on screen: {r}"
        );
    }
    let warning = share(&regions["warning"], reddish);
    assert!(warning > 0.9, "the warning is {warning:.3} red");
    let text = share(&regions["warning"], |r, g, b| r >= 120 && g < 80 && b < 80);
    assert!(text > 0.01, "the warning's text is {text:.4} strong red");
    let verdict = share(&regions["verdict"], reddish);
    assert!(verdict < 0.01, "the verdict is {verdict:.3} red");
    let probe = share(&regions["probe"], bluish);
    assert!(probe > 0.8, "the probe's resolution is {probe:.3} blue");
    let prune = share(&regions["prune"], bluish);
    assert!(prune < 0.05, "the prune is {prune:.3} blue");
}

/// The smallest font size the sweep's chart is drawn with, in its own pixels.
fn smallest_font(svg: &str) -> f64 {
    svg.split("font-size=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next()?.parse::<f64>().ok())
        .fold(f64::INFINITY, f64::min)
}

/// Whether a box's content is one line high: a line is about 1.2 times the font size, two
/// are more than twice it.
fn one_line(content: &Value) -> bool {
    num(&content["contentHeight"]) < 1.6 * num(&content["fontSize"])
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("a number: {v}"))
}

/// At a phone's width, 390 px: the widget's own controls first (board, mode, depth limit, R,
/// then Step, Run and Reset, all on the first screen), the guards folded away; nothing makes
/// the page scroll sideways, before or after a search, in any view; the command one line in
/// a block that scrolls; the chart at its own size, so its smallest label reads as large as
/// the CLI drew it; the tables scroll inside their own box.
pub fn check_phone(phone: &Value, svg: &str) {
    let height = num(&phone["viewport"]["height"]);
    for at in ["/try", "/afterRun", "/sweep/page", "/audit/page"] {
        let page = phone.pointer(at).expect(at);
        assert!(
            num(&page["scrollWidth"]) <= num(&page["clientWidth"]),
            "{at}: the page scrolls sideways: {page}"
        );
    }
    let first = &phone["first"];
    let top = |name: &str| num(&first[name]["y"]);
    assert!(top("board") < top("mode"), "{first}");
    assert!(top("mode") < top("depth") && top("depth") <= top("reduction") + 1.0);
    assert!(top("reduction") < top("step"), "{first}");
    for button in ["step", "run", "reset"] {
        let b = &first[button];
        assert_eq!(b["visible"], true, "{button}");
        assert!(
            num(&b["y"]) + num(&b["height"]) <= height,
            "{button} is below the first screen ({height} px): {b}"
        );
    }
    assert_eq!(first["guardsOpen"], false, "the guards are folded away");
    assert_eq!(first["guard"]["visible"], false, "{}", first["guard"]);

    let command = &phone["command"];
    assert!(
        command["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("nullmove trace --board"))
    );
    assert_eq!(command["whiteSpace"], "pre");
    assert!(one_line(command), "{command}");
    assert!(
        num(&command["scrollWidth"]) > num(&command["clientWidth"]),
        "{command}"
    );

    let sweep = &phone["sweep"];
    let scale = num(&sweep["chart"]["shownWidth"]) / num(&sweep["chart"]["naturalWidth"]);
    let smallest = smallest_font(svg) * scale;
    assert!(
        smallest >= 9.0,
        "the chart's smallest label is {smallest:.1} px on a phone"
    );
    assert!(num(&sweep["chartBox"]["scrollWidth"]) > num(&sweep["chartBox"]["clientWidth"]));
    let audit = &phone["audit"];
    assert!(
        num(&audit["tableBox"]["scrollWidth"]) > num(&audit["tableBox"]["clientWidth"]),
        "the audit's table is wider than a phone, so its box scrolls: {}",
        audit["tableBox"]
    );
    let replays = audit["replays"].as_array().expect("replay commands");
    assert!(!replays.is_empty());
    for replay in replays {
        assert_eq!(replay["whiteSpace"], "pre", "{replay}");
        assert_eq!(replay["overflowX"], "auto", "{replay}");
        assert!(one_line(replay), "{replay}");
    }
}
