//! The experiments' integration tests, one binary (one link, tests run in parallel): the
//! sweeps, the rules, the safeguards and the trace, each pinned as the command shows it.

mod rules;
mod safeguards;
mod sweep;
mod trace;
