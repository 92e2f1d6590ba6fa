//! The edges of a server facing the open internet ("Limits per client" and "Hardening" in the
//! contract): players created per address, connections per player and per address, slow and idle
//! clients (request heads, keep-alive, WebSocket pings), a lowered descriptor limit, floods counted
//! across control frames and connections, text that is text, broken frames closed with their code,
//! and `/metrics` on its own listener. Each limit under test is set again in the test's own
//! environment (the harness raises them for every other test).

use futures_util::{SinkExt, StreamExt};
use plateau_tests::client::close_code;
use plateau_tests::rest::assert_error;
use plateau_tests::scenario::{started_abalone_duo, Duo};
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// Another loopback address: a second client, as the server sees it.
const OTHER_CLIENT: &str = "127.0.0.2";

async fn connect_from(source: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::new(source.parse().expect("address"), 0))
        .expect("bind the source address");
    socket.connect(server).await.expect("TCP connect")
}

/// A whole HTTP/1.1 exchange on a fresh connection from `source`: the answer's text.
async fn raw_get(source: &str, server: SocketAddr, path: &str) -> String {
    let mut tcp = connect_from(source, server).await;
    let request = format!("GET {path} HTTP/1.1\r\nHost: plateau\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.expect("write");
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut answer))
        .await
        .expect("an answer within 10 s")
        .expect("read");
    String::from_utf8_lossy(&answer).into_owned()
}

/// Waits until the server closes `tcp` (EOF or reset); how long that took.
async fn closed_after(tcp: &mut TcpStream, within: Duration) -> Duration {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((started + within).into(), tcp.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return started.elapsed(),
            Ok(Ok(_)) => continue,
            Err(_) => panic!("still open after {within:?}"),
        }
    }
}

/// Opens a WebSocket and sends `auth`; the close code if the server closes it within 5 s.
async fn auth_then_close_code(server: &TestServer, player: &Player) -> (bool, Option<u16>) {
    let client = Client::connect(&server.ws_url()).await;
    client
        .send(json!({"type": "auth", "token": player.token}))
        .await;
    let closed = client.closed_within(Duration::from_secs(3)).await;
    let welcomed = client.frames().iter().any(|f| f["type"] == "welcome");
    (welcomed, closed.flatten())
}

