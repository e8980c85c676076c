//! Today's signatures, computed in process through the commands themselves (`nullmove bench`
//! and `nullmove chess bench`, about a second together): what a result's signatures are
//! compared with to tell a current result from one of an earlier search.

use crate::result::Signatures;

/// The node total at `pointer` of `args`' document.
fn nodes(args: &[&str], pointer: &str) -> Result<u64, String> {
    let command = nullmove::parse(args.iter().copied()).map_err(|e| e.to_string())?;
    let doc = nullmove::document(&command).map_err(|e| e.to_string())?;
    doc.pointer(pointer)
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| format!("nullmove {} has no {pointer}", args.join(" ")))
}

/// The search's signatures as this build computes them.
pub fn signatures() -> Result<Signatures, String> {
    Ok(Signatures {
        bench: nodes(&["bench"], "/engines/0/nodes")?,
        chess_bench: nodes(&["chess", "bench"], "/nodes")?,
    })
}
