//! The reviewer's view as one self-contained file, what `nullmove audit --html` writes: the
//! page `nullmove serve` answers at `/review`, its style and its script inlined, and the
//! review itself embedded as data, so the file opens with the network off and asks nothing
//! of anyone. The served page keeps them apart, as the server's content security policy
//! allows scripts and styles from its own files only.

/// The view's page, as served at `/review`.
pub const PAGE: &str = include_str!("../assets/review.html");
/// Its style, served at `/review.css`.
pub const STYLE: &str = include_str!("../assets/review.css");
/// Its script, served at `/review.js`; with the review embedded it draws that instead of
/// asking the server.
pub const SCRIPT: &str = include_str!("../assets/review.js");

/// The line of [`PAGE`] that loads the style, replaced by the style itself.
const STYLE_LINK: &str = r#"<link rel="stylesheet" href="/review.css">"#;
/// The line of [`PAGE`] that loads the script, replaced by the data and the script itself.
const SCRIPT_TAG: &str = r#"<script type="module" src="/review.js"></script>"#;

/// The opening of [`PAGE`]'s links to the server's other pages, which a file has no server
/// for: the file leaves the whole `<nav>` out.
const SERVED_NAV: &str = r#"<nav aria-label="views" class="served-only">"#;

/// [`PAGE`] without its links to the server's other pages.
fn page_without_server_links() -> String {
    let start = PAGE
        .find(SERVED_NAV)
        .expect("the page links to the server's pages");
    let end = start + PAGE[start..].find("</nav>").expect("the links end") + "</nav>".len();
    let end = end + usize::from(PAGE[end..].starts_with('\n'));
    format!("{}{}", &PAGE[..start], &PAGE[end..])
}

/// The view of `review`, the review's JSON document (`nullmove_fixtures::review::Review`), as
/// one HTML file: no external script, style, font or image.
///
/// # Example
/// ```
/// let file = nullmove_server::review_file(r#"{"texts":[],"claims":[]}"#);
/// assert!(file.contains(r#"<script type="application/json" id="review-data">{"texts""#));
/// assert!(!file.contains("src=") && !file.contains("stylesheet") && !file.contains("href=\"/"));
/// ```
#[must_use]
pub fn review_file(review: &str) -> String {
    // A `<` in the data would let a `</script>` in a sentence end the element early; JSON
    // reads `\u003c` as the same character.
    let data = review.replace('<', "\\u003c");
    page_without_server_links()
        .replacen(STYLE_LINK, &format!("<style>\n{STYLE}</style>"), 1)
        .replacen(
            SCRIPT_TAG,
            &format!(
                "<script type=\"application/json\" id=\"review-data\">{data}</script>\n\
                 <script type=\"module\">\n{SCRIPT}</script>"
            ),
            1,
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page loads its style and script once each, by the lines replaced; neither holds
    /// what would end its inlined element early.
    #[test]
    fn the_page_inlines_exactly_what_it_loads() {
        assert_eq!(PAGE.matches(STYLE_LINK).count(), 1);
        assert_eq!(PAGE.matches(SCRIPT_TAG).count(), 1);
        assert_eq!(
            PAGE.matches("<link").count(),
            2,
            "the style and the empty icon"
        );
        assert_eq!(PAGE.matches("<script").count(), 1);
        assert!(
            !STYLE.contains("</style") && !STYLE.contains("@import") && !STYLE.contains("url(")
        );
        assert!(!SCRIPT.contains("</script") && !SCRIPT.contains("\nimport "));
        let file = review_file(r#"{"texts":[{"text":"a </script> b"}]}"#);
        assert!(file.contains(r#""a \u003c/script> b""#));
        assert_eq!(file.matches("</script>").count(), 2);
        // Nothing links to a server the file does not have.
        assert!(PAGE.contains(r#"href="/""#));
        assert!(!file.contains(r#"href="/"#));
    }
}
