//! Behind a reverse proxy (`--trusted-proxies`): requests from a trusted proxy count, for every
//! per-address limit, as the client the proxy names in `X-Forwarded-For` (or `Forwarded`), and the
//! same headers from any other peer change nothing. The proxy is the tests' own
//! ([`plateau_tests::proxy`]), on 127.0.0.2, in front of a server that trusts 127.0.0.2/32; its
//! clients come from other loopback addresses (127.0.0.3, 127.0.0.4, ...), and 127.0.0.1 reaches the
//! server directly.

use plateau_tests::proxy::Proxy;
use plateau_tests::server::binary;
use plateau_tests::{on_both_databases, Backend, TestDb, TestServer};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::WebSocketStream;

/// Where the proxy listens and reaches the server from.
const PROXY: &str = "127.0.0.2";

async fn start(backend: Backend, env: &[(&str, &str)]) -> (TestDb, TestServer, Proxy) {
    let db = TestDb::new(backend).await;
    let env: Vec<_> = [("PLATEAU_TRUSTED_PROXIES", "127.0.0.2/32")]
        .iter()
        .chain(env)
        .copied()
        .collect();
    let server = TestServer::start_with(&db, &env).await;
    let proxy = Proxy::start(ip(PROXY), server.addr).await;
    (db, server, proxy)
}

fn ip(text: &str) -> IpAddr {
    text.parse().expect("an address")
}

/// An HTTP client whose requests leave from `source`.
fn client_at(source: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip(source))
        .build()
        .expect("a client")
}

