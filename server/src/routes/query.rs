//! A request's query, and the query as its command's argv: `--flag=value` (so no value can pass for a
//! flag), a switch only when `true`; a parameter that is not the route's is refused by
//! name.

use std::collections::HashMap;

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;

use super::table::Route;
use crate::commands::Commands;
use crate::error::ApiError;

/// A request's query, as axum reads it.
pub type Params = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The query's pairs, or why it cannot be read.
pub fn pairs(params: Params) -> Result<Vec<(String, String)>, ApiError> {
    let Query(pairs) =
        params.map_err(|e| ApiError::BadRequest(format!("a malformed query: {e}")))?;
    Ok(pairs)
}

/// For every route's parameter, whether its flag takes a value, as `commands` declares it;
/// an error names a route whose command, or one of whose parameters, the commands lack.
pub fn flag_kinds(
    commands: &dyn Commands,
    routes: &'static [Route],
) -> Result<HashMap<(&'static str, &'static str), bool>, String> {
    let mut kinds = HashMap::new();
    for route in routes {
        let flags = commands.flags(route.command).ok_or_else(|| {
            format!(
                "{} runs `{}`, a command the server was not given",
                route.path, route.command
            )
        })?;
        for &param in route.params {
            let flag = flags.iter().find(|f| f.name == param).ok_or_else(|| {
                format!(
                    "{} takes {param}, which `{}` has no flag for",
                    route.path, route.command
                )
            })?;
            kinds.insert((route.command, param), flag.takes_value);
        }
    }
    Ok(kinds)
}

/// The query as the command's argv.
pub fn argv(
    takes_value: &HashMap<(&'static str, &'static str), bool>,
    route: &Route,
    pairs: &[(String, String)],
) -> Result<Vec<String>, ApiError> {
    if let Some((unknown, _)) = pairs
        .iter()
        .find(|(k, _)| !route.params.contains(&k.as_str()))
    {
        return Err(ApiError::BadRequest(if route.params.is_empty() {
            format!("unknown parameter '{unknown}': {} takes none", route.path)
        } else {
            format!(
                "unknown parameter '{unknown}': {} takes {}",
                route.path,
                route.params.join(", ")
            )
        }));
    }
    let mut argv = vec![route.command.to_owned()];
    for &name in route.params {
        for (_, value) in pairs.iter().filter(|(k, _)| k == name) {
            if takes_value[&(route.command, name)] {
                argv.push(format!("--{name}={value}"));
            } else {
                match value.as_str() {
                    "true" | "" => argv.push(format!("--{name}")),
                    "false" => {}
                    other => {
                        return Err(ApiError::BadRequest(format!(
                            "{name} is a switch: true or false, not '{other}'"
                        )));
                    }
                }
            }
        }
    }
    Ok(argv)
}

#[cfg(test)]
mod tests {
    use super::super::table::ROUTES;
    use super::*;
    use crate::commands::{Computation, Flag, Refusal};

    /// Commands whose every flag the routes name takes a value, but the guards' switches.
    struct Flags;

    const SWITCHES: &[&str] = &[
        "threat-guard",
        "adaptive-r",
        "depth-r",
        "eval-gate",
        "zero-window",
        "non-pv",
    ];

    impl Commands for Flags {
        fn flags(&self, command: &str) -> Option<Vec<Flag>> {
            let route = ROUTES.iter().find(|r| r.command == command)?;
            Some(
                route
                    .params
                    .iter()
                    .map(|&p| {
                        if SWITCHES.contains(&p) {
                            Flag::switch(p)
                        } else {
                            Flag::value(p)
                        }
                    })
                    .collect(),
            )
        }

        fn parse(&self, _: &[String]) -> Result<Box<dyn Computation>, Refusal> {
            Err(Refusal::refused("not parsed here"))
        }
    }

    fn kinds() -> HashMap<(&'static str, &'static str), bool> {
        flag_kinds(&Flags, &ROUTES).expect("every parameter is a flag")
    }

    fn query(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_query_becomes_the_commands_argv() {
        let argv = argv(
            &kinds(),
            &ROUTES[0],
            &query(&[
                ("mode", "null"),
                ("board", "...O.X..."),
                ("threat-guard", "true"),
                ("adaptive-r", "false"),
                ("depth", "--json"),
            ]),
        );
        assert_eq!(
            argv,
            Ok(vec![
                "search".to_owned(),
                "--board=...O.X...".to_owned(),
                "--depth=--json".to_owned(),
                "--mode=null".to_owned(),
                "--threat-guard".to_owned(),
            ])
        );
    }

    #[test]
    fn unknown_parameters_and_switch_values_are_refused() {
        let kinds = kinds();
        let svg = argv(&kinds, &ROUTES[2], &query(&[("svg", "/tmp/x.svg")]));
        assert!(
            matches!(&svg, Err(ApiError::BadRequest(m)) if m.starts_with("unknown parameter 'svg': /api/sweep takes positions, ")),
            "{svg:?}"
        );
        let none = argv(&kinds, &ROUTES[4], &query(&[("json", "")]));
        assert_eq!(
            none,
            Err(ApiError::BadRequest(
                "unknown parameter 'json': /api/audit takes none".to_owned()
            ))
        );
        let switch = argv(&kinds, &ROUTES[0], &query(&[("threat-guard", "yes")]));
        assert_eq!(
            switch,
            Err(ApiError::BadRequest(
                "threat-guard is a switch: true or false, not 'yes'".to_owned()
            ))
        );
    }

    #[test]
    fn a_route_whose_flag_the_commands_lack_is_refused_at_start() {
        struct NoSearch;
        impl Commands for NoSearch {
            fn flags(&self, command: &str) -> Option<Vec<Flag>> {
                (command != "search")
                    .then(|| Flags.flags(command))
                    .flatten()
            }
            fn parse(&self, _: &[String]) -> Result<Box<dyn Computation>, Refusal> {
                Err(Refusal::refused("not parsed here"))
            }
        }
        assert_eq!(
            flag_kinds(&NoSearch, &ROUTES),
            Err("/api/search runs `search`, a command the server was not given".to_owned())
        );
    }
}
