//! Import cycles between a crate's files, found in small crates written to a scratch folder.

use std::collections::BTreeSet;

use xtask::layout::cycles::{CrateGraph, Module, name};
use xtask::layout::imports::expand;

use super::write_tree;

/// The graph of the crate whose `src/` holds `files`.
fn graph(name: &str, files: &[(&str, &str)]) -> CrateGraph {
    CrateGraph::read(&write_tree(name, files)).expect("the crate reads")
}

/// Each cycle of `graph` as its modules' names.
fn cycles(graph: &CrateGraph) -> Vec<Vec<String>> {
    graph
        .cycles()
        .iter()
        .map(|c| c.modules.iter().map(|m| name(m)).collect())
        .collect()
}

/// The names of the modules `module` (`a::b`, or `lib`) has an edge to.
fn edges_of(graph: &CrateGraph, module: &str) -> BTreeSet<String> {
    let module: Module = if module == "lib" {
        Vec::new()
    } else {
        module.split("::").map(str::to_owned).collect()
    };
    graph.edges[&module].iter().map(|m| name(m)).collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|&s| s.to_owned()).collect()
}

#[test]
fn two_files_importing_each_other_through_crate_are_a_cycle_with_its_edges() {
    let graph = graph(
        "two-cycle",
        &[
            ("lib.rs", "mod a;\nmod b;\n"),
            ("a.rs", "use crate::b::B;\npub struct A;\n"),
            ("b.rs", "use crate::a::A;\npub struct B;\n"),
        ],
    );
    let found = graph.cycles();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].to_string(), "cycle: a, b\n    a -> b\n    b -> a");
}

#[test]
fn siblings_reaching_each_other_through_super_are_a_cycle() {
    let graph = graph(
        "super-cycle",
        &[
            ("lib.rs", "pub mod game;\n"),
            ("game/mod.rs", "pub mod board;\npub mod rules;\n"),
            (
                "game/board.rs",
                "use super::rules::Rule;\npub struct Board;\n",
            ),
            (
                "game/rules.rs",
                "pub struct Rule;\npub fn check(b: &super::board::Board) {}\n",
            ),
        ],
    );
    assert_eq!(cycles(&graph), [["game::board", "game::rules"]]);
}

#[test]
fn a_parent_re_exporting_a_child_that_imports_it_is_a_cycle() {
    let graph = graph(
        "pub-use-cycle",
        &[
            ("lib.rs", "pub mod sweep;\n"),
            (
                "sweep.rs",
                "mod range;\npub use range::Range;\npub struct Grid;\n",
            ),
            (
                "sweep/range.rs",
                "use super::Grid;\npub struct Range(Grid);\n",
            ),
        ],
    );
    assert_eq!(edges_of(&graph, "sweep"), names(&["sweep::range"]));
    assert_eq!(cycles(&graph), [["sweep", "sweep::range"]]);
}

#[test]
fn a_re_export_leads_to_the_file_that_defines_the_item_and_no_false_cycle() {
    // Without following `pub use b::Thing`, `a` would import the root, which imports `a`.
    let graph = graph(
        "re-export",
        &[
            (
                "lib.rs",
                "mod a;\nmod b;\npub use a::Helper;\npub use b::Thing;\n",
            ),
            ("a.rs", "use crate::Thing;\npub struct Helper(Thing);\n"),
            ("b.rs", "pub struct Thing;\n"),
        ],
    );
    assert_eq!(edges_of(&graph, "a"), names(&["b"]));
    assert_eq!(edges_of(&graph, "lib"), names(&["a", "b"]));
    assert!(graph.cycles().is_empty());
}

#[test]
fn a_cfg_test_module_s_imports_are_left_out() {
    let tests = "pub struct B;\n#[cfg(test)]\n#[allow(unused)]\nmod tests {\n    use crate::a::A;\n    \
                 #[test]\n    fn t() { let _ = crate::a::A; }\n}\n";
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", "use crate::b::B;\npub struct A;\n"),
        ("b.rs", tests),
    ];
    assert!(graph("cfg-test", &files).cycles().is_empty());
    // The same import outside the tests' module is a cycle.
    let files = [
        files[0],
        files[1],
        ("b.rs", "use crate::a::A;\npub struct B;\n"),
    ];
    assert_eq!(cycles(&graph("cfg-test-control", &files)), [["a", "b"]]);
}

#[test]
fn grouped_use_trees_expand_to_every_path() {
    assert_eq!(expand("a::{b, c::{d, e}}"), ["a::b", "a::c::d", "a::c::e"]);
    let graph = graph(
        "grouped",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\n"),
            (
                "a.rs",
                "use crate::{\n    b::B,\n    c::{C as Sea, D},\n};\npub struct A;\n",
            ),
            ("b.rs", "pub struct B;\n"),
            ("c.rs", "pub use crate::d::D;\npub struct C;\n"),
            ("d.rs", "use crate::a::A;\npub struct D;\n"),
        ],
    );
    assert_eq!(edges_of(&graph, "a"), names(&["b", "c", "d"]));
    assert_eq!(cycles(&graph), [["a", "c", "d"]]);
}

#[test]
fn imports_in_comments_and_literals_are_text_and_code_after_them_is_read() {
    let a = "//! use crate::b::B;\n/* use crate::b::B; /* nested */ crate::b::B */\n\
             pub const S: &str = \"use crate::b::B; crate::b::B\";\n\
             pub const R: &str = r#\"a \"quoted\" crate::b::B\"#;\n\
             pub const Q: char = '\"';\npub struct A<'a>(&'a str);\n";
    let files = [
        ("lib.rs", "mod a;\nmod b;\n"),
        ("a.rs", a),
        ("b.rs", "use crate::a::A;\npub struct B;\n"),
    ];
    assert!(graph("literals", &files).cycles().is_empty());
    let a = format!("{a}pub fn f() -> crate::b::B {{ todo!() }}\n");
    let files = [files[0], ("a.rs", a.as_str()), files[2]];
    assert_eq!(cycles(&graph("literals-control", &files)), [["a", "b"]]);
}

#[test]
fn lib_rs_is_the_root_when_main_rs_stands_beside_it() {
    let graph = graph(
        "lib-and-main",
        &[
            ("lib.rs", "mod a;\nuse a::A;\npub struct L;\n"),
            ("a.rs", "use crate::L;\npub struct A;\n"),
            ("main.rs", "fn main() {}\n"),
        ],
    );
    assert_eq!(graph.modules.len(), 2);
    assert_eq!(cycles(&graph), [["a", "lib"]]);
}
