//! Figures typed into prose: a signed number (`+12.5`, `−3.2`) or a `±` that stands outside
//! every form that holds a figure (a rendered section, an inline figure, a figure or a table
//! held by a test), outside fenced code, inline code and comments. The book's figures come
//! from their data; such a figure came from a hand.

/// The forms whose text a hand did not type: their opening and closing markers.
const HELD: [(&str, &str); 2] = [
    (crate::figures::OPEN, crate::figures::CLOSE),
    (crate::held::OPEN, crate::held::CLOSE),
];

/// Each figure typed into the prose of `source` (the page `page`), where and what.
#[must_use]
pub fn scan(page: &str, source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fence = None;
    let mut section = false;
    let mut comment = false;
    let mut held = false;
    for (i, line) in source.lines().enumerate() {
        let trimmed = line.trim();
        if section {
            section = trimmed != crate::sections::CLOSE;
            continue;
        }
        if held {
            held = !crate::held::block_closing(line);
            continue;
        }
        if fence.is_none() && crate::held::block_opening(line).is_some() {
            held = true;
            continue;
        }
        if crate::sections::in_fence(line.trim_start(), &mut fence) {
            continue;
        }
        if trimmed.starts_with(crate::sections::OPEN) {
            section = true;
            continue;
        }
        let prose = prose_of(line, &mut comment);
        for figure in typed(&prose) {
            out.push(format!(
                "{page}:{}: the figure {figure:?} is typed by hand: hold it by a section, \
                 `<!-- figure: ... -->` or `<!-- test: ... -->`, or drop it",
                i + 1
            ));
        }
    }
    out
}

/// `line` without what a hand did not type or what is not prose: held figures with their
/// markers, comments (`comment` carries one across lines) and inline code.
fn prose_of(line: &str, comment: &mut bool) -> String {
    let mut out = String::new();
    let mut rest = line;
    loop {
        if *comment {
            match rest.find("-->") {
                Some(end) => {
                    *comment = false;
                    rest = &rest[end + 3..];
                }
                None => return out,
            }
        }
        let held = HELD
            .iter()
            .filter_map(|(open, close)| rest.find(open).map(|at| (at, *close)))
            .min_by_key(|(at, _)| *at);
        let comment_at = rest.find("<!--");
        let code_at = rest.find('`');
        let next = [held.map(|h| h.0), comment_at, code_at]
            .into_iter()
            .flatten()
            .min();
        let Some(at) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        out.push(' ');
        let from = &rest[at..];
        if let Some((_, close)) = held.filter(|h| h.0 == at) {
            rest = from
                .find(close)
                .map_or("", |end| &from[end + close.len()..]);
        } else if Some(at) == comment_at {
            *comment = true;
            rest = &from[4..];
        } else {
            let ticks = from.len() - from.trim_start_matches('`').len();
            let marker = &from[..ticks];
            rest = from[ticks..]
                .find(marker)
                .map_or("", |end| &from[ticks + end + ticks..]);
        }
    }
}

/// The typed figures of a line of prose: a `±` before a digit, or a sign before a digit at
/// the start of a word.
fn typed(prose: &str) -> Vec<String> {
    let chars: Vec<char> = prose.chars().collect();
    let mut out = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let digit_at = |j: usize| chars.get(j).is_some_and(char::is_ascii_digit);
        let starts_word = i == 0 || matches!(chars[i - 1], ' ' | '(' | '[' | '|' | '\u{a0}');
        let plus_minus =
            c == '±' && (digit_at(i + 1) || chars.get(i + 1) == Some(&' ') && digit_at(i + 2));
        let sign = matches!(c, '+' | '−' | '-') && starts_word && digit_at(i + 1);
        if plus_minus || sign {
            let end = chars[i + 1..]
                .iter()
                .position(|c| !(c.is_ascii_digit() || matches!(c, '.' | ',' | ' ')))
                .map_or(chars.len(), |n| i + 1 + n);
            out.push(
                chars[i..end]
                    .iter()
                    .collect::<String>()
                    .trim_end_matches([',', ' ', '.'])
                    .to_owned(),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_figures_and_plus_minus_in_prose_are_found() {
        let page = "Null move gains +63.2 (−14.1 to +33.9), ±15 or ± 10.\n";
        let found: Vec<String> = scan("p.md", page);
        assert_eq!(found.len(), 5, "{found:?}");
        assert!(
            found[0].starts_with("p.md:1: the figure \"+63.2\""),
            "{found:?}"
        );
    }

    #[test]
    fn held_forms_code_comments_and_sections_are_not_prose() {
        let page = "At 1+0.01 s, R = 4 + depth/6, 2-5 plies, e-4 <!-- figure: a.json elo -->+1.0<!-- /figure --> \
            and <!-- test: t.rs f -->−2<!-- /test -->, `--sprt -5,5`, ``a `+1` b``.\n\
            <!-- a comment\n+3 spans lines -->\n```\n+4\n```\n<!-- results: v a.json -->\n| +5 |\n<!-- /results -->\n";
        assert_eq!(scan("p.md", page), Vec::<String>::new());
        assert_eq!(scan("p.md", "| gains | +5 |\n").len(), 1);
        assert_eq!(scan("p.md", "after a (-3.5) and [+2]\n").len(), 2);
    }
}