async fn players_per_minute(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_PLAYERS_PER_MINUTE", "30")]).await;
    let api = Api::new(server.http());
    for n in 0..30 {
        api.new_player(&format!("P{n}")).await;
    }
    let http = reqwest::Client::new();
    let refused = http
        .post(format!("{}/api/v1/players", server.http()))
        .json(&json!({"name": "One too many"}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 429);
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .expect("Retry-After in seconds");
    // 30 a minute: the next one is due within 2 s.
    assert!((1..=2).contains(&retry_after), "Retry-After: {retry_after}");
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["code"], "rate_limited", "{body}");
    assert!(body["error"]["message"]
        .as_str()
        .is_some_and(|m| !m.is_empty()));

    // Another address has its own budget.
    let other = reqwest::Client::builder()
        .local_address(OTHER_CLIENT.parse::<IpAddr>().unwrap())
        .build()
        .unwrap();
    let created = other
        .post(format!("{}/api/v1/players", server.http()))
        .json(&json!({"name": "Elsewhere"}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
}

on_both_databases!(players_per_minute);

async fn connections_per_player(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_CONNECTIONS_PER_PLAYER", "5")]).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let mut open = Vec::new();
    for _ in 0..5 {
        open.push(Client::login(&server.ws_url(), &alice).await);
    }
    // The sixth is closed after its auth with 4008, without a welcome.
    assert_eq!(
        auth_then_close_code(&server, &alice).await,
        (false, Some(4008))
    );
    // Other players are not concerned, and a place freed is a place again.
    let _bob = Client::login(&server.ws_url(), &bob).await;
    open.pop().unwrap().close().await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let again = Client::login(&server.ws_url(), &alice).await;
    assert!(again
        .closed_within(Duration::from_millis(500))
        .await
        .is_none());
    assert!(open.iter().all(|c| !c.is_closed()));
}

on_both_databases!(connections_per_player);

async fn text_is_text(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());

    // Names: NFC, trimmed; bidi overrides, zero-width characters and NUL refused.
    for bad in [
        "Al\u{202E}ice",
        "Bo\u{200B}b",
        "Eve\u{0}",
        "\u{2066}Mallory",
    ] {
        assert_error(
            &api.post("/api/v1/players", &json!({"name": bad}), None)
                .await,
            400,
            "bad_request",
        );
    }
    // Nor anything that shows nothing: Hangul fillers, blank Braille, spaces other than U+0020. The
    // message names the character.
    for (bad, code) in [
        ("\u{3164}", "U+3164"),
        ("Al\u{3164}ice", "U+3164"),
        ("\u{2800}", "U+2800"),
        ("\u{115F}Bob", "U+115F"),
        ("Bob\u{1160}", "U+1160"),
        ("\u{FFA0}", "U+FFA0"),
        ("Mary\u{3000}Ann", "U+3000"),
        ("Mary\u{2002}Ann", "U+2002"),
    ] {
        let answer = api
            .post("/api/v1/players", &json!({"name": bad}), None)
            .await;
        assert_error(&answer, 400, "bad_request");
        let message = answer.1["error"]["message"].as_str().unwrap();
        assert!(message.contains(code), "{bad:?}: {message}");
    }
    assert_eq!(api.new_player("Mary Ann").await.name, "Mary Ann");
    let (status, created) = api
        .post("/api/v1/players", &json!({"name": "  E\u{301}ve  "}), None)
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["name"], "\u{c9}ve");
    // 32 accented letters written decomposed are 64 code points but 32 characters.
    let (status, _) = api
        .post(
            "/api/v1/players",
            &json!({"name": "e\u{301}".repeat(32)}),
            None,
        )
        .await;
    assert_eq!(status, 201);

    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap();
    let a = Client::login(&server.ws_url(), &alice).await;
    let b = Client::login(&server.ws_url(), &bob).await;
    a.join(code, "player").await;
    b.join(code, "player").await;
    for bad in ["a\u{0}b", "\u{200B}", "gg\u{202E}", "line\nbreak"] {
        a.expect_error(
            json!({"type": "chat", "room": code, "text": bad}),
            "bad_request",
        )
        .await;
    }
    // A line that shows nothing (blank Braille, Hangul fillers) is refused; nobody receives it.
    let mark = b.mark();
    for blank in [
        "\u{2800}",
        "\u{2800}\u{2800} \u{2800}",
        "\u{3164}",
        "\u{FFA0} \u{115F}",
    ] {
        let error = a
            .expect_error(
                json!({"type": "chat", "room": code, "text": blank}),
                "bad_request",
            )
            .await;
        let message = error["message"].as_str().unwrap();
        assert!(message.contains("must show something"), "{error}");
    }
    // What is sent on is the normalised, trimmed text, within the limit: the padding is gone.
    let padded = format!("{}hello{}", " ".repeat(40_000), " ".repeat(1_000));
    a.send(json!({"type": "chat", "room": code, "text": padded}))
        .await;
    let said = b.wait_for(mark, |f| f["type"] == "chat").await;
    assert_eq!(
        said["text"], "hello",
        "the blank lines before were not sent on"
    );
    let mark = b.mark();
    a.send(json!({"type": "chat", "room": code, "text": "cafe\u{301}"}))
        .await;
    let said = b.wait_for(mark, |f| f["type"] == "chat").await;
    assert_eq!(said["text"], "caf\u{e9}");
}

on_both_databases!(text_is_text);

/// A raw authenticated WebSocket, to send frames the test client would not.
async fn raw_ws(
    server: &TestServer,
    player: &Player,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>> {
    let (mut ws, _) = tokio_tungstenite::connect_async(server.ws_url())
        .await
        .expect("connect");
    ws.send(Message::text(
        json!({"type": "auth", "token": player.token}).to_string(),
    ))
    .await
    .unwrap();
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) if t.contains("welcome") => break,
            Some(Ok(_)) => continue,
            other => panic!("no welcome: {other:?}"),
        }
    }
    ws
}

