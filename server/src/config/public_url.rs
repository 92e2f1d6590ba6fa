//! `--public-url`: the address people reach the server at, checked at start.

use axum::http::Uri;

/// Why a `--public-url` is refused at start.
#[derive(Debug, thiserror::Error)]
pub enum PublicUrlError {
    #[error("not a URL: {0}")]
    Invalid(#[from] axum::http::uri::InvalidUri),
    #[error("must start with http:// or https:// and name a host, as https://plateau.example.org")]
    NotAbsolute,
    #[error("must not have a query or a fragment")]
    HasQuery,
}

/// Checks `--public-url`: an absolute http(s) URL (a path prefix is allowed), kept without its
/// trailing slash so that the client can append `/r/CODE`.
pub fn parse_public_url(raw: &str) -> Result<String, PublicUrlError> {
    let raw = raw.trim();
    let uri: Uri = raw.parse()?;
    let scheme_ok = matches!(uri.scheme_str(), Some("http") | Some("https"));
    if !scheme_ok || uri.host().is_none_or(str::is_empty) {
        return Err(PublicUrlError::NotAbsolute);
    }
    if uri.query().is_some() || raw.contains('#') {
        return Err(PublicUrlError::HasQuery);
    }
    Ok(raw.trim_end_matches('/').to_string())
}

#[cfg(test)]
mod tests {
    use super::parse_public_url;

    #[test]
    fn public_urls_are_absolute_and_lose_the_trailing_slash() {
        assert_eq!(
            parse_public_url("https://plateau.example.org/").unwrap(),
            "https://plateau.example.org"
        );
        assert_eq!(
            parse_public_url("http://10.0.0.5:8080/games").unwrap(),
            "http://10.0.0.5:8080/games"
        );
        for bad in [
            "plateau.example.org",
            "ftp://x.org",
            "/r/",
            "https://x.org/?a=1",
            "https://x.org/#a",
            "",
        ] {
            assert!(parse_public_url(bad).is_err(), "{bad} accepted");
        }
    }
}
