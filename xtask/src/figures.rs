//! Figures in prose, held by their data: `<!-- figure: FILE WHAT -->+63.2<!-- /figure -->`
//! inside a sentence, the text between the markers rendered from the result file as the
//! sections are, so a sentence can state a match's Elo, its interval, its game count or what
//! each side searched and `cargo xtask results check` fails when the text is not the file's.
//! Any other figure of a result file is named by its JSON pointer:
//! `<!-- figure: results/suites/wac.json /output/rows/0/nodes millions -->31.5 M<!-- /figure -->`.
//! Markers inside fenced code blocks are text (a page may show the syntax).

use std::collections::HashMap;

use nullmove_arena::MatchFields;
use nullmove_elo::{Summary, summarize_pairs};
use nullmove_numbers::count;

use crate::result::ResultFile;
use crate::today::Today;

pub(crate) const OPEN: &str = "<!-- figure:";
pub(crate) const CLOSE: &str = "<!-- /figure -->";

/// What a figure can state of a match, by the word its marker names.
pub const WHATS: [&str; 10] = [
    "elo",
    "interval",
    "games",
    "elo-interval",
    "verdict",
    "depth-first",
    "depth-second",
    "nodes-first",
    "nodes-second",
    "elo-less",
];

/// How a figure named by a JSON pointer is written, by the word after the pointer.
pub const FORMATS: [&str; 7] = [
    "count", "millions", "fixed0", "fixed1", "fixed2", "signed", "percent",
];

/// Each file a page's figures read, read once: a page states many figures of one match, and
/// reading a match's games is most of a render's time.
#[derive(Default)]
pub struct Read {
    matches: HashMap<String, Match>,
    json: HashMap<String, serde_json::Value>,
}

impl Read {
    fn played(&mut self, file: &ResultFile) -> Result<&Match, String> {
        if !self.matches.contains_key(&file.path) {
            let played = Match::of(file)?;
            self.matches.insert(file.path.clone(), played);
        }
        Ok(&self.matches[&file.path])
    }

    fn json(&mut self, file: &ResultFile) -> Result<&serde_json::Value, String> {
        if !self.json.contains_key(&file.path) {
            let json = serde_json::from_str(&file.text(None)?)
                .map_err(|e| format!("{}: {e}", file.path))?;
            self.json.insert(file.path.clone(), json);
        }
        Ok(&self.json[&file.path])
    }
}

/// A match read for its figures: the statistics recomputed from its games.
struct Match {
    fields: MatchFields,
    summary: Summary,
}

impl Match {
    fn of(file: &ResultFile) -> Result<Self, String> {
        let run = file
            .run
            .as_ref()
            .ok_or_else(|| format!("{} is not yet measured", file.path))?;
        let fields: MatchFields = serde_json::from_value(run.output.clone())
            .map_err(|e| format!("{}: not a match: {e}", file.path))?;
        let (penta, wdl) = fields.counts();
        let summary = summarize_pairs(&penta, Some(wdl), None).map_err(|e| e.to_string())?;
        Ok(Self { fields, summary })
    }

    /// Player `i`'s mean depth or nodes a move, as the match recorded them.
    fn effort(&self, i: usize, depth: bool, path: &str) -> Result<String, String> {
        let e = self
            .fields
            .effort
            .get(i)
            .ok_or_else(|| format!("{path} recorded no effort"))?;
        let value = if depth {
            e.mean_depth
        } else {
            e.nodes_per_move
        };
        let value = value.ok_or_else(|| format!("{path}: a player reported no search"))?;
        Ok(if depth {
            format!("{value:.2}")
        } else {
            count(value.round() as u64)
        })
    }
}

/// `+63.2`; a bound that one decimal would show as a signed zero gets two (`-0.03`).
fn signed(x: f64) -> String {
    if x != 0.0 && x.abs() < 0.05 {
        format!("{x:+.2}")
    } else {
        format!("{x:+.1}")
    }
}