/// Reads until the server's close frame; its code (None if the connection just dropped).
async fn close_frame_code<S>(ws: &mut S) -> Option<u16>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let read = async {
        while let Some(message) = ws.next().await {
            match message {
                Ok(Message::Close(frame)) => return frame.map(|f| close_code(f.code)),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
        None
    };
    tokio::time::timeout(Duration::from_secs(10), read)
        .await
        .expect("the server closes within 10 s")
}

async fn broken_frames_are_closed_with_their_code(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;

    let mut ws = raw_ws(&server, &alice).await;
    let not_utf8 = Frame::message(vec![b'"', 0xff, 0xfe, b'"'], OpCode::Data(Data::Text), true);
    ws.send(Message::Frame(not_utf8)).await.unwrap();
    assert_eq!(close_frame_code(&mut ws).await, Some(1007));

    let mut ws = raw_ws(&server, &alice).await;
    let reserved = Frame::message(b"{}".to_vec(), OpCode::Data(Data::Reserved(3)), true);
    ws.send(Message::Frame(reserved)).await.unwrap();
    assert_eq!(close_frame_code(&mut ws).await, Some(1002));
}

on_both_databases!(broken_frames_are_closed_with_their_code);

async fn floods_count_control_frames_and_reconnections(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_FRAME_BURST", "200"),
            ("PLATEAU_FRAMES_PER_SEC", "50"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;

    // WebSocket pings are frames like any other.
    let mut ws = raw_ws(&server, &alice).await;
    for _ in 0..1000 {
        if ws.feed(Message::Ping(Default::default())).await.is_err() {
            break;
        }
    }
    let _ = ws.flush().await;
    assert_eq!(close_frame_code(&mut ws).await, Some(1008));

    // Reconnecting every 190 frames does not refill the player's budget.
    let started = Instant::now();
    let mut closed = None;
    for _ in 0..5 {
        let client = Client::login(&server.ws_url(), &bob).await;
        for _ in 0..190 {
            client.send(json!({"type": "ping"})).await;
        }
        if let Some(code) = client.closed_within(Duration::from_millis(300)).await {
            closed = Some(code);
            assert!(client
                .frames()
                .iter()
                .any(|f| f["type"] == "error" && f["code"] == "rate_limited"));
            break;
        }
        client.close().await;
    }
    assert_eq!(closed, Some(Some(1008)), "in {:?}", started.elapsed());
}

on_both_databases!(floods_count_control_frames_and_reconnections);

async fn metrics_apart_and_nosniff(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let http = reqwest::Client::new();
    let public = http
        .get(format!("{}/metrics", server.http()))
        .send()
        .await
        .unwrap();
    let text = public.text().await.unwrap();
    assert!(
        !text.contains("plateau_connections"),
        "/metrics answers on the public listener"
    );
    let operations = http
        .get(format!("{}/metrics", server.metrics_http()))
        .send()
        .await
        .unwrap();
    assert_eq!(operations.status(), 200);
    assert!(operations
        .text()
        .await
        .unwrap()
        .contains("plateau_connections"));

    for (path, status) in [
        ("/api/v1/games", 200),
        ("/api/v1/players/me", 401),
        ("/api/v1/nowhere", 404),
    ] {
        let answer = http
            .get(format!("{}{path}", server.http()))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), status, "{path}");
        assert_eq!(
            answer.headers()["x-content-type-options"],
            "nosniff",
            "{path}"
        );
    }
}

on_both_databases!(metrics_apart_and_nosniff);

async fn slow_and_idle_clients(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_HTTP_IDLE_TIMEOUT_SECS", "2"),
            ("PLATEAU_WS_PING_SECS", "1"),
            ("PLATEAU_WS_PONG_TIMEOUT_SECS", "1"),
        ],
    )
    .await;
    // The contract's deadlines, for the request head (a shorter idle time would cut it short).
    let contract = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;

    // A request head never finished: closed about 10 s after the connection.
    let slow_since = Instant::now();
    let mut slow = connect_from("127.0.0.1", contract.addr).await;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: plateau\r\n")
        .await
        .unwrap();
    // Meanwhile, an idle keep-alive connection is closed after its idle time (2 s here).
    let mut idle = connect_from("127.0.0.1", server.addr).await;
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: plateau\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 1024];
    let n = idle.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    let idle_for = closed_after(&mut idle, Duration::from_secs(8)).await;
    assert!(
        idle_for >= Duration::from_millis(1500),
        "closed after {idle_for:?}"
    );

    // A WebSocket client that answers pings stays; one that does not is closed with 1001.
    let reading = Client::login(&server.ws_url(), &alice).await;
    let mut silent = raw_ws(&server, &alice).await;
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(close_frame_code(&mut silent).await, Some(1001));
    assert!(!reading.is_closed());

    closed_after(&mut slow, Duration::from_secs(20)).await;
    let slow_for = slow_since.elapsed();
    assert!(
        slow_for >= Duration::from_secs(9) && slow_for <= Duration::from_secs(14),
        "closed after {slow_for:?}"
    );
}

on_both_databases!(slow_and_idle_clients);

async fn connections_per_address(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_CONNECTIONS_PER_ADDRESS", "4")]).await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from("127.0.0.1", server.addr).await);
    }
    // The fifth from that address: 429 and closed; a WebSocket upgrade too.
    let answer = raw_get("127.0.0.1", server.addr, "/healthz").await;
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.contains("\"rate_limited\""), "{answer}");
    match tokio_tungstenite::connect_async(server.ws_url()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429)
        }
        other => panic!("an upgrade over the cap: {:?}", other.map(|_| ())),
    }
    // Another address is served, and a place freed is a place again.
    assert!(raw_get(OTHER_CLIENT, server.addr, "/healthz")
        .await
        .starts_with("HTTP/1.1 200"));
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(raw_get("127.0.0.1", server.addr, "/healthz")
        .await
        .starts_with("HTTP/1.1 200"));
}

