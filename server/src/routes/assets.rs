//! The pages, their scripts and their styles, compiled into the binary: the server reads no
//! file of its own (the reviewer's view reads the texts it was given, `Commands::texts`).

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// One embedded file.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// The path it is served at.
    pub path: &'static str,
    /// Its media type.
    pub media_type: &'static str,
    /// Its bytes.
    pub body: &'static str,
}

/// A script module, served as JavaScript.
const fn module(path: &'static str, body: &'static str) -> Asset {
    Asset {
        path,
        media_type: "text/javascript; charset=utf-8",
        body,
    }
}

/// Every file the server serves: the page, its style and its script modules; the reviewer's
/// view, its style and its script.
pub const ASSETS: [Asset; 10] = [
    Asset {
        path: "/",
        media_type: "text/html; charset=utf-8",
        body: include_str!("../../assets/index.html"),
    },
    Asset {
        path: "/style.css",
        media_type: "text/css; charset=utf-8",
        body: include_str!("../../assets/style.css"),
    },
    // The entry point: the views, the sweep and the audit.
    module("/app.js", include_str!("../../assets/app.js")),
    // Elements and requests.
    module("/dom.js", include_str!("../../assets/dom.js")),
    // The board.
    module("/board.js", include_str!("../../assets/board.js")),
    // The form as the API's query and the shell's command.
    module("/settings.js", include_str!("../../assets/settings.js")),
    // The widget's steps.
    module("/try.js", include_str!("../../assets/try.js")),
    // The texts annotated by the audit: the same files `nullmove audit --html` inlines
    // (`crate::review_file`).
    Asset {
        path: "/review",
        media_type: "text/html; charset=utf-8",
        body: crate::review_file::PAGE,
    },
    Asset {
        path: "/review.css",
        media_type: "text/css; charset=utf-8",
        body: crate::review_file::STYLE,
    },
    module("/review.js", crate::review_file::SCRIPT),
];

impl IntoResponse for Asset {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, self.media_type)], self.body).into_response()
    }
}
