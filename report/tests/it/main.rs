//! The documents' renderers, on their own: tables, charts and the matches' views.

mod clock_chart;
mod differences;
mod match_request;
mod suite_plan;
mod table;
mod unit_tests;
