//! The browser client: the files of `web/` embedded in the binary (rust-embed), served with their
//! content types; `/`, `/r/{code}`, `/m/{id}` and every other unknown non-API path get `index.html`,
//! so the client's own router takes over. The Groups-of-Three board data, which the client draws
//! from, is served from the games crate at `/groups-of-three-board.json`. `/i18n/languages.json`
//! lists the client's languages from its catalogues (`web/i18n/*.ftl`), so that a translator adds
//! a language with one file.

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
        .route("/i18n/languages.json", get(languages))
        .route("/sw.js", get(service_worker))
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

/// One language of the client: its code (the catalogue's file name), its own name (the
/// catalogue's `language-name` message) and whether it has every message English has (an
/// incomplete one is offered, said so, and never chosen by itself).
#[derive(serde::Serialize)]
struct Language {
    code: String,
    name: String,
    complete: bool,
}

/// The ids of a Fluent catalogue's messages: the lines that start with an identifier and ` =`
/// (comments start with `#`, terms with `-`, continuations and variants are indented).
fn message_ids(ftl: &str) -> std::collections::BTreeSet<&str> {
    ftl.lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_alphabetic()))
        .filter_map(|line| line.split_once(" =").map(|(id, _)| id.trim_end()))
        .collect()
}

/// Every embedded catalogue as a [`Language`], English first, then by code.
fn catalogue_languages() -> Vec<Language> {
    let catalogues = crate::catalogues::all();
    let english = catalogues.iter().find(|c| c.code == "en");
    let wanted = message_ids(english.map_or("", |c| c.text.as_str()));
    catalogues
        .iter()
        .map(|catalogue| {
            let own = catalogue
                .text
                .lines()
                .find_map(|line| line.strip_prefix("language-name ="))
                .map_or_else(|| catalogue.code.clone(), |name| name.trim().to_string());
            Language {
                code: catalogue.code.clone(),
                name: own,
                complete: message_ids(&catalogue.text) == wanted,
            }
        })
        .collect()
}

static LANGUAGES_JSON: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    serde_json::to_string(&catalogue_languages()).expect("languages serialise")
});

async fn languages() -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        LANGUAGES_JSON.as_str(),
    )
        .into_response()
}

/// The service worker (`web/sw.js`, issue 48) with the app shell it keeps filled in: every file
/// of the client, `/` (the one page, for every path) and the list of languages; and a version
/// drawn from all their hashes, so that a new client makes browsers replace the old shell.
static SERVICE_WORKER: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let mut shell = vec!["/".to_string(), "/i18n/languages.json".to_string()];
    let mut hashes = sha2::Sha256::default();
    let mut names: Vec<String> = Assets::iter()
        .map(|n| n.into_owned())
        .filter(|n| n != "sw.js" && !n.ends_with(".md"))
        .collect();
    names.sort();
    for name in names {
        if let Some(file) = Assets::get(&name) {
            sha2::Digest::update(&mut hashes, file.metadata.sha256_hash());
        }
        shell.push(format!("/{name}"));
    }
    let version = hex::encode(&sha2::Digest::finalize(hashes)[..8]);
    let template = Assets::get("sw.js").map_or(Cow::Borrowed(&b""[..]), |f| f.data);
    String::from_utf8_lossy(&template)
        .replace(
            "/*SHELL*/[]",
            &serde_json::to_string(&shell).unwrap_or_else(|_| "[]".into()),
        )
        .replace("/*VERSION*/'dev'", &format!("'{version}'"))
});

async fn service_worker() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        SERVICE_WORKER.as_str(),
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
    fn the_service_worker_keeps_every_file_of_the_client() {
        let sw = super::SERVICE_WORKER.as_str();
        assert!(!sw.contains("/*SHELL*/"), "the shell is filled in");
        for file in [
            "\"/\"",
            "\"/js/app.js\"",
            "\"/manifest.webmanifest\"",
            "\"/icon-512.png\"",
        ] {
            assert!(sw.contains(file), "{file} in the shell");
        }
        assert!(!sw.contains("\"/sw.js\""));
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

    #[test]
    fn every_catalogue_is_a_language_named_by_itself() {
        let languages = catalogue_languages();
        let codes: Vec<&str> = languages.iter().map(|l| l.code.as_str()).collect();
        assert_eq!(codes, ["en", "fr"]);
        assert_eq!(languages[0].name, "English");
        assert_eq!(languages[1].name, "Français");
        assert!(languages.iter().all(|l| l.complete));
    }

    #[test]
    fn message_ids_skip_comments_terms_and_continuations() {
        let ftl = "# a comment\n## a group\n-term = x\nhello = Hi\nplural = { $n ->\n    [one] one\n   *[other] many\n  }\nlast-one = ok\n";
        let ids: Vec<&str> = message_ids(ftl).into_iter().collect();
        assert_eq!(ids, ["hello", "last-one", "plural"]);
    }
}
