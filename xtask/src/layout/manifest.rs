//! What the layout check reads of a `Cargo.toml`, line by line (the workspace's manifests
//! are plain enough, and a TOML parser would be one more dependency): the workspace's members,
//! a package's name and the packages it depends on.

/// A member's manifest, as far as the layers go.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Manifest {
    /// `[package] name`.
    pub name: String,
    /// The packages of `[dependencies]` and `[build-dependencies]` (any target's), in order.
    pub dependencies: Vec<String>,
    /// The packages of `[dev-dependencies]` (any target's), in order.
    pub dev_dependencies: Vec<String>,
}

/// Which dependencies a table lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Table {
    Package,
    Dependencies,
    DevDependencies,
    Other,
}

impl Manifest {
    /// Reads a package's manifest; one without `[package] name` is an error.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut manifest = Self::default();
        let mut table = Table::Other;
        // Inside `[dependencies.foo]`, whose keys are foo's, not dependencies.
        let mut one_dependency = false;
        for line in text.lines().map(without_comment) {
            if let Some(header) = header(line) {
                let (kind, dependency) = table_of(header);
                table = kind;
                one_dependency = dependency.is_some();
                if let Some(dependency) = dependency {
                    manifest.add(table, dependency.to_owned());
                }
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                continue;
            };
            let key = key.trim();
            match table {
                Table::Package if key == "name" => unquote(value).clone_into(&mut manifest.name),
                Table::Dependencies | Table::DevDependencies if key == "package" => {
                    manifest.rename_last(table, unquote(value));
                }
                Table::Dependencies | Table::DevDependencies if !one_dependency => {
                    let name = key.split('.').next().unwrap_or(key).trim_matches('"');
                    manifest.add(table, name.to_owned());
                    if let Some(package) = inline_package(value) {
                        manifest.rename_last(table, package);
                    }
                }
                _ => {}
            }
        }
        if manifest.name.is_empty() {
            return Err("no `name` under `[package]`".to_owned());
        }
        Ok(manifest)
    }

    fn list(&mut self, table: Table) -> Option<&mut Vec<String>> {
        match table {
            Table::Dependencies => Some(&mut self.dependencies),
            Table::DevDependencies => Some(&mut self.dev_dependencies),
            Table::Package | Table::Other => None,
        }
    }

    fn add(&mut self, table: Table, dependency: String) {
        if let Some(list) = self.list(table) {
            list.push(dependency);
        }
    }

    /// A dependency renamed with `package = "..."` is that package.
    fn rename_last(&mut self, table: Table, package: &str) {
        if let Some(last) = self.list(table).and_then(|list| list.last_mut()) {
            package.clone_into(last);
        }
    }
}

/// The workspace's `members`, as written in the root manifest's `[workspace]`.
pub fn workspace_members(text: &str) -> Result<Vec<String>, String> {
    let mut in_workspace = false;
    let mut members: Option<String> = None;
    for line in text.lines().map(without_comment) {
        if let Some(list) = members.as_mut() {
            list.push_str(line);
        } else if let Some(header) = header(line) {
            in_workspace = header == "workspace";
        } else if let Some(("members", value)) = line.split_once('=').map(|(k, v)| (k.trim(), v))
            && in_workspace
        {
            members = Some(value.to_owned());
        }
        if members.as_ref().is_some_and(|list| list.contains(']')) {
            break;
        }
    }
    let list = members.ok_or("no `members` under `[workspace]`")?;
    let inner = list
        .trim()
        .strip_prefix('[')
        .and_then(|l| l.split(']').next())
        .ok_or("`members` is not a list")?;
    let members: Vec<String> = inner
        .split(',')
        .map(|m| unquote(m).to_owned())
        .filter(|m| !m.is_empty())
        .collect();
    if let Some(glob) = members.iter().find(|m| m.contains(['*', '?', '['])) {
        return Err(format!(
            "member `{glob}` is a glob, which the check does not expand"
        ));
    }
    Ok(members)
}

/// A line without its `#` comment (a `#` inside a string stays).
fn without_comment(line: &str) -> &str {
    let mut in_string = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return line[..i].trim(),
            _ => {}
        }
    }
    line.trim()
}

/// The table a `[header]` (or `[[header]]`) line opens.
fn header(line: &str) -> Option<&str> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    Some(inner.trim_matches(['[', ']']).trim())
}

/// What a table's header says it lists, and the dependency it is about when it is one
/// (`[dependencies.foo]`).
fn table_of(header: &str) -> (Table, Option<&str>) {
    if header == "package" {
        return (Table::Package, None);
    }
    let header = header
        .strip_prefix("target.")
        .and_then(|rest| {
            ["dependencies", "dev-dependencies", "build-dependencies"]
                .iter()
                .find_map(|t| rest.find(&format!(".{t}")).map(|at| &rest[at + 1..]))
        })
        .unwrap_or(header);
    let (table, dependency) = match header.split_once('.') {
        Some((table, dependency)) => (table, Some(dependency.trim_matches('"'))),
        None => (header, None),
    };
    let kind = match table {
        "dependencies" | "build-dependencies" => Table::Dependencies,
        "dev-dependencies" => Table::DevDependencies,
        _ => Table::Other,
    };
    (kind, dependency.filter(|_| kind != Table::Other))
}

/// A quoted value's text (`"nullmove-core"` is `nullmove-core`).
fn unquote(value: &str) -> &str {
    value.trim().trim_matches(['"', '\''])
}

/// The `package = "..."` of an inline table, if it has one.
fn inline_package(value: &str) -> Option<&str> {
    let inner = value.trim().strip_prefix('{')?.strip_suffix('}')?;
    inner.split(',').find_map(|field| {
        let (key, value) = field.split_once('=')?;
        (key.trim() == "package").then(|| unquote(value))
    })
}
