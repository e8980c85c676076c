//! A refused parameter named apart from the command's one-line reason, so a form can say
//! which of its fields is wrong in its own words (the page's position field is `board` to
//! the API and `--board <BOARD>` to the command line).

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::super::error::ApiError;
use crate::common::CliError;

/// Why a request got no document: the server's refusal, and for a value the parser
/// refused, which parameter it was.
#[derive(Debug)]
pub struct Refused {
    error: ApiError,
    field: Option<Field>,
}

/// A value the parser refused, in the API's terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Field {
    /// The query parameter (the flag without its dashes).
    pub parameter: String,
    /// The value as sent.
    pub value: String,
    /// The parser's reason alone, without the command-line syntax around it.
    pub reason: String,
}

impl From<ApiError> for Refused {
    fn from(error: ApiError) -> Self {
        Self { error, field: None }
    }
}

impl From<CliError> for Refused {
    fn from(e: CliError) -> Self {
        ApiError::from(e).into()
    }
}

impl Refused {
    /// The command's refusal of `argv`, with the parameter it names when the parser
    /// refused one value (`invalid value 'ABC' for '--board <BOARD>': a board is 9
    /// characters ...`).
    pub fn parse_error(error: CliError, argv: &[String]) -> Self {
        Self {
            error: error.into(),
            field: refused_field(argv),
        }
    }
}

/// Which value of `argv` the CLI's parser refuses, and why, if it refuses a value.
fn refused_field(argv: &[String]) -> Option<Field> {
    use clap::error::{ContextKind, ContextValue};
    let argv = std::iter::once("nullmove").chain(argv.iter().map(String::as_str));
    let e = <crate::Cli as clap::Parser>::try_parse_from(argv).err()?;
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) = (
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidValue),
    ) else {
        return None;
    };
    // `--board <BOARD>` names the parameter `board`.
    let parameter = arg.strip_prefix("--")?.split([' ', '=']).next()?.to_owned();
    let reason = std::error::Error::source(&e)?.to_string();
    Some(Field {
        parameter,
        value: value.clone(),
        reason,
    })
}

/// The body every refusal has, `{"error": "<one line>"}`, and a refused value's fields.
#[derive(Serialize)]
struct Body400<'a> {
    error: &'a str,
    #[serde(flatten)]
    field: &'a Field,
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let Some(field) = &self.field else {
            return self.error.into_response();
        };
        let body = serde_json::to_string(&Body400 {
            error: self.error.message(),
            field,
        })
        .expect("strings serialize");
        // The status and headers the server gives every refusal; only the body says more.
        let (parts, _) = self.error.into_response().into_parts();
        Response::from_parts(parts, Body::from(body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(args: &[&str]) -> Vec<String> {
        args.iter().map(|&a| a.to_owned()).collect()
    }

    #[test]
    fn a_refused_value_is_named_by_its_parameter_with_the_parsers_reason() {
        let field = refused_field(&argv(&["search", "--board=abc", "--depth=3"]));
        assert_eq!(
            field,
            Some(Field {
                parameter: "board".to_owned(),
                value: "abc".to_owned(),
                reason: "a board is 9 characters (one per cell, row-major), got 3".to_owned(),
            })
        );
        let depth = refused_field(&argv(&["search", "--board=.........", "--depth=1000000"]));
        assert_eq!(
            depth.map(|f| (f.parameter, f.reason)),
            Some((
                "depth".to_owned(),
                "1000000 is not in 0..=999999".to_owned()
            ))
        );
    }

    #[test]
    fn a_refusal_that_names_no_value_has_no_field() {
        // A missing argument names no value; a command that parses has nothing to say here.
        assert_eq!(refused_field(&argv(&["search", "--depth=3"])), None);
        assert_eq!(
            refused_field(&argv(&["search", "--board=.........", "--depth=3"])),
            None
        );
    }
}
