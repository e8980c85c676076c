//! Commands that stand in for the command line's, for tests about HTTP itself (bounds,
//! stalls, headers): every route's flags, each computation answering at once with its argv.

use nullmove_server::{Ask, Commands, Computation, Flag, Output, ROUTES, Refusal};

/// The guard flags that are switches; every other flag a route names takes a value.
const SWITCHES: &[&str] = &[
    "threat-guard",
    "adaptive-r",
    "depth-r",
    "eval-gate",
    "zero-window",
    "non-pv",
];

/// Every route's command with the flags the route names; a computation's document is
/// `{"argv": [...]}`, so a test sees what the server passed without running a search.
#[derive(Debug, Default)]
pub struct Echo;

impl Commands for Echo {
    fn flags(&self, command: &str) -> Option<Vec<Flag>> {
        let route = ROUTES.iter().find(|r| r.command == command)?;
        let flag = |&p: &&str| {
            if SWITCHES.contains(&p) {
                Flag::switch(p)
            } else {
                Flag::value(p)
            }
        };
        Some(route.params.iter().map(flag).collect())
    }

    fn parse(&self, argv: &[String]) -> Result<Box<dyn Computation>, Refusal> {
        Ok(Box::new(Argv(argv.to_vec())))
    }
}

/// A parsed argv, answered as it is.
struct Argv(Vec<String>);

impl Computation for Argv {
    fn key(&self) -> String {
        self.0.join(" ")
    }

    fn compute(self: Box<Self>, _: &Ask<'_>) -> Result<Option<Output>, Refusal> {
        let json = serde_json::json!({ "argv": self.0 }).to_string();
        Ok(Some(Output::json(json.into_bytes())))
    }
}
