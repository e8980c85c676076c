//! Import cycles between the files of one crate: each file is its module (`lib.rs` the root,
//! `foo.rs` and `foo/mod.rs` the module `foo`), each import an edge to the file that defines
//! what it names, re-exports followed; a strongly connected set of files is a cycle.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use super::imports::{Import, absolute, imports};
use super::source::{strip, without_test_modules};

/// A module's path from the crate's root (empty for the root).
pub type Module = Vec<String>;

/// How many re-exports a path is followed through, so a loop of them ends.
const MAX_REEXPORTS: usize = 20;

/// One crate's files as modules and the imports between them.
#[derive(Debug, Clone, Default)]
pub struct CrateGraph {
    /// The modules, one a file.
    pub modules: BTreeSet<Module>,
    /// Each module's edges: the other modules whose files define what it imports.
    pub edges: BTreeMap<Module, BTreeSet<Module>>,
}

/// A set of files each reaching every other through imports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle {
    /// The modules, in the order of their names.
    pub modules: Vec<Module>,
    /// The imports between them, in the modules' order (the root first).
    pub edges: Vec<(Module, Module)>,
}

/// A module as the report names it: `lib` for the root, `a::b` otherwise.
#[must_use]
pub fn name(module: &[String]) -> String {
    if module.is_empty() {
        "lib".to_owned()
    } else {
        module.join("::")
    }
}

impl fmt::Display for Cycle {
    /// The modules on a line, then each edge on a line of its own, indented.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.modules.iter().map(|m| name(m)).collect();
        write!(f, "cycle: {}", names.join(", "))?;
        for (from, to) in &self.edges {
            write!(f, "\n    {} -> {}", name(from), name(to))?;
        }
        Ok(())
    }
}

impl CrateGraph {
    /// Reads every `.rs` file under `src` (a crate's `src/` folder).
    pub fn read(src: &Path) -> Result<Self, String> {
        let files = module_files(src)?;
        let mut sources = BTreeMap::new();
        for (module, path) in files {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            sources.insert(module, text);
        }
        Ok(Self::from_sources(&sources))
    }

    /// The graph of modules whose text is given (each module's file as written).
    #[must_use]
    pub fn from_sources(sources: &BTreeMap<Module, String>) -> Self {
        let imports: BTreeMap<&Module, Vec<Import>> = sources
            .iter()
            .map(|(m, text)| (m, imports(&without_test_modules(&strip(text)))))
            .collect();
        let is_module = |m: &[String]| sources.contains_key(m);
        let reexports = reexports(&imports, is_module);
        let resolver = Resolver {
            is_module: &is_module,
            reexports: &reexports,
        };
        let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (&module, found) in &imports {
            let targets = edges.entry(module.clone()).or_default();
            for import in found {
                let Some(path) = absolute(module, &import.path, is_module) else {
                    continue;
                };
                if let Some(target) = resolver.defining_module(path)
                    && &target != module
                {
                    targets.insert(target);
                }
            }
        }
        let modules = sources.keys().cloned().collect();
        Self { modules, edges }
    }

    /// Every cycle, each of two files or more, in order.
    #[must_use]
    pub fn cycles(&self) -> Vec<Cycle> {
        let mut cycles: Vec<Cycle> = strongly_connected(&self.edges)
            .into_iter()
            .filter(|component| component.len() > 1)
            .map(|component| {
                let mut edges = Vec::new();
                for from in &component {
                    for to in self.edges.get(from).into_iter().flatten() {
                        if component.contains(to) {
                            edges.push((from.clone(), to.clone()));
                        }
                    }
                }
                let mut modules: Vec<Module> = component.into_iter().collect();
                modules.sort_by_key(|m| name(m));
                Cycle { modules, edges }
            })
            .collect();
        cycles.sort_by(|a, b| a.modules.cmp(&b.modules));
        cycles
    }
}

