//! The public listener, driven by hand rather than by `axum::serve`, for what a server facing the
//! open internet needs at the socket: a request head must arrive within 10 s of the connection; an
//! idle keep-alive connection is closed after 60 s; at most `--connections-per-address` connections
//! per client address (the next is answered 429 and closed at once); connections capped below the
//! descriptor limit, the newest still waiting for its first request closed first to make room; and
//! graceful shutdown (stop accepting, let requests under way finish). Behind a trusted reverse proxy
//! (`--trusted-proxies`), each request is handed the client its forwarding headers name as its
//! `ConnectInfo`, so that every handler counts the real client, and the per-address cap counts
//! requests rather than the proxy's connections ([`proxied`]).

mod descriptors;
mod pending;
mod proxied;
mod throttled;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Limits;
use crate::limits::counted::{Counted, Slot};
use crate::limits::proxies::TrustedProxies;
use crate::metrics::METRICS;
use pending::Pending;
use proxied::ClientPlace;
use throttled::Throttled;

/// Connections over the cap allowed while evicted ones close (they release their place a moment
/// later); the descriptor reserve absorbs them.
const EVICTION_SLACK: usize = 16;
/// How long requests under way may take to finish at shutdown.
const DRAIN: Duration = Duration::from_secs(10);

/// The listener's settings, from the limits.
#[derive(Debug, Clone)]
pub struct Settings {
    pub header_read_timeout: Duration,
    pub idle_timeout: Duration,
    pub per_address: usize,
    pub trusted_proxies: TrustedProxies,
    /// `--descriptor-limit`: the descriptor limit to ask for at start.
    pub descriptor_limit: Option<u64>,
}

impl Settings {
    pub fn new(limits: &Limits, trusted_proxies: TrustedProxies) -> Self {
        Settings {
            header_read_timeout: limits.header_read_timeout(),
            idle_timeout: limits.http_idle_timeout(),
            per_address: limits.connections_per_address,
            trusted_proxies,
            descriptor_limit: limits.descriptor_limit,
        }
    }
}

/// What every connection task shares.
struct Shared {
    router: Router,
    settings: Settings,
    per_address: Arc<Counted<IpAddr>>,
    open: Arc<Counted<()>>,
    cap: usize,
    pending: Arc<Pending>,
    shutdown: CancellationToken,
    /// Connections closed at the cap (shed or evicted), said at warn once in a while: a client
    /// sees only its connection closed (`socket hang up`), so the log must say why.
    at_cap: Throttled,
}

/// Serves `router` on `listener` until `shutdown` is cancelled, then lets the requests under way
/// finish (upgraded WebSockets are not waited for here: their sessions close on `shutdown`).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    settings: Settings,
    shutdown: CancellationToken,
) {
    let limit = descriptors::limit(settings.descriptor_limit);
    let cap = descriptors::connection_cap(limit);
    tracing::info!(
        descriptors = limit,
        connections = cap,
        per_address = settings.per_address,
        trusted_proxies = ?settings.trusted_proxies.ranges(),
        "connection caps"
    );
    let shared = Arc::new(Shared {
        router,
        settings,
        per_address: Arc::new(Counted::default()),
        open: Arc::new(Counted::default()),
        cap,
        pending: Arc::new(Pending::default()),
        shutdown: shutdown.clone(),
        at_cap: Throttled::default(),
    });
    let connections = TaskTracker::new();
    let mut reserve = descriptors::Reserve::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = shutdown.cancelled() => break,
        };
        match accepted {
            Ok((tcp, peer)) => admit(&shared, &connections, tcp, peer),
            Err(e) => reserve.after_accept_error(e, &listener).await,
        }
    }
    drop(listener);
    connections.close();
    let _ = tokio::time::timeout(DRAIN, connections.wait()).await;
}

/// A new connection: within the caps it is served, else refused.
fn admit(shared: &Arc<Shared>, connections: &TaskTracker, tcp: TcpStream, peer: SocketAddr) {
    // Frames are small and written as soon as they are ready: without TCP_NODELAY, a frame written
    // right after another (a patch, then the mover's ack) waits for the peer's delayed ACK, ~40 ms.
    if let Err(e) = tcp.set_nodelay(true) {
        tracing::debug!(error = %e, "could not set TCP_NODELAY");
    }
    let open = match shared.open.take((), shared.cap) {
        Some(slot) => slot,
        None if shared.pending.evict_newest() => {
            METRICS.connection_refused("evicted");
            shared.said_at_cap("a connection waiting for its first request closed to make room");
            match shared.open.take((), shared.cap + EVICTION_SLACK) {
                Some(slot) => slot,
                None => return shed(shared, tcp),
            }
        }
        None => return shed(shared, tcp),
    };
    // A trusted proxy's connection is counted per request, by client, once requests come.
    let via_proxy = shared.settings.trusted_proxies.trusts(peer.ip());
    let place = if via_proxy {
        None
    } else {
        match shared.per_address.take(
            crate::limits::client_addr::limit_key(peer.ip()),
            shared.settings.per_address,
        ) {
            Some(place) => Some(place),
            None => {
                METRICS.connection_refused("per_address");
                connections.spawn(refuse(tcp, open));
                return;
            }
        }
    };
    let place: ClientPlace = Arc::new(std::sync::Mutex::new(place));
    let io = Tracked {
        tcp,
        _slots: (open, place.clone()),
    };
    connections.spawn(serve_connection(
        shared.clone(),
        io,
        peer,
        via_proxy.then_some(place),
    ));
}

