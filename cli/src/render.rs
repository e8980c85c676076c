//! What the commands' renderings share: one table renderer ([`table`]), aligned for the
//! terminal or as Markdown, and one set of chart helpers ([`chart`]) over plotters.

pub mod chart;
pub mod table;