/// `+35.6 to +91.6`.
fn interval([lo, hi]: [f64; 2]) -> String {
    format!("{} to {}", signed(lo), signed(hi))
}

/// Whether an interval settles the sign: the book's two verdict phrases.
fn verdict([lo, hi]: [f64; 2]) -> &'static str {
    if lo > 0.0 || hi < 0.0 {
        "beyond chance"
    } else {
        "the sample cannot tell"
    }
}

/// The text of one figure: `what` of the match in `file` (and, for `elo-less`, less the one
/// in `other`).
fn text(
    marker: &Marker,
    file: &ResultFile,
    other: Option<&ResultFile>,
    read: &mut Read,
) -> Result<String, String> {
    if marker.what.starts_with('/') {
        return pointed(
            read.json(file)?,
            file,
            &marker.what,
            marker.format.as_deref(),
        );
    }
    let what = marker.what.as_str();
    let less = match other {
        Some(other) => Some(read.played(other)?.summary.clone()),
        None => None,
    };
    let played = read.played(file)?;
    let s = &played.summary;
    Ok(match what {
        "elo" => signed(s.elo),
        "interval" => interval(s.elo_95),
        "games" => count(s.games),
        "elo-interval" => format!(
            "{} ({}; {} games)",
            signed(s.elo),
            interval(s.elo_95),
            count(s.games)
        ),
        "verdict" => verdict(s.elo_95).to_owned(),
        "depth-first" => played.effort(0, true, &file.path)?,
        "depth-second" => played.effort(1, true, &file.path)?,
        "nodes-first" => played.effort(0, false, &file.path)?,
        "nodes-second" => played.effort(1, false, &file.path)?,
        "elo-less" => {
            let other = less.ok_or("elo-less names a second file: FILE elo-less OTHER")?;
            let (less, within) = s.elo_less(&other);
            format!(
                "{} ({}, {})",
                signed(less),
                interval(within),
                verdict(within)
            )
        }
        _ => {
            return Err(format!("no figure {what:?}: one of {}", WHATS.join(", ")));
        }
    })
}

/// The value at `pointer` in `file`'s JSON, written as `format` says (integers as counts,
/// other numbers to two decimals, strings as they are, where it says nothing).
fn pointed(
    json: &serde_json::Value,
    file: &ResultFile,
    pointer: &str,
    format: Option<&str>,
) -> Result<String, String> {
    let value = json
        .pointer(pointer)
        .ok_or_else(|| format!("{} has nothing at {pointer}", file.path))?;
    let number = || {
        value
            .as_f64()
            .ok_or_else(|| format!("{}: {pointer} is {value}, not a number", file.path))
    };
    Ok(match format {
        None => match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Number(n) if n.is_u64() => count(n.as_u64().unwrap_or_default()),
            serde_json::Value::Number(n) if n.is_i64() => {
                let n = n.as_i64().unwrap_or_default();
                format!("-{}", count(n.unsigned_abs()))
            }
            serde_json::Value::Number(_) => format!("{:.2}", number()?),
            _ => return Err(format!("{}: {pointer} is not one figure", file.path)),
        },
        Some("count") => {
            let x = number()?;
            if x.fract() != 0.0 || x < 0.0 {
                return Err(format!("{}: {pointer} is {x}, not a count", file.path));
            }
            count(x as u64)
        }
        Some("millions") => format!("{:.1} M", number()? / 1e6),
        Some("fixed0") => format!("{:.0}", number()?),
        Some("fixed1") => format!("{:.1}", number()?),
        Some("fixed2") => format!("{:.2}", number()?),
        Some("signed") => signed(number()?),
        Some("percent") => format!("{:.1}%", number()? * 100.0),
        Some(other) => {
            return Err(format!(
                "no format {other:?}: one of {}",
                FORMATS.join(", ")
            ));
        }
    })
}

