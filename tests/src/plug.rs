//! A TCP forwarder the tests can pull out, standing between a server and its Postgres as a cable
//! would: pulled, every connection through it is cut and new ones are refused, as when Postgres is
//! killed (and the pool, trying again to connect, waits out its timeout); put back, it forwards
//! again on the same port. It cuts only the test's own server off its database, not the Postgres
//! the other tests share.

use std::net::SocketAddr;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;

pub struct Plug {
    addr: SocketAddr,
    upstream: SocketAddr,
    /// The task that accepts and forwards (it holds the listener and every forwarded connection);
    /// None while pulled.
    forwarding: Option<tokio::task::JoinHandle<()>>,
}

impl Plug {
    /// A plug listening on 127.0.0.1 (a free port) in front of `upstream`, forwarding.
    pub async fn start(upstream: SocketAddr) -> Plug {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("the plug listens");
        let addr = listener.local_addr().expect("the plug's address");
        Plug {
            addr,
            upstream,
            forwarding: Some(tokio::spawn(forward(listener, upstream))),
        }
    }

    /// `url` (a Postgres URL) through the plug: the same database, user and options, at the
    /// plug's address.
    pub fn url_for(&self, url: &str) -> String {
        let mut through = reqwest::Url::parse(url).expect("a database URL");
        through
            .set_host(Some(&self.addr.ip().to_string()))
            .expect("a host");
        through.set_port(Some(self.addr.port())).expect("a port");
        through.to_string()
    }

    /// The address of `url`'s server (a Postgres URL, as the plug forwards to).
    pub fn server_of(url: &str) -> SocketAddr {
        let url = reqwest::Url::parse(url).expect("a database URL");
        let host = url.host_str().expect("a host");
        let port = url.port().unwrap_or(5432);
        format!("{host}:{port}").parse().expect("an IP address")
    }

    /// Cuts every connection through the plug, and refuses new ones (nothing listens).
    pub async fn pull(&mut self) {
        if let Some(forwarding) = self.forwarding.take() {
            forwarding.abort();
            let _ = forwarding.await;
        }
    }

    /// Forwards again, on the same port.
    pub async fn put_back(&mut self) {
        assert!(self.forwarding.is_none(), "the plug is in");
        let listener = TcpListener::bind(self.addr)
            .await
            .expect("the plug listens again on its port");
        self.forwarding = Some(tokio::spawn(forward(listener, self.upstream)));
    }
}

impl Drop for Plug {
    fn drop(&mut self) {
        if let Some(forwarding) = &self.forwarding {
            forwarding.abort();
        }
    }
}

/// Accepts on `listener` and pipes each connection to `upstream`, until aborted: the connections
/// live in a set this task owns, so that they are all cut with it.
async fn forward(listener: TcpListener, upstream: SocketAddr) {
    let mut pipes = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((mut client, _)) = accepted else { continue };
                pipes.spawn(async move {
                    if let Ok(mut server) = TcpStream::connect(upstream).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                    }
                });
            }
            Some(_) = pipes.join_next(), if !pipes.is_empty() => {}
        }
    }
}
