//! The pages the tool fills and the charts it draws: every generated section of README.md,
//! results/README.md and docs/src/**/*.md rendered from the result files, and each chart an
//! SVG of `docs/src/images/results/` (a folder the tool owns: a chart no section links is
//! removed).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use crate::result::{ResultFile, write_whole};
use crate::sections::Page;
use crate::today::Today;
use crate::views;

/// The charts' folder, from the repository's root.
pub const IMAGES: &str = "docs/src/images/results";

/// The pages holding sections, outside `docs/src/`.
const PAGES: [&str; 2] = ["README.md", "results/README.md"];

/// Every page and chart as the result files give them, beside what is there now.
#[derive(Debug, Clone, Default)]
pub struct Rendering {
    /// Each page: its path, its text now, its text as rendered.
    pub pages: Vec<(String, String, String)>,
    /// Each chart by file name: its SVG.
    pub charts: BTreeMap<String, String>,
    /// Each headline section's file that does not stand for today's build, and why.
    pub stale_headlines: Vec<String>,
    /// Each figure in prose whose text is not what its file gives, or that its test does not
    /// hold.
    pub figures: Vec<String>,
    /// Each figure typed into prose by hand, held by nothing.
    pub loose: Vec<String>,
}

/// The pages that may hold sections, from the repository's root.
pub fn pages(root: &Path) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = PAGES
        .iter()
        .filter(|p| root.join(p).is_file())
        .map(|p| (*p).to_owned())
        .collect();
    let docs = root.join("docs/src");
    if docs.is_dir() {
        markdown_under(root, &docs, &mut out)?;
    }
    Ok(out)
}

fn markdown_under(root: &Path, dir: &Path, out: &mut Vec<String>) -> Result<(), String> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            markdown_under(root, &path, out)?;
        } else if path.extension().is_some_and(|e| e == "md") {
            let relative = path.strip_prefix(root).unwrap_or(&path);
            out.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}

/// The result files the pages name, read from `root` (each once).
pub fn named_results(root: &Path) -> Result<HashMap<String, ResultFile>, String> {
    let mut results = HashMap::new();
    for page in pages(root)? {
        let text = read(root, &page)?;
        let parsed = Page::parse(&text).map_err(|e| format!("{page}: {e}"))?;
        let figures = crate::figures::files_named(&text).map_err(|e| format!("{page}: {e}"))?;
        let named = parsed
            .sections
            .into_iter()
            .map(|s| (s.line, s.files))
            .chain(std::iter::once((0, figures)));
        for (line, files) in named {
            for file in files {
                if let std::collections::hash_map::Entry::Vacant(slot) = results.entry(file) {
                    let file = slot.key();
                    if !root.join(file).is_file() {
                        return Err(format!(
                            "{page}:{line}: no result file {file} (make it with `cargo xtask \
                             results add` or `plan`)"
                        ));
                    }
                    let result = ResultFile::read(root, file)?;
                    slot.insert(result);
                }
            }
        }
    }
    Ok(results)
}

fn read(root: &Path, page: &str) -> Result<String, String> {
    std::fs::read_to_string(root.join(page)).map_err(|e| format!("cannot read {page}: {e}"))
}

/// Renders every page of `root` from `results` (which must hold every file the pages name).
pub fn render<S: std::hash::BuildHasher>(
    root: &Path,
    results: &HashMap<String, ResultFile, S>,
    today: &Today,
) -> Result<Rendering, String> {
    let mut rendering = Rendering::default();
    let mut files = crate::figures::Read::default();
    for page in pages(root)? {
        let text = read(root, &page)?;
        let figured = crate::figures::render(&page, &text, results, today, &mut files)?;
        rendering.figures.extend(figured.differences);
        rendering
            .figures
            .extend(crate::held::check(root, &page, &text));
        rendering.loose.extend(crate::loose::scan(&page, &text));
        let parsed = Page::parse(&figured.text).map_err(|e| format!("{page}: {e}"))?;
        let mut bodies = Vec::new();
        for section in &parsed.sections {
            let files: Vec<&ResultFile> = section
                .files
                .iter()
                .map(|f| results.get(f).ok_or_else(|| format!("{f} was not read")))
                .collect::<Result<_, _>>()?;
            let (body, chart) = section_body(&page, &section.view, &files, today).map_err(|e| {
                format!(
                    "{page}:{}: {} {}: {e}",
                    section.line,
                    section.view,
                    section.files.join(",")
                )
            })?;
            if section.headline || page == "README.md" {
                for file in &files {
                    if let Some(why) = not_todays(file, today) {
                        rendering.stale_headlines.push(format!(
                            "{page}:{}: the headline {} reads {}, {why}",
                            section.line, section.view, file.path
                        ));
                    }
                }
            }
            if let Some((name, svg)) = chart {
                rendering.charts.insert(name, svg);
            }
            bodies.push(body);
        }
        let rendered = parsed.with_bodies(&bodies);
        rendering.pages.push((page, text, rendered));
    }
    Ok(rendering)
}