/// One figure's marker, read: the file, what it states, the second file of a difference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// The result file, from the repository's root.
    pub file: String,
    /// What it states ([`WHATS`]).
    pub what: String,
    /// The second file of `elo-less`.
    pub other: Option<String>,
    /// How a pointer's value is written ([`FORMATS`]).
    pub format: Option<String>,
}

impl Marker {
    fn parse(inner: &str) -> Result<Self, String> {
        let words: Vec<&str> = inner.split_whitespace().collect();
        if let [file, pointer, rest @ ..] = &words[..]
            && pointer.starts_with('/')
        {
            let format = match rest {
                [] => None,
                [f] if FORMATS.contains(f) => Some((*f).to_owned()),
                _ => {
                    return Err(format!(
                        "a pointer's figure is `{OPEN} FILE /POINTER [FORMAT] -->`, FORMAT one \
                         of {}",
                        FORMATS.join(", ")
                    ));
                }
            };
            return Ok(Self {
                file: (*file).to_owned(),
                what: (*pointer).to_owned(),
                other: None,
                format,
            });
        }
        let (file, what, other) = match words[..] {
            [file, what] => (file, what, None),
            [file, "elo-less", other] => (file, "elo-less", Some(other.to_owned())),
            _ => {
                return Err(format!(
                    "a figure opens as `{OPEN} FILE WHAT -->`, `{OPEN} FILE elo-less OTHER -->` \
                     or `{OPEN} FILE /POINTER [FORMAT] -->`"
                ));
            }
        };
        if !WHATS.contains(&what) || (what == "elo-less") != other.is_some() {
            return Err(format!("no figure {what:?}: one of {}", WHATS.join(", ")));
        }
        Ok(Self {
            file: file.to_owned(),
            what: what.to_owned(),
            other,
            format: None,
        })
    }

    /// Every file the marker reads.
    pub fn files(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.file.as_str()).chain(self.other.as_deref())
    }
}

/// A page with its figures rendered.
pub struct Figured {
    /// The page's text, every figure what its file gives.
    pub text: String,
    /// Each figure whose text was not, where and what it said.
    pub differences: Vec<String>,
}

/// `source` with every figure between its markers rendered; a figure whose file does not
/// stand for today's build says so after its figure ("as of commit X, an earlier build").
pub fn render<S: std::hash::BuildHasher>(
    page: &str,
    source: &str,
    results: &HashMap<String, ResultFile, S>,
    today: &Today,
    read: &mut Read,
) -> Result<Figured, String> {
    let mut out = String::with_capacity(source.len());
    let mut differences = Vec::new();
    let mut fence = None;
    for (i, line) in source.split_inclusive('\n').enumerate() {
        if crate::sections::in_fence(line.trim_start(), &mut fence) || !line.contains(OPEN) {
            out.push_str(line);
            continue;
        }
        let (rendered, differ) = render_line(line, results, today, read)
            .map_err(|e| format!("{page}:{}: {e}", i + 1))?;
        differences.extend(differ.into_iter().map(|d| format!("{page}:{}: {d}", i + 1)));
        out.push_str(&rendered);
    }
    Ok(Figured {
        text: out,
        differences,
    })
}

