//! The page, its script and its style, compiled into the binary: the server reads no file.

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

/// Every file the server serves.
pub const ASSETS: [Asset; 3] = [
    Asset {
        path: "/",
        media_type: "text/html; charset=utf-8",
        body: include_str!("../../assets/index.html"),
    },
    Asset {
        path: "/app.js",
        media_type: "text/javascript; charset=utf-8",
        body: include_str!("../../assets/app.js"),
    },
    Asset {
        path: "/style.css",
        media_type: "text/css; charset=utf-8",
        body: include_str!("../../assets/style.css"),
    },
];

impl IntoResponse for Asset {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, self.media_type)], self.body).into_response()
    }
}