/// Each module's re-exports (its `pub use` paths): the item's name, and the path from the
/// crate's root it stands for.
fn reexports<'a>(
    imports: &BTreeMap<&'a Module, Vec<Import>>,
    is_module: impl Fn(&[String]) -> bool + Copy,
) -> HashMap<&'a Module, HashMap<String, Module>> {
    let mut reexports: HashMap<&Module, HashMap<String, Module>> = HashMap::new();
    for (&module, found) in imports {
        for import in found.iter().filter(|i| i.public) {
            let Some(path) = absolute(module, &import.path, is_module) else {
                continue;
            };
            match path.last().map(String::as_str) {
                None | Some("*" | "self") => {}
                Some(item) => {
                    let item = item.to_owned();
                    reexports.entry(module).or_default().insert(item, path);
                }
            }
        }
    }
    reexports
}

/// Follows a path to the module whose file defines what it names.
struct Resolver<'a, F: Fn(&[String]) -> bool> {
    is_module: &'a F,
    reexports: &'a HashMap<&'a Module, HashMap<String, Module>>,
}

impl<F: Fn(&[String]) -> bool> Resolver<'_, F> {
    /// The longest prefix of `path` that is a module; when that module re-exports the next
    /// segment, where the re-export leads instead.
    fn defining_module(&self, mut path: Vec<String>) -> Option<Module> {
        let mut reexporting = None;
        for followed in 0..=MAX_REEXPORTS {
            let Some(k) = (0..=path.len())
                .rev()
                .find(|&k| (self.is_module)(&path[..k]))
            else {
                return reexporting;
            };
            let module = path[..k].to_vec();
            let reexport = path
                .get(k)
                .filter(|_| followed < MAX_REEXPORTS)
                .and_then(|item| self.reexports.get(&module)?.get(item))
                .filter(|target| **target != path);
            let Some(reexport) = reexport else {
                return Some(module);
            };
            let mut next = reexport.clone();
            next.extend_from_slice(&path[k + 1..]);
            reexporting = Some(module);
            path = next;
        }
        reexporting
    }
}

/// The strongly connected components of `edges` (Tarjan's algorithm).
fn strongly_connected(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<BTreeSet<Module>> {
    #[derive(Default)]
    struct Tarjan<'a> {
        index: HashMap<&'a Module, usize>,
        low: HashMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        components: Vec<BTreeSet<Module>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a Module, edges: &'a BTreeMap<Module, BTreeSet<Module>>) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w, edges);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = BTreeSet::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.insert(w.clone());
                    if w == v {
                        break;
                    }
                }
                self.components.push(component);
            }
        }
    }
    let mut tarjan = Tarjan::default();
    for v in edges.keys() {
        if !tarjan.index.contains_key(v) {
            tarjan.visit(v, edges);
        }
    }
    tarjan.components
}

/// Each `.rs` file under `src` as its module. A `main.rs` beside a `lib.rs` is a binary
/// crate of its own, reaching the library only by its name, as is each file under `src/bin/`:
/// both are left out.
fn module_files(src: &Path) -> Result<BTreeMap<Module, PathBuf>, String> {
    let mut paths = Vec::new();
    walk(src, &mut paths)?;
    let has_lib = src.join("lib.rs").is_file();
    let mut files = BTreeMap::new();
    for path in paths {
        let relative = path.strip_prefix(src).unwrap_or(&path).with_extension("");
        let mut parts = Vec::new();
        for part in &relative {
            let part = part
                .to_str()
                .ok_or_else(|| format!("{}: a file name that is not UTF-8", path.display()))?;
            parts.push(part.to_owned());
        }
        let module = match parts.as_slice() {
            [root] if root == "lib" || (root == "main" && !has_lib) => Vec::new(),
            [root] if root == "main" => continue,
            [bin, ..] if bin == "bin" => continue,
            [dirs @ .., last] if last == "mod" => dirs.to_vec(),
            _ => parts,
        };
        files.entry(module).or_insert(path);
    }
    Ok(files)
}

/// Every `.rs` file under `dir`, in order.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut paths = entries
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    Ok(())
}
