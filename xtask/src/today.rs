//! Today's signatures, computed in process by the documents `nullmove bench` and `nullmove
//! chess bench` print (about a second together): what a result's signatures are compared
//! with to tell a current result from one of an earlier search.

use crate::result::Signatures;

/// The search's signatures as this build computes them: the optimized engine's node total
/// on the page's workload (`nullmove bench`'s default) and the deep search's on chess.
pub fn signatures() -> Result<Signatures, String> {
    let bench = nullmove_report::bench::measure(false, true);
    let chess = nullmove_report::chess::bench::measure().map_err(|e| e.to_string())?;
    Ok(Signatures {
        bench: bench.engines[0].nodes,
        chess_bench: chess.nodes,
    })
}
