//! The browser client: the files of `web/` embedded in the binary (rust-embed), served with their
//! content types; `/`, `/r/{code}`, `/m/{id}` and every other unknown non-API path get `index.html`,
//! so the client's own router takes over. The Groups-of-Three board data, which the client draws
//! from, is served from the games crate at `/groups-of-three-board.json`.

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::RustEmbed;
use std::borrow::Cow;

use crate::error::ApiError;

/// The client's files. The browser tests (and their `node_modules`) stay out of the binary.
#[derive(RustEmbed)]
#[folder = "../web/"]
#[exclude = "tests/**"]
struct Assets;

/// The board polygons of Groups-of-Three, as the engine reads them.
const GROUPS_BOARD: &str = include_str!("../../games/data/groups-of-three-board.json");

/// Where the page may load from and connect to: Plateau itself, nothing else.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                   connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/// The routes of the client; merged into the API router (which keeps `/api/v1/*` to itself).
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/r/{code}", get(index))
        .route("/m/{id}", get(index))
        .route("/groups-of-three-board.json", get(groups_board))
        .fallback(file)
}

async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

async fn groups_board() -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        GROUPS_BOARD,
    )
        .into_response()
}

/// Any other path: an embedded file, else the client's page (API paths keep their JSON 404).
async fn file(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::not_found("endpoint").into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let name = path.trim_start_matches('/');
    if !name.is_empty() && Assets::get(name).is_some() {
        return serve(name, &headers);
    }
    // A missing file with an extension is a real 404; anything else is a page of the client.
    let last = name.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    serve("index.html", &headers)
}

/// One embedded file, with its type and an ETag (a reload revalidates instead of downloading).
fn serve(name: &str, headers: &HeaderMap) -> Response {
    let Some(file) = Assets::get(name) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag);
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let body = match file.data {
            Cow::Borrowed(bytes) => Body::from(bytes),
            Cow::Owned(bytes) => Body::from(bytes),
        };
        Response::new(body)
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(name)),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Ok(value) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, value);
    }
    response
}

/// The content type of a file, by its extension.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" | "md" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_is_embedded_without_its_tests() {
        assert!(Assets::get("index.html").is_some());
        assert!(Assets::iter().all(|f| !f.starts_with("tests/")));
    }

    #[test]
    fn content_types_by_extension() {
        assert_eq!(content_type("js/app.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("style.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("x.bin"), "application/octet-stream");
    }

    #[test]
    fn the_board_data_is_json() {
        let v: serde_json::Value = serde_json::from_str(GROUPS_BOARD).unwrap();
        assert!(v["spaces"]["C"].is_object());
    }
}