/// A section's text between its markers, and its chart's file name and SVG.
fn section_body(
    page: &str,
    view: &str,
    files: &[&ResultFile],
    today: &Today,
) -> Result<(String, Option<(String, String)>), String> {
    let mut body = String::from("\n");
    let mut drawn = None;
    if let Some(rendered) = views::render(view, files)? {
        body.push_str(&rendered.markdown);
        if let Some(chart) = rendered.chart {
            let name = chart_name(view, files);
            if !rendered.markdown.is_empty() {
                body.push('\n');
            }
            let link = relative(page, &format!("{IMAGES}/{name}"));
            let _ = writeln!(body, "![{}]({link})", chart.alt);
            drawn = Some((name, chart.svg));
        }
        body.push('\n');
    }
    let detail = if page == "README.md" {
        views::Detail::Brief
    } else {
        views::Detail::Full
    };
    body.push_str(&views::provenance_lines(files, today, detail));
    body.push('\n');
    Ok((body, drawn))
}

/// `VIEW-SUBJECT-NAME[-NAME...].svg`, from the files a section names (the same whether they
/// are measured yet or not).
/// Why `file` cannot stand in a headline, or `None` when it can.
fn not_todays(file: &ResultFile, today: &Today) -> Option<String> {
    let Some(run) = &file.run else {
        return Some("which is not yet measured".to_owned());
    };
    if run.signatures != today.signatures {
        return Some("which an earlier search measured".to_owned());
    }
    today.engine_change(file).map(|why| {
        format!(
            "played at commit {}: {why}",
            &run.commit[..run.commit.len().min(7)]
        )
    })
}

fn chart_name(view: &str, files: &[&ResultFile]) -> String {
    let parts: Vec<String> = files
        .iter()
        .map(|f| {
            let subject = Path::new(&f.path)
                .parent()
                .and_then(|p| p.file_name())
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            format!("{subject}-{}", f.name)
        })
        .collect();
    format!("{view}-{}.svg", parts.join("-"))
}

/// `target` (from the repository's root) as a link from `page`.
fn relative(page: &str, target: &str) -> String {
    let from: Vec<&str> = page.split('/').collect();
    let from = &from[..from.len() - 1];
    let to: Vec<&str> = target.split('/').collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from.len() - common];
    parts.extend(&to[common..]);
    parts.join("/")
}

/// Where the pages and charts on disk differ from `rendering`: one line each.
pub fn differences(root: &Path, rendering: &Rendering) -> Result<Vec<String>, String> {
    let mut out = rendering.stale_headlines.clone();
    out.extend(rendering.figures.iter().cloned());
    out.extend(rendering.loose.iter().cloned());
    for (page, now, rendered) in &rendering.pages {
        if now != rendered {
            let old = Page::parse(now).map_err(|e| format!("{page}: {e}"))?;
            let new = Page::parse(rendered).map_err(|e| format!("{page}: {e}"))?;
            for (a, b) in old.sections.iter().zip(&new.sections) {
                if a.body != b.body {
                    out.push(format!(
                        "{page}:{}: the section {} {} differs from what its files give",
                        a.line,
                        a.view,
                        a.files.join(",")
                    ));
                }
            }
        }
    }
    for (name, svg) in &rendering.charts {
        let path = format!("{IMAGES}/{name}");
        match std::fs::read_to_string(root.join(&path)) {
            Ok(now) if now == *svg => {}
            Ok(_) => out.push(format!(
                "{path}: the chart differs from what its files give"
            )),
            Err(_) => out.push(format!("{path}: the chart is missing")),
        }
    }
    for name in charts_on_disk(root)? {
        if !rendering.charts.contains_key(&name) {
            out.push(format!("{IMAGES}/{name}: no section links this chart"));
        }
    }
    Ok(out)
}

/// The SVG files in the charts' folder.
fn charts_on_disk(root: &Path) -> Result<Vec<String>, String> {
    let dir = root.join(IMAGES);
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {IMAGES}: {e}"))?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
        })
        .collect();
    names.sort();
    Ok(names)
}

/// Writes what differs: pages and charts whole or not at all; charts no section links
/// removed. Returns what it wrote.
pub fn write(root: &Path, rendering: &Rendering) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    for (page, now, rendered) in &rendering.pages {
        if now != rendered {
            write_whole(&root.join(page), rendered.as_bytes())?;
            written.push(page.clone());
        }
    }
    for (name, svg) in &rendering.charts {
        let path = format!("{IMAGES}/{name}");
        if std::fs::read_to_string(root.join(&path)).ok().as_ref() != Some(svg) {
            write_whole(&root.join(&path), svg.as_bytes())?;
            written.push(path);
        }
    }
    for name in charts_on_disk(root)? {
        if !rendering.charts.contains_key(&name) {
            let path = format!("{IMAGES}/{name}");
            std::fs::remove_file(root.join(&path))
                .map_err(|e| format!("cannot remove {path}: {e}"))?;
            written.push(format!("{path} (removed)"));
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::relative;

    #[test]
    fn links_are_relative_to_the_page() {
        let svg = "docs/src/images/results/a.svg";
        assert_eq!(relative("README.md", svg), svg);
        assert_eq!(relative("docs/src/chess.md", svg), "images/results/a.svg");
        assert_eq!(
            relative("docs/src/strength/cluster.md", svg),
            "../images/results/a.svg"
        );
        assert_eq!(
            relative("results/README.md", svg),
            "../docs/src/images/results/a.svg"
        );
    }
}
