//! The documents' renderers, on their own: tables, charts and the matches' views.

mod clock_chart;
mod differences;
mod table;
mod unit_tests;
