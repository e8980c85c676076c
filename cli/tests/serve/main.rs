//! `nullmove serve`'s answers held to the command line's own documents, one binary: the
//! server in process with the real commands, every route's document equal to what the CLI
//! prints for the same arguments, a bad parameter refused with the CLI's own reason, the
//! audit and the reviewer's view. What the server does on the wire whatever the commands
//! is `server/tests/`'s; the tests that wait on a load, real sweeps stopping or a browser
//! are in `tests/serve_timing/`, a binary that runs after this one.

mod serve;
#[path = "../serve_support/mod.rs"]
mod serve_support;