/// One line's figures rendered (a figure opens and closes on one line), and each that
/// differed.
fn render_line<S: std::hash::BuildHasher>(
    line: &str,
    results: &HashMap<String, ResultFile, S>,
    today: &Today,
    read: &mut Read,
) -> Result<(String, Vec<String>), String> {
    let mut out = String::new();
    let mut differences = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find(OPEN) {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let end = from
            .find("-->")
            .ok_or("a figure's marker is not closed on its line")?;
        let marker = Marker::parse(&from[OPEN.len()..end])?;
        let body = &from[end + 3..];
        let close = body
            .find(CLOSE)
            .ok_or_else(|| format!("the figure has no {CLOSE} on its line"))?;
        let find = |f: &str| {
            results
                .get(f)
                .ok_or_else(|| format!("no result file {f} was read"))
        };
        let file = find(&marker.file)?;
        let other = marker.other.as_deref().map(find).transpose()?;
        let mut figure = text(&marker, file, other, read)?;
        let mut stale: Vec<String> = marker
            .files()
            .filter_map(|f| results.get(f))
            .filter(|f| !today.is_current(f))
            .map(|f| {
                let commit = f
                    .run
                    .as_ref()
                    .map_or("", |r| &r.commit[..r.commit.len().min(7)]);
                format!("as of commit {commit}")
            })
            .collect();
        stale.dedup();
        if !stale.is_empty() {
            figure = format!("{figure} ({}, an earlier build)", stale.join(", "));
        }
        if body[..close] != figure {
            differences.push(format!(
                "the figure {} {} says {:?}; its file gives {figure:?}",
                marker.file,
                marker.what,
                &body[..close]
            ));
        }
        out.push_str(&from[..end + 3]);
        out.push_str(&figure);
        out.push_str(CLOSE);
        rest = &body[close + CLOSE.len()..];
    }
    out.push_str(rest);
    Ok((out, differences))
}

/// Every figure's files in `source`, outside fenced code.
pub fn files_named(source: &str) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    let mut fence = None;
    for (i, line) in source.lines().enumerate() {
        if crate::sections::in_fence(line.trim_start(), &mut fence) {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find(OPEN) {
            let from = &rest[start..];
            let end = from
                .find("-->")
                .ok_or_else(|| format!("line {}: a figure's marker is not closed", i + 1))?;
            let marker = Marker::parse(&from[OPEN.len()..end])
                .map_err(|e| format!("line {}: {e}", i + 1))?;
            files.extend(marker.files().map(str::to_owned));
            rest = &from[end..];
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_name_a_file_and_what_it_states() {
        let m = Marker::parse(" results/clock/a.json elo ").unwrap();
        assert_eq!(
            (m.file.as_str(), m.what.as_str(), m.other),
            ("results/clock/a.json", "elo", None)
        );
        let p = Marker::parse(" a.json /output/rows/0/nodes millions ").unwrap();
        assert_eq!(
            (p.what.as_str(), p.format.as_deref()),
            ("/output/rows/0/nodes", Some("millions"))
        );
        assert!(Marker::parse(" a.json /output/x huge ").is_err());
        let d = Marker::parse(" a.json elo-less b.json ").unwrap();
        assert_eq!(d.files().collect::<Vec<_>>(), ["a.json", "b.json"]);
        assert!(
            Marker::parse(" a.json speed ")
                .unwrap_err()
                .contains("no figure \"speed\"")
        );
        assert!(Marker::parse(" a.json elo b.json ").is_err());
        assert!(Marker::parse(" a.json elo-less ").is_err());
    }

    #[test]
    fn a_verdict_is_beyond_chance_only_where_the_interval_excludes_zero() {
        assert_eq!(verdict([0.1, 9.0]), "beyond chance");
        assert_eq!(verdict([-9.0, -0.1]), "beyond chance");
        assert_eq!(verdict([-0.1, 9.0]), "the sample cannot tell");
        assert_eq!(interval([-3.95, 41.73]), "-4.0 to +41.7");
        assert_eq!(interval([-26.08, -0.03]), "-26.1 to -0.03");
    }

    #[test]
    fn figures_in_fenced_code_are_text() {
        let source = "```\n<!-- figure: a.json elo -->x<!-- /figure -->\n```\n";
        assert!(files_named(source).unwrap().is_empty());
        let prose = "Worth <!-- figure: a.json elo -->x<!-- /figure --> and <!-- figure: b.json elo-less c.json -->y<!-- /figure -->.\n";
        assert_eq!(files_named(prose).unwrap(), ["a.json", "b.json", "c.json"]);
    }
}
