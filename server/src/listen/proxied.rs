//! Connections from a trusted reverse proxy (`--trusted-proxies`) and the per-address connection
//! cap. A proxy keeps its connections to the server open and sends the requests of many clients
//! over each in turn, so such a connection cannot be counted at accept, by the proxy's address (the
//! proxy would hit the cap for everyone) nor by a client's (there is none yet). Each request is
//! counted instead, by the client its headers name, from its head until its response has been sent
//! whole (a streamed export included). A request that becomes a WebSocket keeps its client's place
//! for as long as the WebSocket is open: the proxy's connection is then that client's alone, and the
//! place lives in the socket ([`ClientPlace`]), which the WebSocket's session holds. The proxy's own
//! connections count only toward the server's overall cap.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::body::{Frame, Incoming, SizeHint};
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use crate::error::ApiError;
use crate::limits::client_addr::limit_key;
use crate::limits::counted::{Counted, Slot};
use crate::metrics::METRICS;

/// The per-address place a connection holds while it is open: its peer's, taken at accept; or,
/// from a trusted proxy, nothing until a request upgrades, then that request's client's.
pub type ClientPlace = Arc<Mutex<Option<Slot<IpAddr>>>>;

/// Serves one request that came through a trusted proxy for `client`, counted in `per_address`.
pub async fn serve(
    mut router: Router,
    request: hyper::Request<Incoming>,
    client: IpAddr,
    per_address: &Arc<Counted<IpAddr>>,
    cap: usize,
    connection: &ClientPlace,
) -> Response {
    let Some(place) = per_address.take(limit_key(client), cap) else {
        METRICS.connection_refused("per_address");
        // As a direct connection over the cap is answered, but the proxy's connection stays open:
        // the next request on it may be another client's.
        let mut refused = ApiError::rate_limited(
            "connections_per_address",
            "too many connections from this address",
            1,
        )
        .into_response();
        refused.headers_mut().insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        return refused;
    };
    let response = match tower::Service::call(&mut router, request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    if response.status() == StatusCode::SWITCHING_PROTOCOLS {
        *connection.lock().unwrap_or_else(|e| e.into_inner()) = Some(place);
        response
    } else {
        response.map(|body| {
            Body::new(Holding {
                body,
                _place: place,
            })
        })
    }
}

/// A response body that keeps its client's place until it has been sent (or given up).
struct Holding {
    body: Body,
    _place: Slot<IpAddr>,
}

impl hyper::body::Body for Holding {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