/// POSTs `body` to `url` with extra `headers`: the status.
async fn post(
    http: &reqwest::Client,
    url: &str,
    body: serde_json::Value,
    headers: &[(&str, &str)],
) -> u16 {
    let mut request = http.post(url).json(&body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("a request").status().as_u16()
}

/// Creates a guest at `base` from `source`: the status.
async fn new_player(base: &str, source: &str, headers: &[(&str, &str)]) -> u16 {
    let url = format!("{base}/api/v1/players");
    post(&client_at(source), &url, json!({"name": "Guest"}), headers).await
}

/// A sign-in that fails (a name nobody has, a new one each time so that no name slows down): 401,
/// or 429 once the address has failed too often.
async fn failed_sign_in(base: &str, source: &str, headers: &[(&str, &str)]) -> u16 {
    let url = format!("{base}/api/v1/sessions");
    let name = format!("Nobody {}", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let body = json!({"name": name, "password": "not the password"});
    post(&client_at(source), &url, body, headers).await
}

/// Every per-address budget counts the client the trusted proxy names: two clients through the
/// same proxy have a budget each, one exhausts only its own, and nothing a client writes in the
/// header itself (through the proxy or straight to the server) buys it another.
async fn budgets_count_the_forwarded_client(backend: Backend) {
    let (_db, server, proxy) = start(
        backend,
        &[
            ("PLATEAU_PLAYERS_PER_MINUTE", "2"),
            ("PLATEAU_SIGN_IN_FAILURES_PER_ADDRESS", "2"),
        ],
    )
    .await;
    let (via_proxy, direct) = (proxy.http(), server.http());

    // Players per minute, through the proxy.
    assert_eq!(new_player(&via_proxy, "127.0.0.3", &[]).await, 201);
    assert_eq!(new_player(&via_proxy, "127.0.0.3", &[]).await, 201);
    assert_eq!(new_player(&via_proxy, "127.0.0.3", &[]).await, 429);
    let spoof = [("x-forwarded-for", "198.51.100.7")];
    assert_eq!(
        new_player(&via_proxy, "127.0.0.3", &spoof).await,
        429,
        "the proxy appends the real client to what the client wrote"
    );
    assert_eq!(
        new_player(&via_proxy, "127.0.0.4", &[]).await,
        201,
        "another client through the same proxy has its own budget"
    );

    // Straight to the server, the same header is ignored.
    assert_eq!(new_player(&direct, "127.0.0.1", &[]).await, 201);
    assert_eq!(new_player(&direct, "127.0.0.1", &[]).await, 201);
    assert_eq!(new_player(&direct, "127.0.0.1", &spoof).await, 429);
    let spoof_7239 = [("forwarded", "for=198.51.100.8")];
    assert_eq!(new_player(&direct, "127.0.0.1", &spoof_7239).await, 429);

    // A proxy that keeps its connection open carries many clients on it: each request counts as
    // the client it names (one client of reqwest, which reuses its connection). RFC 7239's header
    // too, where an IPv6 client counts by its /64.
    let proxy_itself = client_at(PROXY);
    let players = format!("{direct}/api/v1/players");
    let guest = || json!({"name": "Guest"});
    for (header, client, expected) in [
        ("x-forwarded-for", "192.0.2.1", [201, 201, 429]),
        ("x-forwarded-for", "192.0.2.2", [201, 201, 429]),
        ("forwarded", r#"for="[2001:db8::1]:4711""#, [201, 201, 429]),
        ("forwarded", r#"for="[2001:db8::2]""#, [429, 429, 429]),
        ("forwarded", r#"for="[2001:db8:0:1::1]""#, [201, 201, 429]),
    ] {
        for expected in expected {
            let status = post(&proxy_itself, &players, guest(), &[(header, client)]).await;
            assert_eq!(status, expected, "{header}: {client}");
        }
    }

    // Failed sign-ins per address, through the proxy and straight.
    assert_eq!(failed_sign_in(&via_proxy, "127.0.0.3", &[]).await, 401);
    assert_eq!(failed_sign_in(&via_proxy, "127.0.0.3", &[]).await, 401);
    assert_eq!(failed_sign_in(&via_proxy, "127.0.0.3", &spoof).await, 429);
    assert_eq!(failed_sign_in(&via_proxy, "127.0.0.4", &[]).await, 401);
    assert_eq!(failed_sign_in(&direct, "127.0.0.1", &[]).await, 401);
    assert_eq!(failed_sign_in(&direct, "127.0.0.1", &[]).await, 401);
    assert_eq!(failed_sign_in(&direct, "127.0.0.1", &spoof).await, 429);
}

on_both_databases!(budgets_count_the_forwarded_client);

async fn connect_from(source: &str, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::new(ip(source), 0))
        .expect("bind the source address");
    socket.connect(to).await.expect("TCP connect")
}

/// A WebSocket opened from `source` at `to` (not authenticated: it is only held open), or the HTTP
/// status its upgrade was refused with.
async fn websocket_from(source: &str, to: SocketAddr) -> Result<WebSocketStream<TcpStream>, u16> {
    let tcp = connect_from(source, to).await;
    match tokio_tungstenite::client_async(format!("ws://{to}/api/v1/ws"), tcp).await {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("WebSocket from {source}: {e}"),
    }
}

async fn healthz(base: &str, source: &str) -> u16 {
    client_at(source)
        .get(format!("{base}/healthz"))
        .send()
        .await
        .expect("a request")
        .status()
        .as_u16()
}

/// The cap on connections per address counts the clients behind the proxy, each WebSocket for as
/// long as it is open, and never the proxy itself, which holds more connections than the cap.
async fn connections_per_address_count_forwarded_clients(backend: Backend) {
    let (_db, server, proxy) = start(backend, &[("PLATEAU_CONNECTIONS_PER_ADDRESS", "3")]).await;
    let mut three = Vec::new();
    for _ in 0..3 {
        three.push(
            websocket_from("127.0.0.3", proxy.addr)
                .await
                .expect("within the cap"),
        );
    }
    assert_eq!(
        websocket_from("127.0.0.3", proxy.addr).await.err(),
        Some(429)
    );
    let mut four = Vec::new();
    for _ in 0..3 {
        four.push(
            websocket_from("127.0.0.4", proxy.addr)
                .await
                .expect("another client, through the proxy that holds 3 already"),
        );
    }
    // A plain request counts while it is under way: the fourth of 127.0.0.4 is one too many.
    assert_eq!(healthz(&proxy.http(), "127.0.0.4").await, 429);
    assert_eq!(healthz(&proxy.http(), "127.0.0.5").await, 200);
    assert_eq!(healthz(&server.http(), "127.0.0.1").await, 200);

    // A WebSocket closed gives its client's place back.
    drop(three.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match websocket_from("127.0.0.3", proxy.addr).await {
            Ok(socket) => break three.push(socket),
            Err(status) => {
                assert_eq!(status, 429);
                assert!(Instant::now() < deadline, "the place never came back");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
    assert_eq!(
        websocket_from("127.0.0.3", proxy.addr).await.err(),
        Some(429)
    );
}

on_both_databases!(connections_per_address_count_forwarded_clients);

/// A range that does not parse stops the server at start, naming the flag, whether it came as the
/// flag or from the environment.
#[test]
fn a_bad_range_stops_the_start() {
    let dir = tempfile::tempdir().expect("a folder");
    let database = format!("sqlite://{}", dir.path().join("never.db").display());
    let flag = ["--trusted-proxies", "127.0.0.1/32,10.0.0.0/33"];
    let env = [("PLATEAU_TRUSTED_PROXIES", "127.0.0.1/32, localhost")];
    for (args, env) in [(&flag[..], &[][..]), (&[][..], &env[..])] {
        let mut command = Command::new(binary());
        command
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--metrics-addr",
                "127.0.0.1:0",
            ])
            .args(["--database-url", &database])
            .args(args)
            .env_remove("PLATEAU_TRUSTED_PROXIES")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("run plateau serve");
        let deadline = Instant::now() + Duration::from_secs(20);
        while child.try_wait().expect("the server's status").is_none() {
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("the server started with a bad range ({args:?} {env:?})");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().expect("its output");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{stderr}");
        assert!(stderr.contains("--trusted-proxies"), "{stderr}");
        assert!(stderr.contains("not an address range"), "{stderr}");
    }
}
