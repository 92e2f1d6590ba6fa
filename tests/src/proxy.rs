//! A reverse proxy of the tests' own, standing in front of the server as nginx would with
//! `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`: it appends the address each
//! request came from to the `X-Forwarded-For` the client sent, and passes WebSocket upgrades on.
//! It reaches the server from its own address (bound on 127.0.0.2 by the tests), one connection per
//! request, as nginx does without `keepalive`.

use hyper::body::Incoming;
use hyper::header::{HeaderValue, UPGRADE};
use hyper::server::conn::http1;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use std::net::{IpAddr, SocketAddr};
use tokio::net::{TcpListener, TcpSocket};

pub struct Proxy {
    pub addr: SocketAddr,
    accepting: tokio::task::JoinHandle<()>,
}

impl Proxy {
    /// A proxy listening on `ip` (any free port) that forwards to `upstream` from `ip`.
    pub async fn start(ip: IpAddr, upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind(SocketAddr::new(ip, 0))
            .await
            .expect("the proxy listens");
        let addr = listener.local_addr().expect("the proxy's address");
        let accepting = tokio::spawn(async move {
            while let Ok((tcp, client)) = listener.accept().await {
                let service = hyper::service::service_fn(move |request| {
                    forward(request, client.ip(), ip, upstream)
                });
                tokio::spawn(
                    http1::Builder::new()
                        .serve_connection(TokioIo::new(tcp), service)
                        .with_upgrades(),
                );
            }
        });
        Proxy { addr, accepting }
    }

    pub fn http(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/v1/ws", self.addr)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.accepting.abort();
    }
}

/// One request on to the server, with the client appended to `X-Forwarded-For` (every line the
/// client sent joined into one, as nginx does); an upgrade is then spliced both ways.
async fn forward(
    mut request: Request<Incoming>,
    client: IpAddr,
    source: IpAddr,
    upstream: SocketAddr,
) -> Result<Response<Incoming>, hyper::Error> {
    let mut chain: Vec<String> = request
        .headers()
        .get_all("x-forwarded-for")
        .iter()
        .map(|line| String::from_utf8_lossy(line.as_bytes()).into_owned())
        .collect();
    chain.push(client.to_string());
    let chain = HeaderValue::from_str(&chain.join(", ")).expect("a header value");
    request.headers_mut().insert("x-forwarded-for", chain);
    let upgrading = request.headers().contains_key(UPGRADE);
    let from_client = hyper::upgrade::on(&mut request);

    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::new(source, 0))
        .expect("bind the proxy's address");
    let tcp = socket.connect(upstream).await.expect("reach the server");
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(tcp)).await?;
    tokio::spawn(connection.with_upgrades());
    let mut response = sender.send_request(request).await?;
    if upgrading && response.status() == StatusCode::SWITCHING_PROTOCOLS {
        let from_server = hyper::upgrade::on(&mut response);
        tokio::spawn(async move {
            if let (Ok(client), Ok(server)) = tokio::join!(from_client, from_server) {
                let (mut client, mut server) = (TokioIo::new(client), TokioIo::new(server));
                let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
            }
        });
    }
    Ok(response)
}