/// At the cap, with nobody to evict: the new connection is closed at once.
fn shed(shared: &Shared, tcp: TcpStream) {
    METRICS.connection_refused("capacity");
    shared.said_at_cap("a new connection closed at once");
    drop(tcp);
}

impl Shared {
    fn said_at_cap(&self, what: &'static str) {
        self.at_cap.happened(|times| {
            tracing::warn!(
                cap = self.cap,
                times,
                "connection cap reached ({what}): raise the descriptor limit (ulimit -n, \
                 LimitNOFILE) to hold more connections"
            );
        });
    }
}

/// One HTTP/1 connection, with upgrades (WebSockets), under its deadlines. `via_proxy`: the
/// connection is a trusted proxy's, whose requests are counted by client, and its place.
async fn serve_connection(
    shared: Arc<Shared>,
    io: Tracked,
    peer: SocketAddr,
    via_proxy: Option<ClientPlace>,
) {
    let waiting = Arc::new(shared.pending.register());
    let first_request = Arc::new(AtomicBool::new(false));
    let service = {
        let shared = shared.clone();
        let first_request = first_request.clone();
        let waiting = waiting.clone();
        hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            if !first_request.swap(true, Ordering::Relaxed) {
                waiting.served();
            }
            // The one place the client is resolved: handlers read it as `ConnectInfo`.
            let client = if via_proxy.is_some() {
                let headers = request.headers();
                shared.settings.trusted_proxies.client(peer, headers)
            } else {
                peer
            };
            request.extensions_mut().insert(ConnectInfo(client));
            let mut router = shared.router.clone();
            let (shared, via_proxy) = (shared.clone(), via_proxy.clone());
            async move {
                match via_proxy {
                    None => tower::Service::call(&mut router, request).await,
                    Some(place) => Ok::<_, std::convert::Infallible>(
                        proxied::serve(
                            router,
                            request,
                            client.ip(),
                            &shared.per_address,
                            shared.settings.per_address,
                            &place,
                        )
                        .await,
                    ),
                }
            }
        })
    };
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        // Hyper's timer runs from the end of one response to the next request's head: it is the
        // keep-alive idle timeout. The first head's own deadline is kept below.
        .header_read_timeout(shared.settings.idle_timeout)
        .keep_alive(true);
    let mut connection = pin!(http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades());
    let head_deadline = tokio::time::sleep(shared.settings.header_read_timeout);
    let mut head_deadline = pin!(head_deadline);
    let mut watching_head = true;
    let mut shutting_down = false;
    loop {
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(error = %e, %peer, "connection ended");
                }
                break;
            }
            _ = head_deadline.as_mut(), if watching_head => {
                if !first_request.load(Ordering::Relaxed) {
                    tracing::debug!(%peer, "no request head in time: closed");
                    break;
                }
                watching_head = false;
            }
            _ = waiting.evicted.cancelled(), if watching_head => {
                if !first_request.load(Ordering::Relaxed) {
                    tracing::debug!(%peer, "evicted to make room");
                    break;
                }
                watching_head = false;
            }
            _ = shared.shutdown.cancelled(), if !shutting_down => {
                connection.as_mut().graceful_shutdown();
                shutting_down = true;
            }
        }
    }
}

/// Over the per-address cap: `429 rate_limited`, and the connection closed.
async fn refuse(mut tcp: TcpStream, _open: Slot<()>) {
    let body = serde_json::to_string(&plateau_protocol::rest::ErrorBody {
        error: plateau_protocol::rest::ErrorDetail {
            code: plateau_protocol::ErrorCode::RateLimited,
            message: "too many connections from this address".to_string(),
            until: None,
            scope: None,
            limit: Some("connections_per_address".to_string()),
            retry_after_s: Some(1),
        },
    })
    .expect("error bodies serialise");
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n\
         x-content-type-options: nosniff\r\nretry-after: 1\r\nconnection: close\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    );
    let exchange = async {
        tcp.write_all(answer.as_bytes()).await?;
        tcp.shutdown().await?;
        // Read what the client sent until it closes: a socket closed with unread input is reset,
        // and the client could lose the answer.
        let mut sink = [0u8; 1024];
        while tcp.read(&mut sink).await? > 0 {}
        Ok::<(), io::Error>(())
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), exchange).await;
}

/// A socket that holds its places in the connection counts for as long as it is open (also once
/// upgraded to a WebSocket and handed to its session).
struct Tracked {
    tcp: TcpStream,
    _slots: (Slot<()>, ClientPlace),
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}
