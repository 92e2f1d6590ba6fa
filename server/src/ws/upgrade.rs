//! The WebSocket upgrade of `GET /api/v1/ws` (RFC 6455, section 4.2), done here rather than by
//! axum's `WebSocketUpgrade` so that the stream under the WebSocket is ours: the server's text
//! frames are written beside tungstenite, which would otherwise keep a write buffer as large as
//! the largest frame for the life of each connection ([`crate::conn::gate`]). The checks are
//! axum's; a request that is not an upgrade is answered `400 bad_request`.

use axum::extract::FromRequestParts;
use axum::http::{header, request::Parts, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use std::future::Future;
use tokio_tungstenite::WebSocketStream;
use tungstenite::handshake::derive_accept_key;
use tungstenite::protocol::{Role, WebSocketConfig};

use crate::conn::gate::Gate;
use crate::conn::socket::WebSocket;
use crate::error::ApiError;

/// A request to upgrade to a WebSocket, checked.
pub struct Upgrade {
    key: HeaderValue,
    on_upgrade: OnUpgrade,
}

impl<S: Send + Sync> FromRequestParts<S> for Upgrade {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let refuse = |what: &str| ApiError::bad_request(format!("not a WebSocket upgrade: {what}"));
        if !header_has_token(&parts.headers, header::CONNECTION, "upgrade") {
            return Err(refuse("no `Connection: upgrade`"));
        }
        if !header_is(&parts.headers, header::UPGRADE, "websocket") {
            return Err(refuse("no `Upgrade: websocket`"));
        }
        if !header_is(&parts.headers, header::SEC_WEBSOCKET_VERSION, "13") {
            return Err(refuse("`Sec-WebSocket-Version` is not 13"));
        }
        let key = parts
            .headers
            .get(header::SEC_WEBSOCKET_KEY)
            .cloned()
            .ok_or_else(|| refuse("no `Sec-WebSocket-Key`"))?;
        let on_upgrade = parts
            .extensions
            .remove::<OnUpgrade>()
            .ok_or_else(|| refuse("the connection cannot be upgraded"))?;
        Ok(Upgrade { key, on_upgrade })
    }
}

impl Upgrade {
    /// Answers `101 Switching Protocols`; once the connection has switched, runs `session` on
    /// the WebSocket in a task of its own.
    pub fn on_upgrade<F, Fut>(self, config: WebSocketConfig, session: F) -> Response
    where
        F: FnOnce(WebSocket) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let accept = derive_accept_key(self.key.as_bytes());
        let on_upgrade = self.on_upgrade;
        // Boxed until used: what the task captures takes room in it for the connection's life.
        let config = Box::new(config);
        tokio::spawn(async move {
            let upgraded = match on_upgrade.await {
                Ok(upgraded) => upgraded,
                Err(e) => {
                    tracing::debug!(error = %e, "WebSocket upgrade failed");
                    return;
                }
            };
            let stream = Gate::new(TokioIo::new(upgraded));
            session(WebSocketStream::from_raw_socket(stream, Role::Server, Some(*config)).await)
                .await;
        });
        let accept = HeaderValue::from_str(&accept).expect("base64 is a header value");
        (
            StatusCode::SWITCHING_PROTOCOLS,
            [
                (header::CONNECTION, HeaderValue::from_static("upgrade")),
                (header::UPGRADE, HeaderValue::from_static("websocket")),
                (header::SEC_WEBSOCKET_ACCEPT, accept),
            ],
        )
            .into_response()
    }
}

/// `name`'s value is `value`, ASCII case aside.
fn header_is(headers: &HeaderMap, name: header::HeaderName, value: &str) -> bool {
    headers
        .get(name)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(value.as_bytes()))
}

/// `name`'s value is a comma-separated list holding `token`, ASCII case aside
/// (`Connection: keep-alive, Upgrade`).
fn header_has_token(headers: &HeaderMap, name: header::HeaderName, token: &str) -> bool {
    headers.get_all(name).iter().any(|v| {
        v.as_bytes()
            .split(|&b| b == b',')
            .any(|t| t.trim_ascii().eq_ignore_ascii_case(token.as_bytes()))
    })
}
