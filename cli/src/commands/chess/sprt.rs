//! `nullmove chess sprt`: the statistics of a match from its counts alone, so a published
//! run can be checked: Elo with its 95% interval and, with bounds, the SPRT's LLR and
//! decision, computed as fishtest and `OpenBench` compute them (the `nullmove-elo` crate).

use std::path::PathBuf;

use nullmove_elo::{Model, Pentanomial, Sprt, Summary, Wdl};

use nullmove_report::chess::sprt::statistics;
use nullmove_report::chess::sprt_path;

use crate::error::CliError;
use crate::output::{self, Io};
use crate::refusals::nothing_to_do;

/// Arguments of `nullmove chess sprt`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("sample").args(["pentanomial", "wdl", "path"]).required(true).multiple(true)))]
pub struct SprtArgs {
    /// Game pairs by the first player's points in the pair: N0,N1,N2,N3,N4 for 0, 1/2, 1,
    /// 3/2 and 2 (fishtest's pentanomial).
    #[arg(long, value_name = "N0,N1,N2,N3,N4")]
    pentanomial: Option<Pentanomial>,
    /// Games won, drawn and lost by the first player: W,D,L. With --pentanomial, the same
    /// games counted one by one, checked against the pairs and reported.
    #[arg(long, value_name = "W,D,L")]
    wdl: Option<Wdl>,
    /// The SPRT's null hypothesis H0, in Elo (with --elo1).
    #[arg(long, value_name = "ELO", allow_negative_numbers = true, value_parser = parse_elo)]
    elo0: Option<f64>,
    /// The SPRT's alternative hypothesis H1, in Elo, above --elo0.
    #[arg(long, value_name = "ELO", allow_negative_numbers = true, value_parser = parse_elo)]
    elo1: Option<f64>,
    /// The Elo scale of --elo0 and --elo1: logistic (the default) or normalized
    /// (fishtest's bounds since 2021).
    #[arg(long, value_name = "MODEL")]
    model: Option<Model>,
    /// The run's path: a file of its counts after each update, one update a line, oldest
    /// first, as --pentanomial or --wdl writes them (N0,N1,N2,N3,N4 or W,D,L; blank lines
    /// and `#` comments skipped). The SPRT is replayed on it as fishtest's `update_SPRT`
    /// saw it, with the overshoot correction final counts cannot give; its last line is
    /// the sample when --pentanomial and --wdl are left out.
    #[arg(long, value_name = "FILE")]
    path: Option<PathBuf>,
    /// Pairs (games, for a path of W,D,L) between two updates of --path: fishtest's
    /// `batch_size`. By default the first update's count, as fishtest's first report
    /// comes after one batch.
    #[arg(long, value_name = "N", requires = "path", value_parser = clap::value_parser!(u64).range(1..))]
    batch: Option<u64>,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    json: bool,
}

fn parse_elo(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("{s:?} is not an Elo difference: expected a finite number"))
}

/// The test the bounds ask for: none without them; both bounds or neither; `--model` only
/// with bounds, whose scale it names.
fn sprt(args: &SprtArgs) -> Result<Option<Sprt>, CliError> {
    match (args.elo0, args.elo1) {
        (Some(elo0), Some(elo1)) => {
            let model = args.model.unwrap_or(Model::Logistic);
            Sprt::new(model, elo0, elo1)
                .map(Some)
                .map_err(|e| CliError::Message(format!("--elo0/--elo1: {e}")))
        }
        (None, None) if args.model.is_some() => Err(nothing_to_do(
            &["--model"],
            "without --elo0 and --elo1: it names the scale of the SPRT's bounds",
        )),
        (None, None) => Ok(None),
        _ => Err(CliError::msg(
            "--elo0 and --elo1 go together: an SPRT needs both hypotheses (give both, or \
             neither for Elo alone)",
        )),
    }
}

/// The statistics of the counts given, and of the path when there is one.
pub fn document(args: &SprtArgs) -> Result<Summary, CliError> {
    let sprt = sprt(args)?;
    let path = args.path.as_deref().map(sprt_path::read).transpose()?;
    Ok(statistics(
        args.pentanomial,
        args.wdl,
        sprt.as_ref(),
        args.path.as_deref().zip(path.as_ref()),
        args.batch,
    )?)
}

/// Runs `nullmove chess sprt`.
pub fn run(args: &SprtArgs, io: &mut Io<'_>) -> Result<u8, CliError> {
    let doc = document(args)?;
    output::emit(
        io.out,
        args.json,
        &doc,
        nullmove_report::chess::sprt::render,
    )?;
    Ok(0)
}
