//! The HTTP side: the connections ([`connections`]), each request head read and checked
//! before hyper parses it ([`request_head`]), and the checks every request passes before a
//! route sees it ([`checks`]).

pub mod checks;
pub mod connections;
pub mod request_head;
