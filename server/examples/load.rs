//! A load on `nullmove serve` over loopback: many requests at once, every answer checked
//! against what the CLI prints for the same arguments. The test suite runs it small
//! (`server/tests/timing/serve_load.rs`); this runs it at full scale and prints the figures.
//!
//! ```sh
//! # a server in process
//! cargo run --release -p nullmove-server --example load
//! cargo run --release -p nullmove-server --example load -- --requests 20000 --concurrency 500
//! # a running server
//! cargo run --release -p nullmove-server --example load -- --addr 127.0.0.1:8080
//! ```
//!
//! Exits 1 when an answer is wrong or missing.

#[path = "../tests/serve_support/cli.rs"]
mod cli;
#[path = "../tests/serve_support/http.rs"]
mod http;
#[path = "../tests/serve_support/load.rs"]
mod load;

use std::net::SocketAddr;
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("load: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<ExitCode, String> {
    let mut requests = 5000;
    let mut concurrency = 500;
    let mut addr: Option<SocketAddr> = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--requests" => requests = value.parse().map_err(|e| format!("--requests: {e}"))?,
            "--concurrency" => {
                concurrency = value.parse().map_err(|e| format!("--concurrency: {e}"))?;
            }
            "--addr" => addr = Some(value.parse().map_err(|e| format!("--addr: {e}"))?),
            _ => {
                return Err(format!(
                    "unknown flag {flag} (--requests N, --concurrency C, --addr HOST:PORT)"
                ));
            }
        }
    }
    if requests == 0 || concurrency == 0 {
        return Err("--requests and --concurrency must be at least 1".to_owned());
    }
    // Only loopback: a load goes nowhere but this machine.
    if addr.is_some_and(|a| !a.ip().is_loopback()) {
        return Err("--addr must be a loopback address".to_owned());
    }
    let cases = load::cases();
    let server = match addr {
        Some(_) => None,
        None => Some(
            nullmove_server::Server::start(
                SocketAddr::from(([127, 0, 0, 1], 0)),
                nullmove::commands::serve::CommandLine::default(),
            )
            .map_err(|e| e.to_string())?,
        ),
    };
    let target = addr.unwrap_or_else(|| server.as_ref().expect("started").addr());
    // Warm the cache of the one long document in the mix, as a running server would have.
    let _ = http::get(target, "/api/sweep?positions=empty");
    let report = load::run(target, &cases, requests, concurrency);
    print!("{}", report.table());
    for why in report.wrong.iter().chain(&report.lost).take(10) {
        eprintln!("load: {why}");
    }
    if let Some(server) = server {
        server.stop().map_err(|e| e.to_string())?;
    }
    Ok(if report.wrong.is_empty() && report.lost.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
