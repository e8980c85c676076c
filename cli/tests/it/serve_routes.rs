//! The command line as the server's commands (`nullmove::commands::serve::documents::CommandLine`):
//! every flag a route's command takes is placed, and a refused value is named by its
//! parameter with the parser's own reason.

use nullmove::commands::serve::documents::CommandLine;
use nullmove_server::{Commands, Field, Flag, ROUTES, Refusal};

/// Every flag of a command the API runs is either a parameter of its route, an output
/// flag the server decides itself, or one the route leaves out on purpose; a new flag
/// must be placed on one side or another.
#[test]
fn routes_take_every_flag_that_chooses_what_is_computed() {
    const OUTPUT: &[&str] = &[
        "json", "csv", "svg", "step", "details", "help", "html", "erratum",
    ];
    // `/api/audit` serves the one whole audit, computed once: not a selection of its
    // claims (`--claim`), nor the coverage of texts read from files (`--page`,
    // `--article`), nor a saved audit (`--from`), as no request names a file.
    const NOT_SERVED: &[(&str, &str)] = &[
        ("audit", "claim"),
        ("audit", "page"),
        ("audit", "article"),
        ("audit", "from"),
    ];
    for route in &ROUTES {
        let mut flags: Vec<String> = CommandLine::default()
            .flags(route.command)
            .expect("a subcommand")
            .into_iter()
            .map(|f| f.name)
            .filter(|l| {
                !OUTPUT.contains(&l.as_str()) && !NOT_SERVED.contains(&(route.command, l.as_str()))
            })
            .collect();
        let mut params = route.params.to_vec();
        flags.sort_unstable();
        params.sort_unstable();
        assert_eq!(flags, params, "{}", route.path);
    }
    // And every parameter is known with its kind.
    let search = CommandLine::default().flags("search").expect("search");
    assert!(search.contains(&Flag::switch("threat-guard")));
    assert!(search.contains(&Flag::value("board")));
    // The server starts over this command line (it checks the routes' flags itself).
    let server = nullmove_server::Server::start(([127, 0, 0, 1], 0).into(), CommandLine::default());
    assert!(server.is_ok(), "{server:?}");
}

/// What the parser makes of `args`.
fn field(args: &[&str]) -> Option<Field> {
    let argv: Vec<String> = args.iter().map(|&a| a.to_owned()).collect();
    match CommandLine::default().parse(&argv) {
        Ok(_) => None,
        Err(Refusal::Refused { field, .. }) => field,
        Err(Refusal::Failed(m) | Refusal::Texts(m)) => panic!("a parser does not fail: {m}"),
    }
}

#[test]
fn a_refused_value_is_named_by_its_parameter_with_the_parsers_reason() {
    assert_eq!(
        field(&["search", "--board=abc", "--depth=3"]),
        Some(Field {
            parameter: "board".to_owned(),
            value: "abc".to_owned(),
            reason: "a board is 9 characters (one per cell, row-major), got 3".to_owned(),
        })
    );
    let depth = field(&["search", "--board=.........", "--depth=1000000"]);
    assert_eq!(
        depth.map(|f| (f.parameter, f.reason)),
        Some((
            "depth".to_owned(),
            "1000000 is not in 0..=999999".to_owned()
        ))
    );
}

#[test]
fn a_refusal_that_names_no_value_has_no_field() {
    // A missing argument names no value; a command that parses has nothing to say here.
    assert_eq!(field(&["search", "--depth=3"]), None);
    assert_eq!(field(&["search", "--board=.........", "--depth=3"]), None);
}
