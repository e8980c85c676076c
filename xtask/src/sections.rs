//! Generated sections in Markdown: `<!-- results: VIEW FILE[,FILE...] [headline] -->`, the
//! tool's text,
//! `<!-- /results -->`. Markers inside fenced code blocks are text, not sections (a page may
//! show the syntax).

/// The opening marker's start and the closing marker.
pub(crate) const OPEN: &str = "<!-- results:";
pub(crate) const CLOSE: &str = "<!-- /results -->";

/// One generated section of a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The opening marker's line number (from 1).
    pub line: usize,
    /// The view named.
    pub view: String,
    /// The result files named, from the repository's root.
    pub files: Vec<String>,
    /// A headline: every file must be measured by today's build (README.md's sections are
    /// headlines whatever their marker says).
    pub headline: bool,
    /// What stands between the markers now.
    pub body: String,
}

/// A page cut at its sections: the text before each, each section, and the text after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// `text[i]` precedes `sections[i]` (the opening marker's line included); the last
    /// follows the last section (its closing marker's line included).
    pub text: Vec<String>,
    /// The sections, in order.
    pub sections: Vec<Section>,
}

impl Page {
    /// Cuts `source` at its markers; a marker without its pair, or one inside another, is an
    /// error naming the line.
    pub fn parse(source: &str) -> Result<Self, String> {
        let mut text = vec![String::new()];
        let mut sections = Vec::new();
        let mut open: Option<Section> = None;
        let mut fence = None;
        for (i, line) in source.split_inclusive('\n').enumerate() {
            let number = i + 1;
            let trimmed = line.trim();
            if let Some(section) = open.as_mut() {
                if trimmed == CLOSE {
                    sections.push(open.take().expect("open"));
                    text.push(line.to_owned());
                } else if trimmed.starts_with(OPEN) {
                    return Err(format!(
                        "line {number}: a section opens inside the one of line {}",
                        section.line
                    ));
                } else {
                    section.body.push_str(line);
                }
                continue;
            }
            let last = text.last_mut().expect("a text before every section");
            last.push_str(line);
            if in_fence(trimmed, &mut fence) {
                continue;
            }
            if trimmed == CLOSE {
                return Err(format!("line {number}: {CLOSE} closes no section"));
            }
            if let Some(rest) = trimmed.strip_prefix(OPEN) {
                open = Some(marker(number, rest)?);
            }
        }
        if let Some(section) = open {
            return Err(format!(
                "line {}: the section has no {CLOSE} after it",
                section.line
            ));
        }
        Ok(Self { text, sections })
    }

    /// The page with each section's body replaced by `bodies[i]`.
    #[must_use]
    pub fn with_bodies(&self, bodies: &[String]) -> String {
        let mut out = String::new();
        for (i, text) in self.text.iter().enumerate() {
            out.push_str(text);
            if let Some(body) = bodies.get(i) {
                out.push_str(body);
            }
        }
        out
    }
}

/// Tracks fenced code blocks (opened and closed by the same marker, three backticks or three tildes) across
/// a page's lines: whether the line `trimmed` is inside one, its markers included.
pub fn in_fence(trimmed: &str, fence: &mut Option<&'static str>) -> bool {
    let opened = fence.is_some();
    for marker in ["```", "~~~"] {
        if trimmed.starts_with(marker) {
            match fence {
                None => *fence = Some(marker),
                Some(f) if *f == marker => *fence = None,
                Some(_) => {}
            }
        }
    }
    opened || fence.is_some()
}

/// The opening marker's view and files: `VIEW FILE[,FILE...] -->`.
fn marker(line: usize, rest: &str) -> Result<Section, String> {
    let fail = || {
        format!(
            "line {line}: a section opens as `{OPEN} VIEW FILE[,FILE...] -->` (files from the \
             repository's root, joined by commas), then `headline` for a section whose every \
             file must stand for today's build"
        )
    };
    let inner = rest.strip_suffix("-->").ok_or_else(fail)?.trim();
    let words: Vec<&str> = inner.split_whitespace().collect();
    let (view, files, headline) = match words[..] {
        [view, files] => (view, files, false),
        [view, files, "headline"] => (view, files, true),
        _ => return Err(fail()),
    };
    let files: Vec<String> = files.split(',').map(str::to_owned).collect();
    if files.iter().any(String::is_empty) {
        return Err(fail());
    }
    Ok(Section {
        line,
        view: view.to_owned(),
        files,
        headline,
        body: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_cut_and_refilled() {
        let source =
            "# A\n<!-- results: bench results/speed/bench.json -->\nold\n<!-- /results -->\ntail\n";
        let page = Page::parse(source).unwrap();
        assert_eq!(page.sections.len(), 1);
        let s = &page.sections[0];
        assert_eq!(
            (s.line, s.view.as_str(), s.body.as_str()),
            (2, "bench", "old\n")
        );
        assert_eq!(s.files, ["results/speed/bench.json"]);
        assert_eq!(page.with_bodies(std::slice::from_ref(&s.body)), source);
        assert_eq!(
            page.with_bodies(&["new\n".to_owned()]),
            source.replace("old", "new")
        );
    }

    #[test]
    fn markers_in_code_blocks_are_text() {
        let source = "```\n<!-- results: bench a.json -->\n```\n";
        assert!(Page::parse(source).unwrap().sections.is_empty());
    }

    #[test]
    fn broken_markers_name_their_line() {
        assert!(
            Page::parse("<!-- results: bench a.json -->\n")
                .unwrap_err()
                .starts_with("line 1:")
        );
        assert!(
            Page::parse("x\n<!-- /results -->\n")
                .unwrap_err()
                .starts_with("line 2:")
        );
        assert!(Page::parse("<!-- results: bench -->\n<!-- /results -->\n").is_err());
    }
}