on_both_databases!(connections_per_address);

async fn out_of_descriptors(backend: Backend) {
    let db = TestDb::new(backend).await;
    // 256 descriptors: the server holds at most 192 connections, the rest is its reserve.
    let server = TestServer::start_limited(&db, &[], Some(256)).await;
    let mut half_open = Vec::new();
    for _ in 0..300 {
        if let Ok(Ok(mut tcp)) =
            tokio::time::timeout(Duration::from_secs(1), TcpStream::connect(server.addr)).await
        {
            let _ = tcp.write_all(b"GET /healthz HTTP/1.1\r\n").await;
            half_open.push(tcp);
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The server still answers, at once, on the public listener and on the operations one.
    let started = Instant::now();
    let answer = raw_get("127.0.0.1", server.addr, "/healthz").await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(3));
    let metrics = reqwest::get(format!("{}/metrics", server.metrics_http()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        metrics.contains("plateau_connections_refused_total{reason=\"evicted\"}"),
        "{metrics}"
    );
    // No log line for every refused connection, but a line that says why they are closed.
    let log = server.log_text();
    let lines = log.matches("Too many open files").count();
    assert!(lines <= 2, "{lines} lines of `Too many open files`");
    let at_cap = server.log_lines_containing("connection cap reached");
    assert!(
        (1..=2).contains(&at_cap),
        "{at_cap} lines of `connection cap reached`"
    );
    drop(half_open);
}

on_both_databases!(out_of_descriptors);

/// A client that stops reading fills its socket, then its queue of frames, and is cut off; the
/// room never waits for it: the players of its match go on as before, and so does the server.
async fn a_client_that_stops_reading_is_cut_off(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_OUTBOX_FRAMES", "8"),
            ("PLATEAU_FRAMES_PER_SEC", "100000"),
            ("PLATEAU_FRAME_BURST", "100000"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let Duo {
        code, a, b, bob, ..
    } = started_abalone_duo(&server, &api, "public").await;
    let watcher = api.new_player("Watcher").await;
    let mut stuck = raw_ws(&server, &watcher).await;
    stuck
        .send(Message::text(
            json!({"type": "join", "room": code, "as": "spectator"}).to_string(),
        ))
        .await
        .unwrap();

    // Each `sync` is answered with a snapshot of the board; the watcher never reads them. Once the
    // socket's buffers are full the server stops reading its frames too, so a send stalls (or
    // fails, the connection cut off): the watcher then stops.
    let sync = json!({"type": "sync", "room": code}).to_string();
    for _ in 0..20_000 {
        let send = stuck.send(Message::text(sync.clone()));
        if !matches!(
            tokio::time::timeout(Duration::from_secs(3), send).await,
            Ok(Ok(()))
        ) {
            break;
        }
    }

    // Meanwhile, and since, the match goes on at its own pace.
    let started = Instant::now();
    for ply in 0..4u64 {
        let mover = if ply % 2 == 0 { &a } else { &b };
        let version = ply + 1;
        mover.until_version(&code, version).await;
        let mv = mover.legal(&code)[0].clone();
        let ack = mover.play_at(&code, &format!("m{ply}"), version, mv).await;
        assert_eq!(ack["type"], "ack", "{ack}");
    }
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "four moves took {:?}",
        started.elapsed()
    );

    // The watcher, reading at last, finds the frames the socket held, then the end of the
    // connection: it was cut off.
    let end = async {
        loop {
            match stuck.next().await {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| close_code(f.code)),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    };
    let code_seen = tokio::time::timeout(Duration::from_secs(20), end)
        .await
        .expect("the connection of a client that does not read ends");
    assert!(
        matches!(code_seen, None | Some(1008)),
        "closed with {code_seen:?}"
    );
    // Bob can still watch his own match on a fresh connection.
    let again = Client::login(&server.ws_url(), &bob).await;
    let joined = again.join(&code, "player").await;
    assert_ne!(joined["type"], "error", "{joined}");
}

on_both_databases!(a_client_that_stops_reading_is_cut_off);

/// `--descriptor-limit` sets the process's limit (here below the hard one, which needs no
/// privilege), and the server says the cap it then holds (what it says at that cap:
/// `out_of_descriptors`).
async fn a_descriptor_limit_asked_for(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_DESCRIPTOR_LIMIT", "256")]).await;
    let caps = server
        .log_entries()
        .into_iter()
        .find(|entry| entry["fields"]["message"] == "connection caps")
        .expect("the caps are logged at start");
    assert_eq!(caps["fields"]["descriptors"], 256, "{caps}");
    assert_eq!(caps["fields"]["connections"], 192, "{caps}");
}

on_both_databases!(a_descriptor_limit_asked_for);
